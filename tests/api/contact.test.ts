import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { ContactGuard } from '../../src/lib/contact/guard.server.ts';
import {
  CONTACT_RATE_LIMIT,
  ContactListResponseSchema,
  ContactShowResponseSchema,
  type ContactBody,
} from '../../src/lib/contact/schema.ts';
import { auditEvents, contactMessages } from '../../src/lib/db/schema.ts';
import { GenericResponseSchema } from '../../src/lib/http/schema.ts';
import { createTestContext } from '../support/app.ts';
import { expectError, expectJson } from '../support/assertions.ts';
import { ADMIN_LEVEL, allow, describeEndpointAccess } from '../support/endpoint-access.ts';
import { createUser, type TestUser } from '../support/factories.ts';
import { deepStrict } from '../support/schemas.ts';

const StrictList = deepStrict(ContactListResponseSchema);
const StrictShow = deepStrict(ContactShowResponseSchema);
const StrictGeneric = deepStrict(GenericResponseSchema);

const ctx = await createTestContext();
const [seeded] = await ctx.deps.db
  .insert(contactMessages)
  .values({ name: 'Seed', email: 'seed@example.org', subject: 'Seeded', message: 'A seeded message.', clientHash: 'x' })
  .returning();

describeEndpointAccess(ctx, [
  {
    method: 'GET',
    label: '/api/contact-us/list',
    path: () => '/api/contact-us/list',
    expected: allow(...ADMIN_LEVEL),
    schema: StrictList,
  },
  {
    method: 'GET',
    label: '/api/contact-us/show/{id}',
    path: () => `/api/contact-us/show/${seeded!.id}`,
    expected: allow(...ADMIN_LEVEL),
    schema: StrictShow,
  },
]);

/** A fresh allowance for every test: all app.request() calls come from the same (unknown) client. */
const freshGuard = (trustProxy = 0) => new ContactGuard({ secret: 'a-test-secret-of-some-length', trustProxy });
beforeEach(() => {
  ctx.deps.contact = freshGuard();
});

let admin: TestUser;
beforeAll(async () => {
  admin = await createUser(ctx, { role: 'admin', country: 'JP' });
});

const message = (overrides: Partial<ContactBody> = {}): ContactBody => ({
  name: 'Ana Cruz',
  email: 'ana@example.org',
  subject: 'Question about the programme',
  message: 'How can our city take part in the next round?',
  ...overrides,
});
const send = (json: unknown, headers: Record<string, string> = {}) => ctx.request('/api/contact-us', { json, headers });
const sendForm = (fields: Record<string, string>) =>
  ctx.request('/api/contact-us', {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });
const stored = async (subject: string) =>
  ctx.deps.db.select().from(contactMessages).where(eq(contactMessages.subject, subject));
const total = async () => (await ctx.deps.db.select({ n: count() }).from(contactMessages))[0]!.n;

