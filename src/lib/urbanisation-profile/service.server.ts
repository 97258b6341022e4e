import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../audit/service.server.ts';
import { profileCategories, profileDatasets } from '../db/schema.ts';
import type { AppDeps, AuthedUser } from '../deps.server.ts';
import { ApiError, notFound, StaleWriteError } from '../http/errors.server.ts';
import { sentFields } from '../http/schema.ts';
import { answerWarnings } from '../questionnaires/engine.ts';
import type { DatasetKey } from './figures-form.server.ts';
import { createDataset, figureInputs, saveFigures } from './figures.server.ts';
import { heroKeys } from './hero-service.server.ts';
import {
  datasetView,
  loadCategory,
  loadCategoryRow,
  loadDatasetRow,
  openDataValues,
  countryNames,
  toCategory,
} from './queries.server.ts';
import { keptCopy, NO_COPY } from '../site/publication-copies.server.ts';
import { indicatorQuestion } from './rows.ts';
import {
  type Category,
  type CategorySaveBodySchema,
  type DatasetResponse,
  type DatasetValue,
  type Indicator,
  type ValueInputSchema,
} from './schema.ts';
import type { z } from 'zod';
import { say } from '../i18n/said.ts';

type CategoryBody = z.output<typeof CategorySaveBodySchema>;

/**
 * POST profile/category/saved (admin): creates a category or updates it against its version.
 * `hero_image: null` removes the picture (its files go once the change is committed); a picture
 * needs its description (`hero_alt`). A change to a theme that is public before or after it
 * rebuilds the site (`profile.category.saved`).
 */
export async function saveCategory(
  deps: AppDeps,
  auth: AuthedUser,
  body: CategoryBody,
): Promise<Category & { indicators: Indicator[] }> {
  const { before, after } = await deps.changes.write(deps.db, async (w) => {
    const { tx } = w;
    const emit = (published: boolean) =>
      w.emit({ type: 'profile.category.saved', data: { slug: body.slug }, actorId: auth.user.id, site: published });
    const current = await loadCategoryRow(tx, body.slug, true);
    const values = {
      ...sentFields(body, {
        name: 'name',
        description: 'description',
        icon: 'icon',
        sort: 'sort',
        published: 'published',
        body: 'body',
        key_facts: 'keyFacts',
        hero_alt: 'heroAlt',
      }),
      ...(body.hero_image === null && { hero: null }),
      updatedBy: auth.user.id,
      updatedAt: new Date(),
    };
    if (!current) {
      if (!body.name)
        throw new ApiError(400, say('Invalid {what}: check {fields}', { what: 'body', fields: 'name' }), {
          name: ['is required for a new category'],
        });
      // A new category waits unpublished, after the others, until an administrator publishes it.
      const [last] = await tx
        .select({ sort: sql<number>`coalesce(max(${profileCategories.sort}), 0)` })
        .from(profileCategories);
      const [row] = await tx
        .insert(profileCategories)
        .values({ sort: Number(last?.sort ?? 0) + 1, published: false, ...values, slug: body.slug, name: body.name })
        .returning();
      await w.audit({
        actorId: auth.user.id,
        entity: 'profile_category',
        entityId: body.slug,
        action: 'create',
        after: toCategory(row!),
      });
      await emit(row!.published);
      return { before: null, after: row! };
    }
    if (body.version === undefined)
      throw new ApiError(400, say('Invalid {what}: check {fields}', { what: 'body', fields: 'version' }), {
        version: ['is required to change a category'],
      });
    if (body.version !== current.version) throw new StaleWriteError(toCategory(current));
    const keepsHero = body.hero_image !== null && current.hero;
    if (keepsHero && (body.hero_alt ?? current.heroAlt) === '') {
      throw new ApiError(400, say('Invalid {what}: check {fields}', { what: 'body', fields: 'hero_alt' }), {
        hero_alt: ['is required while the theme has a picture: say what it shows'],
      });
    }
    const [row] = await tx
      .update(profileCategories)
      .set({ ...values, version: current.version + 1 })
      .where(sql`${profileCategories.slug} = ${body.slug} and ${profileCategories.version} = ${body.version}`)
      .returning();
    if (!row) throw new StaleWriteError(toCategory(current));
    await w.audit({
      actorId: auth.user.id,
      entity: 'profile_category',
      entityId: body.slug,
      action: 'update',
      before: toCategory(current),
      after: toCategory(row),
    });
    await emit(current.published || row.published);
    return { before: current, after: row };
  });
  // Only once the theme no longer points at them: a refused change keeps its picture whole.
  if (before?.hero && !after.hero) await deps.storage.delete(heroKeys(before.hero, body.slug)).catch(() => {});
  return (await loadCategory(deps.db, body.slug, { includeRetired: true }))!;
}

type ValueOutput = z.output<typeof ValueInputSchema>;

