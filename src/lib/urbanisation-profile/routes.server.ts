import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { requireAdminLevel, requireCountryScope, requireModuleRule, scopeCountryOf } from '../access/guards.server.ts';
import { canActInCountry, type RuleAction } from '../access/permissions.ts';
import type { AppEnv, AuthedUser } from '../deps.server.ts';
import { CMS_UPLOAD_MAX_BYTES } from '../cms/schema.ts';
import {
  notFound,
  parseOr400,
  parsePath,
  parseQuery,
  readJson,
  requiredVersion,
  sentVersion,
} from '../http/errors.server.ts';
import { text, VersionSchema } from '../http/schema.ts';
import { requireUser } from '../identity/middleware.server.ts';
import { readUploadedFile } from '../storage/multipart.server.ts';
import { replaceHero } from './hero-service.server.ts';
import {
  IndicatorPathSchema,
  IndicatorReorderBodySchema,
  IndicatorRetireBodySchema,
  IndicatorSaveBodySchema,
  type IndicatorResponse,
} from './indicator-schema.ts';
import { reorderIndicators, retireIndicator, saveIndicator } from './indicator-service.server.ts';
import { listCategories, loadCategory, loadGrid, missingLatest } from './queries.server.ts';
import {
  CategoryPathSchema,
  CategorySaveBodySchema,
  DatasetPathSchema,
  DatasetPublishBodySchema,
  DatasetSaveBodySchema,
  HERO_ALT_MAX,
  ImportBodySchema,
  type CategoryListResponse,
  type CategoryResponse,
  type DatasetResponse,
  type GridResponse,
  type ImportResponse,
} from './schema.ts';
import { loadCoverage } from './coverage.server.ts';
import type { CoverageResponse } from './coverage-schema.ts';
import { exportFigures, ExportQuerySchema } from './export.server.ts';
import { applyImport, previewImport } from './import-service.server.ts';
import { readImportUpload } from './import-upload.server.ts';
import { datasetOf, publishDataset, saveCategory, saveDataset } from './service.server.ts';
import { say } from '../i18n/said.ts';

const BASE = '/profile';

/** The picture upload reads its body with its own size limit (src/server/app.ts). */
export const PROFILE_UPLOAD_PATH = /^\/api\/profile\/(?:category\/[^/]+\/hero|import\/file(?:\/preview)?)$/;

const HeroQuerySchema = z.object({
  version: z.preprocess((v) => (v === undefined || v === '' ? undefined : Number(v)), VersionSchema.optional()),
  /** What the picture shows; without it, the theme's description of its picture stays. */
  alt: text({ max: HERO_ALT_MAX }).optional(),
});

/** Changes to the overview (themes, their pictures and indicators): an administrator with the overview rules. */
function requireOverviewWriter(c: Context<AppEnv>): AuthedUser {
  const auth = requireAdminLevel(c);
  requireModuleRule(c, 'urban-profile-overview', ['create', 'update']);
  return auth;
}

/** The urban-profile-analytics module rule, then the country scope: every endpoint checks both. */
function guard(c: Context<AppEnv>, rules: readonly RuleAction[], countryCode?: string): AuthedUser {
  const auth = requireModuleRule(c, 'urban-profile-analytics', rules);
  if (countryCode !== undefined) requireCountryScope(auth, countryCode);
  return auth;
}

const importedMessage = (n: number) => `${n} figure${n === 1 ? '' : 's'} imported`;

async function sendExport(c: Context<AppEnv>, kind: 'csv' | 'xlsx') {
  const auth = guard(c, ['view']);
  const query = parseQuery(c, ExportQuerySchema);
  const file = await exportFigures(c.get('deps').db, scopeCountryOf(auth), query, kind);
  return c.body(file.body as never, 200, {
    'Content-Type': file.contentType,
    'Content-Disposition': `attachment; filename="${file.filename}"`,
    'Cache-Control': 'private, no-store',
  });
}

