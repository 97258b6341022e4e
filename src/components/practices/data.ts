/// <reference types="astro/client" />
/** Reading the best-practice collections the way the public pages show them. */
import { getCollection } from 'astro:content';
import type { PublicPracticeCard } from '../../lib/best-practices/public-schema.ts';
import type { Library, PracticeFacet, PracticePage } from '../../lib/public-api/best-practices.ts';

const EMPTY: Library = {
  facets: { total: 0, countries: [], subregions: [], categories: [], sdg_goals: [], periods: [], start_years: [] },
  cards: [],
  featured: [],
  lists: [],
};

export async function practiceLibrary(): Promise<Library> {
  const entries: { data: Library }[] = await getCollection('practiceLibrary');
  return entries[0]?.data ?? EMPTY;
}

export async function practicePages(): Promise<PracticePage[]> {
  const entries: { data: PracticePage }[] = await getCollection('bestPractices');
  return entries.map((e) => e.data);
}

export const practicePaths = {
  library: '/best-practices-overview',
  facet: (facet: PracticeFacet, value: string) => `/best-practices-overview/${facet}/${encodeURIComponent(value)}`,
  view: (uuid: string) => `/best-practices-overview/view/${uuid}`,
};

/** One facet value's name and count, as the lists and headings show it. */
export interface FacetEntry {
  facet: PracticeFacet;
  value: string;
  label: string;
  count: number;
}

export const FACET_TITLES: Record<PracticeFacet, string> = {
  category: 'Theme',
  country: 'Country',
  subregion: 'Subregion',
  sdg: 'Sustainable Development Goal',
  period: 'Period',
};

export function facetGroups(facets: Library['facets']): { facet: PracticeFacet; title: string; entries: FacetEntry[] }[] {
  const groups: { facet: PracticeFacet; entries: FacetEntry[] }[] = [
    { facet: 'category', entries: facets.categories.map((c) => ({ facet: 'category', value: c.slug, label: c.name, count: c.count })) },
    { facet: 'country', entries: facets.countries.map((c) => ({ facet: 'country', value: c.code, label: c.name, count: c.count })) },
    { facet: 'subregion', entries: facets.subregions.map((s) => ({ facet: 'subregion', value: s.id, label: s.name, count: s.count })) },
    { facet: 'sdg', entries: facets.sdg_goals.map((g) => ({ facet: 'sdg', value: String(g.goal), label: `SDG ${g.goal}: ${g.name}`, count: g.count })) },
    { facet: 'period', entries: facets.periods.map((p) => ({ facet: 'period', value: p.key, label: p.label, count: p.count })) },
  ];
  return groups.filter((g) => g.entries.length > 0).map((g) => ({ ...g, title: FACET_TITLES[g.facet] }));
}

export function cardsOf(library: Library, uuids: readonly string[]): PublicPracticeCard[] {
  const byUuid = new Map(library.cards.map((c) => [c.uuid, c]));
  return uuids.flatMap((u) => byUuid.get(u) ?? []);
}

/** "2021 – ongoing", "2019 – 2022", or null when no start date is known. */
export function periodLabel(p: { start_date: string | null; end_date: string | null; ongoing: boolean }): string | null {
  const start = p.start_date?.slice(0, 4);
  const end = p.end_date?.slice(0, 4);
  if (!start && !end) return p.ongoing ? 'Ongoing' : null;
  if (p.ongoing || !end) return `${start ?? '…'} – ongoing`;
  return start === end ? start! : `${start ?? '…'} – ${end}`;
}

export function placeLabel(p: { city: string | null; country: { name: string } }): string {
  return p.city ? `${p.city}, ${p.country.name}` : p.country.name;
}
