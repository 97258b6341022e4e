/**
 * What the build reads of the best-practice library (decision 010): the facets, every published
 * card, the cards behind each facet value (asked of the API, so that lists and counts agree) and
 * each practice's page. A server that does not serve the calls (404) gives an empty library.
 */
import { z } from 'zod';
import {
  PublicFacetsResponseSchema,
  PublicListResponseSchema,
  PublicPracticeCardSchema,
  PublicShowResponseSchema,
} from '../best-practices/public-schema.ts';
import { PublicPracticeSchema } from '../best-practices/schema.ts';
import { fetchEach, fetchPublicOrNull } from './client.ts';

const BASE = 'best-practice/public';

/** The facets the library pages offer, with the list query parameter each one sets. */
export const PRACTICE_FACETS = ['country', 'subregion', 'category', 'sdg', 'period'] as const;
export type PracticeFacet = (typeof PRACTICE_FACETS)[number];
const QUERY_PARAM: Record<PracticeFacet, string> = {
  country: 'country_code',
  subregion: 'subregion',
  category: 'category',
  sdg: 'sdg',
  period: 'period',
};

export const FacetsSchema = PublicFacetsResponseSchema.shape.data;
export const LibrarySchema = z.object({
  facets: FacetsSchema,
  /** Every published card, newest first. */
  cards: z.array(PublicPracticeCardSchema),
  featured: z.array(z.string()),
  /** The practices (uuids, newest first) behind each facet value. */
  lists: z.array(z.object({ facet: z.enum(PRACTICE_FACETS), value: z.string(), uuids: z.array(z.string()) })),
});
export type Library = z.output<typeof LibrarySchema>;
export const PracticePageSchema = z.object({
  practice: PublicPracticeSchema,
  related: z.array(PublicPracticeCardSchema),
});
export type PracticePage = z.output<typeof PracticePageSchema>;

const EMPTY_FACETS: Library['facets'] = {
  total: 0,
  countries: [],
  subregions: [],
  categories: [],
  sdg_goals: [],
  periods: [],
  start_years: [],
};

/** Every card matching `query` (all pages). */
async function allCards(query: string): Promise<z.output<typeof PublicPracticeCardSchema>[] | null> {
  const cards = [];
  for (let page = 1; ; page++) {
    const body = await fetchPublicOrNull(`${BASE}/list?per_page=100&page=${page}${query}`, PublicListResponseSchema);
    if (!body) return null;
    cards.push(...body.data);
    if (cards.length >= body.total || body.data.length === 0) return cards;
  }
}

/** The values of each facet, as the pages' addresses spell them. */
export function facetValues(facets: Library['facets']): { facet: PracticeFacet; value: string }[] {
  return [
    ...facets.countries.map((c) => ({ facet: 'country' as const, value: c.code })),
    ...facets.subregions.map((s) => ({ facet: 'subregion' as const, value: s.id })),
    ...facets.categories.map((c) => ({ facet: 'category' as const, value: c.slug })),
    ...facets.sdg_goals.map((g) => ({ facet: 'sdg' as const, value: String(g.goal) })),
    ...facets.periods.map((p) => ({ facet: 'period' as const, value: p.key })),
  ];
}

export async function fetchLibrary(): Promise<Library> {
  const facetsBody = await fetchPublicOrNull(`${BASE}/facets`, PublicFacetsResponseSchema);
  const cards = facetsBody ? await allCards('') : null;
  if (!facetsBody || !cards) return { facets: EMPTY_FACETS, cards: [], featured: [], lists: [] };
  const featured = (await allCards('&featured=true')) ?? [];
  const lists: Library['lists'] = await fetchEach(facetValues(facetsBody.data), async ({ facet, value }) => {
    const found = (await allCards(`&${QUERY_PARAM[facet]}=${encodeURIComponent(value)}`)) ?? [];
    return { facet, value, uuids: found.map((c) => c.uuid) };
  });
  return { facets: facetsBody.data, cards, featured: featured.map((c) => c.uuid), lists };
}

export async function fetchPracticePages(uuids: readonly string[]): Promise<PracticePage[]> {
  const bodies = await fetchEach(uuids, (uuid) => fetchPublicOrNull(`${BASE}/show/${uuid}`, PublicShowResponseSchema));
  return bodies.flatMap((body) => (body ? [{ practice: body.data, related: body.related }] : []));
}
