import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, test } from 'vitest';
import { mailOutbox, notifications, users } from '../../src/lib/db/schema.ts';
import type { ChangeEvent } from '../../src/lib/events/change-events.ts';
import { SentMailListResponseSchema, SentMailResponseSchema } from '../../src/lib/mail/schema.ts';
import {
  EmailChoicesResponseSchema,
  MarkReadResponseSchema,
  NotificationListResponseSchema,
  UnreadCountResponseSchema,
} from '../../src/lib/notifications/schema.ts';
import { UserEditResponseSchema, UserListItemSchema } from '../../src/lib/users/schema.ts';
import { createTestContext, readBody } from '../support/app.ts';
import { expectError, expectJson } from '../support/assertions.ts';
import { ADMIN_LEVEL, allow, describeEndpointAccess } from '../support/endpoint-access.ts';
import { createAccount, createUser, signIn, type TestUser } from '../support/factories.ts';
import { startMailSink } from '../support/mail.ts';
import { deepStrict } from '../support/schemas.ts';

const StrictList = deepStrict(NotificationListResponseSchema);
const StrictUnread = deepStrict(UnreadCountResponseSchema);
const StrictMarked = deepStrict(MarkReadResponseSchema);
const StrictChoices = deepStrict(EmailChoicesResponseSchema);
const StrictSentList = deepStrict(SentMailListResponseSchema);
const StrictSent = deepStrict(SentMailResponseSchema);

const sink = await startMailSink();
const ctx = await createTestContext({ env: { SMTP_URL: sink.url, PUBLIC_SITE_URL: 'https://portal.example' } });
const ALL = ['tuxuri', 'admin', 'stateAdmin', 'stateMember', 'noRole'] as const;

describeEndpointAccess(ctx, [
  {
    method: 'GET',
    label: '/api/notifications',
    path: () => '/api/notifications',
    expected: allow(...ALL),
    schema: StrictList,
  },
  {
    method: 'GET',
    label: '/api/notifications/unread',
    path: () => '/api/notifications/unread',
    expected: allow(...ALL),
    schema: StrictUnread,
  },
  {
    method: 'POST',
    label: '/api/notifications/read',
    path: () => '/api/notifications/read',
    json: () => ({ all: true }),
    expected: allow(...ALL),
    schema: StrictMarked,
  },
  {
    method: 'GET',
    label: '/api/notifications/preferences',
    path: () => '/api/notifications/preferences',
    expected: allow(...ALL),
    schema: StrictChoices,
  },
  {
    method: 'GET',
    label: '/api/mail/sent',
    path: () => '/api/mail/sent',
    expected: allow(...ADMIN_LEVEL),
    schema: StrictSentList,
  },
]);

/** Sends whatever the outbox holds (the worker also wakes on each commit) and waits for it. */
const flushMail = () => ctx.deps.mail!.runOnce();

const list = async (me: { token: string }, query = '') =>
  expectJson(await ctx.request(`/api/notifications${query}`, { token: me.token }), 200, StrictList);
const mailTo = (me: { email: string }) => sink.received.filter((m) => m.to?.includes(me.email));

/** Emits events through the bus as a service would (the report workflow emits them on its branch). */
async function emit(...events: ChangeEvent[]): Promise<void> {
  await ctx.deps.changes.write(ctx.deps.db, async (w) => {
    for (const event of events) await w.emit(event);
  });
}

let tuxuri: TestUser;
let admin: TestUser;
let phAdmin: TestUser;
let phMember: TestUser;
let phInactive: TestUser;
let thMember: TestUser;
let thAdmin: TestUser;
beforeAll(async () => {
  [tuxuri, admin, phAdmin, phMember, phInactive, thMember, thAdmin] = await Promise.all([
    createUser(ctx, { role: 'tuxuri', country: 'TH', name: 'Tux Uri' }),
    createUser(ctx, { role: 'admin', country: 'JP', name: 'Aiko Admin' }),
    createUser(ctx, { role: 'state_admin', country: 'PH', name: 'Pia Santos' }),
    createUser(ctx, { role: 'state_member', country: 'PH', name: 'Marco Reyes' }),
    createUser(ctx, { role: 'state_member', country: 'PH', status: 0 }),
    createUser(ctx, { role: 'state_member', country: 'TH' }),
    createUser(ctx, { role: 'state_admin', country: 'TH' }),
  ]);
});

const report = { uuid: '00000000-0000-4000-8000-000000000001', year: 2026, country: 'PH' };

