import { createHash } from 'node:crypto';
import { Hono, type Context } from 'hono';
import type { AppEnv } from '../deps.server.ts';
import { corsForAnyOrigin } from '../http/cors.server.ts';
import { ApiError, notFound, parsePath, parseQuery } from '../http/errors.server.ts';
import { encodeAnswer, encodedBody, type EncodedAnswer } from '../http/encoded-answer.server.ts';
import { matchesEtag, type CachedAnswer } from '../http/public-cache.server.ts';
import { say } from '../i18n/said.ts';
import { SDMX_CSV_TYPE } from './csv.ts';
import { DATAFLOWS, PROFILE_FLOW, sdmxStructure } from './flows.ts';
import { SDMX_JSON_DATA_TYPE, type MessageMeta } from './json-data.ts';
import { SDMX_JSON_STRUCTURE_TYPE, structureMessage } from './json-structure.ts';
import { dataBody } from './messages.ts';
import { AGENCY, type FlowData } from './model.ts';
import {
  loadProfileSource,
  loadReportsSource,
  SDMX_PROFILE_DOMAIN,
  SDMX_REPORTS_DOMAIN,
  type ProfileSource,
  type ReportsSource,
} from './queries.server.ts';
import { SdmxDataPathSchema, SdmxDataQuerySchema } from './schema.ts';
import { parseDataQuery, resolveFlow, SdmxQueryError, type DataQuery } from './query.ts';

/**
 * The SDMX endpoints (issue 36; public, no sign-in, CORS GET from any origin):
 * - GET sdmx/dataflow: the SDMX-JSON 2.0 structure message;
 * - GET sdmx/data/{flow}/{key}[/{provider}]?startPeriod&endPeriod&dimensionAtObservation&format:
 *   SDMX-JSON 2.0 data (the default) or SDMX-CSV 2.0 (`Accept: application/vnd.sdmx.data+csv…` or
 *   `format=csv`).
 * The sources are read once until the profile or national reports change (the public cache's
 * shared values, cleared by their change events), and so are the answers for whole flows; a
 * query of part of a flow is cut from them on each request. Every answer has an ETag (304 on
 * If-None-Match).
 */

const profileSource = (c: Context<AppEnv>) =>
  c.get('deps').publicCache.shared(`${SDMX_PROFILE_DOMAIN}:sdmx:source`, () => loadProfileSource(c.get('deps').db));
const reportsSource = (c: Context<AppEnv>) =>
  c.get('deps').publicCache.shared(`${SDMX_REPORTS_DOMAIN}:sdmx:source`, () => loadReportsSource(c.get('deps').db));

const answerOf = (body: string): CachedAnswer => ({
  body,
  etag: `"${createHash('sha1').update(body).digest('base64url')}"`,
});

function send(c: Context<AppEnv>, answer: CachedAnswer | EncodedAnswer, type: string) {
  // no-cache: clients and proxies may keep it but must ask again; the ETag makes that cheap.
  const headers = { ETag: answer.etag, 'Cache-Control': 'no-cache', Vary: 'Accept, Accept-Encoding' };
  if (matchesEtag(c.req.header('if-none-match'), answer.etag)) return c.body(null, 304, headers);
  if (!('bytes' in answer)) return c.body(answer.body, 200, { ...headers, 'Content-Type': type });
  const { body, encoding } = encodedBody(c, answer);
  return c.body(body, 200, { ...headers, 'Content-Type': type, ...(encoding && { 'Content-Encoding': encoding }) });
}

const baseUrl = (c: Context<AppEnv>) => c.get('deps').env.PUBLIC_SITE_URL.replace(/\/+$/, '');
const shortHash = (text: string) => createHash('sha1').update(text).digest('hex').slice(0, 12);

/** The structure message, made once for each pair of sources (they are new objects after every change). */
const structures = new WeakMap<ProfileSource, WeakMap<ReportsSource, CachedAnswer>>();

function structureAnswer(c: Context<AppEnv>, profile: ProfileSource, reports: ReportsSource): CachedAnswer {
  const byReports = structures.get(profile) ?? new WeakMap<ReportsSource, CachedAnswer>();
  structures.set(profile, byReports);
  let answer = byReports.get(reports);
  if (!answer) {
    const readAt = new Date(Math.max(profile.readAt.getTime(), reports.readAt.getTime()));
    const structure = sdmxStructure({
      indicators: profile.indicators,
      questions: reports.questions,
      cycles: reports.cycles,
    });
    const meta = {
      id: `STRUCTURE-${readAt.getTime().toString(36)}`,
      prepared: readAt.toISOString(),
      baseUrl: baseUrl(c),
    };
    answer = answerOf(JSON.stringify(structureMessage(structure, meta)));
    byReports.set(reports, answer);
  }
  return answer;
}

