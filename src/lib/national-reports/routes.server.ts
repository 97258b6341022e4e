import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { requireAdminLevel, requireCountryScope, requireModuleRule, scopeCountryOf } from '../access/guards.server.ts';
import type { RuleAction } from '../access/permissions.ts';
import type { AppEnv, AuthedUser } from '../deps.server.ts';
import {
  ApiError,
  notFound,
  parseOr400,
  parsePath,
  parseQuery,
  readJson,
  requiredVersion,
  sentVersion,
} from '../http/errors.server.ts';
import { JsonObjectSchema, VersionSchema } from '../http/schema.ts';
import { requireUser } from '../identity/middleware.server.ts';
import { overStoredCycle } from './cycles.server.ts';
import { saveCycle } from './cycle-service.server.ts';
import { answerHistory, dashboardOf, listCycles, listReports, reportActivity } from './lists.server.ts';
import { reportPdf } from './pdf.server.ts';
import { groupsIn } from './print-content.server.ts';
import { loadBundle, loadCycleRow, reportGroups } from './queries.server.ts';
import { toCycle } from './rows.server.ts';
import {
  CycleSaveBodySchema,
  PreviewQuerySchema,
  ViewReportQuerySchema,
  REPORT_COVER_MAX_BYTES,
  REPORT_UPLOAD_MAX_BYTES,
  ReportListQuerySchema,
  ReportPathSchema,
  ReportUpdateBodySchema,
  SaveAnswersBodySchema,
  type CycleListResponse,
  type CycleResponse,
  type ReportGroupsResponse,
  type ReportListResponse,
  type ReportResponse,
  type ReportViewResponse,
  type SignedPdfFactsResponse,
  type SaveAnswersResponse,
} from './schema.ts';
import { AnswerHistoryQuerySchema } from './activity-schema.ts';
import type { SignatureStatus } from '../signatures/schema.ts';
import { updateReport } from './service.server.ts';
import { reportView, saveReportAnswers } from './answers.server.ts';
import { inspectReportFile, uploadReportFile } from './upload-service.server.ts';
import { uploadReportCover } from './cover-service.server.ts';
import { readUploadedFile } from '../storage/multipart.server.ts';
import { serveReportFile } from './files.server.ts';
import { say } from '../i18n/said.ts';
import { AnswerSearchQuerySchema, type AnswerSearchResponse } from './search-schema.ts';
import { searchAnswers } from './search.server.ts';
import { nationalCompareRoutes } from './compare-routes.server.ts';

const BASE = '/report/type/national';
/** The uploads read their own body, up to their own limits (src/server/app.ts OWN_BODY_LIMIT). */
export const REPORT_UPLOAD_PATH = /^\/api\/report\/type\/national\/[^/]+\/report\/(upload|upload\/inspect|cover)$/;

const Y = ':year{[0-9]{4}}';
const CC = ':country_code{[A-Za-z]{2}}';
const UuidPathSchema = z.object({ uuid: z.uuid('must be a report id') });
const YearPathSchema = z.object({ year: ReportPathSchema.shape.year });
/** ?version= of the uploads (the body is the file). */
const VersionQuerySchema = z.object({
  version: z.preprocess((v) => (v === undefined || v === '' ? undefined : Number(v)), VersionSchema.optional()),
});

/** "I confirm this is the signed copy", as a form field beside the file or ?confirm_unsigned= (decision 025). */
const confirmed = (value: string | undefined) => value !== undefined && /^(true|1|on|yes)$/i.test(value.trim());

/** The national_report module rule, then the country scope: every endpoint checks both itself. */
function guard(c: Context<AppEnv>, rules: readonly RuleAction[], countryCode?: string): AuthedUser {
  const auth = requireModuleRule(c, 'national_report', rules);
  if (countryCode !== undefined) requireCountryScope(auth, countryCode);
  return auth;
}

async function bundleOr404(c: Context<AppEnv>, year: number, countryCode: string) {
  const bundle = await loadBundle(c.get('deps').db, { year, countryCode });
  if (!bundle) throw notFound(say('There is no {year} report for {country}', { year, country: countryCode }));
  return bundle;
}

/** What the check of a PDF found, by the status of its signature (decision 056). */
const INSPECT_MESSAGES: Record<SignatureStatus | 'none', string> = {
  none: 'The PDF is readable; it carries no digital signature',
  verified: 'The PDF is readable; its signature is valid and verified',
  valid_unverified_signer: 'The PDF is readable; its signature is valid, but its signer is not verified',
  invalid: 'The PDF is readable; its signature is invalid',
  not_checked: 'The PDF is readable; its signature was not checked',
};

