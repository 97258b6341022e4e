import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.server.ts';
import { users } from '../db/schema.ts';
import { userListFilter } from './queries.server.ts';
import type { UserListQuery } from './schema.ts';

/**
 * The user list's order for one search (or none): every matching user's id, newest first, with
 * the status and country the other filters look at. One query per search (the trigram indexes
 * answer the `q` match), then any filter, count and page is a slice in memory: page 500 costs
 * what page 1 costs, and a count costs nothing.
 */
export interface UserListIndex {
  ids: Int32Array;
  /**
   * The ids per filter of status and country, made in one pass when the index is loaded: keys
   * `s:<status>`, `c:<country>` and `c:<country>|s:<status>` (country '' for none).
   */
  buckets: Map<string, Int32Array>;
}

const statusKey = (status: number) => `s:${status}`;
const countryKey = (country: string | null) => `c:${country ?? ''}`;

const EMPTY = new Int32Array(0);

/** Loads the list order of the users matching `q` (all users without one). */
export async function loadUserListIndex(db: Db, q: string | undefined): Promise<UserListIndex> {
  const where = userListFilter({ q, page: 1, per_page: 1 }, null);
  // One text of "id status country;…" rather than a row per user: 100,000 rows through the
  // driver and the ORM's row mapping cost over a second on PGlite, this a tenth of it.
  const result = await db.execute(sql`
    select count(*)::int as n,
           string_agg(${users.id}::text || ' ' || ${users.status}::text || ' ' || coalesce(${users.countryCode}, ''),
             ';'
                      order by ${users.id} desc) as list
    from ${users} ${where ? sql`where ${where}` : sql``}
  `);
  const row = (Array.isArray(result) ? result[0] : (result as { rows: unknown[] }).rows[0]) as {
    n: number;
    list: string | null;
  };
  const n = Number(row.n);
  const ids = new Int32Array(n);
  const lists = new Map<string, number[]>();
  const add = (key: string, id: number) => {
    const bucket = lists.get(key);
    if (bucket) bucket.push(id);
    else lists.set(key, [id]);
  };
  const list = row.list ?? '';
  let at = 0;
  for (let i = 0; i < n; i++) {
    const end = list.indexOf(';', at);
    const entry = list.slice(at, end === -1 ? undefined : end);
    const first = entry.indexOf(' ');
    const second = entry.indexOf(' ', first + 1);
    const id = Number(entry.slice(0, first));
    const status = Number(entry.slice(first + 1, second));
    const country = second + 1 < entry.length ? entry.slice(second + 1) : null;
    ids[i] = id;
    add(statusKey(status), id);
    add(countryKey(country), id);
    add(`${countryKey(country)}|${statusKey(status)}`, id);
    at = end + 1;
  }
  const buckets = new Map<string, Int32Array>();
  for (const [key, bucket] of lists) buckets.set(key, Int32Array.from(bucket));
  return { ids, buckets };
}

/** The ids of `index` that pass the status and country filters and the manager's scope, in order. */
export function filterUserListIndex(
  index: UserListIndex,
  query: UserListQuery,
  scopeCountry: string | null,
): Int32Array {
  const status = query.status;
  // A scoped manager sees its own country only, whatever country_code asks for.
  let country = query.country_code;
  if (scopeCountry !== null) {
    if (country !== undefined && country !== scopeCountry) return EMPTY;
    country = scopeCountry;
  }
  const key =
    country === undefined
      ? status === undefined
        ? null
        : statusKey(status)
      : status === undefined
        ? countryKey(country)
        : `${countryKey(country)}|${statusKey(status)}`;
  if (key === null) return index.ids;
  return index.buckets.get(key) ?? EMPTY;
}
