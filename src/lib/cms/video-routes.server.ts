import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../deps.server.ts';
import { requireAdminLevel } from '../access/guards.server.ts';
import { notFound, parsePath, parseQuery, readJson, requiredVersion } from '../http/errors.server.ts';
import { type GenericResponse, VersionSchema } from '../http/schema.ts';
import { requireUser } from '../identity/middleware.server.ts';
import { findVideo, listVideos } from './queries.server.ts';
import { VideoCreateBodySchema, type CmsItemResponse, type VideoListResponse } from './schema.ts';
import { createVideo, deleteCmsItem } from './service.server.ts';

const IdParamSchema = z.object({
  id: z
    .string()
    .regex(/^\d{1,9}$/, 'must be a number')
    .transform(Number),
});

/** GET /api/video/delete/{id}?version=N: a GET has no body, so the version read comes in the query (or If-Match). */
const DeleteQuerySchema = z.object({
  version: z.preprocess((v) => (v === undefined || v === '' ? undefined : Number(v)), VersionSchema.optional()),
});

/** The media gallery's hosted videos (YouTube, Vimeo): the spec's video calls, admin-level only. */
export const videoRoutes = new Hono<AppEnv>()
  .get('/video/list', requireUser(), async (c) => {
    requireAdminLevel(c);
    return c.json<VideoListResponse>({ status: 200, message: 'Videos', data: await listVideos(c.get('deps').db) });
  })

  .post('/video/create', requireUser(), async (c) => {
    const auth = requireAdminLevel(c);
    const body = await readJson(c, VideoCreateBodySchema);
    const video = await createVideo(c.get('deps'), {
      title: body.title,
      videoUrl: body.video_url,
      description: body.description ?? null,
      event: body.event ?? null,
      status: body.status,
      actorId: auth.user.id,
    });
    return c.json<CmsItemResponse>({ status: 201, message: 'Video added', data: video }, 201);
  })

  // A GET that deletes: the spec's call. Safe from cross-site requests all the same, since it
  // needs the bearer token, which a browser never sends by itself.
  .get('/video/delete/:id', requireUser(), async (c) => {
    const auth = requireAdminLevel(c);
    const { id } = parsePath(c, IdParamSchema);
    const query = parseQuery(c, DeleteQuerySchema);
    const deps = c.get('deps');
    const row = await findVideo(deps.db, id);
    if (!row) throw notFound('No video with this number');
    const version = requiredVersion(c, query.version);
    await deleteCmsItem(deps, { row, version, actorId: auth.user.id });
    return c.json<GenericResponse>({ status: 200, message: 'Video deleted' });
  });