export const nationalReportRoutes = new Hono<AppEnv>()

  .get(`${BASE}/dashboard`, requireUser(), async (c) => {
    const auth = guard(c, ['view']);
    const data = await dashboardOf(c.get('deps').db, scopeCountryOf(auth));
    return c.json({ status: 200, message: 'Reporting at a glance', data });
  })

  // Every answer the caller may read, found by its words in any script (decision 076).
  .get(`${BASE}/search`, requireUser(), async (c) => {
    const auth = guard(c, ['view']);
    const query = parseQuery(c, AnswerSearchQuerySchema);
    const found = await searchAnswers(c.get('deps'), auth, query);
    return c.json<AnswerSearchResponse>({
      status: 200,
      message: 'Answers found',
      ...found,
      page: query.page,
      per_page: query.per_page,
      pagination: { page: query.page, per_page: query.per_page, total: found.total },
    });
  })

  .get(`${BASE}/cycles`, requireUser(), async (c) => {
    const auth = guard(c, ['view']);
    const data = await listCycles(c.get('deps').db, scopeCountryOf(auth));
    return c.json<CycleListResponse>({ status: 200, message: 'Reporting cycles', data });
  })

  .post(`${BASE}/cycles/saved`, requireUser(), async (c) => {
    const auth = requireAdminLevel(c);
    guard(c, ['update']);
    const raw = await readJson(c, JsonObjectSchema);
    const body = parseOr400(CycleSaveBodySchema, await overStoredCycle(c.get('deps').db, raw), 'body');
    const data = await saveCycle(c.get('deps'), auth, { ...body, version: sentVersion(c, body.version) });
    return c.json<CycleResponse>({ status: 200, message: say('Cycle {year} saved', { year: data.year }), data });
  })

  .get(`${BASE}/${Y}`, requireUser(), async (c) => {
    const auth = guard(c, ['view']);
    const { year } = parsePath(c, YearPathSchema);
    const query = parseQuery(c, ReportListQuerySchema);
    const cycle = await loadCycleRow(c.get('deps').db, year);
    if (!cycle) throw notFound(say('There is no {year} reporting cycle', { year }));
    const result = await listReports(c.get('deps').db, cycle, query, scopeCountryOf(auth));
    return c.json<ReportListResponse>({
      status: 200,
      message: say('National reports {year}', { year }),
      cycle: toCycle(cycle),
      ...result,
      page: query.page,
      per_page: query.per_page,
    });
  })

  .get(`${BASE}/${Y}/${CC}/view`, requireUser(), async (c) => {
    const { year, country_code } = parsePath(c, ReportPathSchema);
    guard(c, ['view'], country_code);
    const data = await reportView(c.get('deps'), { year, countryCode: country_code });
    if (!data) throw notFound(say('There is no {year} report for {country}', { year, country: country_code }));
    return c.json<ReportViewResponse>({ status: 200, message: 'National report', data });
  })

  .post(`${BASE}/${Y}/${CC}/saved`, requireUser(), async (c) => {
    const { year, country_code } = parsePath(c, ReportPathSchema);
    const auth = guard(c, ['create', 'update'], country_code);
    const body = await readJson(c, SaveAnswersBodySchema);
    const data = await saveReportAnswers(c.get('deps'), auth, { year, countryCode: country_code }, body.answers);
    return c.json<SaveAnswersResponse>({ status: 200, message: 'Answers saved', data });
  })

  .post(`${BASE}/${Y}/${CC}/report/update`, requireUser(), async (c) => {
    const { year, country_code } = parsePath(c, ReportPathSchema);
    const auth = guard(c, ['update'], country_code);
    const body = await readJson(c, ReportUpdateBodySchema);
    const version = sentVersion(c, body.version);
    if (version === undefined)
      throw new ApiError(400, say('Invalid {what}: check {fields}', { what: 'body', fields: 'version' }), {
        version: ['is required'],
      });
    const data = await updateReport(c.get('deps'), auth, { year, countryCode: country_code }, { ...body, version });
    return c.json<ReportResponse>({
      status: 200,
      message: body.action ? say('Report {reportDone}', { reportDone: ACTION_DONE[body.action] }) : 'Report saved',
      data,
    });
  })

  // The check before the submission: pages and signature of the PDF; nothing is stored.
  .post(`${BASE}/:uuid/report/upload/inspect`, requireUser(), async (c) => {
    const { uuid } = parsePath(c, UuidPathSchema);
    const auth = guard(c, ['create', 'update']);
    const readFile = () => readUploadedFile(c, { field: 'file', maxBytes: REPORT_UPLOAD_MAX_BYTES });
    const data = await inspectReportFile(c.get('deps'), auth, uuid, readFile, (code) =>
      requireCountryScope(auth, code),
    );
    return c.json<SignedPdfFactsResponse>({
      status: 200,
      message: INSPECT_MESSAGES[data.signature?.status ?? 'none'],
      data,
    });
  })

  // The version (?version= or If-Match) is optional here: when sent, a report changed since is a 409.
  .post(`${BASE}/:uuid/report/upload`, requireUser(), async (c) => {
    const { uuid } = parsePath(c, UuidPathSchema);
    const auth = guard(c, ['create', 'update']);
    const version = sentVersion(c, parseQuery(c, VersionQuerySchema).version);
    const readFile = async () => {
      const file = await readUploadedFile(c, { field: 'file', maxBytes: REPORT_UPLOAD_MAX_BYTES });
      return {
        ...file,
        confirmUnsigned: confirmed(file.fields['confirm_unsigned'] ?? c.req.query('confirm_unsigned')),
      };
    };
    const data = await uploadReportFile(
      c.get('deps'),
      auth,
      uuid,
      readFile,
      (code) => requireCountryScope(auth, code),
      version,
    );
    return c.json<ReportResponse>({ status: 200, message: 'Signed report received: the report is submitted', data });
  })

  // The version comes as ?version= or If-Match (the body is the file); none is a 428.
  .post(`${BASE}/:uuid/report/cover`, requireUser(), async (c) => {
    const { uuid } = parsePath(c, UuidPathSchema);
    const auth = guard(c, ['update']);
    const version = requiredVersion(c, parseQuery(c, VersionQuerySchema).version);
    const readBytes = async () =>
      (await readUploadedFile(c, { field: 'file', maxBytes: REPORT_COVER_MAX_BYTES })).bytes;
    const data = await uploadReportCover(c.get('deps'), auth, {
      uuid,
      readBytes,
      version,
      checkScope: (code) => requireCountryScope(auth, code),
    });
    return c.json<ReportResponse>({ status: 200, message: 'Cover picture saved', data });
  })

  .get(`${BASE}/:uuid/report/file`, serveReportFile)

  .get(`${BASE}/${Y}/${CC}/preview`, requireUser(), async (c) => {
    const { year, country_code } = parsePath(c, ReportPathSchema);
    guard(c, ['view'], country_code);
    const { tier } = parseQuery(c, PreviewQuerySchema);
    const data = await reportGroups(c.get('deps').db, await bundleOr404(c, year, country_code), { tier });
    return c.json<ReportGroupsResponse>({ status: 200, message: 'Report preview', data });
  })

  .get(`${BASE}/${Y}/${CC}/view-report`, requireUser({ allowSessionCookie: true }), async (c) => {
    const { year, country_code } = parsePath(c, ReportPathSchema);
    guard(c, ['view'], country_code);
    const { format, lang } = parseQuery(c, ViewReportQuerySchema);
    const { db } = c.get('deps');
    const { report, groups } = await reportGroups(db, await bundleOr404(c, year, country_code));
    // The reader's language (decision 060): the portal's words translated, the country's as written.
    const printed = await groupsIn(db, groups, lang ?? 'en');
    if (format !== 'pdf')
      return c.json<ReportGroupsResponse>({
        status: 200,
        message: 'Printable report',
        data: { report, groups: printed.groups },
      });
    const pdf = await reportPdf(report, printed.groups, { locale: lang ?? 'en', english: printed.english });
    return c.body(pdf as Uint8Array<ArrayBuffer>, 200, {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `inline; filename="national-report-${country_code}-${year}${lang ? `-${lang}` : ''}.pdf"`,
      'Content-Length': String(pdf.byteLength),
      'Cache-Control': 'private, no-store',
    });
  })

  .get(`${BASE}/${Y}/${CC}/history`, requireUser(), async (c) => {
    const { year, country_code } = parsePath(c, ReportPathSchema);
    guard(c, ['view'], country_code);
    const { question } = parseQuery(c, AnswerHistoryQuerySchema);
    const bundle = await bundleOr404(c, year, country_code);
    const data = await answerHistory(c.get('deps').db, bundle.report.uuid, question);
    return c.json({ status: 200, message: 'Answer history', data });
  })

  .get(`${BASE}/${Y}/${CC}/activity`, requireUser(), async (c) => {
    const { year, country_code } = parsePath(c, ReportPathSchema);
    requireAdminLevel(c);
    guard(c, ['view'], country_code);
    const bundle = await bundleOr404(c, year, country_code);
    const data = await reportActivity(c.get('deps').db, bundle.report.uuid);
    return c.json({ status: 200, message: 'Report activity', data });
  })

  .route('/', nationalCompareRoutes);

const ACTION_DONE: Record<string, string> = {
  complete: 'marked complete',
  reopen: 'reopened',
  return: 'returned to the country',
  accept: 'accepted',
  publish: 'published',
  unpublish: 'unpublished',
  unlock: 'unlocked',
};
