import { readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

/** What the launcher tests need of processes, ports and waiting. */
export interface Proc {
  pid: number;
  ppid: number;
  state: string;
  args: string;
}

/** Every live process, from /proc (zombies count as gone: they no longer run). */
export function processes(): Proc[] {
  const list: Proc[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // "pid (comm) state ppid …": comm may hold spaces and parentheses, so read after the last ')'.
      const [state, ppid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const args = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0').join(' ').trim();
      if (state !== 'Z') list.push({ pid: Number(entry), ppid: Number(ppid), state: state!, args });
    } catch {
      // It ended while being read.
    }
  }
  return list;
}

/** The processes started, directly or not, by `root`. */
export function descendants(root: number): Proc[] {
  const all = processes();
  const found: Proc[] = [];
  let parents = new Set([root]);
  while (parents.size > 0) {
    const children = all.filter((p) => parents.has(p.ppid));
    found.push(...children);
    parents = new Set(children.map((p) => p.pid));
  }
  return found;
}

export const alive = (pid: number) => processes().some((p) => p.pid === pid);

export async function waitFor<T>(
  what: string,
  probe: () => T | undefined | false | Promise<T | undefined | false>,
  ms: number,
): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`Timed out after ${ms / 1000} s waiting for ${what}`);
    await sleep(200);
  }
}

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

/**
 * A free port, and for the emulator three free ports in a row (auth, hub, logging). Picked below
 * Linux's ephemeral range (32768 up), so that no outgoing connection of a test running beside
 * takes one between this check and the listen (firebase-tools then fails with "An unexpected
 * error has occurred", as CI saw once).
 */
export async function freePorts(count: number): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const base = 20_000 + Math.floor(Math.random() * (12_000 - count));
    const free = await Promise.all(Array.from({ length: count }, (_, i) => portIsFree(base + i)));
    if (free.every(Boolean)) return base;
  }
  throw new Error('No free ports');
}
