import { eq, sql } from 'drizzle-orm';
import { recordAudit, type DbOrTx } from '../audit/service.server.ts';
import { profileCategories, profileDatasets } from '../db/schema.ts';
import type { AppDeps, AuthedUser } from '../http/context.server.ts';
import { ApiError, notFound, StaleWriteError } from '../http/errors.server.ts';
import { answerWarnings, dataYearSchema, valueSchema } from '../questionnaires/engine.ts';
import { profileChanged } from './changes.server.ts';
import { heroKeys } from './hero.server.ts';
import {
  datasetView,
  loadCategory,
  loadCategoryRow,
  loadDatasetRow,
  countryNames,
  toCategory,
} from './queries.server.ts';
import { indicatorRules, profileEngineOptions } from './rows.ts';
import {
  type Category,
  type CategorySaveBodySchema,
  type DatasetResponse,
  type DatasetValue,
  type Indicator,
  type ValueInputSchema,
} from './schema.ts';
import type { z } from 'zod';

function invalidate(deps: AppDeps) {
  profileChanged(deps, { rebuild: false });
}

type CategoryBody = z.output<typeof CategorySaveBodySchema>;

/**
 * POST profile/category/saved (admin): creates a category or updates it against its version.
 * `hero_image: null` removes the picture (its files go once the change is committed); a picture
 * needs its description (`hero_alt`).
 */
export async function saveCategory(deps: AppDeps, auth: AuthedUser, body: CategoryBody): Promise<Category & { indicators: Indicator[] }> {
  const { before, after } = await deps.db.transaction(async (tx) => {
    const current = await loadCategoryRow(tx, body.slug, true);
    const values = {
      ...(body.name !== undefined && { name: body.name }),
      ...(body.description !== undefined && { description: body.description }),
      ...(body.icon !== undefined && { icon: body.icon }),
      ...(body.sort !== undefined && { sort: body.sort }),
      ...(body.published !== undefined && { published: body.published }),
      ...(body.body !== undefined && { body: body.body }),
      ...(body.key_facts !== undefined && { keyFacts: body.key_facts }),
      ...(body.hero_alt !== undefined && { heroAlt: body.hero_alt }),
      ...(body.hero_image === null && { hero: null }),
      updatedBy: auth.user.id,
      updatedAt: new Date(),
    };
    if (!current) {
      if (!body.name) throw new ApiError(400, 'Invalid body: check name', { name: ['is required for a new category'] });
      // A new category waits unpublished, after the others, until an administrator publishes it.
      const [last] = await tx.select({ sort: sql<number>`coalesce(max(${profileCategories.sort}), 0)` }).from(profileCategories);
      const [row] = await tx
        .insert(profileCategories)
        .values({ sort: Number(last?.sort ?? 0) + 1, published: false, ...values, slug: body.slug, name: body.name })
        .returning();
      await recordAudit(tx, { actorId: auth.user.id, entity: 'profile_category', entityId: body.slug, action: 'create', after: toCategory(row!) });
      return { before: null, after: row! };
    }
    if (body.version === undefined) throw new ApiError(400, 'Invalid body: check version', { version: ['is required to change a category'] });
    if (body.version !== current.version) throw new StaleWriteError(toCategory(current));
    const keepsHero = body.hero_image !== null && current.hero;
    if (keepsHero && (body.hero_alt ?? current.heroAlt) === '') {
      throw new ApiError(400, 'Invalid body: check hero_alt', { hero_alt: ['is required while the theme has a picture: say what it shows'] });
    }
    const [row] = await tx
      .update(profileCategories)
      .set({ ...values, version: current.version + 1 })
      .where(sql`${profileCategories.slug} = ${body.slug} and ${profileCategories.version} = ${body.version}`)
      .returning();
    if (!row) throw new StaleWriteError(toCategory(current));
    await recordAudit(tx, { actorId: auth.user.id, entity: 'profile_category', entityId: body.slug, action: 'update', before: toCategory(current), after: toCategory(row) });
    return { before: current, after: row };
  });
  if (before?.hero && !after.hero) await deps.storage.delete(heroKeys(before.hero, body.slug)).catch(() => {});
  profileChanged(deps, { rebuild: Boolean(before?.published || after.published) });
  return (await loadCategory(deps.db, body.slug, { includeRetired: true }))!;
}

