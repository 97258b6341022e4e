import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { requireCountryScope, scopeCountryOf } from '../access/guards.server.ts';
import type { AppDeps, AppEnv, AuthedUser } from '../http/context.server.ts';
import { ApiError, notFound, parsePath, parseQuery, readJson, sentVersion, StaleWriteError } from '../http/errors.server.ts';
import { text, VersionSchema, type GenericResponse } from '../http/schema.ts';
import { requireUser } from '../identity/middleware.server.ts';
import { readUploadedFile } from '../storage/multipart.server.ts';
import { actorOf, deleteCheck, requireCreator, requireReviewer, requireScope, requireViewer, requireWriter, resolveCheck, writeCheck } from './access.server.ts';
import { addComment, resolveComment } from './comments.server.ts';
import type { PracticeRow } from './mappers.server.ts';
import { attachMedia, replaceImageCard } from './media-writes.server.ts';
import { keysOfImage, practiceFolder, recutCard, storePracticeImage, storePracticePdf } from './media.server.ts';
import { BEST_PRACTICES_CACHE_DOMAIN } from './public-queries.server.ts';
import { findPractice, listCategories, listPractices, practiceDashboard, practiceDetail } from './queries.server.ts';
import { NUA_THRUSTS, SDG_GOALS } from './reference.ts';
import {
  CommentResolveBodySchema,
  CropSchema,
  ImageCropBodySchema,
  PRACTICE_ATTACHMENTS_MAX,
  PRACTICE_IMAGE_MAX_BYTES,
  PRACTICE_IMAGES_MAX,
  PRACTICE_PDF_MAX_BYTES,
  PracticeCommentBodySchema,
  PracticeListQuerySchema,
  PracticeSaveBodySchema,
  PracticeTransitionBodySchema,
  type PracticeDashboard,
  type PracticeListResponse,
  type PracticeRef,
  type PracticeResponse,
  type PracticeStatus,
} from './schema.ts';
import { createPractice, deletePractice, invalid, transitionPractice, updatePractice, type SaveResult } from './service.server.ts';
import { changesPublicSite } from './workflow.ts';

/** The upload endpoints read their body with their own size limit (src/server/app.ts). */
export const PRACTICE_UPLOAD_PATH = /^\/api\/best-practice\/[^/]+\/(upload|attachment)$/;

const UuidParamSchema = z.object({ uuid: z.uuid('must be a UUID') });
const CommentParamSchema = UuidParamSchema.extend({ id: z.string().regex(/^\d{1,9}$/, 'must be a comment number').transform(Number) });
const ImageParamSchema = UuidParamSchema.extend({ id: text({ max: 40, min: 1 }).regex(/^[A-Za-z0-9-]+$/, 'must be an image id') });
const UploadQuerySchema = z.object({
  version: z.preprocess((v) => (v === undefined || v === '' ? undefined : Number(v)), VersionSchema.optional()),
  /** The crop of the card, `x,y,width,height` in fractions of the picture. */
  crop: text({ max: 200 })
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === '') return null;
      const [x, y, width, height] = v.split(',').map(Number);
      const parsed = CropSchema.safeParse({ x, y, width, height });
      if (!parsed.success) {
        ctx.addIssue({ code: 'custom', message: 'must be x,y,width,height: fractions of the picture between 0 and 1' });
        return z.NEVER;
      }
      return parsed.data;
    }),
  title: text({ max: 160 }).optional(),
});

async function practiceOfPath(c: Context<AppEnv>) {
  const { uuid } = parsePath(c, UuidParamSchema);
  const found = await findPractice(c.get('deps').db, uuid);
  if (!found) throw notFound('No best practice with this id');
  return found;
}

async function answer(c: Context<AppEnv>, status: 200 | 201, message: string, uuid: string) {
  const found = await findPractice(c.get('deps').db, uuid);
  if (!found) throw notFound('No best practice with this id');
  const data = await practiceDetail(c.get('deps').db, found.row, found.country);
  return c.json<PracticeResponse>({ status, message, data }, status);
}

/** A change to a published practice (or one becoming or leaving published) rebuilds the site. */
function rebuildIfPublic(deps: AppDeps, before: PracticeRow | null, after: PracticeRow | null): void {
  const from = (before?.status ?? 'draft') as PracticeStatus;
  const to = (after?.status ?? 'draft') as PracticeStatus;
  if (changesPublicSite(from, to)) void deps.site.request();
}

async function dropFiles(deps: AppDeps, result: SaveResult): Promise<void> {
  const keys = [...result.dropped.images.flatMap(keysOfImage), ...result.dropped.attachments.map((a) => a.key)];
  // Files shared with a kept image (the same picture uploaded twice) stay.
  const kept = new Set(result.after.images.flatMap(keysOfImage));
  await deps.storage.delete(keys.filter((k) => !kept.has(k))).catch(() => {});
}

