import { Hono } from 'hono';
import type { AppEnv } from '../deps.server.ts';
import { corsForAnyOrigin } from '../http/cors.server.ts';
import { etaggedJson } from '../http/public-cache.server.ts';
import { publicApiDocument } from './document.ts';

/** GET /api/openapi.json: the public API's OpenAPI 3.1 document (made once), for any origin, with an ETag. */
export const openApiRoutes = new Hono<AppEnv>()
  .use('/openapi.json', corsForAnyOrigin)
  .get('/openapi.json', (c) => etaggedJson(c, publicApiDocument()));