describe('report decisions reach the country, and only it', () => {
  test(
    'a returned report: its focal points and country administrators get the notification and an email with the ' +
      'reason',
    async () => {
      await emit({
        type: 'report.returned',
        data: { ...report, note: 'Please add the 2020 figures.' },
        actorId: admin.id,
        site: false,
      });
      for (const me of [phAdmin, phMember]) {
        const body = await list(me);
        const [first] = body.data;
        expect(first).toMatchObject({
          kind: 'report.returned',
          title: 'Report returned: Philippines 2026',
          body:
            'The national report of Philippines for 2026 was returned for changes. Reason: Please add the 2020 ' +
            'figures.',
          link: '/module/report/national/PH/2026/indicator/form',
          read_at: null,
        });
        expect(body.unread).toBeGreaterThanOrEqual(1);
      }
      // Another country, the secretariat that acted, and an inactive account get nothing.
      for (const me of [thMember, thAdmin, admin, tuxuri])
        expect((await list(me)).data.map((n) => n.kind)).not.toContain('report.returned');
      const inactiveRows = await ctx.deps.db
        .select()
        .from(notifications)
        .where(eq(notifications.userId, phInactive.id));
      expect(inactiveRows).toEqual([]);

      await flushMail();
      const [mail] = mailTo(phMember);
      expect(mail?.subject).toBe('Report returned: Philippines 2026 · Asia-Pacific Urban Agenda');
      expect(mail?.to).toContain('Marco Reyes');
      expect(mail?.text).toContain('Dear Marco Reyes,');
      expect(mail?.text).toContain('Reason: Please add the 2020 figures.');
      expect(mail?.text).toContain('https://portal.example/module/report/national/PH/2026/indicator/form');
      expect(mail?.html).toContain('href="https://portal.example/module/report/national/PH/2026/indicator/form"');
      expect(mailTo(thMember)).toEqual([]);
    },
  );

  test.each([
    ['report.accepted', 'Report accepted: Philippines 2026', '/module/report/national/PH/2026/indicator/preview'],
    ['report.published', 'Report published: Philippines 2026', '/module/report/national/PH/2026/indicator/preview'],
    ['report.unlocked', 'Report unlocked: Philippines 2026', '/module/report/national/PH/2026/indicator/form'],
  ] as const)('%s: the country is told, with the link to the report', async (type, title, link) => {
    await emit({
      type,
      data: { ...report, note: type === 'report.unlocked' ? 'Figures to correct' : null },
      actorId: tuxuri.id,
      site: true,
    });
    const [first] = (await list(phMember)).data;
    expect(first).toMatchObject({ kind: type, title, link });
    // The reason of an unlock is in the list; the other steps have none.
    expect(first!.body.endsWith('Reason: Figures to correct')).toBe(type === 'report.unlocked');
    expect((await list(thMember)).data.map((n) => n.kind)).not.toContain(type);
  });

  test('a submitted report goes to the regional secretariat, not to the country', async () => {
    await emit({ type: 'report.submitted', data: { ...report, note: null }, actorId: phMember.id, site: false });
    for (const me of [admin, tuxuri]) {
      expect((await list(me)).data[0]).toMatchObject({
        kind: 'report.submitted',
        link: '/module/report/national/PH/2026/indicator/preview',
      });
    }
    for (const me of [phAdmin, phMember, thAdmin])
      expect((await list(me)).data.map((n) => n.kind)).not.toContain('report.submitted');
    await flushMail();
    expect(mailTo(admin).some((m) => m.subject?.startsWith('Report submitted'))).toBe(true);
  });
});

