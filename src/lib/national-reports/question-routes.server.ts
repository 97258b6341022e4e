import { Hono } from 'hono';
import { z } from 'zod';
import { requireAdminLevel, requireModuleRule } from '../access/guards.server.ts';
import type { AppEnv } from '../deps.server.ts';
import { parseOr400, parsePath, parseQuery, readJson, requiredVersion, sentVersion } from '../http/errors.server.ts';
import { JsonObjectSchema } from '../http/schema.ts';
import { requireUser } from '../identity/middleware.server.ts';
import { listQuestions, listSubcategories, listThrusts } from './questions.server.ts';
import {
  QuestionListQuerySchema,
  QuestionReorderBodySchema,
  QuestionRetireBodySchema,
  QuestionSaveBodySchema,
  SubcategoryQuerySchema,
  type QuestionListResponse,
  type QuestionResponse,
  type SubcategoryListResponse,
  type ThrustListResponse,
} from './question-schema.ts';
import { overStoredQuestion, reorderQuestions, retireQuestion, saveQuestion } from './question-service.server.ts';
import { say } from '../i18n/said.ts';

const UuidPathSchema = z.object({ uuid: z.uuid('must be a question id') });

/**
 * question/*: the reference data of the questionnaire; reading needs the national_report view rule, writing an
 * administrator.
 */
export const questionRoutes = new Hono<AppEnv>()
  .get('/question/ref/thrust', requireUser(), async (c) => {
    requireModuleRule(c, 'national_report', ['view']);
    const data = await listThrusts(c.get('deps').db);
    return c.json<ThrustListResponse>({ status: 200, message: 'Thrusts', data });
  })
  .get('/question/ref/subcategory', requireUser(), async (c) => {
    requireModuleRule(c, 'national_report', ['view']);
    const { thrust } = parseQuery(c, SubcategoryQuerySchema);
    const data = await listSubcategories(c.get('deps').db, thrust || undefined);
    return c.json<SubcategoryListResponse>({ status: 200, message: 'Subcategories', data });
  })
  .get('/question/list', requireUser(), async (c) => {
    requireModuleRule(c, 'national_report', ['view']);
    const query = parseQuery(c, QuestionListQuerySchema);
    const data = await listQuestions(c.get('deps').db, { ...query, includeRetired: query.include_retired === 'true' });
    return c.json<QuestionListResponse>({ status: 200, message: 'Questions', data });
  })
  .post('/question/saved', requireUser(), async (c) => {
    const auth = requireAdminLevel(c);
    requireModuleRule(c, 'national_report', ['update']);
    const raw = await readJson(c, JsonObjectSchema);
    const body = parseOr400(QuestionSaveBodySchema, await overStoredQuestion(c.get('deps').db, raw), 'body');
    const data = await saveQuestion(c.get('deps'), auth, { ...body, version: sentVersion(c, body.version) });
    return c.json<QuestionResponse>({ status: 200, message: say('Question {code} saved', { code: data.code }), data });
  })
  .post('/question/reorder', requireUser(), async (c) => {
    const auth = requireAdminLevel(c);
    requireModuleRule(c, 'national_report', ['update']);
    const body = await readJson(c, QuestionReorderBodySchema);
    await reorderQuestions(c.get('deps'), auth, body);
    const data = await listQuestions(c.get('deps').db, { includeRetired: true });
    return c.json<QuestionListResponse>({ status: 200, message: 'Questions reordered', data });
  })
  .post('/question/retire/:uuid', requireUser(), async (c) => {
    const auth = requireAdminLevel(c);
    requireModuleRule(c, 'national_report', ['update']);
    const { uuid } = parsePath(c, UuidPathSchema);
    const type = c.req.header('content-type') ?? '';
    const body = type.includes('application/json')
      ? await readJson(c, QuestionRetireBodySchema)
      : QuestionRetireBodySchema.parse({});
    const data = await retireQuestion(c.get('deps'), auth, uuid, {
      ...body,
      version: requiredVersion(c, body.version),
    });
    return c.json<QuestionResponse>({
      status: 200,
      message: data.retired_at
        ? say('Question {code} retired', { code: data.code })
        : say('Question {code} restored', { code: data.code }),
      data,
    });
  });
