import { Hono } from 'hono';
import type { AppEnv } from '../deps.server.ts';
import { readJson, requiredVersion } from '../http/errors.server.ts';
import { requireUser } from '../identity/middleware.server.ts';
import { requireAdminLevel } from './guards.server.ts';
import { loadAcl } from './queries.server.ts';
import { AclSaveBodySchema, type AclResponse, type AclSaveResponse } from './schema.ts';
import { saveAcl } from './service.server.ts';

export const accessRoutes = new Hono<AppEnv>()
  .get('/administration/acl', requireUser(), async (c) => {
    requireAdminLevel(c);
    return c.json<AclResponse>(await loadAcl(c.get('deps').db));
  })
  .post('/administration/acl/saved', requireUser(), async (c) => {
    const auth = requireAdminLevel(c);
    const save = await readJson(c, AclSaveBodySchema);
    const version = requiredVersion(c, save.version);
    const acl = await saveAcl(c.get('deps'), { save, version, actorId: auth.user.id });
    return c.json<AclSaveResponse>({ status: 200, message: 'Access control saved', ...acl });
  });
