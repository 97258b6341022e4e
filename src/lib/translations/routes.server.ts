/** The API of content translations (decision 044): administrators read and write them. */
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../deps.server.ts';
import { requireAdminLevel } from '../access/guards.server.ts';
import { corsForAnyOrigin } from '../http/cors.server.ts';
import { notFound, parsePath, parseQuery, readJson, sentVersion } from '../http/errors.server.ts';
import { etaggedJson } from '../http/public-cache.server.ts';
import { requireUser } from '../identity/middleware.server.ts';
import { findTranslations, listTranslations, publicTranslations } from './queries.server.ts';
import {
  TranslatableSchema,
  PublicTranslationsPathSchema,
  TranslationBodySchema,
  TranslationListQuerySchema,
  TranslationLocaleSchema,
  type ContentTranslationsResponse,
  type PublicTranslationsResponse,
  type TranslationListResponse,
  type LocaleTranslationResponse,
} from './schema.ts';
import { saveTranslation } from './service.server.ts';
import { englishFields } from './sources.server.ts';
import { say } from '../i18n/said.ts';

const RecordParams = z.object({ entity: TranslatableSchema, key: z.string().min(1).max(80) });
const LocaleParams = RecordParams.extend({ locale: TranslationLocaleSchema });

export const translationRoutes = new Hono<AppEnv>()
  // Public (any origin): the site's build reads each language's translations of public content. Read anew each
  // time (no cache holds translations), with an ETag.
  .use('/translation/public/*', corsForAnyOrigin)
  .get('/translation/public/:locale', async (c) => {
    const { locale } = parsePath(c, PublicTranslationsPathSchema);
    const data = await publicTranslations(c.get('deps').db, locale);
    return etaggedJson(c, { status: 200, message: 'Translations', data } satisfies PublicTranslationsResponse);
  })

  .get('/translation/list', requireUser(), async (c) => {
    requireAdminLevel(c);
    const query = parseQuery(c, TranslationListQuerySchema);
    const { items, total } = await listTranslations(c.get('deps').db, query);
    return c.json<TranslationListResponse>({ data: items, page: query.page, per_page: query.per_page, total });
  })

  .get('/translation/:entity/:key', requireUser(), async (c) => {
    requireAdminLevel(c);
    const { entity, key } = parsePath(c, RecordParams);
    const { db } = c.get('deps');
    const fields = await englishFields(db, entity, key);
    if (!fields) throw notFound(say('No {entity} {key}', { entity: entity.replace('-', ' '), key }));
    const translations = await findTranslations(db, entity, key, fields);
    return c.json<ContentTranslationsResponse>({
      status: 200,
      message: 'Translations',
      data: { entity, key, fields, translations },
    });
  })

  .post('/translation/:entity/:key/:locale', requireUser(), async (c) => {
    const auth = requireAdminLevel(c);
    const { entity, key, locale } = parsePath(c, LocaleParams);
    const body = await readJson(c, TranslationBodySchema);
    const data = await saveTranslation(c.get('deps'), {
      entity,
      key,
      locale,
      fields: body.fields,
      version: sentVersion(c, body.version),
      actorId: auth.user.id,
    });
    return c.json<LocaleTranslationResponse>({ status: 200, message: 'Translation saved', data });
  });
