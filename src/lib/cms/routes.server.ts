import { Hono, type Context } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../server/context.ts';
import { requireAdminLevel } from '../access/guards.server.ts';
import { notFound, parseOr400, readJson } from '../http/errors.server.ts';
import type { GenericResponse } from '../http/schema.ts';
import { requireUser } from '../identity/middleware.server.ts';
import { readUploadedFile } from '../storage/multipart.server.ts';
import { changesPublicSite, deleteCmsItem, queueRebuild, saveCmsItem, setCmsStatus } from './items.server.ts';
import { findCmsItem, listCmsItems, toCmsItem, type CmsItemRow } from './queries.server.ts';
import {
  CMS_UPLOAD_MAX_BYTES,
  CmsListQuerySchema,
  CmsSaveBodySchema,
  CmsStatusBodySchema,
  CmsTypeSchema,
  type CmsItemResponse,
  type CmsListResponse,
} from './schema.ts';
import { replaceImage } from './uploads.server.ts';

/** The path of the upload endpoint, which reads its body with its own size limit. */
export const CMS_UPLOAD_PATH = /^\/api\/cms\/upload\//;

const TypeParamSchema = z.object({ cms_type: CmsTypeSchema });
const UuidParamSchema = z.object({ uuid: z.uuid('must be a UUID') });

/** The item the path's uuid names (400 for a malformed uuid, 404 for an unknown one). */
async function itemOfPath(c: Context<AppEnv>): Promise<CmsItemRow> {
  const { uuid } = parseOr400(UuidParamSchema, { uuid: c.req.param('uuid') }, 'path');
  const row = await findCmsItem(c.get('deps').db, uuid);
  if (!row) throw notFound('No CMS item with this id');
  return row;
}

const itemResponse = (status: 200 | 201, message: string, row: CmsItemRow): CmsItemResponse => ({
  status,
  message,
  data: toCmsItem(row),
});

/** The back-office's calls for banners, partners and the media gallery (admin-level only). */
export const cmsRoutes = new Hono<AppEnv>()
  .get('/cms/:cms_type/list', requireUser(), async (c) => {
    requireAdminLevel(c);
    const { cms_type } = parseOr400(TypeParamSchema, { cms_type: c.req.param('cms_type') }, 'path');
    const query = parseOr400(CmsListQuerySchema, c.req.query(), 'query');
    const { data, total } = await listCmsItems(c.get('deps').db, cms_type, query);
    return c.json<CmsListResponse>({ data, total, page: query.page, per_page: query.per_page });
  })

  .get('/cms/:cms_type/view/:uuid', requireUser(), async (c) => {
    requireAdminLevel(c);
    const { cms_type } = parseOr400(TypeParamSchema, { cms_type: c.req.param('cms_type') }, 'path');
    const row = await itemOfPath(c);
    // An item is found only under its own type: a banner's uuid is no partner.
    if (row.cmsType !== cms_type) throw notFound(`No ${cms_type} item with this id`);
    return c.json(itemResponse(200, 'CMS item', row));
  })

  .post('/cms/saved', requireUser(), async (c) => {
    const auth = requireAdminLevel(c);
    const body = await readJson(c, CmsSaveBodySchema);
    const deps = c.get('deps');
    const { before, after } = await saveCmsItem(deps.db, body, auth.user.id);
    if (changesPublicSite(before, after)) queueRebuild(deps);
    if (before) return c.json(itemResponse(200, 'Item saved', after));
    return c.json(itemResponse(201, 'Item created', after), 201);
  })

  .post('/cms/upload/:uuid', requireUser(), async (c) => {
    const auth = requireAdminLevel(c);
    const item = await itemOfPath(c);
    const file = await readUploadedFile(c, { field: 'file', maxBytes: CMS_UPLOAD_MAX_BYTES });
    const after = await replaceImage(c.get('deps'), item, file.bytes, auth.user.id);
    return c.json(itemResponse(200, 'Image uploaded', after));
  })

  .post('/cms/status/:uuid', requireUser(), async (c) => {
    const auth = requireAdminLevel(c);
    const { uuid } = parseOr400(UuidParamSchema, { uuid: c.req.param('uuid') }, 'path');
    const { status } = await readJson(c, CmsStatusBodySchema);
    const deps = c.get('deps');
    const { before, after } = await setCmsStatus(deps.db, uuid, status, auth.user.id);
    if (before.status !== after.status && changesPublicSite(before, after)) queueRebuild(deps);
    return c.json(itemResponse(200, `The item is now ${status}`, after));
  })

  .post('/cms/delete/:uuid', requireUser(), async (c) => {
    requireAdminLevel(c);
    const item = await itemOfPath(c);
    await deleteCmsItem(c.get('deps'), item);
    return c.json<GenericResponse>({ status: 200, message: 'Item deleted' });
  });
