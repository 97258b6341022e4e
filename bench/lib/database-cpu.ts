import postgres from 'postgres';

/**
 * The backends of a PostgreSQL database on this machine, as a process group for `watchGroups`
 * (bench/lib/load.ts): the CPU the database spends on a load run, beside the server's. Every
 * client backend connected to the database counts, so give the bench a database of its own
 * (`createdb bench_pg`, BENCH_DATABASE_URL=…/bench_pg) when other work uses the server. Null for
 * PGlite (it runs in the server's process) and for a server on another machine.
 */
export function databaseBackends(url: string | undefined): {
  groups: Record<string, () => Promise<number[]>>;
  close: () => Promise<void>;
} {
  if (!url) return { groups: {}, close: async () => {} };
  const host = new URL(url).hostname;
  if (!['127.0.0.1', 'localhost', '::1', '[::1]', ''].includes(host)) return { groups: {}, close: async () => {} };
  const client = postgres(url, { max: 1, onnotice: () => {} });
  const find = async () =>
    (
      await client<{ pid: number }[]>`
      select pid from pg_stat_activity
      where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend'`
    ).map((r) => r.pid);
  return { groups: { database: find }, close: () => client.end({ timeout: 2 }) };
}
