import { describe, expect, test } from 'vitest';
import { mailOutbox } from '../../src/lib/db/schema.ts';
import { HealthResponseSchema } from '../../src/lib/ops/schema.ts';
import type { SiteFiles } from '../../src/server/site-files.ts';
import { createTestContext } from '../support/app.ts';
import { expectError, expectJson } from '../support/assertions.ts';
import { deepStrict } from '../support/schemas.ts';
import { createSiteFixture } from '../support/site-fixture.ts';

const TOKEN = 'metrics-token-for-the-tests-0123456789';
let live: SiteFiles | null = null;
const ctx = await createTestContext({ env: { METRICS_TOKEN: TOKEN }, site: { current: () => live } });
const closed = await createTestContext();
const fixture = await createSiteFixture();

describe('GET /api/health', () => {
  test('503 with the reason while no live site is loaded, then 200', async () => {
    live = null;
    const before = await expectError(await ctx.request('/api/health'), 503, { message: /No live site is loaded yet/ });
    expect(before.status).toBe(503);
    live = fixture.files;
    const response = await ctx.request('/api/health');
    const body = await expectJson(response, 200, deepStrict(HealthResponseSchema));
    expect(body.data.database).toBe('ok');
    expect(response.headers.get('cache-control')).toBe('no-store');
  });
});

describe('GET /metrics', () => {
  test('closed without METRICS_TOKEN, 401 with a wrong token', async () => {
    expect((await closed.request('/metrics')).status).toBe(404);
    expect((await closed.request('/metrics', { token: TOKEN })).status).toBe(404);
    const wrong = await ctx.request('/metrics', { token: `${TOKEN}x` });
    expect(wrong.status).toBe(401);
    expect(await wrong.text()).not.toContain('apua_');
    expect((await ctx.request('/metrics')).status).toBe(401);
  });

  test('counts requests by route and status, cache lookups and the mail queue', async () => {
    for (let i = 0; i < 3; i++) expect((await ctx.request('/api/public/cms/partner')).status).toBe(200);
    expect((await ctx.request('/api/notifications')).status).toBe(401);
    await ctx.deps.db.insert(mailOutbox).values({
      kind: 'report.returned',
      toAddress: 'fp@example.org',
      subject: 'Отчёт возвращён',
      text: 'x',
      html: 'x',
    });

    const response = await ctx.request('/metrics', { token: TOKEN });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
    const text = await response.text();
    const value = (pattern: RegExp) => Number(pattern.exec(text)?.[1] ?? NaN);
    expect(
      value(/apua_http_requests_total\{method="GET",route="\/api\/public\/cms\/:cms_type",status="200"\} (\d+)/),
    ).toBe(3);
    expect(
      value(
        new RegExp(
          String.raw`apua_http_request_duration_seconds_count\{method="GET",` +
            String.raw`route="\/api\/public\/cms\/:cms_type",status="200"\} (\d+)`,
        ),
      ),
    ).toBe(3);
    // The first look-up loads, the next two are answered from memory.
    expect(value(/apua_cache_lookups_total\{cache="public",result="hit"\} (\d+)/)).toBe(2);
    expect(value(/apua_cache_lookups_total\{cache="public",result="miss"\} (\d+)/)).toBe(1);
    expect(value(/apua_http_requests_total\{method="GET",route="\/api\/notifications",status="401"\} (\d+)/)).toBe(1);
    expect(value(/apua_jobs_waiting\{queue="mail"\} (\d+)/)).toBe(1);
    expect(value(/apua_jobs_waiting\{queue="site-build"\} (\d+)/)).toBe(0);
    expect(text).toMatch(/apua_process_cpu_seconds_total/);
    expect(text).toMatch(/apua_site_build_duration_seconds/);
  });

  test('a site build is timed', async () => {
    await ctx.deps.site.request();
    const text = await (await ctx.request('/metrics', { token: TOKEN })).text();
    expect(ctx.deps.site.status().lastFailure).toBeNull();
    expect(text).toMatch(/apua_site_build_duration_seconds_count/);
    expect(Number(/apua_site_build_duration_seconds_count\{result="live"\} (\d+)/.exec(text)?.[1])).toBe(1);
  });
});
