import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.server.ts';
import { countries, roles, userRoles, users } from '../db/schema.ts';
import type { Country } from '../countries/schema.ts';
import type { Role, UserListItem, UserListQuery, UserStats } from './schema.ts';
import { USER_STATUS_INACTIVE } from '../access/permissions.ts';

export type UserRow = typeof users.$inferSelect;
type CountryRow = typeof countries.$inferSelect;

export function toCountry(row: CountryRow | null): Country | null {
  if (!row) return null;
  return { code: row.code, name: row.name, flag: row.flag, status: row.status, continent: row.continent };
}

export function toUserListItem(row: UserRow, country: CountryRow | null, userRoleList: Role[]): UserListItem {
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
    country: toCountry(country),
    roles: userRoleList,
  };
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

export async function listUsers(
  db: Db,
  query: UserListQuery,
  scopeCountry: string | null,
): Promise<{ data: UserListItem[]; total: number }> {
  const total = await countUsers(db, query, scopeCountry);
  return { total, data: await listUserPage(db, query, scopeCountry) };
}

/** How many users match the list's filters (the page and page size play no part). */
export async function countUsers(db: Db, query: UserListQuery, scopeCountry: string | null): Promise<number> {
  const [totalRow] = await db.select({ total: count() }).from(users).where(userListFilter(query, scopeCountry));
  return totalRow?.total ?? 0;
}

/** One page of the user list, newest first. */
export async function listUserPage(db: Db, query: UserListQuery, scopeCountry: string | null): Promise<UserListItem[]> {
  // The page's ids first, then only those rows with their country: joined before the offset,
  // every skipped row was joined too (10,000 joins for page 500).
  const pageIds = db
    .select({ id: users.id })
    .from(users)
    .where(userListFilter(query, scopeCountry))
    .orderBy(desc(users.id))
    .limit(query.per_page)
    .offset((query.page - 1) * query.per_page);
  const rows = await db
    .select({ user: users, country: countries })
    .from(users)
    .leftJoin(countries, eq(countries.code, users.countryCode))
    .where(inArray(users.id, pageIds))
    .orderBy(desc(users.id));
  const roleMap = await rolesByUser(
    db,
    rows.map((r) => r.user.id),
  );
  return rows.map((r) => toUserListItem(r.user, r.country, roleMap.get(r.user.id) ?? []));
}

export async function findUserByUuid(db: Db, uuid: string): Promise<UserListItem | null> {
  const [row] = await db
    .select({ user: users, country: countries })
    .from(users)
    .leftJoin(countries, eq(countries.code, users.countryCode))
    .where(eq(users.uuid, uuid))
    .limit(1);
  if (!row) return null;
  const roleMap = await rolesByUser(db, [row.user.id]);
  return toUserListItem(row.user, row.country, roleMap.get(row.user.id) ?? []);
}

export async function countInactiveUsers(db: Db, scopeCountry: string | null): Promise<number> {
  const conditions = [eq(users.status, USER_STATUS_INACTIVE)];
  if (scopeCountry !== null) conditions.push(eq(users.countryCode, scopeCountry));
  const [row] = await db
    .select({ total: count() })
    .from(users)
    .where(and(...conditions));
  return row?.total ?? 0;
}

export async function listRoles(db: Db): Promise<Role[]> {
  return db.select({ id: roles.id, name: roles.name, description: roles.description }).from(roles).orderBy(asc(roles.id));
}

/** Active users holding an admin-level role, other than `exceptUserId`. */
export async function countOtherActiveAdmins(db: Db, exceptUserId: number): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(users)
    .innerJoin(userRoles, eq(userRoles.userId, users.id))
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(
      and(eq(users.status, 1), inArray(roles.name, ['tuxuri', 'admin']), sql`${users.id} <> ${exceptUserId}`),
    );
  return row?.total ?? 0;
}

/** Users per status and per country (most first), confined to `scopeCountry` when given. */
export async function userStats(db: Db, scopeCountry: string | null): Promise<UserStats> {
  const where = scopeCountry === null ? undefined : eq(users.countryCode, scopeCountry);
  const [byStatus, byCountry] = await Promise.all([
    db.select({ status: users.status, count: count() }).from(users).where(where).groupBy(users.status).orderBy(asc(users.status)),
    db
      .select({ country_code: users.countryCode, count: count() })
      .from(users)
      .where(where)
      .groupBy(users.countryCode)
      .orderBy(desc(count()), asc(users.countryCode)),
  ]);
  return { total: byStatus.reduce((sum, row) => sum + row.count, 0), by_status: byStatus, by_country: byCountry };
}