function datasetKey(c: Context<AppEnv>) {
  const { slug, country_code, year } = parseOr400(DatasetPathSchema, c.req.param(), 'path');
  return { slug, countryCode: country_code, year };
}

/**
 * The signed-in profile endpoints. Overview (categories) is for administrators; analytics
 * (datasets) follow the urban-profile-analytics ACL rules and the country scope.
 */
export const profileRoutes = new Hono<AppEnv>()
  .get(`${BASE}/category/list`, requireUser(), async (c) => {
    guard(c, ['view']);
    const data = await listCategories(c.get('deps').db);
    return c.json<CategoryListResponse>({ status: 200, message: 'Profile categories', data });
  })

  .get(`${BASE}/category/:slug`, requireUser(), async (c) => {
    guard(c, ['view']);
    const { slug } = parseOr400(CategoryPathSchema, c.req.param(), 'path');
    const data = await loadCategory(c.get('deps').db, slug, { includeRetired: true });
    if (!data) throw notFound('There is no such profile category');
    return c.json<CategoryResponse>({ status: 200, message: data.name, data });
  })

  .post(`${BASE}/category/saved`, requireUser(), async (c) => {
    const auth = requireOverviewWriter(c);
    const body = await readJson(c, CategorySaveBodySchema);
    const data = await saveCategory(c.get('deps'), auth, { ...body, version: sentVersion(c, body.version) });
    return c.json<CategoryResponse>({ status: 200, message: say('{name} saved', { name: data.name }), data });
  })

  .post(`${BASE}/category/:slug/hero`, requireUser(), async (c) => {
    const auth = requireOverviewWriter(c);
    const { slug } = parsePath(c, CategoryPathSchema);
    const query = parseQuery(c, HeroQuerySchema);
    const version = sentVersion(c, query.version);
    const file = await readUploadedFile(c, { field: 'file', maxBytes: CMS_UPLOAD_MAX_BYTES });
    const data = await replaceHero(c.get('deps'), auth, slug, { bytes: file.bytes, version, alt: query.alt });
    return c.json<CategoryResponse>({
      status: 200,
      message: say('The picture of {name} is uploaded', { name: data.name }),
      data,
    });
  })

  .post(`${BASE}/indicator/saved`, requireUser(), async (c) => {
    const auth = requireOverviewWriter(c);
    const body = await readJson(c, IndicatorSaveBodySchema);
    const data = await saveIndicator(c.get('deps'), auth, { ...body, version: sentVersion(c, body.version) });
    return c.json<IndicatorResponse>({
      status: 200,
      message: say('Indicator {code} saved', { code: data.code }),
      data,
    });
  })

  .post(`${BASE}/indicator/reorder`, requireUser(), async (c) => {
    const auth = requireOverviewWriter(c);
    const body = await readJson(c, IndicatorReorderBodySchema);
    const data = await reorderIndicators(c.get('deps'), auth, body);
    return c.json<CategoryResponse>({ status: 200, message: 'Indicators reordered', data });
  })

  .post(`${BASE}/indicator/:code/retire`, requireUser(), async (c) => {
    const auth = requireOverviewWriter(c);
    const { code } = parsePath(c, IndicatorPathSchema);
    const body = await readJson(c, IndicatorRetireBodySchema);
    const data = await retireIndicator(c.get('deps'), auth, code, {
      retired: body.retired,
      version: requiredVersion(c, body.version),
    });
    return c.json<IndicatorResponse>({
      status: 200,
      message: body.retired ? say('Indicator {code} retired', { code }) : say('Indicator {code} restored', { code }),
      data,
    });
  })

  // The countries × indicators matrix of the analytics screen (issue 35 item 5, decision 081).
  .get(`${BASE}/coverage`, requireUser(), async (c) => {
    const auth = guard(c, ['view']);
    const data = await loadCoverage(c.get('deps').db, scopeCountryOf(auth));
    return c.json<CoverageResponse>({ status: 200, message: 'Urbanisation profile', data });
  })

  .get(`${BASE}/analytics/:slug`, requireUser(), async (c) => {
    const auth = guard(c, ['view']);
    const { slug } = parseOr400(CategoryPathSchema, c.req.param(), 'path');
    const data = await loadGrid(c.get('deps').db, slug, scopeCountryOf(auth));
    if (!data) throw notFound('There is no such profile category');
    return c.json<GridResponse>({ status: 200, message: data.category.name, data });
  })

  .get(`${BASE}/analytics/:slug/:country_code/:year`, requireUser(), async (c) => {
    const key = datasetKey(c);
    guard(c, ['view'], key.countryCode);
    const data = await datasetOf(c.get('deps').db, key);
    if (!data) throw notFound('There is no such category or country');
    return c.json<DatasetResponse>({ status: 200, message: `${data.country_name} ${data.year}`, data });
  })

  .post(`${BASE}/analytics/:slug/:country_code/:year/saved`, requireUser(), async (c) => {
    const key = datasetKey(c);
    const auth = guard(c, ['create', 'update'], key.countryCode);
    const body = await readJson(c, DatasetSaveBodySchema);
    const data = await saveDataset(c.get('deps'), auth, key, { ...body, version: sentVersion(c, body.version) });
    return c.json<DatasetResponse>({ status: 200, message: 'Figures saved', data });
  })

  .post(`${BASE}/analytics/:slug/:country_code/:year/publish`, requireUser(), async (c) => {
    const key = datasetKey(c);
    const auth = requireAdminLevel(c);
    guard(c, ['update'], key.countryCode);
    const body = await readJson(c, DatasetPublishBodySchema);
    const data = await publishDataset(c.get('deps'), auth, key, { ...body, version: sentVersion(c, body.version) });
    return c.json<DatasetResponse>({
      status: 200,
      message: body.published ? 'Figures published' : 'Figures withdrawn from the public site',
      data,
    });
  })

  .post(`${BASE}/import/preview`, requireUser(), async (c) => {
    const auth = guard(c, ['create', 'update']);
    const { csv } = await readJson(c, ImportBodySchema);
    const data = await previewImport(c.get('deps'), { kind: 'csv', text: csv }, 'csv', (code) =>
      canActInCountry(auth.identity, code),
    );
    return c.json<ImportResponse>({ status: 200, message: 'What the import would change', data });
  })

  .post(`${BASE}/import`, requireUser(), async (c) => {
    const auth = guard(c, ['create', 'update']);
    const { csv } = await readJson(c, ImportBodySchema);
    const data = await applyImport(c.get('deps'), auth, { kind: 'csv', text: csv }, 'csv', (code) =>
      canActInCountry(auth.identity, code),
    );
    return c.json<ImportResponse>({ status: 200, message: importedMessage(data.changes.length), data });
  })

  .post(`${BASE}/import/file/preview`, requireUser(), async (c) => {
    const auth = guard(c, ['create', 'update']);
    const source = await readImportUpload(c);
    const data = await previewImport(c.get('deps'), source, 'file', (code) => canActInCountry(auth.identity, code));
    return c.json<ImportResponse>({ status: 200, message: 'What the import would change', data });
  })

  .post(`${BASE}/import/file`, requireUser(), async (c) => {
    const auth = guard(c, ['create', 'update']);
    const source = await readImportUpload(c);
    const data = await applyImport(c.get('deps'), auth, source, 'file', (code) => canActInCountry(auth.identity, code));
    return c.json<ImportResponse>({ status: 200, message: importedMessage(data.changes.length), data });
  })

  // Plain links download these: the session cookie signs them in.
  .get(`${BASE}/export.csv`, requireUser({ allowSessionCookie: true }), (c) => sendExport(c, 'csv'))
  .get(`${BASE}/export.xlsx`, requireUser({ allowSessionCookie: true }), (c) => sendExport(c, 'xlsx'))

  .get(`${BASE}/dashboard/missing`, requireUser(), async (c) => {
    requireAdminLevel(c);
    const data = await missingLatest(c.get('deps').db);
    return c.json({ status: 200, message: 'Countries without figures for the latest year', data });
  });