describe('POST /api/contact-us (JSON)', () => {
  test('is public; stores the message with a hash of the client, never its address', async () => {
    const response = await send(message({ subject: 'Stored subject', name: '  Ana  ' }));
    expect(await expectJson(response, 201, StrictGeneric)).toEqual({
      status: 201,
      message: 'Thank you: your message has been sent',
    });
    const [row] = await stored('Stored subject');
    expect(row).toMatchObject({ name: 'Ana', email: 'ana@example.org', readAt: null, readBy: null });
    expect(row!.clientHash).toMatch(/^[0-9a-f]{32}$/);
  });

  test('the honeypot filled in: answered like a success, nothing stored', async () => {
    const before = await total();
    const response = await send(message({ subject: 'From a robot', website: 'https://spam.example' }));
    expect(await expectJson(response, 201, StrictGeneric)).toEqual({
      status: 201,
      message: 'Thank you: your message has been sent',
    });
    expect(await total()).toBe(before);
    expect(await stored('From a robot')).toEqual([]);
  });

  test.each([
    [{ name: 'A' }, ['name']],
    [{ email: 'not-an-email' }, ['email']],
    [{ subject: 'Hi' }, ['subject']],
    [{ message: 'Too short' }, ['message']],
    [{ message: 'x'.repeat(5001) }, ['message']],
    [{ name: 'x'.repeat(121), email: 'x@' }, ['name', 'email']],
    [{ website: 'w'.repeat(501) }, ['website']],
  ])('%j: 400 naming %j, nothing stored', async (overrides, fields) => {
    const before = await total();
    await expectError(await send(message(overrides)), 400, { fields });
    expect(await total()).toBe(before);
  });

  test('missing fields, a body that is not JSON or form data, malformed JSON: 4xx', async () => {
    await expectError(await send({}), 400, { fields: ['name', 'email', 'subject', 'message'] });
    await expectError(
      await ctx.request('/api/contact-us', { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body: 'hi' }),
      415,
    );
    await expectError(
      await ctx.request('/api/contact-us', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: '{"name":',
      }),
      400,
    );
  });

  test(`${CONTACT_RATE_LIMIT} messages are fine; the next one: 429 with Retry-After, and not stored`, async () => {
    for (let i = 1; i <= CONTACT_RATE_LIMIT; i++) {
      await expectJson(await send(message({ subject: `Allowed ${i}` })), 201, StrictGeneric);
    }
    const refused = await send(message({ subject: 'One too many' }));
    await expectError(refused, 429, { message: /Too many messages from your network: please try again in 10 minutes/ });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(590);
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(600);
    expect(await stored('One too many')).toEqual([]);
    // Invalid messages do not use up anyone's allowance; they are refused as invalid.
    await expectError(await send(message({ email: 'nope' })), 400, { fields: ['email'] });
  });

  test('a honeypot message counts against the allowance too', async () => {
    for (let i = 1; i <= CONTACT_RATE_LIMIT; i++) await send(message({ website: 'x' }));
    await expectError(await send(message()), 429);
  });
});

describe('POST /api/contact-us (plain HTML form, no JavaScript)', () => {
  const fields = {
    name: 'Budi Santoso',
    email: 'budi@example.id',
    subject: 'Sent without JavaScript',
    message: 'Hello from a plain form post.',
  };

  test('success: 303 to /contact-us/sent, and the message is stored', async () => {
    const response = await sendForm(fields);
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/contact-us/sent');
    expect(await stored('Sent without JavaScript')).toHaveLength(1);
  });

  test('invalid fields: 303 back to the form naming them', async () => {
    const response = await sendForm({ ...fields, email: 'budi', message: 'short', subject: 'Invalid form post' });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/contact-us?error=invalid&fields=email%2Cmessage#contact-error');
    expect(await stored('Invalid form post')).toEqual([]);
    const empty = await sendForm({});
    expect(empty.headers.get('location')).toBe(
      '/contact-us?error=invalid&fields=name%2Cemail%2Csubject%2Cmessage#contact-error',
    );
  });

  test('the honeypot: 303 to the sent page, nothing stored', async () => {
    const response = await sendForm({ ...fields, subject: 'Robot form post', website: 'http://spam.example' });
    expect(response.headers.get('location')).toBe('/contact-us/sent');
    expect(await stored('Robot form post')).toEqual([]);
  });

  test('over the allowance: 303 back to the form with error=rate-limited', async () => {
    for (let i = 1; i <= CONTACT_RATE_LIMIT; i++)
      expect((await sendForm({ ...fields, subject: `Form ${i}` })).status).toBe(303);
    const response = await sendForm({ ...fields, subject: 'Form too many' });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/contact-us?error=rate-limited#contact-error');
    expect(await stored('Form too many')).toEqual([]);
  });
});

