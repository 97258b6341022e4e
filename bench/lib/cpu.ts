import { readFileSync } from 'node:fs';

/** Linux's USER_HZ: /proc reports CPU times in these ticks. */
const TICKS_PER_SECOND = 100;

/** CPU seconds (user + system) a process has used so far, or null where /proc is unavailable. */
export function processCpuSeconds(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // After "pid (comm) ", utime and stime are fields 12 and 13 (0-based from the state field).
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  } catch {
    return null;
  }
}

/** CPU seconds this process (the load generator) has used so far. */
export function ownCpuSeconds(): number {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1e6;
}

/** Starts counting CPU of the named processes; the returned function gives seconds used since. */
export function cpuMeter(pids: Record<string, number | undefined>): () => Record<string, number | null> {
  const before: Record<string, number | null> = { 'load generator': ownCpuSeconds() };
  for (const [name, pid] of Object.entries(pids)) before[name] = processCpuSeconds(pid);
  return () => {
    const used: Record<string, number | null> = {};
    const now = ownCpuSeconds();
    used['load generator'] = Math.round((now - before['load generator']!) * 100) / 100;
    for (const [name, pid] of Object.entries(pids)) {
      const after = processCpuSeconds(pid);
      const start = before[name];
      used[name] =
        after === null || start === null || start === undefined ? null : Math.round((after - start) * 100) / 100;
    }
    return used;
  };
}

/**
 * Starts counting CPU of groups of processes listed by `find` now and again at the end: a process
 * that appeared meanwhile counts all its CPU time, one that ended meanwhile is left out.
 */
export async function groupCpuMeter(
  groups: Record<string, () => Promise<number[]>>,
): Promise<() => Promise<Record<string, number | null>>> {
  const before = new Map<string, Map<number, number>>();
  for (const [name, find] of Object.entries(groups)) {
    before.set(
      name,
      new Map(
        (await find()).flatMap((pid) => {
          const cpu = processCpuSeconds(pid);
          return cpu === null ? [] : [[pid, cpu] as const];
        }),
      ),
    );
  }
  return async () => {
    const used: Record<string, number | null> = {};
    for (const [name, find] of Object.entries(groups)) {
      let sum = 0;
      let seen = 0;
      for (const pid of await find()) {
        const cpu = processCpuSeconds(pid);
        if (cpu === null) continue;
        sum += cpu - (before.get(name)!.get(pid) ?? 0);
        seen++;
      }
      used[name] = seen === 0 ? null : Math.round(sum * 100) / 100;
    }
    return used;
  };
}
