import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, test } from 'vitest';
import { PUBLIC_OPERATIONS } from '../../src/lib/openapi/operations.ts';
import { createTestContext } from '../support/app.ts';

/**
 * The public API's OpenAPI document (issue 36 item 4): valid OpenAPI 3.1 by a validator of the
 * specification's own schemas, served at /api/openapi.json, and whole: every public route of the
 * app's route table is in it (a new public route without its description fails here), and nothing
 * in it is missing from the app. Every public endpoint answers any origin (CORS), and its answers
 * carry an ETag and Cache-Control.
 */

const ctx = await createTestContext();
const ORIGIN = 'https://stats.example.org';

interface Document {
  openapi: string;
  servers: { url: string }[];
  paths: Record<string, Record<string, { operationId: string; parameters?: { name: string; in: string }[] }>>;
}

async function served(): Promise<{ response: Response; document: Document }> {
  const response = await ctx.request('/api/openapi.json');
  expect(response.status).toBe(200);
  return { response, document: (await response.json()) as Document };
}

/**
 * A route of the app's table as the document's paths write it: `:year{[0-9]{4}}` → `{year}`;
 * `:key?` → with and without.
 */
function documentPaths(honoPath: string): string[] {
  let variants = [''];
  for (const segment of honoPath
    .replace(/^\/api/, '')
    .split('/')
    .slice(1)) {
    const param = /^:(\w+)(\{.*\})?(\?)?$/.exec(segment);
    const written = param ? `/{${param[1]}}` : `/${segment}`;
    variants = param?.[3] ? [...variants, ...variants.map((v) => v + written)] : variants.map((v) => v + written);
  }
  return variants;
}

/** The public GET routes of the app: what anyone may read without signing in. */
const publicRoutes = () =>
  [
    ...new Set(
      ctx.app.routes
        .filter((r) => r.method === 'GET' && r.path.startsWith('/api/'))
        .filter((r) => /\/public\/|\/sdmx\/|\/health$|\/openapi\.json$/.test(r.path))
        .map((r) => r.path),
    ),
  ].sort();

describe('the OpenAPI document', () => {
  test('is valid OpenAPI 3.1, with a relative server', async () => {
    const { document } = await served();
    const validator = new Validator();
    const result = await validator.validate(
      structuredClone(document) as unknown as Parameters<Validator['validate']>[0],
    );
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
    expect(document.servers).toEqual([{ url: '/api' }]);
  });

  test('lists every public route of the app, and only routes the app has', async () => {
    const { document } = await served();
    const routes = publicRoutes();
    // The route table holds the public routes of every domain (a filter that matched nothing would prove nothing).
    expect(routes.length).toBeGreaterThanOrEqual(18);
    const documented = new Set(Object.entries(document.paths).flatMap(([p, item]) => (item['get'] ? [p] : [])));
    const missing = routes.filter((route) => documentPaths(route).some((p) => !documented.has(p)));
    expect(missing).toEqual([]);
    const known = new Set(routes.flatMap(documentPaths));
    expect([...documented].filter((p) => !known.has(p))).toEqual([]);
  });

  test('names each path parameter, and gives each operation its answers and errors', async () => {
    const { document } = await served();
    for (const [path, item] of Object.entries(document.paths)) {
      const operation = item['get']!;
      const named = (operation.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name);
      expect(named.sort(), path).toEqual([...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort());
    }
    const list = document.paths['/best-practice/public/list']!['get'] as unknown as {
      parameters: { name: string }[];
      responses: Record<string, { content?: Record<string, { schema: { $ref?: string } }> }>;
    };
    expect(list.parameters.map((p) => p.name)).toEqual(expect.arrayContaining(['country_code', 'page', 'per_page']));
    expect(list.responses['400']!.content!['application/json']!.schema.$ref).toBe('#/components/schemas/ErrorResponse');
    expect(Object.keys(list.responses)).toEqual(['200', '304', '400']);
  });

  test('is served for any origin with an ETag, and a 304 when it is current', async () => {
    const { response } = await served();
    const again = await ctx.request('/api/openapi.json', {
      headers: { Origin: ORIGIN, 'If-None-Match': response.headers.get('etag')! },
    });
    expect(again.status).toBe(304);
    expect(again.headers.get('access-control-allow-origin')).toBe('*');
  });
});

describe('every public endpoint', () => {
  /** Each operation's sample, an id in braces replaced by a value of the right shape that names nothing. */
  const samples = PUBLIC_OPERATIONS.map((op) => ({
    id: op.route.operationId,
    path: op.sample.replace('{uuid}', '00000000-0000-4000-8000-000000000000').replace('{slug}', 'no-such-event'),
  }));

  test.each(samples)('$id answers any origin, and a 200 carries an ETag and Cache-Control', async ({ id, path }) => {
    const response = await ctx.request(path, { headers: { Origin: ORIGIN } });
    expect(response.headers.get('access-control-allow-origin'), path).toBe('*');
    if (id === 'health') {
      // How the portal is now: never kept, so no entity tag.
      expect(response.headers.get('cache-control')).toBe('no-store');
      return;
    }
    if (response.status !== 200) return;
    expect(response.headers.get('cache-control'), path).toBe('no-cache');
    const etag = response.headers.get('etag');
    expect(etag, path).toMatch(/^"[\w-]+"$/);
    const again = await ctx.request(path, { headers: { Origin: ORIGIN, 'If-None-Match': etag! } });
    expect(again.status, path).toBe(304);
    expect(again.headers.get('access-control-allow-origin'), path).toBe('*');
  });

  test('most samples answer 200 on a new portal, so the checks above are not empty', async () => {
    const ok: string[] = [];
    for (const { id, path } of samples) if ((await ctx.request(path)).status === 200) ok.push(id);
    expect(ok).toEqual(
      expect.arrayContaining([
        'profileCategories',
        'reportCycles',
        'sdmxDataflow',
        'practiceList',
        'practiceFacets',
        'cmsList',
        'translations',
        'openapi',
      ]),
    );
  });

  test('a preflight from another origin is allowed, for each group of public routes', async () => {
    for (const path of [
      '/api/profile/public/categories',
      '/api/report/type/national/public/cycles',
      '/api/best-practice/public/facets',
      '/api/public/cms/partner',
      '/api/translation/public/fr',
      '/api/sdmx/dataflow',
      '/api/health',
      '/api/openapi.json',
    ]) {
      const response = await ctx.request(path, {
        method: 'OPTIONS',
        headers: { Origin: ORIGIN, 'Access-Control-Request-Method': 'GET' },
      });
      expect(response.status, path).toBe(204);
      expect(response.headers.get('access-control-allow-origin'), path).toBe('*');
    }
  });

  test('an error answers any origin too, in the one error envelope', async () => {
    const response = await ctx.request('/api/report/type/national/public/statistic?year=abc', {
      headers: { Origin: ORIGIN },
    });
    expect(response.status).toBe(400);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(await response.json()).toMatchObject({ status: 400, errors: { year: expect.any(Array) } });
  });
});