type ValueOutput = z.output<typeof ValueInputSchema>;

/**
 * Checks one figure against its indicator with the questionnaire engine (value by type, limits,
 * decimals) and merges it with the stored one (fields left out keep their value). Null removes it.
 */
function mergeValue(
  indicator: Indicator,
  input: ValueOutput,
  stored: DatasetValue | undefined,
  datasetYear: number,
  errors: Record<string, string[]>,
  at: string,
): DatasetValue | null {
  const raw = input.value === undefined ? (stored?.value ?? null) : input.value;
  const parsed = valueSchema(indicatorRules(indicator)).safeParse(raw);
  if (!parsed.success) {
    (errors[`${at}.value`] ??= []).push(...parsed.error.issues.map((i) => i.message));
    return null;
  }
  if (parsed.data === null) return null;
  const dataYear = input.data_year !== undefined ? input.data_year : (stored?.data_year ?? null);
  const year = dataYearSchema(profileEngineOptions(datasetYear)).safeParse(dataYear);
  if (!year.success) (errors[`${at}.data_year`] ??= []).push(...year.error.issues.map((i) => i.message));
  return {
    indicator: indicator.code,
    value: parsed.data as number,
    data_year: dataYear,
    source: input.source !== undefined ? input.source || null : (stored?.source ?? null),
    is_estimate: input.is_estimate ?? stored?.is_estimate ?? false,
    note: input.note !== undefined ? input.note || null : (stored?.note ?? null),
  };
}

export function warningsOf(indicators: Indicator[], values: DatasetValue[]): Record<string, string[]> {
  const byCode = new Map(indicators.map((i) => [i.code, i]));
  const out: Record<string, string[]> = {};
  for (const v of values) {
    const indicator = byCode.get(v.indicator);
    if (!indicator) continue;
    const warnings = answerWarnings(indicatorRules(indicator), v.value);
    if (warnings.length) out[v.indicator] = warnings;
  }
  return out;
}

export interface DatasetKey {
  slug: string;
  countryCode: string;
  year: number;
}

/** The dataset form's data: the dataset (or an empty one) with the category's indicators. */
export async function datasetOf(db: DbOrTx, key: DatasetKey): Promise<DatasetResponse['data'] | null> {
  const category = await loadCategory(db, key.slug);
  if (!category) return null;
  const names = await countryNames(db);
  const countryName = names.get(key.countryCode);
  if (!countryName) return null;
  const row = await loadDatasetRow(db, key);
  if (!row) {
    return {
      category: key.slug,
      country_code: key.countryCode,
      country_name: countryName,
      year: key.year,
      values: [],
      narrative: null,
      status: 'draft',
      demo: false,
      version: 0,
      updated_at: new Date(0).toISOString(),
      updated_by: null,
      exists: false,
      indicators: category.indicators,
      warnings: {},
    };
  }
  const view = await datasetView(db, row);
  return { ...view, exists: true, indicators: category.indicators, warnings: warningsOf(category.indicators, view.values) };
}

/**
 * POST …/saved: validates every figure (400 naming `values.<i>.<field>`), checks the version
 * (409 with the dataset as it is now), writes and audits in one transaction.
 */
