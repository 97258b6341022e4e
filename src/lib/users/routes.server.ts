import { Hono, type Context } from 'hono';
import { z } from 'zod';
import type { AppEnv, AuthedUser } from '../deps.server.ts';
import { requireUserManager, scopeCountryOf } from '../access/guards.server.ts';
import { grantableRoles } from '../access/permissions.ts';
import { requireUser } from '../identity/middleware.server.ts';
import { forbidden, notFound, parsePath, parseQuery, readJson, requiredVersion } from '../http/errors.server.ts';
import { findUserByUuid, listRoles, userStats } from './queries.server.ts';
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

/**
 * The user the path names, if `auth` may manage them: the scope the lists use (admin-level
 * anyone, a state_admin its own country's users), checked once.
 */
async function findManagedUser(c: Context<AppEnv>, auth: AuthedUser): Promise<UserListItem> {
  const { uuid } = parsePath(c, UuidParamSchema);
  const target = await findUserByUuid(c.get('deps').db, uuid);
  if (!target) throw notFound('No user with this id');
  const scope = scopeCountryOf(auth);
  if (scope !== null && target.country_code !== scope) throw forbidden('You may manage only users of your own country');
  return target;
}

export const userRoutes = new Hono<AppEnv>()
  .get('/user/list', requireUser(), async (c) => {
    const auth = requireUserManager(c);
    const query = parseQuery(c, UserListQuerySchema);
    const { db, caches } = c.get('deps');
    return c.json<UserListResponse>(await caches.users.list(db, query, scopeCountryOf(auth)));
  })

  .get('/user/show/:uuid', requireUser(), async (c) => {
    const auth = requireUserManager(c);
    return c.json<UserListItem>(await findManagedUser(c, auth));
  })

  .post('/user/edit/:uuid', requireUser(), async (c) => {
    const auth = requireUserManager(c);
    const target = await findManagedUser(c, auth);
    const edit = await readJson(c, UserEditBodySchema);
    const version = requiredVersion(c, edit.version);
    const data = await editUser(c.get('deps'), { actor: auth, target, edit, version });
    return c.json<UserEditResponse>({ status: 200, message: 'User saved', data });
  })

  .get('/user/inactive', requireUser(), async (c) => {
    const auth = requireUserManager(c);
    const { db, caches } = c.get('deps');
    const data = await caches.users.inactiveCount(db, scopeCountryOf(auth));
    return c.json<InactiveCountResponse>({ status: 200, message: 'Inactive users', data });
  })

  .get('/user/stats', requireUser(), async (c) => {
    const auth = requireUserManager(c);
    const data = await userStats(c.get('deps').db, scopeCountryOf(auth));
    return c.json<UserStatsResponse>({ status: 200, message: 'User statistics', data });
  })

  .get('/role/list', requireUser(), async (c) => {
    const auth = requireUserManager(c);
    const data = await listRoles(c.get('deps').db, grantableRoles(auth.identity));
    return c.json<RoleListResponse>({ status: 200, message: 'Roles', data });
  });