export function warningsOf(indicators: Indicator[], values: DatasetValue[]): Record<string, string[]> {
  const byCode = new Map(indicators.map((i) => [i.code, i]));
  const out: Record<string, string[]> = {};
  for (const v of values) {
    const indicator = byCode.get(v.indicator);
    if (!indicator) continue;
    const warnings = answerWarnings(indicatorQuestion(indicator, indicator.code), v.value);
    if (warnings.length) out[v.indicator] = warnings;
  }
  return out;
}

/** The dataset form's data: the dataset (or an empty one) with the category's indicators. */
export async function datasetOf(db: DbOrTx, key: DatasetKey): Promise<DatasetResponse['data'] | null> {
  const category = await loadCategory(db, key.slug);
  if (!category) return null;
  const names = await countryNames(db);
  const countryName = names.get(key.countryCode);
  if (!countryName) return null;
  const row = await loadDatasetRow(db, key);
  const openData = await openDataValues(db, key);
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
      public_copy_kept_at: null,
      exists: false,
      indicators: category.indicators,
      warnings: {},
      open_data: openData,
    };
  }
  const view = await datasetView(db, row);
  return {
    ...view,
    exists: true,
    indicators: category.indicators,
    warnings: warningsOf(category.indicators, view.values),
    open_data: openData,
  };
}

/**
 * POST …/saved: the figures through the engine's save (`profileFiguresForm`, decision 046) with
 * the narrative, in one transaction: 400 naming `values.<i>.<field>`, 409 with the dataset as it
 * is now when its version is not the one sent. A change of a published dataset makes it a draft
 * that keeps its published version (decision 033): no save changes the public site.
 */
export async function saveDataset(
  deps: AppDeps,
  auth: AuthedUser,
  key: DatasetKey,
  body: { values?: ValueOutput[] | undefined; narrative?: string | null | undefined; version?: number | undefined },
): Promise<DatasetResponse['data']> {
  await deps.changes.write(deps.db, async (w) => {
    const { tx } = w;
    // Retired indicators take no new figures, but the figures they have stay in the dataset.
    const category = await loadCategory(tx, key.slug, { includeRetired: true });
    if (!category) throw notFound('There is no such profile category');
    const names = await countryNames(tx);
    if (!names.has(key.countryCode)) throw notFound('There is no such country');
    const current = await loadDatasetRow(tx, key, true);
    if (current) {
      if (body.version === undefined)
        throw new ApiError(400, say('Invalid {what}: check {fields}', { what: 'body', fields: 'version' }), {
          version: ['is required to change a dataset'],
        });
      if (body.version !== current.version) throw new StaleWriteError(await datasetView(tx, current));
    }
    const { inputs, places, refused } = await figureInputs(deps, tx, category, body.values ?? [], current?.id ?? null);
    if (!current) await createDataset(tx, key);
    await saveFigures(deps, w, [{ key, user: { auth, narrative: body.narrative }, inputs, places, refused }]);
  });
  return (await datasetOf(deps.db, key))!;
}

/**
 * POST …/publish (admin): publishes or withdraws a dataset against its version; either drops the
 * published version kept while it was changed (decision 033). Once the theme is public, the
 * theme's page, its charts, its CSV file and the country pages change when the dataset's status
 * changes or a kept version goes, so the change queues a rebuild (`profile.figure.published` /
 * `…withdrawn`); publishing what is already public, or withdrawing a draft never published, does not.
 */
export async function publishDataset(
  deps: AppDeps,
  auth: AuthedUser,
  key: DatasetKey,
  body: { published: boolean; version?: number | undefined },
): Promise<DatasetResponse['data']> {
  await deps.changes.write(deps.db, async (w) => {
    const { tx } = w;
    const current = await loadDatasetRow(tx, key, true);
    if (!current) throw notFound('There is no dataset for this country and year yet');
    if (body.version === undefined)
      throw new ApiError(400, say('Invalid {what}: check {fields}', { what: 'body', fields: 'version' }), {
        version: ['is required'],
      });
    if (body.version !== current.version) throw new StaleWriteError(await datasetView(tx, current));
    const status = body.published ? 'published' : 'draft';
    const hadCopy = keptCopy(current) !== null;
    await tx
      .update(profileDatasets)
      .set({
        status,
        // Published again or withdrawn, the dataset keeps no copy (decision 066).
        ...NO_COPY,
        version: current.version + 1,
        updatedAt: new Date(),
        updatedBy: auth.user.id,
      })
      .where(eq(profileDatasets.id, current.id));
    await w.audit({
      actorId: auth.user.id,
      entity: 'profile_dataset',
      entityId: current.id,
      action: body.published ? 'publish' : 'unpublish',
      before: { status: current.status, public_copy: hadCopy },
      after: { status, public_copy: false },
    });
    const theme = await loadCategoryRow(tx, key.slug);
    await w.emit({
      type: body.published ? 'profile.figure.published' : 'profile.figure.withdrawn',
      data: { country: key.countryCode, category: key.slug, year: key.year },
      actorId: auth.user.id,
      site: (status !== current.status || hadCopy) && Boolean(theme?.published),
    });
  });
  return (await datasetOf(deps.db, key))!;
}
