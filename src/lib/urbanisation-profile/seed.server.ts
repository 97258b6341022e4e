import { and, eq } from 'drizzle-orm';
import type { DatasetValue } from './schema.ts';
import type { Db } from '../db/client.server.ts';
import { profileCategories, profileDatasets, profileIndicators } from '../db/schema.ts';
import { demoFigures, PROFILE_CATEGORY_SEED, PROFILE_FIGURE_SEED, PROFILE_INDICATOR_SEED, type FigureSeed } from './seed-data.ts';

/** Groups figures into datasets (category × country × year). */
function datasetsOf(figures: readonly FigureSeed[]) {
  const categoryOf = new Map(PROFILE_INDICATOR_SEED.map((i) => [i.code, i.category]));
  const groups = new Map<string, { slug: string; country: string; year: number; values: DatasetValue[] }>();
  for (const f of figures) {
    const slug = categoryOf.get(f.indicator)!;
    const key = `${slug}|${f.country}|${f.year}`;
    const group = groups.get(key) ?? { slug, country: f.country, year: f.year, values: [] };
    group.values.push({ indicator: f.indicator, value: f.value, data_year: f.year, source: f.source, is_estimate: false, note: f.note ?? null });
    groups.set(key, group);
  }
  return [...groups.values()];
}

/**
 * The eight categories, their indicators and the real figures of reporting brief §4, published.
 * Idempotent: what exists is left as administrators made it.
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
        sort: n + 1,
      })),
    )
    .onConflictDoNothing();
  await db
    .insert(profileDatasets)
    .values(datasetsOf(PROFILE_FIGURE_SEED).map((d) => ({ categorySlug: d.slug, countryCode: d.country, year: d.year, values: d.values, status: 'published' })))
    .onConflictDoNothing();
}

/** Illustrative earlier years for a few countries (npm start only), marked demo on the public site. */
export async function seedDemoProfile(db: Db): Promise<void> {
  for (const figure of demoFigures()) {
    const [exists] = await db
      .select({ id: profileDatasets.id })
      .from(profileDatasets)
      .where(and(eq(profileDatasets.categorySlug, 'demography-urbanisation'), eq(profileDatasets.countryCode, figure.country), eq(profileDatasets.year, figure.year)));
    if (exists) continue;
    await db.insert(profileDatasets).values({
      categorySlug: 'demography-urbanisation',
      countryCode: figure.country,
      year: figure.year,
      status: 'published',
      demo: true,
      values: [{ indicator: figure.indicator, value: figure.value, data_year: figure.year, source: figure.source, is_estimate: true, note: figure.note ?? null }],
    });
  }
}
