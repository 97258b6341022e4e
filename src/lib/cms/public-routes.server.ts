import { Hono } from 'hono';
import { publicAnswer, type AppEnv } from '../deps.server.ts';
import { corsForAnyOrigin } from '../http/cors.server.ts';
import { parsePath } from '../http/errors.server.ts';
import { CMS_CACHE_DOMAIN, listPublishedItems } from './queries.server.ts';
import {
  CMS_TYPES,
  PublicCmsEventPathSchema,
  PublicCmsTypePathSchema,
  type CmsType,
  type PublicCmsListResponse,
} from './schema.ts';
import { say } from '../i18n/said.ts';

/**
 * What the public site's build reads (no sign-in): published items only, in display order.
 * Answered from the public cache (ETag, 304) until a CMS write invalidates it; any origin may read
 * them (CORS).
 */
export const publicCmsRoutes = new Hono<AppEnv>()
  .use('/public/cms/*', corsForAnyOrigin)
  .get('/public/cms/:cms_type', async (c) => {
    // A known type is taken as it is; anything else gets the schema's 400 naming the field.
    const param = c.req.param('cms_type');
    const cms_type = (CMS_TYPES as readonly string[]).includes(param)
      ? (param as CmsType)
      : parsePath(c, PublicCmsTypePathSchema).cms_type;
    return publicAnswer(c, `${CMS_CACHE_DOMAIN}:list:${cms_type}`, async (db) => {
      const data = await listPublishedItems(db, cms_type);
      return {
        status: 200,
        message: say('Published {cmsTypes} items', { cmsTypes: cms_type }),
        data,
      } satisfies PublicCmsListResponse;
    });
  })

  // The media-gallery event page: the published photos and videos of one event.
  .get('/public/cms/video/event/:slug', async (c) => {
    const { slug } = parsePath(c, PublicCmsEventPathSchema);
    return publicAnswer(c, `${CMS_CACHE_DOMAIN}:event:${slug}`, async (db) => {
      const data = await listPublishedItems(db, 'video', { eventSlug: slug });
      return { status: 200, message: 'Published media of the event', data } satisfies PublicCmsListResponse;
    });
  });
