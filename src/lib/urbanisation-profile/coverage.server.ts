import { and, eq, isNull, max, sql } from 'drizzle-orm';
import type { DbOrTx } from '../audit/service.server.ts';
import { profileDatasets, profileFigures, profileIndicators } from '../db/schema.ts';
import type { Coverage, CoverageCell } from './coverage-schema.ts';
import { countryNames, listCategories, listIndicators } from './queries.server.ts';
import { DatasetStatusSchema } from './schema.ts';

/**
 * The back-office's coverage matrix (issue 35 item 5, decision 081): per country and indicator, the
 * latest year of the country's own figures (any status, with the status of that year's dataset)
 * and of the open data. One grouped read of `profile_figures`; `scopeCountry` keeps a country's
 * people to their own country.
 */
export async function loadCoverage(db: DbOrTx, scopeCountry: string | null): Promise<Coverage> {
  const [categories, indicators, names] = await Promise.all([listCategories(db), listIndicators(db), countryNames(db)]);
  const latest = await db
    .select({
      country: profileDatasets.countryCode,
      indicator: profileIndicators.code,
      origin: profileDatasets.origin,
      status: profileDatasets.status,
      year: max(profileDatasets.year).mapWith(Number),
    })
    .from(profileFigures)
    .innerJoin(profileDatasets, eq(profileDatasets.id, profileFigures.datasetId))
    .innerJoin(profileIndicators, eq(profileIndicators.id, profileFigures.indicatorId))
    .where(
      and(
        sql`jsonb_typeof(${profileFigures.value}) = 'number'`,
        isNull(profileIndicators.retiredAt),
        scopeCountry ? eq(profileDatasets.countryCode, scopeCountry) : undefined,
      ),
    )
    .groupBy(profileDatasets.countryCode, profileIndicators.code, profileDatasets.origin, profileDatasets.status);
  const cells = new Map<string, CoverageCell>();
  for (const row of latest) {
    const key = `${row.country}|${row.indicator}`;
    const cell = cells.get(key) ?? {
      country_code: row.country,
      indicator: row.indicator,
      country: null,
      open_data: null,
    };
    if (row.origin === 'open_data') {
      if (!cell.open_data || row.year > cell.open_data.year) cell.open_data = { year: row.year };
    } else if (!cell.country || row.year > cell.country.year) {
      cell.country = { year: row.year, status: DatasetStatusSchema.parse(row.status) };
    }
    cells.set(key, cell);
  }
  const codes = scopeCountry ? [scopeCountry].filter((c) => names.has(c)) : [...names.keys()];
  return {
    categories: categories.map((c) => ({ ...c, indicators: indicators.filter((i) => i.category === c.slug) })),
    countries: codes.map((code) => ({ code, name: names.get(code)! })),
    cells: [...cells.values()].sort(
      (a, b) => a.country_code.localeCompare(b.country_code) || a.indicator.localeCompare(b.indicator),
    ),
  };
}
