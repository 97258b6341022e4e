import { Hono, type Context } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../deps.server.ts';
import { requireAdminLevel } from '../access/guards.server.ts';
import { notFound, parsePath, parseQuery, readJson, requiredVersion, sentVersion } from '../http/errors.server.ts';
import type { GenericResponse } from '../http/schema.ts';
import { requireUser } from '../identity/middleware.server.ts';
import { readUploadedFile } from '../storage/multipart.server.ts';
import { findCmsItem, findCmsRecord, listCmsItems, type CmsItemRow } from './queries.server.ts';
import {
  CMS_UPLOAD_MAX_BYTES,
  CmsDeleteBodySchema,
  CmsListQuerySchema,
  CmsSaveBodySchema,
  CmsStatusBodySchema,
  CmsTypeSchema,
  type CmsItemResponse,
  type CmsListResponse,
  type CmsRecord,
} from './schema.ts';
import { deleteCmsItem, saveCmsItem, setCmsStatus } from './service.server.ts';
import { replaceImage } from './uploads.server.ts';
import { say } from '../i18n/said.ts';

/** The path of the upload endpoint, which reads its body with its own size limit. */
export const CMS_UPLOAD_PATH = /^\/api\/cms\/upload\//;

const TypeParamSchema = z.object({ cms_type: CmsTypeSchema });
const UuidParamSchema = z.object({ uuid: z.uuid('must be a UUID') });

/** The item the path's uuid names (400 for a malformed uuid, 404 for an unknown one). */
async function itemOfPath(c: Context<AppEnv>): Promise<CmsItemRow> {
  const { uuid } = parsePath(c, UuidParamSchema);
  const row = await findCmsItem(c.get('deps').db, uuid);
  if (!row) throw notFound('No CMS item with this id');
  return row;
}

const itemResponse = (status: 200 | 201, message: string, data: CmsRecord): CmsItemResponse => ({
  status,
  message,
  data,
});

/** The back-office's calls for banners, partners and the media gallery (admin-level only). */
export const cmsRoutes = new Hono<AppEnv>()
  .get('/cms/:cms_type/list', requireUser(), async (c) => {
    requireAdminLevel(c);
    const { cms_type } = parsePath(c, TypeParamSchema);
    const query = parseQuery(c, CmsListQuerySchema);
    const { data, total } = await listCmsItems(c.get('deps').db, cms_type, query);
    return c.json<CmsListResponse>({ data, total, page: query.page, per_page: query.per_page });
  })

  .get('/cms/:cms_type/view/:uuid', requireUser(), async (c) => {
    requireAdminLevel(c);
    const { cms_type } = parsePath(c, TypeParamSchema);
    const { uuid } = parsePath(c, UuidParamSchema);
    const item = await findCmsRecord(c.get('deps').db, uuid);
    // An item is found only under its own type: a banner's uuid is no partner.
    if (!item || item.cms_type !== cms_type)
      throw notFound(say('No {cmsType} item with this id', { cmsType: cms_type }));
    return c.json<CmsItemResponse>(itemResponse(200, 'CMS item', item));
  })

  .post('/cms/saved', requireUser(), async (c) => {
    const auth = requireAdminLevel(c);
    const save = await readJson(c, CmsSaveBodySchema);
    // A new item has no version yet; a change to an existing one is based on the version read.
    const version = save.uuid ? requiredVersion(c, save.version) : undefined;
    const { before, after } = await saveCmsItem(c.get('deps'), { save, version, actorId: auth.user.id });
    if (before) return c.json<CmsItemResponse>(itemResponse(200, 'Item saved', after));
    return c.json<CmsItemResponse>(itemResponse(201, 'Item created', after), 201);
  })

  // The version is optional here: the form uploads right after saving, but when it is sent
  // (If-Match) an image is never put on an item changed meanwhile.
  .post('/cms/upload/:uuid', requireUser(), async (c) => {
    const auth = requireAdminLevel(c);
    const item = await itemOfPath(c);
    const version = sentVersion(c, undefined) ?? null;
    const file = await readUploadedFile(c, { field: 'file', maxBytes: CMS_UPLOAD_MAX_BYTES });
    const after = await replaceImage(c.get('deps'), { item, bytes: file.bytes, version, actorId: auth.user.id });
    return c.json<CmsItemResponse>(itemResponse(200, 'Image uploaded', after));
  })

  .post('/cms/status/:uuid', requireUser(), async (c) => {
    const auth = requireAdminLevel(c);
    const { uuid } = parsePath(c, UuidParamSchema);
    const body = await readJson(c, CmsStatusBodySchema);
    const version = requiredVersion(c, body.version);
    const { after } = await setCmsStatus(c.get('deps'), { uuid, status: body.status, version, actorId: auth.user.id });
    return c.json<CmsItemResponse>(itemResponse(200, `The item is now ${body.status}`, after));
  })

  .post('/cms/delete/:uuid', requireUser(), async (c) => {
    const auth = requireAdminLevel(c);
    const row = await itemOfPath(c);
    // The version comes in a JSON body or as If-Match (then no body is needed).
    const body = c.req.header('content-type') ? await readJson(c, CmsDeleteBodySchema) : {};
    const version = requiredVersion(c, body.version);
    await deleteCmsItem(c.get('deps'), { row, version, actorId: auth.user.id });
    return c.json<GenericResponse>({ status: 200, message: 'Item deleted' });
  });
