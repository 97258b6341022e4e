import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../server/context.ts';
import { parseOr400 } from '../http/errors.server.ts';
import { listPublishedItems } from './queries.server.ts';
import { CmsTypeSchema, type CmsItem } from './schema.ts';

type PublicCmsList = { status: number; message: string; data: CmsItem[] };

const TypeParamSchema = z.object({ cms_type: CmsTypeSchema });
const SlugParamSchema = z.object({ slug: z.string().min(1).max(100) });

/** What the public site's build reads (no sign-in): published items only, in display order. */
export const publicCmsRoutes = new Hono<AppEnv>()
  .get('/public/cms/:cms_type', async (c) => {
    const { cms_type } = parseOr400(TypeParamSchema, c.req.param(), 'path');
    const data = await listPublishedItems(c.get('deps').db, cms_type);
    return c.json<PublicCmsList>({ status: 200, message: `Published ${cms_type} items`, data });
  })

  // The media-gallery event page: the published photos and videos of one event.
  .get('/public/cms/video/event/:slug', async (c) => {
    const { slug } = parseOr400(SlugParamSchema, c.req.param(), 'path');
    const data = await listPublishedItems(c.get('deps').db, 'video', { eventSlug: slug });
    return c.json<PublicCmsList>({ status: 200, message: 'Published media of the event', data });
  });
