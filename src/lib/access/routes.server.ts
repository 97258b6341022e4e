import { Hono } from 'hono';
import type { AppEnv } from '../../server/context.ts';
import { ApiError, readJson } from '../http/errors.server.ts';
import { requireUser } from '../identity/middleware.server.ts';
import { requireAdminLevel } from './guards.server.ts';
import { loadAcl, saveAcl, UnknownRoleError } from './queries.server.ts';
import { AclSaveBodySchema, type AclResponse } from './schema.ts';

export const accessRoutes = new Hono<AppEnv>()
  .get('/administration/acl', requireUser(), async (c) => {
    requireAdminLevel(c);
    return c.json<AclResponse>(await loadAcl(c.get('deps').db));
  })
  .post('/administration/acl/saved', requireUser(), async (c) => {
    requireAdminLevel(c);
    const body = await readJson(c, AclSaveBodySchema);
    const { db, caches } = c.get('deps');
    try {
      await saveAcl(db, body);
    } catch (error) {
      if (error instanceof UnknownRoleError) {
        throw new ApiError(400, 'Invalid body: check modules.permissions.id', { 'modules.permissions.id': [error.message] });
      }
      throw error;
    }
    caches.invalidate();
    return c.json({ status: 200, message: 'Access control saved', ...(await loadAcl(db)) });
  });
