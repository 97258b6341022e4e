import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.server.ts';
import type { AccessCaches } from '../http/context.server.ts';

/**
 * The user list's items as JSON text, one per user, made by the database in one query and kept
 * in memory until the next write to users, roles or countries (AccessCaches.invalidate). A page
 * of the list is then its ids' texts joined: no row mapping and no JSON.stringify per request,
 * so page 4,000 of 100,000 users costs what page 1 costs. The shape is UserListItem's
 * (toUserListItem in queries.server.ts); list-rows.test.ts holds the two to the same answer.
 */
const iso = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

const ITEM = sql.raw(`json_build_object(
  'id', u.id, 'name', u.name, 'username', u.username, 'member_id', u.member_id, 'email', u.email,
  'phone_number', u.phone_number, 'country_code', u.country_code, 'created_at', ${iso('u.created_at')},
  'status', u.status, 'photo', u.photo, 'uuid', u.uuid,
  'country', case when c.code is null then null
                  else json_build_object('code', c.code, 'name', c.name, 'flag', c.flag, 'status', c.status, 'continent', c.continent) end,
  'roles', coalesce((select json_agg(json_build_object('id', r.id, 'name', r.name, 'description', r.description) order by r.id)
                     from user_roles ur join roles r on r.id = ur.role_id where ur.user_id = u.id), '[]'::json),
  'version', u.version, 'updated_at', ${iso('u.updated_at')},
  'updated_by', case when upd.id is null then null else json_build_object('id', upd.id, 'name', coalesce(upd.name, upd.email)) end
)::text`);

/** The list items of `ids` as JSON text, by id (a since-deleted id is missing). */
export async function loadUserListRows(db: Db, ids: readonly number[]): Promise<Map<number, string>> {
  const rows = new Map<number, string>();
  if (ids.length === 0) return rows;
  const result = await db.execute(sql`
    select u.id, ${ITEM} as item
    from users u
    left join countries c on c.code = u.country_code
    left join users upd on upd.id = u.updated_by
    where u.id = any(${`{${ids.join(',')}}`}::int[])
  `);
  const list = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as { id: number; item: string }[];
  for (const row of list) rows.set(Number(row.id), row.item);
  return rows;
}

/** The JSON texts of `ids` in their order, from memory where it has them. */
export async function userListRows(db: Db, caches: AccessCaches, generation: number, ids: readonly number[]): Promise<string[]> {
  // The kept rows are taken before the query: a write meanwhile clears them, and a row must not
  // drop out of the page for that.
  const kept = new Map<number, string>();
  for (const id of ids) {
    const row = caches.userRows.get(id);
    if (row !== undefined) kept.set(id, row);
  }
  const loaded = await loadUserListRows(db, ids.filter((id) => !kept.has(id)));
  caches.setRowsIfCurrent(generation, loaded);
  return ids.flatMap((id) => {
    const row = kept.get(id) ?? loaded.get(id);
    return row === undefined ? [] : [row];
  });
}

/** Rows loaded per query while warming: small enough that a chunk never holds other requests up long. */
const WARM_CHUNK = 500;

/**
 * Loads the rows of every listed user in the background, a chunk at a time with other requests
 * served in between, so that any page of the list is answered from memory afterwards. Stops when
 * a write clears the caches (the next load of the list starts it again).
 */
export function warmUserListRows(db: Db, caches: AccessCaches, generation: number, ids: Int32Array): void {
  if (caches.userRowsWarming === generation) return;
  caches.userRowsWarming = generation;
  void (async () => {
    for (let start = 0; start < ids.length && caches.generation === generation; start += WARM_CHUNK) {
      const chunk = [...ids.subarray(start, start + WARM_CHUNK)].filter((id) => !caches.userRows.has(id));
      if (chunk.length > 0) caches.setRowsIfCurrent(generation, await loadUserListRows(db, chunk));
      await new Promise((resolve) => setImmediate(resolve));
    }
  })().catch((error: unknown) => {
    // Only a cache: the list still answers from the database page by page.
    console.warn(`Warming the user list rows stopped: ${(error as Error).message}`);
  });
}
