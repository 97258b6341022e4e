import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { ADMIN_LEVEL_ROLES, USER_STATUS } from '../access/permissions.ts';
import { toCountry, type CountryRow } from '../countries/queries.server.ts';
import type { Db } from '../db/client.server.ts';
import { editorOf, updater, updaterColumns } from '../db/editors.server.ts';
import { countries, roles, userRoles, users } from '../db/schema.ts';
import type { Role, UserListItem, UserListQuery, UserStats } from './schema.ts';

export type UserRow = typeof users.$inferSelect;

type UserJoinRow = { user: UserRow; country: CountryRow | null; updaterId: number | null; updaterName: string | null };

export function toUserListItem({ user: row, country, ...editor }: UserJoinRow, userRoleList: Role[]): UserListItem {
  return {
    id: row.id,
    name: row.name,
    username: row.username,
    member_id: row.memberId,
    email: row.email,
    phone_number: row.phoneNumber,
    country_code: row.countryCode,
    created_at: row.createdAt.toISOString(),
    status: row.status,
    photo: row.photo,
    uuid: row.uuid,
    country: country ? toCountry(country) : null,
    roles: userRoleList,
    version: row.version,
    updated_at: row.updatedAt.toISOString(),
    updated_by: editorOf(editor),
  };
}

/** A user with their country and last editor: what lists, shows and edits answer. */
function selectUsers(db: Db) {
  return db
    .select({ user: users, country: countries, ...updaterColumns })
    .from(users)
    .leftJoin(countries, eq(countries.code, users.countryCode))
    .leftJoin(updater, eq(updater.id, users.updatedBy));
}

/** Roles of each given user, in one query. */
export async function rolesByUser(db: Db, userIds: number[]): Promise<Map<number, Role[]>> {
  const byUser = new Map<number, Role[]>();
  if (userIds.length === 0) return byUser;
  const rows = await db
    .select({ userId: userRoles.userId, id: roles.id, name: roles.name, description: roles.description })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(inArray(userRoles.userId, userIds))
    .orderBy(asc(roles.id));
  for (const { userId, ...role } of rows) {
    const list = byUser.get(userId) ?? [];
    list.push(role);
    byUser.set(userId, list);
  }
  return byUser;
}

/** Filters of the user list; `scopeCountry` confines a state_admin to its own country. */
export function userListFilter(query: UserListQuery, scopeCountry: string | null): SQL | undefined {
  const conditions: SQL[] = [];
  if (scopeCountry !== null) conditions.push(eq(users.countryCode, scopeCountry));
  if (query.country_code) conditions.push(eq(users.countryCode, query.country_code));
  if (query.status !== undefined) conditions.push(eq(users.status, query.status));
  if (query.q) {
    const pattern = `%${query.q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
    const match = or(
      ilike(users.name, pattern),
      ilike(users.email, pattern),
      ilike(users.username, pattern),
      ilike(users.memberId, pattern),
    );
    if (match) conditions.push(match);
  }
  return conditions.length > 0 ? and(...conditions) : undefined;
}

export async function findUserByUuid(db: Db, uuid: string): Promise<UserListItem | null> {
  const [row] = await selectUsers(db).where(eq(users.uuid, uuid)).limit(1);
  if (!row) return null;
  const roleMap = await rolesByUser(db, [row.user.id]);
  return toUserListItem(row, roleMap.get(row.user.id) ?? []);
}

/** The list items of `ids`, by id (a since-deleted id is missing): two queries, however many. */
export async function findUsersByIds(db: Db, ids: readonly number[]): Promise<Map<number, UserListItem>> {
  const items = new Map<number, UserListItem>();
  if (ids.length === 0) return items;
  const rows = await selectUsers(db).where(inArray(users.id, [...ids]));
  const roleMap = await rolesByUser(
    db,
    rows.map((row) => row.user.id),
  );
  for (const row of rows) items.set(row.user.id, toUserListItem(row, roleMap.get(row.user.id) ?? []));
  return items;
}

/** The roles of these names (unknown names are simply missing from the answer). */
export async function findRolesByName(db: Db, names: readonly string[]): Promise<Role[]> {
  if (names.length === 0) return [];
  return db
    .select({ id: roles.id, name: roles.name, description: roles.description })
    .from(roles)
    .where(inArray(roles.name, [...names]));
}

export async function countInactiveUsers(db: Db, scopeCountry: string | null): Promise<number> {
  const conditions = [eq(users.status, USER_STATUS.inactive)];
  if (scopeCountry !== null) conditions.push(eq(users.countryCode, scopeCountry));
  const [row] = await db
    .select({ total: count() })
    .from(users)
    .where(and(...conditions));
  return row?.total ?? 0;
}

/** Every role, or only those named in `names` (e.g. the roles an actor may grant). */
export async function listRoles(db: Db, names?: readonly string[]): Promise<Role[]> {
  const all = await db
    .select({ id: roles.id, name: roles.name, description: roles.description })
    .from(roles)
    .orderBy(asc(roles.id));
  return names === undefined ? all : all.filter((role) => names.includes(role.name));
}

/** Active users holding an admin-level role, other than `exceptUserId`. */
export async function countOtherActiveAdmins(db: Db, exceptUserId: number): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(users)
    .innerJoin(userRoles, eq(userRoles.userId, users.id))
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(
      and(
        eq(users.status, USER_STATUS.active),
        inArray(roles.name, [...ADMIN_LEVEL_ROLES]),
        sql`${users.id} <> ${exceptUserId}`,
      ),
    );
  return row?.total ?? 0;
}

/** Users per status and per country (most first), confined to `scopeCountry` when given. */
export async function userStats(db: Db, scopeCountry: string | null): Promise<UserStats> {
  const where = scopeCountry === null ? undefined : eq(users.countryCode, scopeCountry);
  const [byStatus, byCountry] = await Promise.all([
    db
      .select({ status: users.status, count: count() })
      .from(users)
      .where(where)
      .groupBy(users.status)
      .orderBy(asc(users.status)),
    db
      .select({ country_code: users.countryCode, count: count() })
      .from(users)
      .where(where)
      .groupBy(users.countryCode)
      .orderBy(desc(count()), asc(users.countryCode)),
  ]);
  return { total: byStatus.reduce((sum, row) => sum + row.count, 0), by_status: byStatus, by_country: byCountry };
}
