import { Hono } from 'hono';
import { publicAnswer, type AppEnv } from '../deps.server.ts';
import { corsForAnyOrigin } from '../http/cors.server.ts';
import { notFound, parsePath, parseQuery } from '../http/errors.server.ts';
import {
  BEST_PRACTICES_CACHE_DOMAIN,
  findPublicPractice,
  listPublicPractices,
  publicFacets,
} from './public-queries.server.ts';
import {
  PublicListQuerySchema,
  PublicShowPathSchema,
  type PublicFacetsResponse,
  type PublicListResponse,
  type PublicShowResponse,
} from './public-schema.ts';

/** A key of the shared public cache: this domain, the endpoint and its checked parameters. */
const key = (endpoint: string, values: unknown = null) =>
  `${BEST_PRACTICES_CACHE_DOMAIN}:${endpoint}:${JSON.stringify(values)}`;

/**
 * What the public library reads (no sign-in): published practices only, never the private
 * contact (the queries do not select it). Documented in docs/decisions/010-best-practices.md.
 * Served from the shared public cache with an ETag; every write of the domain invalidates it. Any
 * origin may read them (CORS).
 */
export const publicPracticeRoutes = new Hono<AppEnv>()
  .use('/best-practice/public/*', corsForAnyOrigin)
  .get('/best-practice/public/list', async (c) => {
    const query = parseQuery(c, PublicListQuerySchema);
    return publicAnswer(c, key('list', query), async (db) => {
      const { data, total } = await listPublicPractices(db, query);
      return {
        status: 200,
        message: 'Published best practices',
        data,
        total,
        page: query.page,
        per_page: query.per_page,
      } satisfies PublicListResponse;
    });
  })

  .get('/best-practice/public/facets', async (c) => {
    return publicAnswer(c, key('facets'), async (db) => {
      const data = await publicFacets(db);
      return { status: 200, message: 'Published best practices by facet', data } satisfies PublicFacetsResponse;
    });
  })

  .get('/best-practice/public/show/:uuid', async (c) => {
    const { uuid } = parsePath(c, PublicShowPathSchema);
    return publicAnswer(c, key('show', uuid), async (db) => {
      const found = await findPublicPractice(db, uuid);
      if (!found) throw notFound('No published best practice with this id');
      return {
        status: 200,
        message: 'Published best practice',
        data: found.practice,
        related: found.related,
      } satisfies PublicShowResponse;
    });
  });