function requireAuthorOrReviewer(c: Context<AppEnv>, action: string): AuthedUser {
  return action === 'submit' || action === 'withdraw' ? requireWriter(c) : requireReviewer(c);
}

/** The back-office's calls for best practices (issue 9); see docs/decisions/010-best-practices.md. */
export const practiceRoutes = new Hono<AppEnv>()
  // Every write of the domain, whatever it changed, invalidates the public library's cached answers.
  .use('/best-practice/*', async (c, next) => {
    try {
      await next();
    } finally {
      if (c.req.method !== 'GET' && c.req.method !== 'HEAD') c.get('deps').publicCache.invalidate(BEST_PRACTICES_CACHE_DOMAIN);
    }
  })
  .get('/best-practice/ref', requireUser(), async (c) => {
    requireViewer(c);
    const data: PracticeRef = {
      categories: await listCategories(c.get('deps').db),
      nua_thrusts: NUA_THRUSTS.map((t) => ({ code: t.code, name: t.name })),
      sdg_goals: SDG_GOALS.map((name, i) => ({ goal: i + 1, name })),
    };
    return c.json({ status: 200, message: 'Reference data of best practices', data });
  })

  .get('/best-practice/list', requireUser(), async (c) => {
    const auth = requireViewer(c);
    const query = parseQuery(c, PracticeListQuerySchema);
    const { data, total } = await listPractices(c.get('deps').db, query, scopeCountryOf(auth));
    return c.json<PracticeListResponse>({ data, total, page: query.page, per_page: query.per_page });
  })

  .get('/best-practice/dashboard', requireUser(), async (c) => {
    const auth = requireViewer(c);
    const data: PracticeDashboard = await practiceDashboard(c.get('deps').db, scopeCountryOf(auth), actorOf(auth) === 'reviewer');
    return c.json({ status: 200, message: 'Best practices at a glance', data });
  })

  .get('/best-practice/show/:uuid', requireUser(), async (c) => {
    const auth = requireViewer(c);
    const { row, country } = await practiceOfPath(c);
    requireScope(auth, row);
    const data = await practiceDetail(c.get('deps').db, row, country);
    return c.json<PracticeResponse>({ status: 200, message: 'Best practice', data });
  })

  .post('/best-practice/saved', requireUser(), async (c) => {
    const body = await readJson(c, PracticeSaveBodySchema);
    const deps = c.get('deps');
    if (!body.uuid) {
      const auth = requireCreator(c, body.country_code);
      const { after } = await createPractice(deps.db, body, auth);
      return answer(c, 201, 'Best practice created', after.uuid);
    }
    const auth = requireWriter(c);
    if (body.country_code) requireCountryScope(auth, body.country_code);
    const result = await updatePractice(deps.db, body.uuid, body, sentVersion(c, body.version), auth, writeCheck(auth, 'edit'));
    await dropFiles(deps, result);
    if (result.after.status === 'published') void deps.site.request();
    return answer(c, 200, 'Best practice saved', result.after.uuid);
  })

  .post('/best-practice/:uuid/transition', requireUser(), async (c) => {
    const body = await readJson(c, PracticeTransitionBodySchema);
    const auth = requireAuthorOrReviewer(c, body.action);
    const { uuid } = parsePath(c, UuidParamSchema);
    const deps = c.get('deps');
    const { before, after } = await transitionPractice(deps.db, uuid, body, sentVersion(c, body.version), auth, actorOf(auth), writeCheck(auth, 'act'));
    if (before.status !== after.status || before.featured !== after.featured) rebuildIfPublic(deps, before, after);
    return answer(c, 200, 'Best practice updated', uuid);
  })

  .post('/best-practice/:uuid/comment', requireUser(), async (c) => {
    const auth = requireReviewer(c);
    const { row } = await practiceOfPath(c);
    const body = await readJson(c, PracticeCommentBodySchema);
    await addComment(c.get('deps').db, row, body, auth);
    return answer(c, 201, 'Comment added', row.uuid);
  })

  .post('/best-practice/:uuid/comment/:id/resolve', requireUser(), async (c) => {
    const auth = requireWriter(c);
    const { uuid, id } = parsePath(c, CommentParamSchema);
    const body = await readJson(c, CommentResolveBodySchema);
    const { changed } = await resolveComment(c.get('deps').db, uuid, id, body.resolved, sentVersion(c, body.version), auth, resolveCheck(auth));
    const message = !changed ? 'Nothing to change' : body.resolved ? 'Comment resolved' : 'Comment open again';
    return answer(c, 200, message, uuid);
  })

  .post('/best-practice/:uuid/image/:id/crop', requireUser(), async (c) => {
    const auth = requireWriter(c);
    const { uuid, id } = parsePath(c, ImageParamSchema);
    const found = await findPractice(c.get('deps').db, uuid);
    if (!found) throw notFound('No best practice with this id');
    writeCheck(auth, 'edit')(found.row);
    const body = await readJson(c, ImageCropBodySchema);
    const version = sentVersion(c, body.version);
    const image = found.row.images.find((i) => i.id === id);
    if (!image) throw notFound('No image with this id in the practice: it may have been removed');
    // Version problems are told before the picture is cut; the transaction checks again.
    if (version === undefined) throw invalid('version', 'is required: send the version of the practice you read');
    if (version !== found.row.version) throw new StaleWriteError(await practiceDetail(c.get('deps').db, found.row, found.country));
    const deps = c.get('deps');
    const { card, keys } = await recutCard(deps.storage, uuid, image, body.crop);
    let result: Awaited<ReturnType<typeof replaceImageCard>>;
    try {
      result = await replaceImageCard(deps.db, uuid, id, version, auth, writeCheck(auth, 'edit'), { card, crop: body.crop });
    } catch (error) {
      const inUse = new Set((await findPractice(deps.db, uuid))?.row.images.flatMap(keysOfImage) ?? []);
      await deps.storage.delete(keys.filter((k) => !inUse.has(k))).catch(() => {});
      throw error;
    }
    // The old card's files go, unless the new crop made the same ones.
    const kept = new Set(result.after.images.flatMap(keysOfImage));
    await deps.storage.delete(keysOfImage(result.replaced).filter((k) => !kept.has(k))).catch(() => {});
    if (result.after.status === 'published') void deps.site.request();
    return answer(c, 200, 'Card picture cropped', uuid);
  })

  .post('/best-practice/:uuid/upload', requireUser(), async (c) => {
    const auth = requireWriter(c);
    const { row } = await practiceOfPath(c);
    writeCheck(auth, 'edit')(row);
    const query = parseQuery(c, UploadQuerySchema);
    const version = sentVersion(c, query.version);
    if (row.images.length >= PRACTICE_IMAGES_MAX) throw new ApiError(400, `A practice has at most ${PRACTICE_IMAGES_MAX} images: remove one first`);
    const file = await readUploadedFile(c, { field: 'file', maxBytes: PRACTICE_IMAGE_MAX_BYTES });
    const deps = c.get('deps');
    const { image, keys } = await storePracticeImage(deps.storage, row.uuid, file.bytes, { crop: query.crop, caption: null, credit: null });
    try {
      const { after } = await attachMedia(deps.db, row.uuid, version, auth, writeCheck(auth, 'edit'), { image }, { images: PRACTICE_IMAGES_MAX, attachments: PRACTICE_ATTACHMENTS_MAX });
      if (after.status === 'published') void deps.site.request();
    } catch (error) {
      const inUse = new Set((await findPractice(deps.db, row.uuid))?.row.images.flatMap(keysOfImage) ?? []);
      await deps.storage.delete(keys.filter((k) => !inUse.has(k))).catch(() => {});
      throw error;
    }
    return answer(c, 201, 'Image uploaded', row.uuid);
  })

  .post('/best-practice/:uuid/attachment', requireUser(), async (c) => {
    const auth = requireWriter(c);
    const { row } = await practiceOfPath(c);
    writeCheck(auth, 'edit')(row);
    const query = parseQuery(c, UploadQuerySchema);
    const version = sentVersion(c, query.version);
    if (row.attachments.length >= PRACTICE_ATTACHMENTS_MAX) throw new ApiError(400, `A practice has at most ${PRACTICE_ATTACHMENTS_MAX} documents: remove one first`);
    const file = await readUploadedFile(c, { field: 'file', maxBytes: PRACTICE_PDF_MAX_BYTES });
    const deps = c.get('deps');
    const title = query.title || file.name.replace(/\.pdf$/i, '').slice(0, 160) || 'Document';
    const attachment = await storePracticePdf(deps.storage, row.uuid, file.bytes, { title, fileName: file.name });
    try {
      const { after } = await attachMedia(deps.db, row.uuid, version, auth, writeCheck(auth, 'edit'), { attachment }, { images: PRACTICE_IMAGES_MAX, attachments: PRACTICE_ATTACHMENTS_MAX });
      if (after.status === 'published') void deps.site.request();
    } catch (error) {
      const inUse = new Set((await findPractice(deps.db, row.uuid))?.row.attachments.map((a) => a.key) ?? []);
      if (!inUse.has(attachment.key)) await deps.storage.delete([attachment.key]).catch(() => {});
      throw error;
    }
    return answer(c, 201, 'Document uploaded', row.uuid);
  })

  .post('/best-practice/:uuid/delete', requireUser(), async (c) => {
    const auth = requireWriter(c);
    const { row } = await practiceOfPath(c);
    deleteCheck(auth, row);
    const deps = c.get('deps');
    await deletePractice(deps.db, row, auth);
    await deps.storage.deleteFolder(practiceFolder(row.uuid));
    return c.json<GenericResponse>({ status: 200, message: 'Best practice deleted' });
  });
