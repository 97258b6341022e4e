/// <reference types="astro/client" />
/** Reading the best-practice collections the way the public pages show them. */
import { readCollection } from '../page-data.ts';
import type { PublicPracticeCard } from '../../lib/best-practices/public-schema.ts';
import type { Library, PracticeFacet, PracticePage } from '../../lib/public-api/best-practices.ts';
import type { Locale } from '../../i18n/locales.ts';
import { countryName, translator, type MessageKey } from '../../i18n/t.ts';
import { shownText, translationsOf } from '../../lib/public-api/translations.ts';

const EMPTY: Library = {
  facets: { total: 0, countries: [], subregions: [], categories: [], sdg_goals: [], periods: [], start_years: [] },
  cards: [],
  featured: [],
  lists: [],
};

/**
 * A category as a page shows it: its name in the page's language, `lang: 'en'` when the English stands in (decision
 * 044).
 */
export interface ShownCategory {
  slug: string;
  name: string;
  lang?: 'en' | undefined;
}

/** The categories' names in `locale`: the administrators' translation, else the English marked as such. */
async function categoryNames(
  locale: Locale,
): Promise<<C extends { slug: string; name: string }>(category: C) => C & ShownCategory> {
  const entities = await translationsOf(locale);
  return (category) => {
    const shown = shownText(entities, locale, 'practice-category', category.slug, 'name', category.name);
    return { ...category, name: shown.text, lang: shown.lang === 'en' && locale !== 'en' ? 'en' : undefined };
  };
}

/** `record` with its categories named by `named`. */
function withCategories<R extends { categories: { slug: string; name: string }[] }>(
  record: R,
  named: (c: R['categories'][number]) => R['categories'][number],
): R {
  return { ...record, categories: record.categories.map(named) };
}

/** The library as a page in `locale` shows it: category names in the language where translated. */
export async function practiceLibrary(locale: Locale = 'en'): Promise<Library> {
  const entries: { data: Library }[] = await readCollection('practiceLibrary');
  const library = entries[0]?.data ?? EMPTY;
  if (locale === 'en') return library;
  const named = await categoryNames(locale);
  return {
    ...library,
    facets: { ...library.facets, categories: library.facets.categories.map(named) },
    cards: library.cards.map((card) => withCategories(card, named)),
  };
}

export async function practicePages(): Promise<PracticePage[]> {
  const entries: { data: PracticePage }[] = await readCollection('bestPractices');
  return entries.map((e) => e.data);
}

/** A practice's page as a page in `locale` shows it (category names as in `practiceLibrary`). */
export async function practicePageIn(page: PracticePage, locale: Locale): Promise<PracticePage> {
  if (locale === 'en') return page;
  const named = await categoryNames(locale);
  return {
    ...page,
    practice: withCategories(page.practice, named),
    related: page.related.map((card) => withCategories(card, named)),
  };
}

/**
 * A page's `lang` for a category's name: as `practiceLibrary` marked it, else English on a page in another language.
 */
export function categoryLang(category: { slug: string; name: string }, locale: Locale): 'en' | undefined {
  return 'lang' in category ? (category as ShownCategory).lang : locale === 'en' ? undefined : 'en';
}

export const practicePaths = {
  library: '/best-practices-overview',
  facet: (facet: PracticeFacet, value: string) => `/best-practices-overview/${facet}/${encodeURIComponent(value)}`,
  view: (uuid: string) => `/best-practices-overview/view/${uuid}`,
  /** Page `page` of a list whose first page is at `first`: `/best-practices-overview/page/2`. */
  page: (first: string, page: number) => (page <= 1 ? first : `${first}/page/${page}`),
};

/** How many cards one page of the library shows: all 500 on one page weighed 1 MB and was slow to open on a phone. */
export const LIBRARY_PAGE_SIZE = 48;

/** How many pages a list of `count` practices takes (one when empty). */
export function pageCount(count: number): number {
  return Math.max(1, Math.ceil(count / LIBRARY_PAGE_SIZE));
}

/** The numbers of a list's pages after the first (none when it fits on one page). */
export function laterPages(count: number): number[] {
  return Array.from({ length: pageCount(count) - 1 }, (_, i) => i + 2);
}

/** One facet value's name and count, as the lists and headings show it. */
export interface FacetEntry {
  facet: PracticeFacet;
  value: string;
  label: string;
  /** `en` when the label is database text shown on a page in another language (decision 041). */
  lang: 'en' | undefined;
  count: number;
}

