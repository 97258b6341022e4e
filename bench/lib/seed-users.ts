import { sql } from 'drizzle-orm';
import type { Db } from '../../src/lib/db/client.server.ts';
import { users } from '../../src/lib/db/schema.ts';
import { userListFilter } from '../../src/lib/users/queries.server.ts';

/** Bench users are recognisable by their email, so a rerun against PostgreSQL replaces them. */
export const BENCH_EMAIL_DOMAIN = 'bench.example';

export interface SeedResult {
  users: number;
  withRoles: number;
  countries: number;
  /** Deleting the previous run's bench users (PostgreSQL reruns), in milliseconds. */
  clearMs: number;
  /** The INSERT … SELECT of users and their roles. */
  insertMs: number;
  /** VACUUM ANALYZE afterwards (a live database would have autovacuumed by then). */
  vacuumMs: number;
}

async function timed(run: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await run();
  return performance.now() - started;
}

/**
 * Seeds `count` users in two set-based statements (generate_series), spread over every seeded
 * country (every 20th has none), statuses 60% active (1) / 30% inactive (0) / 10% suspended (2),
 * unique emails and member ids, creation times a minute apart; every 25th user gets a role
 * (mostly state_member, some state_admin and admin).
 */
export async function seedBenchUsers(db: Db, count: number): Promise<SeedResult> {
  const like = `%@${BENCH_EMAIL_DOMAIN}`;
  const clearMs = await timed(() => clearBenchUsers(db, like));
  const insertMs = await timed(async () => {
    await db.execute(sql`
      with c as (select array_agg(code order by code) as codes, count(*)::int as n from countries)
      insert into users (name, username, member_id, email, phone_number, country_code, status, created_at, updated_at)
      select
        'Bench User ' || g,
        'bench.user' || g,
        'BENCH-' || lpad(g::text, 7, '0'),
        'bench.user' || g || '@' || ${BENCH_EMAIL_DOMAIN},
        case when g % 3 = 0 then '+63 9' || lpad((g % 1000000000)::text, 9, '0') end,
        case when g % 20 = 0 then null
             else c.codes[1 + ((hashint4(g)::bigint + 2147483648) % c.n)::int] end,
        case when g % 10 < 6 then 1 when g % 10 < 9 then 0 else 2 end,
        now() - make_interval(mins => g),
        now()
      from generate_series(1, ${count}::int) as g, c
    `);
    await db.execute(sql`
      insert into user_roles (user_id, role_id)
      select u.id, r.id
      from users u
      join roles r on r.name = case when u.id % 1000 = 0 then 'admin'
                                    when u.id % 200 = 0 then 'state_admin'
                                    else 'state_member' end
      where u.email like ${like} and u.id % 25 = 0
    `);
  });
  const vacuumMs = await timed(async () => {
    await db.execute(sql`vacuum analyze users`);
    await db.execute(sql`vacuum analyze user_roles`);
  });
  const [row] = rowsOf(
    await db.execute(sql`
      select
        (select count(*)::int from users where email like ${like}) as users,
        (select count(*)::int from user_roles ur join users u on u.id = ur.user_id where u.email like ${like}) as
          with_roles,
        (select count(distinct country_code)::int from users where email like ${like}) as countries
    `),
  );
  return {
    users: Number(row?.['users'] ?? 0),
    withRoles: Number(row?.['with_roles'] ?? 0),
    countries: Number(row?.['countries'] ?? 0),
    clearMs,
    insertMs,
    vacuumMs,
  };
}

/**
 * Deletes the previous run's bench users. A plain `delete from users` checks every foreign key
 * that names users once per deleted row, and a rerun on PostgreSQL finds 100,000 of them beside
 * the reporting rows' audit events: minutes. Here each referencing column is cleared (or its rows
 * deleted, where the key cascades) in one statement for all of them, then the users go without
 * the per-row checks, which have nothing left to do.
 */
async function clearBenchUsers(db: Db, like: string): Promise<void> {
  await db.execute(
    sql.raw(`
    do $$
    declare r record;
    begin
      create temp table bench_gone on commit drop as
        select id from users where email like '${like.replaceAll("'", "''")}';
      if not exists (select 1 from bench_gone) then return; end if;
      for r in select c.conrelid::regclass as tbl, a.attname as col, c.confdeltype as action
               from pg_constraint c join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
               where c.contype = 'f' and c.confrelid = 'users'::regclass loop
        if r.action = 'c' then
          execute format('delete from %s where %I in (select id from bench_gone)', r.tbl, r.col);
        else
          execute format('update %s set %I = null where %I in (select id from bench_gone)', r.tbl, r.col, r.col);
        end if;
      end loop;
      set local session_replication_role = replica;
      delete from users where id in (select id from bench_gone);
    end $$`),
  );
}

/** Rows of `db.execute`: PGlite answers `{ rows }`, postgres.js an array. */
export function rowsOf(result: unknown): Record<string, unknown>[] {
  if (Array.isArray(result)) return result as Record<string, unknown>[];
  return ((result as { rows?: Record<string, unknown>[] }).rows ?? []) as Record<string, unknown>[];
}

export interface FilterTotal {
  q: string | undefined;
  status: number | undefined;
  country: string | undefined;
  total: number;
}

/**
 * How many users each list filter matches (all users, as the server counts them), for every
 * status and country, with each of `searches`: one grouped query per search. The benchmark
 * uses it to ask only for pages that exist.
 */
export async function listTotals(db: Db, searches: readonly (string | undefined)[]): Promise<FilterTotal[]> {
  const totals: FilterTotal[] = [];
  for (const q of searches) {
    const where = userListFilter({ q, page: 1, per_page: 20 }, null);
    const rows = rowsOf(
      await db.execute(sql`
        select ${users.status} as status, ${users.countryCode} as country, count(*)::int as total
        from ${users} ${where ? sql`where ${where}` : sql``}
        group by 1, 2
      `),
    );
    const sum = (keep: (row: Record<string, unknown>) => boolean) =>
      rows.filter(keep).reduce((n, row) => n + Number(row['total']), 0);
    const statuses = [...new Set(rows.map((r) => Number(r['status'])))];
    const countries = [...new Set(rows.map((r) => r['country']).filter((c): c is string => typeof c === 'string'))];
    totals.push({ q, status: undefined, country: undefined, total: sum(() => true) });
    for (const status of statuses)
      totals.push({ q, status, country: undefined, total: sum((r) => Number(r['status']) === status) });
    for (const country of countries) {
      totals.push({ q, status: undefined, country, total: sum((r) => r['country'] === country) });
      for (const status of statuses) {
        totals.push({
          q,
          status,
          country,
          total: sum((r) => r['country'] === country && Number(r['status']) === status),
        });
      }
    }
  }
  return totals;
}
