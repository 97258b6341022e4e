import { Hono, type Context } from 'hono';
import { toCsv } from '../../components/charts/csv.ts';
import { requireAdminLevel, requireCountryScope, requireModuleRule, scopeCountryOf } from '../access/guards.server.ts';
import { canActInCountry, type RuleAction } from '../access/permissions.ts';
import type { AppEnv, AuthedUser } from '../http/context.server.ts';
import { notFound, parseOr400, readJson, sentVersion } from '../http/errors.server.ts';
import { requireUser } from '../identity/middleware.server.ts';
import { exportRows, listCategories, loadCategory, loadGrid, missingLatest } from './queries.server.ts';
import {
  CategoryPathSchema,
  CategorySaveBodySchema,
  DatasetPathSchema,
  DatasetPublishBodySchema,
  DatasetSaveBodySchema,
  ImportBodySchema,
  type CategoryListResponse,
  type CategoryResponse,
  type DatasetResponse,
  type GridResponse,
  type ImportResponse,
} from './schema.ts';
import { applyImport, datasetOf, previewImport, publishDataset, saveCategory, saveDataset } from './service.server.ts';

const BASE = '/profile';

/** The urban-profile-analytics module rule, then the country scope: every endpoint checks both. */
function guard(c: Context<AppEnv>, rules: readonly RuleAction[], countryCode?: string): AuthedUser {
  const auth = requireModuleRule(c, 'urban-profile-analytics', rules);
  if (countryCode !== undefined) requireCountryScope(auth, countryCode);
  return auth;
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
    const data = await loadCategory(c.get('deps').db, slug);
    if (!data) throw notFound('There is no such profile category');
    return c.json<CategoryResponse>({ status: 200, message: data.name, data });
  })

  .post(`${BASE}/category/saved`, requireUser(), async (c) => {
    const auth = requireAdminLevel(c);
    requireModuleRule(c, 'urban-profile-overview', ['create', 'update']);
    const body = await readJson(c, CategorySaveBodySchema);
    const data = await saveCategory(c.get('deps'), auth, { ...body, version: sentVersion(c, body.version) });
    return c.json<CategoryResponse>({ status: 200, message: `${data.name} saved`, data });
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
    return c.json<DatasetResponse>({ status: 200, message: body.published ? 'Figures published' : 'Figures withdrawn from the public site', data });
  })

  .post(`${BASE}/import/preview`, requireUser(), async (c) => {
    const auth = guard(c, ['create', 'update']);
    const { csv } = await readJson(c, ImportBodySchema);
    const data = await previewImport(c.get('deps'), auth, csv, (code) => canActInCountry(auth.identity, code));
    return c.json<ImportResponse>({ status: 200, message: 'What the import would change', data });
  })

  .post(`${BASE}/import`, requireUser(), async (c) => {
    const auth = guard(c, ['create', 'update']);
    const { csv } = await readJson(c, ImportBodySchema);
    const data = await applyImport(c.get('deps'), auth, csv, (code) => canActInCountry(auth.identity, code));
    return c.json<ImportResponse>({ status: 200, message: `${data.changes.length} figure${data.changes.length === 1 ? '' : 's'} imported`, data });
  })

  .get(`${BASE}/export.csv`, requireUser(), async (c) => {
    const auth = guard(c, ['view']);
    const rows = await exportRows(c.get('deps').db, scopeCountryOf(auth));
    type Row = (typeof rows)[number];
    const body = toCsv<Row>(
      [
        { name: 'country_code', value: (r) => r.country_code },
        { name: 'indicator', value: (r) => r.indicator },
        { name: 'year', value: (r) => r.year },
        { name: 'value', value: (r) => r.value },
        { name: 'source', value: (r) => r.source },
        { name: 'is_estimate', value: (r) => r.is_estimate },
        { name: 'note', value: (r) => r.note },
        { name: 'category', value: (r) => r.category },
        { name: 'status', value: (r) => r.status },
      ],
      rows,
    );
    return c.body(body, 200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': 'attachment; filename="urbanisation-profile.csv"',
      'Cache-Control': 'private, no-store',
    });
  })

  .get(`${BASE}/dashboard/missing`, requireUser(), async (c) => {
    requireAdminLevel(c);
    const data = await missingLatest(c.get('deps').db);
    return c.json({ status: 200, message: 'Countries without figures for the latest year', data });
  });
