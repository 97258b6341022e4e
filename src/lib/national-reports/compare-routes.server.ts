import { Hono, type Context } from 'hono';
import { requireAdminLevel, requireModuleRule, scopeCountryOf } from '../access/guards.server.ts';
import type { AppEnv } from '../deps.server.ts';
import { parsePath, parseQuery, readJson } from '../http/errors.server.ts';
import { requireUser } from '../identity/middleware.server.ts';
import { requestLanguage } from '../i18n/request-language.server.ts';
import { compareFile } from './compare-export.server.ts';
import { compareQuestion } from './compare.server.ts';
import {
  ComparePathSchema,
  CompareQuerySchema,
  QuotesBodySchema,
  type CompareResponse,
  type QuotesResponse,
} from './compare-schema.ts';
import { listQuotes, saveQuotes } from './synthesis-quotes.server.ts';

const BASE = '/report/type/national';
const Y = ':year{[0-9]{4}}';

/** The secretariat: an administrator with the national report module (those who accept reports). */
function requireSecretariat(c: Context<AppEnv>, rules: ('view' | 'update')[]) {
  requireModuleRule(c, 'national_report', rules);
  return requireAdminLevel(c);
}

/** One question across the region and the synthesis's quotes (issue 34 item 1, decision 075). */
export const nationalCompareRoutes = new Hono<AppEnv>()

  // ?format=csv|xlsx downloads the view from a plain link: the session cookie is enough there.
  .get(`${BASE}/compare/${Y}/:question_uuid`, requireUser({ allowSessionCookie: true }), async (c) => {
    const auth = requireModuleRule(c, 'national_report', ['view']);
    const { year, question_uuid } = parsePath(c, ComparePathSchema);
    const query = parseQuery(c, CompareQuerySchema);
    const data = await compareQuestion(c.get('deps'), {
      year,
      questionUuid: question_uuid,
      scope: scopeCountryOf(auth),
      query,
      locale: requestLanguage(),
    });
    if (query.format === 'csv' || query.format === 'xlsx') {
      const file = await compareFile(data, query.format, query.bom === '1');
      return c.body(file.body as never, 200, {
        'Content-Type': file.contentType,
        'Content-Disposition': `attachment; filename="${file.filename}"`,
        'Cache-Control': 'private, no-store',
      });
    }
    return c.json<CompareResponse>({ status: 200, message: 'Answers across the region', data });
  })

  .get(`${BASE}/synthesis/${Y}/quotes/:question_uuid`, requireUser(), async (c) => {
    requireSecretariat(c, ['view']);
    const { year, question_uuid } = parsePath(c, ComparePathSchema);
    const codes = await listQuotes(c.get('deps'), { year, questionUuid: question_uuid });
    return c.json<QuotesResponse>({
      status: 200,
      message: 'Quotes for the synthesis',
      data: { country_codes: codes },
    });
  })

  .put(`${BASE}/synthesis/${Y}/quotes/:question_uuid`, requireUser(), async (c) => {
    const auth = requireSecretariat(c, ['update']);
    const { year, question_uuid } = parsePath(c, ComparePathSchema);
    const body = await readJson(c, QuotesBodySchema);
    const codes = await saveQuotes(c.get('deps'), auth, { year, questionUuid: question_uuid }, body.country_codes);
    return c.json<QuotesResponse>({
      status: 200,
      message: 'Quotes for the synthesis saved',
      data: { country_codes: codes },
    });
  });
