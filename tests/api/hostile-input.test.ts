/**
 * Control characters, broken text and values past a limit: a 400 naming the field, with the
 * limit in words, before anything is counted or stored; and log lines that cannot be forged.
 * (tests/api/fuzz.test.ts throws everything at every endpoint; these pin the answers down.)
 */
import { count, eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { ContactGuard } from '../../src/lib/contact/guard.server.ts';
import { CONTACT_RATE_LIMIT, type ContactBody } from '../../src/lib/contact/schema.ts';
import { contactMessages } from '../../src/lib/db/schema.ts';
import { GenericResponseSchema } from '../../src/lib/http/schema.ts';
import { createApp } from '../../src/server/app.ts';
import { createTestContext } from '../support/app.ts';
import { expectError, expectJson } from '../support/assertions.ts';
import { consoleErrors, expectConsoleError } from '../support/console.ts';
import { createUser, type TestUser } from '../support/factories.ts';

/** What the site store throws once, in the error-log test: a failure whose message holds user data. */
let siteFailure: Error | null = null;
const ctx = await createTestContext({
  site: {
    current: () => {
      const failure = siteFailure;
      siteFailure = null;
      if (failure) throw failure;
      return null;
    },
  },
});

let admin: TestUser;
beforeAll(async () => {
  admin = await createUser(ctx, { role: 'admin', country: 'JP' });
});
beforeEach(() => {
  ctx.deps.contact = new ContactGuard({ secret: 'a-test-secret-of-some-length', trustProxy: 0 });
});

const message = (overrides: Partial<ContactBody> = {}): ContactBody => ({
  name: 'Ana Cruz',
  email: 'ana@example.org',
  subject: 'Question about the programme',
  message: 'How can our city take part in the next round?',
  ...overrides,
});
const stored = async () => (await ctx.deps.db.select({ n: count() }).from(contactMessages))[0]!.n;
const asAdmin = (path: string, json?: unknown) =>
  ctx.request(path, { token: admin.token, ...(json !== undefined && { json }) });

describe('POST /api/contact-us with control characters', () => {
  test('a NUL in any field is a 400 naming it, and uses no rate-limit slot', async () => {
    const before = await stored();
    for (let i = 0; i <= CONTACT_RATE_LIMIT; i++) {
      const body = await expectError(
        await ctx.request('/api/contact-us', { json: message({ message: `Hello\u0000 ${i} there, friends` }) }),
        400,
        {
          fields: ['message'],
        },
      );
      expect(body.errors!['message']).toEqual(['must not contain control characters (line breaks and tabs are fine)']);
    }
    await expectError(await ctx.request('/api/contact-us', { json: message({ name: 'Ana\u0000' }) }), 400, {
      fields: ['name'],
    });
    await expectError(await ctx.request('/api/contact-us', { json: message({ subject: 'Broken \ud800 text' }) }), 400, {
      fields: ['subject'],
      message: /subject/,
    });
    // Nothing was counted: a real message still goes through.
    await expectJson(await ctx.request('/api/contact-us', { json: message() }), 201, GenericResponseSchema);
    expect(await stored()).toBe(before + 1);
  });

  test('a plain form post with %00 goes back to the form naming the field', async () => {
    const response = await ctx.request('/api/contact-us', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'name=Ana%00Cruz&email=ana%40example.org&subject=A%20question&message=How%20can%20we%20take%20part%3F',
    });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/contact-us?error=invalid&fields=name#contact-error');
  });

  test('line breaks and tabs are kept in the message; CRLF becomes LF; a single-line field refuses them', async () => {
    const sent = message({ subject: 'Lines and tabs', message: 'First line\r\nSecond\tline\rthird' });
    expect((await ctx.request('/api/contact-us', { json: sent })).status).toBe(201);
    const [row] = await ctx.deps.db.select().from(contactMessages).where(eq(contactMessages.subject, 'Lines and tabs'));
    expect(row!.message).toBe('First line\nSecond\tline\nthird');
    await expectError(await ctx.request('/api/contact-us', { json: message({ subject: 'Two\nlines' }) }), 400, {
      fields: ['subject'],
    });
  });
});