describe('the client, over real sockets', () => {
  let server: ServerType;
  let url: string;
  beforeAll(async () => {
    server = await new Promise<ServerType>((resolve) => {
      const s = serve({ fetch: ctx.app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
    });
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/contact-us`;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
  const post = (subject: string, forwardedFor?: string) =>
    fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...(forwardedFor && { 'X-Forwarded-For': forwardedFor }) },
      body: JSON.stringify(message({ subject })),
    });

  test('is the socket address: X-Forwarded-For is ignored unless TRUST_PROXY is set', async () => {
    for (let i = 1; i <= CONTACT_RATE_LIMIT; i++)
      expect((await post(`Socket ${i}`, `198.51.100.${i}`)).status).toBe(201);
    const refused = await post('Socket spoofed', '203.0.113.99');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    const hashes = new Set(
      (await Promise.all([1, 2, 3].map((i) => stored(`Socket ${i}`)))).map(([row]) => row!.clientHash),
    );
    expect(hashes.size).toBe(1);
  });

  test('with TRUST_PROXY=1: the last X-Forwarded-For entry (what our proxy saw) is the client', async () => {
    ctx.deps.contact = freshGuard(1);
    for (let i = 1; i <= CONTACT_RATE_LIMIT; i++) expect((await post(`Proxied ${i}`, '198.51.100.7')).status).toBe(201);
    expect((await post('Proxied too many', '198.51.100.7')).status).toBe(429);
    expect((await post('Another client', '198.51.100.8')).status).toBe(201);
    const [a] = await stored('Proxied 1');
    const [b] = await stored('Another client');
    expect(a!.clientHash).not.toBe(b!.clientHash);
    // Addresses of one IPv6 /64 network are one client.
    for (let i = 1; i <= CONTACT_RATE_LIMIT; i++)
      expect((await post(`IPv6 ${i}`, `2001:db8:1:2::${i}`)).status).toBe(201);
    expect((await post('IPv6 too many', '2001:db8:1:2:ffff::1')).status).toBe(429);
  });

  test('with TRUST_PROXY=1: addresses the client put first in X-Forwarded-For do not reset its allowance', async () => {
    ctx.deps.contact = freshGuard(1);
    // The proxy appends the address it saw (198.51.100.20) to whatever the client sent.
    for (let i = 1; i <= CONTACT_RATE_LIMIT; i++) {
      expect((await post(`Spoofer ${i}`, `203.0.113.${i}, 198.51.100.20`)).status).toBe(201);
    }
    const refused = await post('Spoofer again', '203.0.113.200, 198.51.100.20');
    expect(refused.status).toBe(429);
    const hashes = new Set(
      (await Promise.all([1, 2, 3].map((i) => stored(`Spoofer ${i}`)))).map(([row]) => row!.clientHash),
    );
    expect(hashes.size).toBe(1);
  });

  test('with TRUST_PROXY=2: the second entry from the right is the client', async () => {
    ctx.deps.contact = freshGuard(2);
    // client-sent, then the outer proxy's view of the client, then the inner proxy's view of the outer proxy.
    for (let i = 1; i <= CONTACT_RATE_LIMIT; i++) {
      expect((await post(`Two hops ${i}`, `203.0.113.${i}, 198.51.100.30, 10.0.0.${i}`)).status).toBe(201);
    }
    expect((await post('Two hops too many', '198.51.100.30, 10.0.0.9')).status).toBe(429);
    expect((await post('Two hops other', '198.51.100.31, 10.0.0.1')).status).toBe(201);
  });
});

describe('GET /api/contact-us/list', () => {
  const insert = (subject: string, minutesAgo: number, read: boolean) =>
    ctx.deps.db
      .insert(contactMessages)
      .values({
        name: 'Lister',
        email: 'lister@example.org',
        subject,
        message: 'Listed message for ordering.',
        clientHash: 'h',
        createdAt: new Date(Date.now() - minutesAgo * 60_000),
        readAt: read ? new Date() : null,
      })
      .returning();
  const list = async (query: string) =>
    expectJson(await ctx.request(`/api/contact-us/list${query}`, { token: admin.token }), 200, StrictList);

  test('unread first, then newest; counts the unread; filters and pages', async () => {
    await insert('ordering old unread', 30, false);
    await insert('ordering new read', 1, true);
    await insert('ordering new unread', 5, false);
    await insert('ordering old read', 60, true);
    const body = await list('?q=ordering');
    expect(body.data.map((m) => m.subject)).toEqual([
      'ordering new unread',
      'ordering old unread',
      'ordering new read',
      'ordering old read',
    ]);
    expect(body).toMatchObject({ total: 4, page: 1, per_page: 20 });
    expect(body.unread).toBeGreaterThanOrEqual(2);
    expect((await list('?q=ordering&status=unread')).data.map((m) => m.subject)).toEqual([
      'ordering new unread',
      'ordering old unread',
    ]);
    expect((await list('?q=ordering&status=read')).data.map((m) => m.subject)).toEqual([
      'ordering new read',
      'ordering old read',
    ]);
    const page2 = await list('?q=ordering&per_page=3&page=2');
    expect(page2.data.map((m) => m.subject)).toEqual(['ordering old read']);
    expect((await list('?q=ORDERING%20NEW')).total).toBe(2);
    expect((await list('?q=%25')).total).toBe(0);
  });

  test('`unread` counts every unread message, whatever the filters', async () => {
    const all = await list('');
    const unread = await list('?status=unread&per_page=100');
    expect(all.unread).toBe(unread.total);
    expect((await list('?q=no-such-message-anywhere')).unread).toBe(all.unread);
  });

  test.each([
    ['?status=spam', ['status']],
    ['?per_page=101', ['per_page']],
    ['?page=x', ['page']],
  ])('%s: 400 naming the field', async (query, fields) => {
    await expectError(await ctx.request(`/api/contact-us/list${query}`, { token: admin.token }), 400, { fields });
  });
});

describe('GET /api/contact-us/show/{id}', () => {
  test('returns the message and marks it read, once', async () => {
    const [row] = await ctx.deps.db
      .insert(contactMessages)
      .values({
        name: 'Reader',
        email: 'r@example.org',
        subject: 'To be read',
        message: 'Please read me soon.',
        clientHash: 'h',
      })
      .returning();
    const before = (
      await expectJson(
        await ctx.request('/api/contact-us/list?q=To%20be%20read', { token: admin.token }),
        200,
        StrictList,
      )
    ).unread;
    const first = await expectJson(
      await ctx.request(`/api/contact-us/show/${row!.id}`, { token: admin.token }),
      200,
      StrictShow,
    );
    expect(first).toEqual({
      status: 200,
      message: 'Message',
      data: {
        id: row!.id,
        name: 'Reader',
        email: 'r@example.org',
        subject: 'To be read',
        message: 'Please read me soon.',
        read_at: expect.any(String),
        created_at: row!.createdAt.toISOString(),
        status: 'new',
        status_at: null,
        status_by: null,
        version: 1,
        replies: [],
      },
    });
    const [saved] = await ctx.deps.db.select().from(contactMessages).where(eq(contactMessages.id, row!.id));
    expect(saved!.readBy).toBe(admin.id);
    const second = await expectJson(
      await ctx.request(`/api/contact-us/show/${row!.id}`, { token: admin.token }),
      200,
      StrictShow,
    );
    expect(second.data.read_at).toBe(first.data.read_at);
    // The first reading is audited, in the same transaction; opening it again changes nothing.
    const reads = await ctx.deps.db
      .select({ actorId: auditEvents.actorId, action: auditEvents.action })
      .from(auditEvents)
      .where(and(eq(auditEvents.entity, 'contact_message'), eq(auditEvents.entityId, String(row!.id))));
    expect(reads).toEqual([{ actorId: admin.id, action: 'read' }]);
    const after = (await expectJson(await ctx.request('/api/contact-us/list', { token: admin.token }), 200, StrictList))
      .unread;
    expect(after).toBe(before - 1);
  });

  test('an unknown id: 404; a non-numeric one: 400 naming id', async () => {
    await expectError(await ctx.request('/api/contact-us/show/999999', { token: admin.token }), 404);
    for (const id of ['abc', '1.5', '-1', '12345678901']) {
      await expectError(await ctx.request(`/api/contact-us/show/${id}`, { token: admin.token }), 400, {
        fields: ['id'],
      });
    }
  });
});
