import { Hono } from 'hono';
import { publicAnswer, type AppEnv } from '../deps.server.ts';
import { notFound, parseOr400 } from '../http/errors.server.ts';
import { listCategories, publicCategory, publicCountry } from './queries.server.ts';
import {
  CategoryPathSchema,
  CountryPathSchema,
  type PublicCategoriesResponse,
  type PublicCategoryResponse,
  type PublicCountryResponse,
} from './schema.ts';
import { CHANGE_DOMAINS } from '../events/change-events.ts';

const BASE = '/profile/public';
/** The public cache's domain of the profile: every committed profile change clears it (src/lib/events). */
const PROFILE_CACHE_DOMAIN = CHANGE_DOMAINS.profile;

/**
 * The public profile (no sign-in): published categories and published figures only, from the
 * shared public cache (every profile write invalidates it).
 */
export const publicProfileRoutes = new Hono<AppEnv>()
  .get(`${BASE}/categories`, async (c) => {
    return publicAnswer(c, `${PROFILE_CACHE_DOMAIN}:categories`, async (db) => {
      const data = (await listCategories(db, true)).map(({ published: _p, version: _v, ...rest }) => rest);
      return { status: 200, message: 'Urbanisation profile', data } satisfies PublicCategoriesResponse;
    });
  })

  .get(`${BASE}/category/:slug`, async (c) => {
    const { slug } = parseOr400(CategoryPathSchema, c.req.param(), 'path');
    return publicAnswer(c, `${PROFILE_CACHE_DOMAIN}:category:${slug}`, async (db) => {
      const data = await publicCategory(db, slug);
      if (!data) throw notFound('There is no such profile category');
      return { status: 200, message: data.name, data } satisfies PublicCategoryResponse;
    });
  })

  .get(`${BASE}/country/:country_code`, async (c) => {
    const { country_code } = parseOr400(CountryPathSchema, c.req.param(), 'path');
    return publicAnswer(c, `${PROFILE_CACHE_DOMAIN}:country:${country_code}`, async (db) => {
      const data = await publicCountry(db, country_code);
      if (!data) throw notFound('There is no such country');
      return { status: 200, message: data.country_name, data } satisfies PublicCountryResponse;
    });
  });