describe('path parameters and query strings with control characters', () => {
  test('GET /api/public/cms/video/event/{slug} with %00: 400 naming slug', async () => {
    for (const slug of ['a%00b', '%00', '%0A', '%1B%5B2J']) {
      const body = await expectError(await ctx.request(`/api/public/cms/video/event/${slug}`), 400, {
        fields: ['slug'],
      });
      expect(body.message).toBe('Invalid path: check slug');
    }
  });

  test.each(['/api/user/list', '/api/cms/banner/list', '/api/contact-us/list'])(
    '%s?q=%00: 400 naming q',
    async (path) => {
      const body = await expectError(await asAdmin(`${path}?q=a%00b`), 400, { fields: ['q'] });
      expect(body.errors!['q']).toEqual(['must not contain control characters']);
    },
  );

  test('a query field whose name is itself hostile is ignored like any unknown field', async () => {
    expect((await asAdmin('/api/contact-us/list?%00=x&a%0Ab=%00')).status).toBe(200);
  });
});

describe('limits are stated, never "is required" or "must be a whole number"', () => {
  test.each([
    ['101', 'must be at most 100 per page'],
    ['1e309', 'must be at most 100 per page'],
    ['99999999999999999999', 'must be at most 100 per page'],
    ['0', 'must be at least 1 per page'],
    ['-1e309', 'must be at least 1 per page'],
    ['1.5', 'must be a whole number'],
    ['ten', 'must be a whole number'],
  ])('GET /api/cms/banner/list?per_page=%s: %s', async (value, expected) => {
    const body = await expectError(await asAdmin(`/api/cms/banner/list?per_page=${value}`), 400, {
      fields: ['per_page'],
    });
    expect(body.errors!['per_page']).toEqual([expected]);
  });

  test('a CMS title past 160 characters and an order past 9999 say so', async () => {
    const response = await ctx.request('/api/cms/saved', {
      token: admin.token,
      headers: { 'Content-Type': 'application/json' },
      body: `{"cms_type":"banner","title":"${'t'.repeat(161)}","display_order":1e309}`,
    });
    const body = await expectError(response, 400, { fields: ['title', 'display_order'] });
    expect(body.errors).toEqual({ title: ['must be at most 160 characters'], display_order: ['must be at most 9999'] });
  });

  test('a missing or wrongly typed field is told so', async () => {
    const body = await expectError(await asAdmin('/api/cms/saved', { cms_type: 'banner', description: ['x'] }), 400, {
      fields: ['title', 'description'],
    });
    expect(body.errors!['title']).toEqual(['is required']);
  });
});

describe('logs', () => {
  test('a request path cannot forge a log line', async () => {
    const lines: string[] = [];
    const app = createApp(ctx.deps, { current: () => null }, { log: (line) => lines.push(line) });
    await app.request('/x%0AGET%20/api/whoami%20200%201.0ms%0D%1B[2J%E2%80%AE');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^GET \/x\\nGET \/api\/whoami 200 1\.0ms\\r\\u001b\[2J\\u202e 503 \d+\.\dms$/);
  });

  test('an unexpected error is logged on one line per frame, without the user data in its message', async () => {
    expectConsoleError();
    const secret = 'A private message from a visitor. '.repeat(200);
    siteFailure = new Error(`Failed query: insert into "contact_messages" values ($1, $2)\nparams: ${secret}`, {
      cause: new Error('invalid byte sequence for encoding "UTF8": 0x00'),
    });
    expect((await ctx.request('/about%0Aforged')).status).toBe(500);
    expect(consoleErrors.calls).toHaveLength(1);
    const logged = consoleErrors.calls[0]!.map(String).join(' ');
    expect(logged).not.toContain('A private message');
    const [first, ...frames] = logged.split('\n');
    expect(first).toBe(
      'GET /about\\nforged failed: Error: Failed query: insert into "contact_messages" values ($1, $2) | ' +
        'caused by Error: invalid byte sequence for encoding "UTF8": 0x00',
    );
    for (const frame of frames) expect(frame).toMatch(/^\s+at /);
  });
});
