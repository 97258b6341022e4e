import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { requireCountryScope, scopeCountryOf } from '../access/guards.server.ts';
import type { AppEnv, AuthedUser } from '../deps.server.ts';
import { notFound, parsePath, parseQuery, readJson, sentVersion } from '../http/errors.server.ts';
import { text, VersionSchema, type GenericResponse } from '../http/schema.ts';
import { requireUser } from '../identity/middleware.server.ts';
import { readUploadedFile } from '../storage/multipart.server.ts';
import {
  actorOf,
  deleteCheck,
  requireCreator,
  requireReviewer,
  requireScope,
  requireViewer,
  requireWriter,
  resolveCheck,
  writeCheck,
} from './access.server.ts';
import { addComment, resolveComment } from './comment-service.server.ts';
import { cropPracticeImage, uploadPracticeAttachment, uploadPracticeImage } from './media-service.server.ts';
import { findPractice, listCategories, listPractices, practiceDashboard, practiceDetail } from './queries.server.ts';
import { NUA_THRUSTS, SDG_GOALS } from './reference.ts';
import {
  CommentResolveBodySchema,
  CropSchema,
  ImageCropBodySchema,
  PRACTICE_IMAGE_MAX_BYTES,
  PRACTICE_PDF_MAX_BYTES,
  PracticeCommentBodySchema,
  PracticeListQuerySchema,
  PracticeSaveBodySchema,
  PracticeSectionsBodySchema,
  PracticeTransitionBodySchema,
  type PracticeDashboard,
  type PracticeListResponse,
  type PracticeRef,
  type PracticeResponse,
  type PracticeSectionsResponse,
} from './schema.ts';
import { savePracticeSections } from './sections.server.ts';
import { createPractice, deletePractice, transitionPractice, updatePractice } from './service.server.ts';

/** The upload endpoints read their body with their own size limit (src/server/app.ts). */
export const PRACTICE_UPLOAD_PATH = /^\/api\/best-practice\/[^/]+\/(upload|attachment)$/;

const UuidParamSchema = z.object({ uuid: z.uuid('must be a UUID') });
const CommentParamSchema = UuidParamSchema.extend({
  id: z
    .string()
    .regex(/^\d{1,9}$/, 'must be a comment number')
    .transform(Number),
});
const ImageParamSchema = UuidParamSchema.extend({
  id: text({ max: 40, min: 1 }).regex(/^[A-Za-z0-9-]+$/, 'must be an image id'),
});
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

/**
 * An upload's writer (checked first), practice, version and query, and its file read on demand
 * up to `maxBytes` from the form field `file`: what both upload services take.
 */
function uploadOf(c: Context<AppEnv>, maxBytes: number) {
  const auth = requireWriter(c);
  const { uuid } = parsePath(c, UuidParamSchema);
  const query = parseQuery(c, UploadQuerySchema);
  const readFile = () => readUploadedFile(c, { field: 'file', maxBytes });
  return {
    query,
    write: { uuid, version: sentVersion(c, query.version), auth, mayEdit: writeCheck(auth, 'edit'), readFile },
  };
}

/** The actions a practice's writers take (the workflow then says whether now); reviewers take the others. */
const WRITER_ACTIONS: readonly string[] = ['submit', 'withdraw', 'revise'];

function requireAuthorOrReviewer(c: Context<AppEnv>, action: string): AuthedUser {
  return WRITER_ACTIONS.includes(action) ? requireWriter(c) : requireReviewer(c);
}

/**
 * The back-office's calls for best practices (issue 9); see docs/decisions/010-best-practices.md.
 * Writes go through the services, whose change events clear the public library's cache and queue
 * the site's rebuild (src/lib/events/subscribers.server.ts): nothing here does.
 */
