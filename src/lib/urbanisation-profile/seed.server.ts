import { and, eq, inArray } from 'drizzle-orm';
import type { DatasetValue } from './schema.ts';
import type { Db } from '../db/client.server.ts';
import { profileCategories, profileDatasets, profileFigures, profileIndicators } from '../db/schema.ts';
import { DEFAULT_INDICATOR_METHODS } from '../progress/method.ts';
import { figureRows } from './queries.server.ts';
import {
  demoFigures,
  PROFILE_CATEGORY_SEED,
  PROFILE_FIGURE_SEED,
  PROFILE_INDICATOR_SEED,
  type FigureSeed,
} from './seed-data.ts';

/** Groups figures into datasets (category × country × year). */
function datasetsOf(figures: readonly FigureSeed[]) {
  const categoryOf = new Map(PROFILE_INDICATOR_SEED.map((i) => [i.code, i.category]));
  const groups = new Map<string, { slug: string; country: string; year: number; values: DatasetValue[] }>();
  for (const f of figures) {
    const slug = categoryOf.get(f.indicator)!;
    const key = `${slug}|${f.country}|${f.year}`;
    const group = groups.get(key) ?? { slug, country: f.country, year: f.year, values: [] };
    group.values.push({
      indicator: f.indicator,
      value: f.value,
      data_year: f.year,
      source: f.source,
      is_estimate: false,
      note: f.note ?? null,
    });
    groups.set(key, group);
  }
  return [...groups.values()];
}

/** The columns of an indicator's default progress setting (decision 072); none: not scored. */
function defaultProgress(code: string) {
  const method = DEFAULT_INDICATOR_METHODS[code];
  if (!method?.direction || !method.target) return {};
  const { direction, target } = method;
  return {
    progressDirection: direction,
    progressTargetKind: target.kind,
    progressTargetValue: target.kind === 'fixed' ? target.value : null,
  };
}

/**
 * The eight categories, their indicators and the real figures of reporting brief §4, published.
 * Idempotent: what exists is left as administrators made it, but for the hard limits, which the
 * back-office cannot change and which follow the catalogue (syncIndicatorLimits).
 */
export async function seedProfileReference(db: Db): Promise<void> {
  await db
    .insert(profileCategories)
    .values(PROFILE_CATEGORY_SEED.map((c, i) => ({ ...c, sort: i + 1, published: true })))
    .onConflictDoNothing();
  await db
    .insert(profileIndicators)
    .values(
      PROFILE_INDICATOR_SEED.map((i, n) => ({
        code: i.code,
        categorySlug: i.category,
        name: i.name,
        unit: i.unit,
        answerType: i.type,
        decimals: i.decimals,
        min: i.min ?? null,
        max: i.max ?? null,
        expectedMin: i.expectedMin ?? null,
        expectedMax: i.expectedMax ?? null,
        source: i.source,
        sourceSeries: i.sourceSeries,
        licence: i.licence,
        sdgRef: i.sdgRef,
        ...defaultProgress(i.code),
        sort: n + 1,
      })),
    )
    .onConflictDoNothing();
  await syncIndicatorLimits(db);
  const datasets = datasetsOf(PROFILE_FIGURE_SEED);
  const made = await db
    .insert(profileDatasets)
    .values(datasets.map((d) => ({ categorySlug: d.slug, countryCode: d.country, year: d.year, status: 'published' })))
    .onConflictDoNothing()
    .returning({
      id: profileDatasets.id,
      slug: profileDatasets.categorySlug,
      country: profileDatasets.countryCode,
      year: profileDatasets.year,
    });
  const byKey = new Map(datasets.map((d) => [`${d.slug}|${d.country}|${d.year}`, d.values]));
  await seedFigures(
    db,
    made.map((d) => ({ datasetId: d.id, values: byKey.get(`${d.slug}|${d.country}|${d.year}`)! })),
  );
}

/** The figures of datasets the seed just made, as the profile's form stores them (decision 046). */
async function seedFigures(
  db: Db,
  datasets: readonly { datasetId: number; values: readonly DatasetValue[] }[],
): Promise<void> {
  if (datasets.every(({ values }) => values.length === 0)) return;
  const ids = new Map(
    (await db.select({ code: profileIndicators.code, id: profileIndicators.id }).from(profileIndicators)).map((r) => [
      r.code,
      r.id,
    ]),
  );
  await db
    .insert(profileFigures)
    .values(datasets.flatMap(({ datasetId, values }) => figureRows(datasetId, values, ids)));
}

/**
 * The hard limits (min, max) of a seeded indicator belong to the catalogue: the back-office cannot
 * change them. A database seeded before a limit changed takes the new one at its next start, so the
 * open data that needed it can be imported there too (decision 036).
 */
async function syncIndicatorLimits(db: Db): Promise<void> {
  const stored = await db
    .select({ code: profileIndicators.code, min: profileIndicators.min, max: profileIndicators.max })
    .from(profileIndicators)
    .where(
      inArray(
        profileIndicators.code,
        PROFILE_INDICATOR_SEED.map((i) => i.code),
      ),
    );
  const limits = new Map(PROFILE_INDICATOR_SEED.map((i) => [i.code, { min: i.min ?? null, max: i.max ?? null }]));
  for (const row of stored) {
    const seed = limits.get(row.code)!;
    if (row.min === seed.min && row.max === seed.max) continue;
    await db
      .update(profileIndicators)
      .set({ ...seed, updatedAt: new Date() })
      .where(eq(profileIndicators.code, row.code));
  }
}

/** Illustrative earlier years for a few countries (npm start only), marked demo on the public site. */
export async function seedDemoProfile(db: Db): Promise<void> {
  for (const figure of demoFigures()) {
    const [exists] = await db
      .select({ id: profileDatasets.id })
      .from(profileDatasets)
      .where(
        and(
          eq(profileDatasets.categorySlug, 'demography-urbanisation'),
          eq(profileDatasets.countryCode, figure.country),
          eq(profileDatasets.year, figure.year),
          eq(profileDatasets.origin, 'country'),
        ),
      );
    if (exists) continue;
    const [made] = await db
      .insert(profileDatasets)
      .values({
        categorySlug: 'demography-urbanisation',
        countryCode: figure.country,
        year: figure.year,
        status: 'published',
        demo: true,
      })
      .returning({ id: profileDatasets.id });
    const value = {
      indicator: figure.indicator,
      value: figure.value,
      data_year: figure.year,
      source: figure.source,
      is_estimate: true,
      note: figure.note ?? null,
    };
    await seedFigures(db, [{ datasetId: made!.id, values: [value] }]);
  }
}
