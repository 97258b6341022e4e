import { Hono } from 'hono';
import { z } from 'zod';
import { requireAdminLevel } from '../access/guards.server.ts';
import type { AppEnv } from '../deps.server.ts';
import { notFound, parsePath, parseQuery } from '../http/errors.server.ts';
import { requireUser } from '../identity/middleware.server.ts';
import { findSentMail, listSentMail } from './queries.server.ts';
import { SentMailQuerySchema, type SentMailListResponse, type SentMailResponse } from './schema.ts';

const UuidParamSchema = z.object({ uuid: z.uuid('must be a UUID') });

/** The 'Sent mail' page of the regional secretariat: every email the portal sent or will send. */
export const mailRoutes = new Hono<AppEnv>()
  .get('/mail/sent', requireUser(), async (c) => {
    requireAdminLevel(c);
    const query = parseQuery(c, SentMailQuerySchema);
    const { data, total } = await listSentMail(c.get('deps').db, query);
    return c.json<SentMailListResponse>({
      status: 200,
      message: 'Sent mail',
      data,
      page: query.page,
      per_page: query.per_page,
      total,
    });
  })
  .get('/mail/sent/:uuid', requireUser(), async (c) => {
    requireAdminLevel(c);
    const { uuid } = parsePath(c, UuidParamSchema);
    const data = await findSentMail(c.get('deps').db, uuid);
    if (!data) throw notFound('No message with this id');
    return c.json<SentMailResponse>({ status: 200, message: 'Message', data });
  });
