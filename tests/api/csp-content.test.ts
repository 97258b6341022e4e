/**
 * Content cannot widen the Content-Security-Policy: a CMS item whose title, description and
 * link hold script text is published through the real endpoint, the site is rebuilt (the fake
 * build writes the items with Astro's own escaping, as the components do) and the page's CSP
 * stays what it was.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve, type ServerType } from '@hono/node-server';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createTestContext } from '../support/app.ts';
import { createUser, type TestUser } from '../support/factories.ts';

const controlFile = join(mkdtempSync(join(tmpdir(), 'apua-csp-test-')), 'control.json');
const ctx = await createTestContext({
  buildEnv: { FAKE_BUILD_CONTROL: controlFile },
  site: { current: () => ctx.builder.current() },
});

let admin: TestUser;
let server: ServerType;
beforeAll(async () => {
  admin = await createUser(ctx, { role: 'admin', country: 'JP' });
  // The build reads the public API over HTTP, as `astro build` does.
  server = await new Promise<ServerType>((resolve) => {
    const s = serve({ fetch: ctx.app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
  });
  writeFileSync(controlFile, JSON.stringify({ api: `http://127.0.0.1:${(server.address() as AddressInfo).port}` }));
});
afterAll(async () => {
  await ctx.builder.settled();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

async function publish(item: Record<string, unknown>) {
  const response = await ctx.request('/api/cms/saved', { token: admin.token, json: { status: 'published', ...item } });
  expect(response.status, await response.text()).toBe(201);
  await ctx.builder.settled();
}

async function home() {
  const response = await ctx.request('/');
  expect(response.status).toBe(200);
  return { csp: response.headers.get('content-security-policy') ?? '', html: await response.text() };
}

test('a CMS title, description and link holding script text leave the page CSP as it was', async () => {
  await publish({
    cms_type: 'video',
    title: 'Opening session',
    description: 'The first day',
    link: 'https://example.org/',
  });
  const before = await home();
  expect(before.html).toContain('data-title="Opening session"');
  expect(before.csp).toMatch(/script-src [^;]*'sha256-/);

  await publish({
    cms_type: 'video',
    title: '<script>alert(1)</script>',
    description: '"></div><script>steal()</script><div data-x="',
    link: 'https://example.org/?q=</script><script>evil()</script>',
  });
  await publish({ cms_type: 'banner', title: '</title><script>banner()</script>' });
  const after = await home();
  // The script text really is in the page, inside attributes where a text scan would see it.
  expect(after.html).toContain('data-title="<script>alert(1)</script>"');
  expect(after.html).toContain('href="https://example.org/?q=</script><script>evil()</script>"');
  expect(after.html).toContain('alt="</title><script>banner()</script>"');
  expect(after.csp).toBe(before.csp);
});
