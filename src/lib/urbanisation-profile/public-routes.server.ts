import { Hono, type Context } from 'hono';
import type { Db } from '../db/client.server.ts';
import { publicAnswer, type AppEnv } from '../deps.server.ts';
import { corsForAnyOrigin } from '../http/cors.server.ts';
import { notFound, parseOr400 } from '../http/errors.server.ts';
import { allPublishedValues, listCategories, publicCategory, publicCountry } from './queries.server.ts';
import {
  CategoryPathSchema,
  CountryPathSchema,
  type PublicCategoriesResponse,
  type PublicCategoryResponse,
  type PublicCountryResponse,
} from './schema.ts';
import { CHANGE_DOMAINS } from '../events/change-events.ts';
import { METHOD_VERSION } from '../progress/method.ts';
import { assessProfile } from '../progress/profile.ts';
import type { PublicProgressResponse } from '../progress/schema.ts';

const BASE = '/profile/public';
/** The public cache's domain of the profile: every committed profile change clears it (src/lib/events). */
const PROFILE_CACHE_DOMAIN = CHANGE_DOMAINS.profile;

/**
 * The public profile (no sign-in): published categories and published figures only, from the
 * shared public cache (every profile write invalidates it); any origin may read them (CORS).
 */
export const publicProfileRoutes = new Hono<AppEnv>()
  .use(`${BASE}/*`, corsForAnyOrigin)
  .get(`${BASE}/categories`, async (c) => {
    return publicAnswer(c, `${PROFILE_CACHE_DOMAIN}:categories`, async (db) => {
      const data = (await listCategories(db, true)).map(({ published: _p, version: _v, ...rest }) => rest);
      return { status: 200, message: 'Urbanisation profile', data } satisfies PublicCategoriesResponse;
    });
  })

  .get(`${BASE}/category/:slug`, async (c) => {
    const { slug } = parseOr400(CategoryPathSchema, c.req.param(), 'path');
    return publicItem<PublicCategoryResponse>(
      c,
      `${PROFILE_CACHE_DOMAIN}:category:${slug}`,
      (db) => publicCategory(db, slug),
      {
        missing: 'There is no such profile category',
        message: (data) => data.name,
      },
    );
  })

  .get(`${BASE}/country/:country_code`, async (c) => {
    const { country_code } = parseOr400(CountryPathSchema, c.req.param(), 'path');
    // Every published figure, read once for all countries' answers until the profile changes (the site build asks for
    // all 58).
    const allValues = (db: Db) =>
      c.get('deps').publicCache.shared(`${PROFILE_CACHE_DOMAIN}:all-values`, () => allPublishedValues(db));
    return publicItem<PublicCountryResponse>(
      c,
      `${PROFILE_CACHE_DOMAIN}:country:${country_code}`,
      (db) => publicCountry(db, country_code, () => allValues(db)),
      {
        missing: 'There is no such country',
        message: (data) => data.country_name,
      },
    );
  })

  // The progress assessment (issue 35), from the published themes exactly as the site build reads them, so the
  // dashboard and progress.csv show the same rows.
  .get(`${BASE}/progress`, async (c) => {
    return publicAnswer(c, `${PROFILE_CACHE_DOMAIN}:progress`, async (db) => {
      const themes = [];
      for (const { slug } of await listCategories(db, true)) {
        const theme = await publicCategory(db, slug);
        if (theme) themes.push(theme);
      }
      const { rows } = assessProfile(themes);
      return {
        status: 200,
        message: 'Progress towards 2030',
        data: { method_version: METHOD_VERSION, rows },
      } satisfies PublicProgressResponse;
    });
  });

/**
 * The public answer of one theme or country (`load`): 404 with `missing` when there is none, else named by `message`.
 */
function publicItem<R extends { status: number; message: string; data: object }>(
  c: Context<AppEnv>,
  key: string,
  load: (db: Db) => Promise<R['data'] | null>,
  answer: { missing: string; message: (data: R['data']) => string },
): Promise<Response> {
  return publicAnswer(c, key, async (db): Promise<{ status: number; message: string; data: R['data'] }> => {
    const data = await load(db);
    if (!data) throw notFound(answer.missing);
    return { status: 200, message: answer.message(data), data };
  });
}
