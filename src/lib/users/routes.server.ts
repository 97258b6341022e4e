import { Hono, type Context } from 'hono';
import { z } from 'zod';
import type { AppEnv, AuthedUser } from '../http/context.server.ts';
import { requireCountryScope, requireUserManager, scopeCountryOf } from '../access/guards.server.ts';
import { grantableRoles, isAdminLevel } from '../access/permissions.ts';
import { requireUser } from '../identity/middleware.server.ts';
import { forbidden, notFound, parsePath, parseQuery, readJson, requiredVersion } from '../http/errors.server.ts';
import { matchingUserIds } from './list-index.server.ts';
import { userListRows } from './list-rows.server.ts';
import { countInactiveUsers, findUserByUuid, listRoles, userStats } from './queries.server.ts';
import {
  UserEditBodySchema,
  UserListQuerySchema,
  type InactiveCountResponse,
  type RoleListResponse,
  type UserEditResponse,
  type UserListItem,
  type UserListResponse,
  type UserStatsResponse,
} from './schema.ts';
import { editUser } from './service.server.ts';

const UuidParamSchema = z.object({ uuid: z.uuid('must be a UUID') });

/** The user the path names, if `auth` may manage them: admin-level anyone, a state_admin its own country's. */
async function loadScopedUser(c: Context<AppEnv>, auth: AuthedUser): Promise<UserListItem> {
  const { uuid } = parsePath(c, UuidParamSchema);
  const target = await findUserByUuid(c.get('deps').db, uuid);
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
    const query = parseQuery(c, UserListQuerySchema);
    const scope = scopeCountryOf(auth);
    const { db, caches } = c.get('deps');
    const filters = [scope, query.q ?? '', query.status ?? '', query.country_code ?? ''];
    const key = JSON.stringify([...filters, query.page, query.per_page]);
    let json = caches.userLists.get(key);
    if (json === undefined) {
      const generation = caches.generation;
      // The matching ids in list order, per search and filters: the total is their number and a
      // page, however deep, is a slice of them (list-index.server.ts).
      const ids = await matchingUserIds(db, caches, generation, query, scope);
      const start = (query.page - 1) * query.per_page;
      const rows = await userListRows(db, caches, generation, [...ids.subarray(start, start + query.per_page)]);
      // Serialised UserListResponse made of the rows' JSON texts (list-rows.server.ts), kept so
      // that a page asked again is sent as it is.
      const rest = JSON.stringify({ per_page: query.per_page, page: query.page, total: ids.length } satisfies Omit<UserListResponse, 'data'>);
      json = `{"data":[${rows.join(',')}],${rest.slice(1)}`;
      caches.setIfCurrent(caches.userLists, generation, key, json);
    }
    return c.body(json, 200, { 'Content-Type': 'application/json' });
  })

  .get('/user/show/:uuid', requireUser(), async (c) => {
    const auth = requireUserManager(c);
    return c.json<UserListItem>(await loadScopedUser(c, auth));
  })

  .post('/user/edit/:uuid', requireUser(), async (c) => {
    const auth = requireUserManager(c);
    const target = await loadScopedUser(c, auth);
    const edit = await readJson(c, UserEditBodySchema);
    const version = requiredVersion(c, edit.version);
    const { db, caches } = c.get('deps');
    const data = await editUser(db, { actor: auth, target, edit, version });
    caches.invalidate();
    return c.json<UserEditResponse>({ status: 200, message: 'User saved', data });
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
    return c.json<InactiveCountResponse>({ status: 200, message: 'Inactive users', data: total });
  })

  .get('/user/stats', requireUser(), async (c) => {
    const auth = requireUserManager(c);
    const data = await userStats(c.get('deps').db, scopeCountryOf(auth));
    return c.json<UserStatsResponse>({ status: 200, message: 'User statistics', data });
  })

  .get('/role/list', requireUser(), async (c) => {
    const auth = requireUserManager(c);
    const allowed = grantableRoles(auth.identity) as readonly string[];
    const data = (await listRoles(c.get('deps').db)).filter((r) => allowed.includes(r.name));
    return c.json<RoleListResponse>({ status: 200, message: 'Roles', data });
  });