export const practiceRoutes = new Hono<AppEnv>()
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
    const data: PracticeDashboard = await practiceDashboard(
      c.get('deps').db,
      scopeCountryOf(auth),
      actorOf(auth) === 'reviewer',
    );
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
      const { after } = await createPractice(deps, body, auth);
      return answer(c, 201, 'Best practice created', after.uuid);
    }
    const auth = requireWriter(c);
    if (body.country_code) requireCountryScope(auth, body.country_code);
    const result = await updatePractice(
      deps,
      body.uuid,
      body,
      sentVersion(c, body.version),
      auth,
      writeCheck(auth, 'edit'),
    );
    return answer(c, 200, 'Best practice saved', result.after.uuid);
  })

  // The narrative sections through the questionnaire engine (decision 047): per-section versions, 409 with the sections
  // as they are now.
  .post('/best-practice/:uuid/sections', requireUser(), async (c) => {
    const auth = requireWriter(c);
    const { uuid } = parsePath(c, UuidParamSchema);
    const body = await readJson(c, PracticeSectionsBodySchema);
    const data = await savePracticeSections(c.get('deps'), auth, uuid, body.answers);
    return c.json<PracticeSectionsResponse>({ status: 200, message: 'Sections saved', data });
  })

  .post('/best-practice/:uuid/transition', requireUser(), async (c) => {
    const body = await readJson(c, PracticeTransitionBodySchema);
    const auth = requireAuthorOrReviewer(c, body.action);
    const { uuid } = parsePath(c, UuidParamSchema);
    await transitionPractice(
      c.get('deps'),
      uuid,
      body,
      sentVersion(c, body.version),
      auth,
      actorOf(auth),
      writeCheck(auth, 'act'),
    );
    return answer(c, 200, 'Best practice updated', uuid);
  })

  .post('/best-practice/:uuid/comment', requireUser(), async (c) => {
    const auth = requireReviewer(c);
    const { row } = await practiceOfPath(c);
    const body = await readJson(c, PracticeCommentBodySchema);
    await addComment(c.get('deps'), row, body, auth);
    return answer(c, 201, 'Comment added', row.uuid);
  })

  .post('/best-practice/:uuid/comment/:id/resolve', requireUser(), async (c) => {
    const auth = requireWriter(c);
    const { uuid, id } = parsePath(c, CommentParamSchema);
    const body = await readJson(c, CommentResolveBodySchema);
    const { changed } = await resolveComment(
      c.get('deps'),
      uuid,
      id,
      body.resolved,
      sentVersion(c, body.version),
      auth,
      resolveCheck(auth),
    );
    const message = !changed ? 'Nothing to change' : body.resolved ? 'Comment resolved' : 'Comment open again';
    return answer(c, 200, message, uuid);
  })

  .post('/best-practice/:uuid/image/:id/crop', requireUser(), async (c) => {
    const auth = requireWriter(c);
    const { uuid, id } = parsePath(c, ImageParamSchema);
    const body = await readJson(c, ImageCropBodySchema);
    const version = sentVersion(c, body.version);
    await cropPracticeImage(c.get('deps'), {
      uuid,
      version,
      auth,
      mayEdit: writeCheck(auth, 'edit'),
      imageId: id,
      crop: body.crop,
    });
    return answer(c, 200, 'Card picture cropped', uuid);
  })

  .post('/best-practice/:uuid/upload', requireUser(), async (c) => {
    const { write, query } = uploadOf(c, PRACTICE_IMAGE_MAX_BYTES);
    await uploadPracticeImage(c.get('deps'), { ...write, crop: query.crop });
    return answer(c, 201, 'Image uploaded', write.uuid);
  })

  .post('/best-practice/:uuid/attachment', requireUser(), async (c) => {
    const { write, query } = uploadOf(c, PRACTICE_PDF_MAX_BYTES);
    await uploadPracticeAttachment(c.get('deps'), { ...write, title: query.title });
    return answer(c, 201, 'Document uploaded', write.uuid);
  })

  .post('/best-practice/:uuid/delete', requireUser(), async (c) => {
    const auth = requireWriter(c);
    const { row } = await practiceOfPath(c);
    deleteCheck(auth, row);
    await deletePractice(c.get('deps'), row, auth);
    return c.json<GenericResponse>({ status: 200, message: 'Best practice deleted' });
  });
