import { timingSafeEqual } from 'node:crypto';
import { Hono } from 'hono';
import type { AppEnv } from '../deps.server.ts';
import { corsForAnyOrigin } from '../http/cors.server.ts';
import { errorBody } from '../http/errors.server.ts';
import type { ErrorResponse } from '../http/schema.ts';
import { databaseAnswers } from './health.server.ts';
import type { HealthResponse } from './schema.ts';
import type { SiteHealth } from '../site/health.server.ts';
import { say } from '../i18n/said.ts';

/** What the health check needs of the live site: whether one is loaded, and how far behind it is. */
export interface LiveSite {
  loaded(): boolean;
  health(): Promise<SiteHealth>;
}

/**
 * GET /api/health for load balancers and container platforms: 200 when the database answers and
 * a live site is loaded, 503 with the reason otherwise. It reveals nothing a visitor could use, and
 * any origin may read it (CORS); never kept (no-store), since it says how things are now.
 */
export function healthRoutes(site: LiveSite) {
  return new Hono<AppEnv>().use('/health', corsForAnyOrigin).get('/health', async (c) => {
    const headers = { 'Cache-Control': 'no-store' };
    const database = await databaseAnswers(c.get('deps').db);
    if (database !== true)
      return c.json<ErrorResponse>(
        errorBody(503, say('The database does not answer ({problem})', { problem: database })),
        503,
        headers,
      );
    if (!site.loaded())
      return c.json<ErrorResponse>(
        errorBody(503, 'No live site is loaded yet (the first build is under way)'),
        503,
        headers,
      );
    // A site behind its decisions still serves (withdrawn pages are off already): healthy, and it says so.
    const health = await site.health();
    const message = health.failing_since
      ? 'OK; the public site is behind: its builds fail'
      : health.pending_changes > 0
        ? 'OK; changes wait for the next build'
        : 'OK';
    return c.json<HealthResponse>({ status: 200, message, data: { database: 'ok', site: health } }, 200, headers);
  });
}

/**
 * GET /metrics in Prometheus's text format, for holders of METRICS_TOKEN (`Authorization: Bearer
 * <token>`). Without the setting the endpoint is closed (404), so nothing is exposed by default.
 */
export const metricsRoutes = new Hono<AppEnv>().get('/metrics', async (c) => {
  const { env, metrics } = c.get('deps');
  const expected = env.METRICS_TOKEN;
  if (!expected) return c.text('Not found', 404);
  const sent = /^Bearer (.+)$/.exec(c.req.header('authorization') ?? '')?.[1] ?? '';
  if (!sameSecret(sent, expected))
    return c.text('Metrics need the METRICS_TOKEN as a bearer token', 401, { 'WWW-Authenticate': 'Bearer' });
  return c.body(await metrics.registry.metrics(), 200, {
    'Content-Type': metrics.registry.contentType,
    'Cache-Control': 'no-store',
  });
});

function sameSecret(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
