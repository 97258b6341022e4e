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
      used[name] = after === null || start === null || start === undefined ? null : Math.round((after - start) * 100) / 100;
    }
    return used;
  };
}
