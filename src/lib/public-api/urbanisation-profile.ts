/**
 * What the build reads of the urbanisation profile: the public endpoints of
 * src/lib/urbanisation-profile. A server that does not serve them (404) gives empty collections.
 */
import {
  PublicCategoriesResponseSchema,
  PublicCategoryResponseSchema,
  PublicCountryResponseSchema,
} from '../urbanisation-profile/schema.ts';
import { fetchPublicOrNull } from './client.ts';

const BASE = 'profile/public';

/** Every published category with its indicators and all their published values. */
export async function fetchProfileCategories() {
  const list = await fetchPublicOrNull(`${BASE}/categories`, PublicCategoriesResponseSchema);
  const out = [];
  for (const category of list?.data ?? []) {
    const body = await fetchPublicOrNull(`${BASE}/category/${category.slug}`, PublicCategoryResponseSchema);
    if (body) out.push(body.data);
  }
  return out;
}

/** The profile of each country that has at least one published figure. */
export async function fetchProfileCountries(codes: readonly string[]) {
  const out = [];
  for (const code of codes) {
    const body = await fetchPublicOrNull(`${BASE}/country/${code}`, PublicCountryResponseSchema);
    if (body && body.data.categories.some((c) => c.indicators.some((i) => i.latest))) out.push(body.data);
  }
  return out;
}