describe('best practices and contact messages', () => {
  const practice = { uuid: '00000000-0000-4000-8000-0000000000aa', country: 'TH' };
  test(
    'practice returned, published and commented reach the ' + 'practice country; submitted reaches the secretariat',
    async () => {
      await emit(
        { type: 'practice.returned', data: { ...practice, note: 'Add a photo' }, actorId: admin.id, site: false },
        { type: 'practice.published', data: practice, actorId: admin.id, site: true },
        { type: 'practice.commented', data: { ...practice, section: 'Results' }, actorId: admin.id, site: false },
        { type: 'practice.submitted', data: practice, actorId: thMember.id, site: false },
      );
      expect((await list(thAdmin)).data.slice(0, 3).map((n) => n.kind)).toEqual([
        'practice.commented',
        'practice.published',
        'practice.returned',
      ]);
      expect((await list(thMember)).data.slice(0, 3).map((n) => n.kind)).toEqual([
        'practice.commented',
        'practice.published',
        'practice.returned',
      ]);
      expect((await list(phMember)).data.map((n) => n.kind).filter((k) => k.startsWith('practice'))).toEqual([]);
      expect((await list(tuxuri)).data[0]).toMatchObject({
        kind: 'practice.submitted',
        link: `/module/best-practice/form/${practice.uuid}`,
      });
      // Comments are not emailed unless the person asks for it.
      const queued = await ctx.deps.db.select().from(mailOutbox).where(eq(mailOutbox.userId, thAdmin.id));
      expect(queued.map((m) => m.kind).sort()).toEqual(['practice.published', 'practice.returned']);
    },
  );

  test('a contact message: the secretariat sees it in the portal (email off by default)', async () => {
    await emit({ type: 'contact.received', data: { id: 4321 }, actorId: null, site: false });
    expect((await list(admin)).data[0]).toMatchObject({
      kind: 'contact.received',
      link: '/admin/contact-us?message=4321',
    });
    expect((await list(phAdmin)).data.map((n) => n.kind)).not.toContain('contact.received');
    const mails = await ctx.deps.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'contact.received'));
    expect(mails).toEqual([]);
  });

  test('a change that rolls back leaves no notification and no email', async () => {
    const before = (await list(phMember)).total;
    await expect(
      ctx.deps.changes.write(ctx.deps.db, async (w) => {
        await w.emit({ type: 'report.accepted', data: { ...report, note: null }, actorId: admin.id, site: false });
        throw new Error('a later step fails');
      }),
    ).rejects.toThrow('a later step fails');
    expect((await list(phMember)).total).toBe(before);
  });
});

describe('accounts', () => {
  test(
    'a new account awaits activation: the secretariat is told and emailed; activation and role change reach the ' +
      'person',
    async () => {
      const account = await createAccount(ctx, { email: `newcomer-${Date.now()}@apua.test` });
      const token = await signIn(ctx, account.email);
      expect((await ctx.request('/api/whoami', { token })).status).toBe(200);
      const [row] = await ctx.deps.db.select().from(users).where(eq(users.email, account.email));
      const awaiting = (await list(admin)).data[0]!;
      expect(awaiting).toMatchObject({ kind: 'account.awaiting', link: `/admin/users/form/${row!.uuid}` });
      expect(awaiting.body).toContain(account.email);
      expect((await list(phAdmin)).data.map((n) => n.kind)).not.toContain('account.awaiting');

      // An administrator activates them and makes them a focal point of the Philippines.
      const shown = await readBody(
        await ctx.request(`/api/user/show/${row!.uuid}`, { token: admin.token }),
        UserListItemSchema,
      );
      await expectJson(
        await ctx.request(`/api/user/edit/${row!.uuid}`, {
          token: admin.token,
          json: { status: 1, country_code: 'PH', roles: ['state_member'], version: shown.version },
        }),
        200,
        UserEditResponseSchema,
      );
      const newcomer = { token: await signIn(ctx, account.email) };
      const kinds = (await list(newcomer)).data.map((n) => n.kind);
      expect(kinds.sort()).toEqual(['account.activated', 'account.role.changed']);
      expect((await list(newcomer)).data.find((n) => n.kind === 'account.role.changed')?.body).toContain(
        'Country Focal Point',
      );

      await flushMail();
      expect(mailTo(admin).some((m) => m.subject?.startsWith('New account awaiting activation'))).toBe(true);
      expect(
        mailTo({ email: account.email })
          .map((m) => m.subject?.split(' · ')[0])
          .sort(),
      ).toEqual(['Your account is active', 'Your role changed']);
    },
  );
});

describe('reading and marking', () => {
  test('newest first, paged; mark one, then all; the count follows; nobody marks another person’s', async () => {
    const me = await createUser(ctx, { role: 'state_member', country: 'MY' });
    const practice = { uuid: '00000000-0000-4000-8000-0000000000bb', country: 'MY' };
    for (let i = 0; i < 3; i++)
      await emit({
        type: 'practice.commented',
        data: { ...practice, section: `S${i}` },
        actorId: admin.id,
        site: false,
      });
    const page1 = await list(me, '?per_page=2');
    expect(page1).toMatchObject({ total: 3, unread: 3, page: 1, per_page: 2 });
    expect(page1.data.map((n) => n.body)).toEqual([expect.stringContaining('S2'), expect.stringContaining('S1')]);
    expect((await list(me, '?per_page=2&page=2')).data.map((n) => n.body)).toEqual([expect.stringContaining('S0')]);

    // Someone else's uuid marks nothing.
    const other = await expectJson(
      await ctx.request('/api/notifications/read', { token: thMember.token, json: { uuids: [page1.data[0]!.uuid] } }),
      200,
      StrictMarked,
    );
    expect(other.marked).toBe(0);

    const one = await expectJson(
      await ctx.request('/api/notifications/read', { token: me.token, json: { uuids: [page1.data[0]!.uuid] } }),
      200,
      StrictMarked,
    );
    expect(one).toMatchObject({ marked: 1, unread: 2 });
    expect(
      (await expectJson(await ctx.request('/api/notifications/unread', { token: me.token }), 200, StrictUnread)).unread,
    ).toBe(2);
    const all = await expectJson(
      await ctx.request('/api/notifications/read', { token: me.token, json: { all: true } }),
      200,
      StrictMarked,
    );
    expect(all).toMatchObject({ marked: 2, unread: 0 });
    expect((await list(me)).data.every((n) => n.read_at !== null)).toBe(true);
  });

  test('bad bodies are refused with the field named', async () => {
    await expectError(
      await ctx.request('/api/notifications/read', { token: phMember.token, json: { uuids: ['nope'] } }),
      400,
      {
        fields: ['uuids.0'],
      },
    );
    expect((await ctx.request('/api/notifications/read', { token: phMember.token, json: { all: false } })).status).toBe(
      400,
    );
    await expectError(await ctx.request('/api/notifications?per_page=1000', { token: phMember.token }), 400, {
      fields: ['per_page'],
    });
  });
});

