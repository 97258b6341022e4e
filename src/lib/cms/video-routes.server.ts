import { and, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../server/context.ts';
import { requireAdminLevel } from '../access/guards.server.ts';
import { cmsItems } from '../db/schema.ts';
import { notFound, parseOr400, readJson } from '../http/errors.server.ts';
import type { GenericResponse } from '../http/schema.ts';
import { requireUser } from '../identity/middleware.server.ts';
import { eventSlug } from './event-slug.ts';
import { checkVideoFields, deleteCmsItem, queueRebuild } from './items.server.ts';
import { listVideos, toCmsItem } from './queries.server.ts';
import { VideoCreateBodySchema, type CmsItemResponse } from './schema.ts';

const IdParamSchema = z.object({
  id: z
    .string()
    .regex(/^\d{1,9}$/, 'must be a number')
    .transform(Number),
});

/** The media gallery's hosted videos (YouTube, Vimeo): the spec's video calls, admin-level only. */
export const videoRoutes = new Hono<AppEnv>()
  .get('/video/list', requireUser(), async (c) => {
    requireAdminLevel(c);
    return c.json({ status: 200, message: 'Videos', data: await listVideos(c.get('deps').db) });
  })

  .post('/video/create', requireUser(), async (c) => {
    const auth = requireAdminLevel(c);
    const body = await readJson(c, VideoCreateBodySchema);
    const deps = c.get('deps');
    const values = {
      cmsType: 'video',
      mediaKind: 'video',
      title: body.title,
      description: body.description ?? null,
      videoUrl: body.video_url,
      event: body.event ?? null,
      eventSlug: eventSlug(body.event),
      status: body.status,
      publishedAt: body.status === 'published' ? new Date() : null,
      createdBy: auth.user.id,
      updatedBy: auth.user.id,
    };
    checkVideoFields(values);
    const [row] = await deps.db.insert(cmsItems).values(values).returning();
    if (row!.status === 'published') queueRebuild(deps);
    return c.json<CmsItemResponse>({ status: 201, message: 'Video added', data: toCmsItem(row!) }, 201);
  })

  // A GET that deletes: the spec's call. Safe from cross-site requests all the same, since it
  // needs the bearer token, which a browser never sends by itself.
  .get('/video/delete/:id', requireUser(), async (c) => {
    requireAdminLevel(c);
    const { id } = parseOr400(IdParamSchema, c.req.param(), 'path');
    const deps = c.get('deps');
    const [row] = await deps.db
      .select()
      .from(cmsItems)
      .where(and(eq(cmsItems.id, id), eq(cmsItems.cmsType, 'video'), eq(cmsItems.mediaKind, 'video')))
      .limit(1);
    if (!row) throw notFound('No video with this number');
    await deleteCmsItem(deps, row);
    return c.json<GenericResponse>({ status: 200, message: 'Video deleted' });
  });
