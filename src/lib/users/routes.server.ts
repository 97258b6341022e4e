import { eq, inArray, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../server/context.ts';
import { requireCountryScope, requireUserManager, scopeCountryOf } from '../access/guards.server.ts';
import { grantableRoles, isAdminLevel, ADMIN_LEVEL_ROLES } from '../access/permissions.ts';
import { countries, roles, userRoles, users } from '../db/schema.ts';
import { requireUser } from '../identity/middleware.server.ts';
import { ApiError, conflict, forbidden, notFound, parseOr400, readJson } from '../http/errors.server.ts';
import {
  countInactiveUsers,
  countOtherActiveAdmins,
  countUsers,
  findUserByUuid,
  listRoles,
  listUserPage,
  userStats,
} from './queries.server.ts';
import {
  UserEditBodySchema,
  UserListQuerySchema,
  type Role,
  type UserListItem,
  type UserListResponse,
} from './schema.ts';

/** Advisory lock key taken by edits that demote or deactivate an administrator. */
const LAST_ADMIN_LOCK = 7_310_001;

const UuidParamSchema = z.object({ uuid: z.uuid('must be a UUID') });

async function loadScopedUser(c: Parameters<typeof requireUserManager>[0], uuid: string): Promise<UserListItem> {
  const auth = requireUserManager(c);
  const { uuid: id } = parseOr400(UuidParamSchema, { uuid }, 'path');
  const target = await findUserByUuid(c.get('deps').db, id);
  if (!target) throw notFound('No user with this id');
  if (!isAdminLevel(auth.identity)) {
    if (target.country_code === null) throw forbidden('You may manage only users of your own country');
    requireCountryScope(auth, target.country_code);
  }
  return target;
}

export const userRoutes = new Hono<AppEnv>()
  .get('/user/list', requireUser(), async (c) => {
    const auth = requireUserManager(c);
    const query = parseOr400(UserListQuerySchema, c.req.query(), 'query');
    const scope = scopeCountryOf(auth);
    const { db, caches } = c.get('deps');
    const filters = [scope, query.q ?? '', query.status ?? '', query.country_code ?? ''];
    const key = JSON.stringify([...filters, query.page, query.per_page]);
    let json = caches.userLists.get(key);
    if (json === undefined) {
      const generation = caches.generation;
      // The total depends on the filters only: paging through one list counts its users once.
      const countKey = JSON.stringify(['user-list', ...filters]);
      let total = caches.counts.get(countKey);
      if (total === undefined) {
        total = await countUsers(db, query, scope);
        caches.setIfCurrent(caches.counts, generation, countKey, total);
      }
      const data = await listUserPage(db, query, scope);
      // Kept serialised: a cached page is then sent without running JSON.stringify again.
      json = JSON.stringify({ data, per_page: query.per_page, page: query.page, total } satisfies UserListResponse);
      caches.setIfCurrent(caches.userLists, generation, key, json);
    }
    return c.body(json, 200, { 'Content-Type': 'application/json' });
  })

  .get('/user/show/:uuid', requireUser(), async (c) => c.json<UserListItem>(await loadScopedUser(c, c.req.param('uuid'))))

  .post('/user/edit/:uuid', requireUser(), async (c) => {
    const auth = requireUserManager(c);
    const target = await loadScopedUser(c, c.req.param('uuid'));
    const body = await readJson(c, UserEditBodySchema);
    const { db, caches } = c.get('deps');
    const actorIsAdmin = isAdminLevel(auth.identity);
    const targetIsAdmin = target.roles.some((r) => (ADMIN_LEVEL_ROLES as readonly string[]).includes(r.name));

    if (!actorIsAdmin && targetIsAdmin) throw forbidden('Only administrators may edit administrators');
    if (body.country_code !== undefined && body.country_code !== null) {
      const [country] = await db.select().from(countries).where(eq(countries.code, body.country_code)).limit(1);
      if (!country) throw new ApiError(400, 'Invalid body: check country_code', { country_code: ['is not a known country'] });
    }
    if (!actorIsAdmin && body.country_code !== undefined && body.country_code !== auth.identity.country_code) {
      throw forbidden('You may assign users only to your own country');
    }

    let newRoles: Role[] | undefined;
    if (body.roles !== undefined) {
      newRoles = body.roles.length === 0 ? [] : await db.select().from(roles).where(inArray(roles.name, body.roles));
      const unknown = body.roles.filter((name) => !newRoles!.some((r) => r.name === name));
      if (unknown.length > 0) {
        throw new ApiError(400, 'Invalid body: check roles', { roles: [`unknown role: ${unknown.join(', ')}`] });
      }
      const allowed = grantableRoles(auth.identity) as readonly string[];
      if (newRoles.some((r) => !allowed.includes(r.name))) throw forbidden('You may not grant this role');
    }

    const staysAdmin = (newRoles ?? target.roles).some((r) => (ADMIN_LEVEL_ROLES as readonly string[]).includes(r.name));
    const staysActive = (body.status ?? target.status) === 1;
    const stepsDown = targetIsAdmin && target.status === 1 && (!staysAdmin || !staysActive);

    await db.transaction(async (tx) => {
      if (stepsDown) {
        // Serialised and counted inside the transaction: two administrators demoting each other
        // at once must not both see the other one as "still active" and leave none.
        await tx.execute(sql`select pg_advisory_xact_lock(${LAST_ADMIN_LOCK})`);
        if ((await countOtherActiveAdmins(tx, target.id)) === 0) {
          throw conflict('This is the last active administrator: they cannot be deactivated or demoted');
        }
      }
      await tx
        .update(users)
        .set({
          ...(body.name !== undefined && { name: body.name }),
          ...(body.phone_number !== undefined && { phoneNumber: body.phone_number }),
          ...(body.country_code !== undefined && { countryCode: body.country_code }),
          ...(body.status !== undefined && { status: body.status }),
          updatedAt: new Date(),
        })
        .where(eq(users.id, target.id));
      if (newRoles !== undefined) {
        await tx.delete(userRoles).where(eq(userRoles.userId, target.id));
        if (newRoles.length > 0) {
          await tx.insert(userRoles).values(newRoles.map((r) => ({ userId: target.id, roleId: r.id })));
        }
      }
    });
    caches.invalidate();
    const saved = await findUserByUuid(db, target.uuid);
    return c.json({ status: 200, message: 'User saved', data: saved });
  })

  .get('/user/inactive', requireUser(), async (c) => {
    const auth = requireUserManager(c);
    const scope = scopeCountryOf(auth);
    const { db, caches } = c.get('deps');
    const key = `inactive:${scope}`;
    let total = caches.counts.get(key);
    if (total === undefined) {
      const generation = caches.generation;
      total = await countInactiveUsers(db, scope);
      caches.setIfCurrent(caches.counts, generation, key, total);
    }
    return c.json({ status: 200, message: 'Inactive users', data: total });
  })

  .get('/user/stats', requireUser(), async (c) => {
    const auth = requireUserManager(c);
    return c.json({ status: 200, message: 'User statistics', data: await userStats(c.get('deps').db, scopeCountryOf(auth)) });
  })

  .get('/role/list', requireUser(), async (c) => {
    const auth = requireUserManager(c);
    const allowed = grantableRoles(auth.identity) as readonly string[];
    const list = (await listRoles(c.get('deps').db)).filter((r) => allowed.includes(r.name));
    return c.json({ status: 200, message: 'Roles', data: list });
  });