const FACET_KEYS: Record<PracticeFacet, MessageKey> = {
  category: 'practice.facetTheme',
  country: 'practice.facetCountry',
  subregion: 'practice.facetSubregion',
  sdg: 'practice.facetSdg',
  period: 'practice.facetPeriod',
};

/** A facet's name in the page's language ("Theme", "Thème"…). */
export function facetTitle(locale: Locale, facet: PracticeFacet): string {
  return translator(locale)(FACET_KEYS[facet]);
}

const SUBREGION_KEYS: Record<string, MessageKey> = {
  'east-north-east-asia': 'subregion.east-north-east-asia',
  'south-east-asia': 'subregion.south-east-asia',
  'south-south-west-asia': 'subregion.south-south-west-asia',
  'north-central-asia': 'subregion.north-central-asia',
  pacific: 'subregion.pacific',
};

/** An SDG's short name in the language (the UN's wording, decision 041). */
export function sdgName(locale: Locale, goal: number): string {
  return translator(locale)(`sdg.${goal}` as MessageKey);
}

/** `SDG 11: Sustainable cities and communities`, `ODD 11 : Villes et communautés durables`. */
export function sdgLabel(locale: Locale, goal: number): string {
  return translator(locale)('practice.sdgLabel', { goal: String(goal), name: sdgName(locale, goal) });
}

function entry(facet: PracticeFacet, value: string, label: string, count: number, lang?: 'en'): FacetEntry {
  return { facet, value, label, count, lang };
}

export function facetGroups(
  facets: Library['facets'],
  locale: Locale = 'en',
): { facet: PracticeFacet; title: string; entries: FacetEntry[] }[] {
  const m = translator(locale);
  const en = locale === 'en' ? undefined : ('en' as const);
  const subregion = (id: string, name: string) =>
    SUBREGION_KEYS[id] ? entry('subregion', id, m(SUBREGION_KEYS[id]), 0) : entry('subregion', id, name, 0, en);
  const byName = (a: FacetEntry, b: FacetEntry) => a.label.localeCompare(b.label, locale === 'zh' ? 'zh-Hans' : locale);
  const groups: { facet: PracticeFacet; entries: FacetEntry[] }[] = [
    {
      facet: 'category',
      entries: facets.categories.map((c) => entry('category', c.slug, c.name, c.count, categoryLang(c, locale))),
    },
    {
      facet: 'country',
      entries: facets.countries
        .map((c) => entry('country', c.code, countryName(locale, c.code, c.name), c.count))
        .sort(locale === 'en' ? () => 0 : byName),
    },
    { facet: 'subregion', entries: facets.subregions.map((s) => ({ ...subregion(s.id, s.name), count: s.count })) },
    {
      facet: 'sdg',
      entries: facets.sdg_goals.map((g) =>
        entry('sdg', String(g.goal), locale === 'en' ? `SDG ${g.goal}: ${g.name}` : sdgLabel(locale, g.goal), g.count),
      ),
    },
    {
      facet: 'period',
      entries: facets.periods.map((p) =>
        entry(
          'period',
          p.key,
          locale === 'en'
            ? p.label
            : m(p.key === 'ongoing' ? 'practice.ongoingPractices' : 'practice.completedPractices'),
          p.count,
        ),
      ),
    },
  ];
  return groups.filter((g) => g.entries.length > 0).map((g) => ({ ...g, title: facetTitle(locale, g.facet) }));
}

export function cardsOf(library: Library, uuids: readonly string[]): PublicPracticeCard[] {
  const byUuid = new Map(library.cards.map((c) => [c.uuid, c]));
  return uuids.flatMap((u) => byUuid.get(u) ?? []);
}

/** "2021 – ongoing", "2019 – 2022", or null when no start date is known; in the page's language. */
export function periodLabel(
  p: { start_date: string | null; end_date: string | null; ongoing: boolean },
  locale: Locale = 'en',
): string | null {
  const m = translator(locale);
  const start = p.start_date?.slice(0, 4);
  const end = p.end_date?.slice(0, 4);
  if (!start && !end) return p.ongoing ? m('practice.ongoing') : null;
  if (p.ongoing || !end) return m('practice.sinceOngoing', { start: start ?? '…' });
  return start === end ? start! : `${start ?? '…'} – ${end}`;
}

/** "City, Country" with the country named in the page's language (the city is as written). */
export function placeLabel(
  p: { city: string | null; country: { code: string; name: string } },
  locale: Locale = 'en',
): string {
  const country = countryName(locale, p.country.code, p.country.name);
  return p.city ? `${p.city}, ${country}` : country;
}