export async function saveDataset(
  deps: AppDeps,
  auth: AuthedUser,
  key: DatasetKey,
  body: { values?: ValueOutput[] | undefined; narrative?: string | null | undefined; version?: number | undefined },
): Promise<DatasetResponse['data']> {
  await deps.db.transaction(async (tx) => {
    // Retired indicators take no new figures, but the figures they have stay in the dataset.
    const category = await loadCategory(tx, key.slug, { includeRetired: true });
    if (!category) throw notFound('There is no such profile category');
    const names = await countryNames(tx);
    if (!names.has(key.countryCode)) throw notFound('There is no such country');
    const current = await loadDatasetRow(tx, key, true);
    if (current) {
      if (body.version === undefined) throw new ApiError(400, 'Invalid body: check version', { version: ['is required to change a dataset'] });
      if (body.version !== current.version) throw new StaleWriteError(await datasetView(tx, current));
    }
    const byCode = new Map(category.indicators.map((i) => [i.code, i]));
    const stored = new Map((current?.values ?? []).map((v) => [v.indicator, v]));
    const errors: Record<string, string[]> = {};
    const seen = new Set<string>();
    (body.values ?? []).forEach((input, i) => {
      const at = `values.${i}`;
      const indicator = byCode.get(input.indicator);
      if (!indicator) return void (errors[`${at}.indicator`] ??= []).push(`is not an indicator of ${category.name}`);
      if (indicator.retired_at) return void (errors[`${at}.indicator`] ??= []).push('is retired: it takes no new figures');
      if (seen.has(input.indicator)) return void (errors[`${at}.indicator`] ??= []).push('appears twice in this save');
      seen.add(input.indicator);
      const merged = mergeValue(indicator, input, stored.get(input.indicator), key.year, errors, at);
      if (merged) stored.set(input.indicator, merged);
      else stored.delete(input.indicator);
    });
    if (Object.keys(errors).length) throw new ApiError(400, `Invalid body: check ${Object.keys(errors).join(', ')}`, errors);
    const values = category.indicators.flatMap((i) => stored.get(i.code) ?? []);
    const narrative = body.narrative !== undefined ? body.narrative || null : (current?.narrative ?? null);
    if (!current) {
      const [row] = await tx
        .insert(profileDatasets)
        .values({ categorySlug: key.slug, countryCode: key.countryCode, year: key.year, values, narrative, updatedBy: auth.user.id })
        .returning();
      await recordAudit(tx, { actorId: auth.user.id, entity: 'profile_dataset', entityId: row!.id, action: 'create', after: { values, narrative } });
      return;
    }
    const [row] = await tx
      .update(profileDatasets)
      .set({ values, narrative, version: current.version + 1, updatedAt: new Date(), updatedBy: auth.user.id })
      .where(sql`${profileDatasets.id} = ${current.id} and ${profileDatasets.version} = ${current.version}`)
      .returning();
    if (!row) throw new StaleWriteError(await datasetView(tx, current));
    await recordAudit(tx, {
      actorId: auth.user.id,
      entity: 'profile_dataset',
      entityId: current.id,
      action: 'update',
      before: { values: current.values, narrative: current.narrative },
      after: { values, narrative },
    });
  });
  invalidate(deps);
  return (await datasetOf(deps.db, key))!;
}

/** POST …/publish (admin): publishes or withdraws a dataset against its version. */
export async function publishDataset(
  deps: AppDeps,
  auth: AuthedUser,
  key: DatasetKey,
  body: { published: boolean; version?: number | undefined },
): Promise<DatasetResponse['data']> {
  await deps.db.transaction(async (tx) => {
    const current = await loadDatasetRow(tx, key, true);
    if (!current) throw notFound('There is no dataset for this country and year yet');
    if (body.version === undefined) throw new ApiError(400, 'Invalid body: check version', { version: ['is required'] });
    if (body.version !== current.version) throw new StaleWriteError(await datasetView(tx, current));
    const status = body.published ? 'published' : 'draft';
    await tx
      .update(profileDatasets)
      .set({ status, version: current.version + 1, updatedAt: new Date(), updatedBy: auth.user.id })
      .where(eq(profileDatasets.id, current.id));
    await recordAudit(tx, {
      actorId: auth.user.id,
      entity: 'profile_dataset',
      entityId: current.id,
      action: body.published ? 'publish' : 'unpublish',
      before: { status: current.status },
      after: { status },
    });
  });
  invalidate(deps);
  return (await datasetOf(deps.db, key))!;
}
