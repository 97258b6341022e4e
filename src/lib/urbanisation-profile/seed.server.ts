import { and, eq } from 'drizzle-orm';
import type { DatasetValue } from './schema.ts';
import type { Db } from '../db/client.server.ts';
import { profileCategories, profileDatasets, profileIndicators } from '../db/schema.ts';
import { PROFILE_CATEGORY_SEED, PROFILE_FIGURE_SEED, PROFILE_INDICATOR_SEED, WDI, WDI_LICENCE, type FigureSeed } from './seed-data.ts';

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
const DEMO_SERIES: Record<string, readonly [number, number, number]> = {
  // % urban 2010, 2015 (demo values interpolated towards the real 2020 figure)
  PH: [45.3, 46.3, 47.41],
  ID: [49.9, 53.3, 56.64],
  TH: [43.9, 47.7, 51.43],
  VN: [30.4, 33.8, 37.34],
  IN: [30.9, 32.8, 34.93],
};

export async function seedDemoProfile(db: Db): Promise<void> {
  for (const [country, [y2010, y2015]] of Object.entries(DEMO_SERIES)) {
    for (const [year, value] of [
      [2010, y2010],
      [2015, y2015],
    ] as const) {
      const [exists] = await db
        .select({ id: profileDatasets.id })
        .from(profileDatasets)
        .where(and(eq(profileDatasets.categorySlug, 'demography-urbanisation'), eq(profileDatasets.countryCode, country), eq(profileDatasets.year, year)));
      if (exists) continue;
      await db.insert(profileDatasets).values({
        categorySlug: 'demography-urbanisation',
        countryCode: country,
        year,
        status: 'published',
        demo: true,
        values: [
          {
            indicator: 'URB_POP_PCT',
            value,
            data_year: year,
            source: `Demonstration figure (not official), after ${WDI} (${WDI_LICENCE})`,
            is_estimate: true,
            note: 'Demonstration data',
          },
        ],
      });
    }
  }
}