describe('email choices', () => {
  test(
    'each person sees the kinds they can receive, with the defaults; turning one off stops its email, not the ' +
      'notification',
    async () => {
      const me = await createUser(ctx, { role: 'state_admin', country: 'VN', name: 'Lan Nguyen' });
      const read = await expectJson(
        await ctx.request('/api/notifications/preferences', { token: me.token }),
        200,
        StrictChoices,
      );
      const kinds = read.data.kinds.map((k) => k.kind);
      expect(kinds).toContain('report.returned');
      expect(kinds).not.toContain('report.submitted');
      expect(read.data.kinds.find((k) => k.kind === 'practice.commented')).toEqual({
        kind: 'practice.commented',
        email: false,
        default: false,
      });
      const secretariat = await expectJson(
        await ctx.request('/api/notifications/preferences', { token: admin.token }),
        200,
        StrictChoices,
      );
      expect(
        secretariat.data.kinds
          .filter((k) => k.email)
          .map((k) => k.kind)
          .sort(),
      ).toEqual(
        [
          'account.activated',
          'account.awaiting',
          'account.role.changed',
          'practice.submitted',
          'report.submitted',
          'site.build.failing',
        ].sort(),
      );

      const saved = await expectJson(
        await ctx.request('/api/notifications/preferences', {
          token: me.token,
          json: { email: { 'report.returned': false }, version: read.data.version },
        }),
        200,
        StrictChoices,
      );
      expect(saved.data.kinds.find((k) => k.kind === 'report.returned')?.email).toBe(false);
      // A second save from the same stale read is refused.
      const stale = await ctx.request('/api/notifications/preferences', {
        token: me.token,
        json: { email: { 'report.returned': true }, version: read.data.version },
      });
      expect(stale.status).toBe(409);
      expect(((await stale.json()) as { current: { version: number } }).current.version).toBe(saved.data.version);

      await emit({
        type: 'report.returned',
        data: { uuid: report.uuid, year: 2026, country: 'VN', note: null },
        actorId: admin.id,
        site: false,
      });
      expect((await list(me)).data[0]?.kind).toBe('report.returned');
      const queued = await ctx.deps.db
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.userId, me.id), eq(mailOutbox.kind, 'report.returned')));
      expect(queued).toEqual([]);
    },
  );
});

describe('sent mail (regional secretariat)', () => {
  test('lists every message newest first; one opens with its text and HTML', async () => {
    await flushMail();
    const page = await expectJson(
      await ctx.request('/api/mail/sent?per_page=100', { token: admin.token }),
      200,
      StrictSentList,
    );
    expect(page.total).toBeGreaterThan(0);
    const sent = page.data.find((m) => m.to_address === phMember.email && m.kind === 'report.returned')!;
    expect(sent).toMatchObject({ status: 'sent', attempts: 1, next_attempt_at: null });
    const one = await expectJson(
      await ctx.request(`/api/mail/sent/${sent.uuid}`, { token: tuxuri.token }),
      200,
      StrictSent,
    );
    expect(one.data.text).toContain('Reason: Please add the 2020 figures.');
    expect(one.data.html).toContain('<strong>Reason:</strong>');
    await expectError(await ctx.request(`/api/mail/sent/${sent.uuid}`, { token: phAdmin.token }), 403);
    await expectError(
      await ctx.request('/api/mail/sent/00000000-0000-4000-8000-000000000000', { token: admin.token }),
      404,
    );
    // Every message the sink received was sent once.
    const ids = sink.received.map((m) => m.messageId);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
