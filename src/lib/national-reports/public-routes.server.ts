import { Hono } from 'hono';
import { publicAnswer, type AppEnv } from '../deps.server.ts';
import { corsForAnyOrigin } from '../http/cors.server.ts';
import { notFound, parsePath, parseQuery } from '../http/errors.server.ts';
import { loadCycleRow } from './queries.server.ts';
import {
  NATIONAL_REPORTS_CACHE_DOMAIN,
  publicAnswers,
  publicCycles,
  publicList,
  publicReport,
  publicStatistic,
} from './public-queries.server.ts';
import { ReportPathSchema } from './schema.ts';
import {
  PublicAnswersQuerySchema,
  PublicListQuerySchema,
  PublicStatisticQuerySchema,
  type PublicAnswersResponse,
  type PublicCyclesResponse,
  type PublicReportListResponse,
  type PublicReportResponse,
  type PublicStatisticResponse,
} from './public-schema.ts';
import { say } from '../i18n/said.ts';

const BASE = '/report/type/national/public';
/** A key of the shared public cache: this domain, the endpoint and its checked parameters. */
const key = (endpoint: string, values: unknown = null) =>
  `${NATIONAL_REPORTS_CACHE_DOMAIN}:${endpoint}:${JSON.stringify(values)}`;

/**
 * The public national-report endpoints (no sign-in): published reports only, served from the
 * shared public cache (`deps.publicCache`) with an ETag (304 on If-None-Match). Every write of
 * reports, cycles or questions invalidates the domain. A miss (404) is not cached. Any origin may
 * read them (CORS).
 */
export const publicNationalReportRoutes = new Hono<AppEnv>()
  .use(`${BASE}/*`, corsForAnyOrigin)
  .get(`${BASE}/list`, async (c) => {
    const query = parseQuery(c, PublicListQuerySchema);
    return publicAnswer(c, key('list', query), async (db) => {
      const data = await publicList(db, { ...query, latest4: query.latest_4 === 'true' });
      return { status: 200, message: 'Published national reports', data } satisfies PublicReportListResponse;
    });
  })

  .get(`${BASE}/statistic`, async (c) => {
    const { year } = parseQuery(c, PublicStatisticQuerySchema);
    return publicAnswer(c, key('statistic', year), async (db) => {
      const data = await publicStatistic(db, year);
      if (!data) throw notFound(say('There is no {year} reporting cycle', { year }));
      return { status: 200, message: say('Reporting status {year}', { year }), data } satisfies PublicStatisticResponse;
    });
  })

  .get(`${BASE}/cycles`, async (c) => {
    return publicAnswer(c, key('cycles'), async (db) => {
      const data = await publicCycles(db);
      return { status: 200, message: 'Reporting cycles', data } satisfies PublicCyclesResponse;
    });
  })

  .get(`${BASE}/answers`, async (c) => {
    const { year } = parseQuery(c, PublicAnswersQuerySchema);
    return publicAnswer(c, key('answers', year), async (db) => {
      const cycle = await loadCycleRow(db, year);
      if (!cycle || cycle.status === 'draft') throw notFound(say('There is no {year} reporting cycle', { year }));
      const body = await publicAnswers(db, year);
      return {
        status: 200,
        message: say('Published answers {year}', { year }),
        ...body,
      } satisfies PublicAnswersResponse;
    });
  })

  .get(`${BASE}/report/:year{[0-9]{4}}/:country_code{[A-Za-z]{2}}`, async (c) => {
    const { year, country_code } = parsePath(c, ReportPathSchema);
    return publicAnswer(c, key('report', [year, country_code]), async (db) => {
      const data = await publicReport(db, year, country_code);
      if (!data)
        throw notFound(say('There is no published {year} report for {country}', { year, country: country_code }));
      return { status: 200, message: 'Published national report', data } satisfies PublicReportResponse;
    });
  });
