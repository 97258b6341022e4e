/**
 * What the build reads of the urbanisation profile: the public endpoints of
 * src/lib/urbanisation-profile. A server that does not serve them (404) gives empty collections.
 */
import {
  PublicCategoriesResponseSchema,
  PublicCategoryResponseSchema,
  PublicCountryResponseSchema,
} from '../urbanisation-profile/schema.ts';
import { fetchEach, fetchPublicOrNull } from './client.ts';

const BASE = 'profile/public';

/** Every published category with its indicators and all their published values. */
export async function fetchProfileCategories() {
  const list = await fetchPublicOrNull(`${BASE}/categories`, PublicCategoriesResponseSchema);
  const bodies = await fetchEach(list?.data ?? [], (category) =>
    fetchPublicOrNull(`${BASE}/category/${category.slug}`, PublicCategoryResponseSchema),
  );
  return bodies.flatMap((body) => (body ? [body.data] : []));
}

/** The profile of each country that has at least one published figure. */
export async function fetchProfileCountries(codes: readonly string[]) {
  const bodies = await fetchEach(codes, (code) =>
    fetchPublicOrNull(`${BASE}/country/${code}`, PublicCountryResponseSchema),
  );
  return bodies.flatMap((body) =>
    body && body.data.categories.some((c) => c.indicators.some((i) => i.latest)) ? [body.data] : [],
  );
}