/** Whether the client asks for SDMX-CSV: `format=csv`, or a CSV type before any JSON one in Accept. */
function wantsCsv(c: Context<AppEnv>, format: 'csv' | 'json' | undefined): boolean {
  if (format) return format === 'csv';
  const accept = (c.req.header('accept') ?? '').toLowerCase();
  const csv = accept.search(/application\/vnd\.sdmx\.data\+csv|text\/csv/);
  const json = accept.search(/json/);
  return csv >= 0 && (json < 0 || csv < json);
}

/** The message of `query` over `data`, as SDMX-CSV or SDMX-JSON; a 404 when nothing matches (SDMX REST). */
function dataAnswerBody(data: FlowData, query: DataQuery, csv: boolean, meta: MessageMeta): string {
  const body = dataBody(data, query, csv, meta);
  if (body === null) throw notFound('No published figure matches this query');
  return body;
}

async function dataAnswer(c: Context<AppEnv>) {
  const path = parsePath(c, SdmxDataPathSchema);
  const params = parseQuery(c, SdmxDataQuerySchema);
  const flow = resolveFlow(path.flow);
  if (!flow) {
    throw notFound(
      say('There is no dataflow {flow}: the dataflows are {flows}', {
        flow: path.flow.slice(0, 100),
        flows: DATAFLOWS.map((f) => f.id).join(', '),
      }),
    );
  }
  if (path.provider !== undefined && !['all', AGENCY.toLowerCase()].includes(path.provider.toLowerCase()))
    throw notFound(
      say('There is no data provider {provider}: use all or APUA', { provider: path.provider.slice(0, 100) }),
    );
  const profile = flow.id === PROFILE_FLOW;
  const source = profile ? await profileSource(c) : await reportsSource(c);
  let query: DataQuery;
  try {
    query = parseDataQuery(flow, source.data.codelists, { ...params, key: path.key });
  } catch (error) {
    if (error instanceof SdmxQueryError) throw new ApiError(400, error.said);
    throw error;
  }
  const csv = wantsCsv(c, params.format);
  const shape = JSON.stringify([
    query.key.map((codes) => (codes ? [...codes].sort() : null)),
    query.startYear,
    query.endYear,
    query.atObservation,
  ]);
  // The same figures and query make the same message (and ETag): its id and time are those of the source.
  const metaOf = (read: { readAt: Date }): MessageMeta => ({
    id: `${flow.id}-${read.readAt.getTime().toString(36)}-${shortHash(shape)}`,
    prepared: read.readAt.toISOString(),
    baseUrl: baseUrl(c),
  });
  const type = csv ? `${SDMX_CSV_TYPE};charset=utf-8` : SDMX_JSON_DATA_TYPE;
  const whole = query.key.every((codes) => codes === null) && query.startYear === null && query.endYear === null;
  if (!whole) return send(c, answerOf(dataAnswerBody(source.data, query, csv, metaOf(source))), type);
  // A whole flow (all series, all years) is made once until its data change: a few layouts at most.
  const domain = profile ? SDMX_PROFILE_DOMAIN : SDMX_REPORTS_DOMAIN;
  const cacheKey = `${domain}:sdmx:answer:${flow.id}:${csv ? 'csv' : 'json'}:${query.atObservation.join('+')}`;
  const answer = await c.get('deps').publicCache.shared(cacheKey, async () => {
    // The source of the moment, so that the answer kept is never older than the figures it is kept with.
    const current = profile ? await profileSource(c) : await reportsSource(c);
    return encodeAnswer(dataAnswerBody(current.data, query, csv, metaOf(current)));
  });
  return send(c, answer, type);
}

export const sdmxRoutes = new Hono<AppEnv>()
  .use('/sdmx/*', corsForAnyOrigin)
  .get('/sdmx/dataflow', async (c) => {
    const [profile, reports] = await Promise.all([profileSource(c), reportsSource(c)]);
    return send(c, structureAnswer(c, profile, reports), SDMX_JSON_STRUCTURE_TYPE);
  })
  .get('/sdmx/data/:flow/:key?', dataAnswer)
  .get('/sdmx/data/:flow/:key/:provider', dataAnswer);
