import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../deps.server.ts';
import { requireAdminLevel } from '../access/guards.server.ts';
import { parsePath, readJson, requiredVersion } from '../http/errors.server.ts';
import type { GenericResponse } from '../http/schema.ts';
import { requireUser } from '../identity/middleware.server.ts';
import { listAuthorities } from './queries.server.ts';
import {
  TrustedAuthorityCreateBodySchema,
  TrustedAuthorityDeleteBodySchema,
  type TrustedAuthorityListResponse,
  type TrustedAuthorityResponse,
} from './schema.ts';
import { addAuthority, removeAuthority } from './service.server.ts';

const UuidParamSchema = z.object({ uuid: z.uuid('must be a UUID') });

/** The certificate authorities trusted for report signatures (decision 056): administrators only. */
export const signatureRoutes = new Hono<AppEnv>()
  .get('/trusted-authority/list', requireUser(), async (c) => {
    requireAdminLevel(c);
    const data = await listAuthorities(c.get('deps').db);
    return c.json<TrustedAuthorityListResponse>({ status: 200, message: 'Trusted certificate authorities', data });
  })

  .post('/trusted-authority/create', requireUser(), async (c) => {
    const auth = requireAdminLevel(c);
    const body = await readJson(c, TrustedAuthorityCreateBodySchema);
    const data = await addAuthority(c.get('deps'), {
      pem: body.pem,
      countryCode: body.country_code ?? null,
      note: body.note ?? null,
      actorId: auth.user.id,
    });
    return c.json<TrustedAuthorityResponse>({ status: 201, message: 'Certificate authority trusted', data }, 201);
  })

  .post('/trusted-authority/delete/:uuid', requireUser(), async (c) => {
    const auth = requireAdminLevel(c);
    const { uuid } = parsePath(c, UuidParamSchema);
    // The version comes in a JSON body or as If-Match (then no body is needed).
    const body = c.req.header('content-type') ? await readJson(c, TrustedAuthorityDeleteBodySchema) : {};
    const version = requiredVersion(c, body.version);
    await removeAuthority(c.get('deps'), { uuid, version, actorId: auth.user.id });
    return c.json<GenericResponse>({ status: 200, message: 'The certificate authority is no longer trusted' });
  });
