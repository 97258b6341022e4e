/// <reference types="astro/client" />
/** Reading the urbanisation-profile collections the way the public pages show them. */
import { perBuild, readCollection } from '../page-data.ts';
import type {
  PublicCategoryResponse,
  PublicCountryResponse,
  PublicIndicator,
  PublicValue,
} from '../../lib/urbanisation-profile/schema.ts';
import { LOCALE_INFO, type Locale } from '../../i18n/locales.ts';
import { countryName, t } from '../../i18n/t.ts';
import { withUnit } from '../charts/format.ts';
import { licenceText } from './value-notes.ts';

export type ProfileCategoryData = PublicCategoryResponse['data'];
export type CountryProfile = PublicCountryResponse['data'];

export async function profileCategories(): Promise<ProfileCategoryData[]> {
  const entries: { data: ProfileCategoryData }[] = await readCollection('profileCategories');
  return entries.map((e) => e.data).sort((a, b) => a.sort - b.sort || a.slug.localeCompare(b.slug));
}

export async function countryProfiles(): Promise<CountryProfile[]> {
  const entries: { data: CountryProfile }[] = await readCollection('profileCountries');
  return entries.map((e) => e.data).sort((a, b) => a.country_name.localeCompare(b.country_name, 'en'));
}

/** Every published value of each indicator and country (`CODE|CC`), made once per build from the themes. */
const valuesByCountry = perBuild(['profileCategories'], async () => {
  const index = new Map<string, PublicValue[]>();
  for (const category of await profileCategories()) {
    for (const indicator of category.indicators) {
      for (const v of indicator.values) {
        const key = `${indicator.code}|${v.country_code}`;
        const list = index.get(key);
        if (list) list.push(v);
        else index.set(key, [v]);
      }
    }
  }
  return index;
});

/** A country's published values of an indicator, every year (a country page's trend). */
export async function countryValues(indicator: string, country: string): Promise<PublicValue[]> {
  return (await valuesByCountry()).get(`${indicator}|${country}`) ?? [];
}

/** The latest year with values of an indicator, and those values. */
export function latestValues(indicator: PublicIndicator): { year: number | null; values: PublicValue[] } {
  const year = indicator.values.reduce<number | null>((max, v) => (max === null || v.year > max ? v.year : max), null);
  return { year, values: year === null ? [] : indicator.values.filter((v) => v.year === year) };
}

/** The licence line under a chart: the indicator's source and licence. */
export function creditOf(
  indicator: { source: string; source_series: string | null; licence: string | null },
  locale: Locale = 'en',
): string {
  const credit = indicator.source_series
    ? t(locale, 'profile.series', { source: indicator.source, series: indicator.source_series })
    : indicator.source;
  return indicator.licence
    ? t(locale, 'profile.licence', { credit, licence: licenceText(locale, indicator.licence) })
    : credit;
}

/**
 * The source line of a chart or table: the sources of the figures shown (each with its licence),
 * and their years; the indicator's own source when the figures name none.
 */
export function creditOfValues(
  indicator: { source: string; source_series: string | null; licence: string | null },
  values: readonly PublicValue[],
  locale: Locale = 'en',
): string {
  const named = [
    ...new Set(
      values
        .filter((v) => v.source)
        .map((v) =>
          v.licence
            ? t(locale, 'profile.licenceOf', { source: v.source!, licence: licenceText(locale, v.licence) })
            : v.source!,
        ),
    ),
  ];
  if (named.length === 0) return creditOf(indicator, locale);
  const years = values.map((v) => v.data_year ?? v.year);
  const lo = String(Math.min(...years));
  const hi = String(Math.max(...years));
  const sources = named.join('; ');
  return lo === hi
    ? t(locale, 'profile.sourcesYear', { sources, year: lo })
    : t(locale, 'profile.sourcesYears', { sources, from: lo, to: hi });
}

/** The countries that have reported figures of an indicator themselves (not the open data), by name. */
export function reportingCountries(indicator: PublicIndicator, locale: Locale = 'en'): string[] {
  const names = indicator.values
    .filter((v) => v.origin === 'country')
    .map((v) => countryName(locale, v.country_code, v.country_name));
  return [...new Set(names)].sort((a, b) => a.localeCompare(b, LOCALE_INFO[locale].tag));
}

export const profilePaths = {
  index: '/urbanisation-profile',
  category: (slug: string) => `/urbanisation-profile/${slug}`,
  csv: (slug: string) => `/urbanisation-profile/${slug}.csv`,
  view: '/urbanisation-profile/view',
  country: (code: string) => `/urbanisation-profile/view/${code}`,
  /** An indicator's own page: its map, every figure and each country's progress (issue 35). */
  indicator: (slug: string, code: string) => `/urbanisation-profile/${slug}/${indicatorSlug(code)}`,
};

/** An indicator's code as a path segment: `ELECTRICITY_URBAN_PCT` → `electricity-urban-pct`. */
export const indicatorSlug = (code: string): string => code.toLowerCase().replaceAll('_', '-');

/** Classes of a choropleth for a numeric indicator: four equal steps of its range. */
export function classesOf(
  values: readonly number[],
  decimals: number | null,
  unit: string | null,
  pct: boolean,
  locale: Locale = 'en',
) {
  const COLOURS = ['#d6e6f4', '#8fbbdf', '#3f87c2', '#174f86'];
  if (values.length === 0) return { categories: [], classOf: () => '' };
  const lo = pct ? 0 : Math.min(...values);
  const hi = pct ? 100 : Math.max(...values);
  const step = (hi - lo) / 4 || 1;
  const { tag } = LOCALE_INFO[locale];
  const fmt = (n: number) =>
    withUnit(Number(n.toFixed(decimals ?? 0)).toLocaleString(tag), unit === '%' ? '%' : null, tag);
  const categories = COLOURS.map((colour, i) => ({
    key: `c${i}`,
    label: t(locale, 'profile.range', { from: fmt(lo + step * i), to: fmt(i === 3 ? hi : lo + step * (i + 1)) }),
    colour,
  }));
  const classOf = (v: number) => `c${Math.min(3, Math.max(0, Math.floor((v - lo) / step)))}`;
  return { categories, classOf };
}
