/**
 * Issue 16, item 9: the secretariat's work on contact messages — mark answered, archive, delete,
 * reply by email through the mail outbox — admin-level only, with versions (409 with the message
 * as it is now), 404 for a missing message, and status filters on the list.
 */
import { and, asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, test } from 'vitest';
import {
  ContactActionResponseSchema,
  ContactListResponseSchema,
  ContactMessageDetailSchema,
  ContactShowResponseSchema,
} from '../../src/lib/contact/schema.ts';
import { auditEvents, contactMessages, contactReplies, mailOutbox } from '../../src/lib/db/schema.ts';
import { GenericResponseSchema } from '../../src/lib/http/schema.ts';
import { MailSink } from '../../src/lib/mail/sink.server.ts';
import { smtpSender } from '../../src/lib/mail/transport.server.ts';
import { MailWorker } from '../../src/lib/mail/worker.server.ts';
import { createTestContext } from '../support/app.ts';
import { expectError, expectJson } from '../support/assertions.ts';
import { ADMIN_LEVEL, allow, describeEndpointAccess } from '../support/endpoint-access.ts';
import { createUser, type TestUser } from '../support/factories.ts';
import { deepStrict } from '../support/schemas.ts';

const StrictAction = deepStrict(ContactActionResponseSchema);
const StrictShow = deepStrict(ContactShowResponseSchema);
const StrictList = deepStrict(ContactListResponseSchema);
const StrictGeneric = deepStrict(GenericResponseSchema);
const StrictConflict = deepStrict(GenericResponseSchema.extend({ current: ContactMessageDetailSchema }));

const ctx = await createTestContext();

/** A message as the contact form stores it (Thai and Russian, as visitors write). */
async function insertMessage(overrides: Partial<typeof contactMessages.$inferInsert> = {}) {
  const [row] = await ctx.deps.db
    .insert(contactMessages)
    .values({
      name: 'สมชาย ใจดี',
      email: 'somchai@example.org',
      subject: 'Вопрос о программе',
      message: 'สวัสดีครับ เมืองของเราจะเข้าร่วมได้อย่างไร?\nЗаранее спасибо.',
      clientHash: 'x',
      ...overrides,
    })
    .returning();
  return row!;
}

const versionOf = async (id: number) =>
  (
    await ctx.deps.db
      .select({ version: contactMessages.version })
      .from(contactMessages)
      .where(eq(contactMessages.id, id))
  )[0]?.version ?? 1;

describeEndpointAccess(ctx, [
  {
    method: 'POST',
    label: '/api/contact-us/status/{id}',
    path: () => `/api/contact-us/status/${accessMessage}`,
    json: async () => ({ status: 'answered', version: await versionOf(accessMessage) }),
    expected: allow(...ADMIN_LEVEL),
    schema: StrictAction,
  },
  {
    method: 'POST',
    label: '/api/contact-us/reply/{id}',
    path: () => `/api/contact-us/reply/${accessMessage}`,
    json: async () => ({
      subject: 'Re: access',
      message: 'Thank you for writing to us.',
      version: await versionOf(accessMessage),
    }),
    expected: allow(...ADMIN_LEVEL),
    schema: StrictAction,
  },
]);
const accessMessage = (await insertMessage({ subject: 'For the access checks' })).id;

let admin: TestUser;
let tuxuri: TestUser;
let stateAdmin: TestUser;
beforeAll(async () => {
  [admin, tuxuri, stateAdmin] = await Promise.all([
    createUser(ctx, { role: 'admin', country: 'JP', name: 'Aiko Tanaka' }),
    createUser(ctx, { role: 'tuxuri', country: 'TH' }),
    createUser(ctx, { role: 'state_admin', country: 'PH' }),
  ]);
});

const post = (user: TestUser, path: string, json?: unknown) =>
  ctx.request(`/api/contact-us/${path}`, { method: 'POST', token: user.token, ...(json !== undefined && { json }) });
const setStatus = (user: TestUser, id: number, status: string, version?: number) =>
  post(user, `status/${id}`, { status, ...(version !== undefined && { version }) });
const show = async (id: number) =>
  (await expectJson(await ctx.request(`/api/contact-us/show/${id}`, { token: admin.token }), 200, StrictShow)).data;

describe('marking a message answered, archived or new again', () => {
  test('each change bumps the version, says who and when, and is audited', async () => {
    const { id } = await insertMessage();
    const fresh = await show(id);
    expect(fresh).toMatchObject({ status: 'new', status_at: null, status_by: null, version: 1, replies: [] });

    const answered = await expectJson(await setStatus(admin, id, 'answered', 1), 200, StrictAction);
    expect(answered.message).toBe('Marked answered');
    expect(answered.data).toMatchObject({ status: 'answered', version: 2, status_by: { name: 'Aiko Tanaka' } });
    expect(Date.parse(answered.data.status_at!)).toBeGreaterThan(Date.now() - 60_000);

    const archived = await expectJson(await setStatus(tuxuri, id, 'archived', 2), 200, StrictAction);
    expect(archived.data).toMatchObject({ status: 'archived', version: 3 });
    const back = await expectJson(await setStatus(admin, id, 'new', 3), 200, StrictAction);
    expect(back.data).toMatchObject({ status: 'new', version: 4 });

    const audit = await ctx.deps.db
      .select({ action: auditEvents.action, after: auditEvents.after })
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.entity, 'contact_message'),
          eq(auditEvents.entityId, String(id)),
          eq(auditEvents.action, 'status'),
        ),
      )
      .orderBy(asc(auditEvents.id));
    expect(audit.map((a) => a.after)).toEqual([{ status: 'answered' }, { status: 'archived' }, { status: 'new' }]);
  });

  test('a stale version: 409 with the message as it is now; none: 428; bad status: 400; missing: 404', async () => {
    const { id } = await insertMessage();
    await expectJson(await setStatus(admin, id, 'answered', 1), 200, StrictAction);
    const stale = await expectJson(await setStatus(tuxuri, id, 'archived', 1), 409, StrictConflict);
    expect(stale.current).toMatchObject({ id, status: 'answered', version: 2, status_by: { name: 'Aiko Tanaka' } });
    expect((await show(id)).status).toBe('answered');
    await expectError(await setStatus(admin, id, 'archived'), 428, { fields: ['version'] });
    await expectError(await setStatus(admin, id, 'spam', 2), 400, { fields: ['status'] });
    await expectError(await setStatus(admin, 999_999, 'archived', 1), 404, { message: /No message with this number/ });
    await expectError(await setStatus(admin, Number.NaN, 'archived', 1), 400, { fields: ['id'] });
  });

  test('a country administrator may not touch messages: 403, and nothing changes', async () => {
    const { id } = await insertMessage();
    await expectError(await setStatus(stateAdmin, id, 'archived', 1), 403);
    await expectError(await post(stateAdmin, `delete/${id}`, { version: 1 }), 403);
    expect((await show(id)).status).toBe('new');
  });
});

describe('the list filtered by status', () => {
  test('new, answered and archived each list only theirs; unread and read still work', async () => {
    const tag = `filter-${Date.now()}`;
    const a = await insertMessage({ subject: `${tag} one` });
    const b = await insertMessage({ subject: `${tag} two` });
    const c = await insertMessage({ subject: `${tag} three` });
    await setStatus(admin, b.id, 'answered', 1);
    await setStatus(admin, c.id, 'archived', 1);
    const list = async (status: string) =>
      (
        await expectJson(
          await ctx.request(`/api/contact-us/list?q=${tag}&status=${status}`, { token: admin.token }),
          200,
          StrictList,
        )
      ).data.map((m) => m.id);
    expect(await list('new')).toEqual([a.id]);
    expect(await list('answered')).toEqual([b.id]);
    expect(await list('archived')).toEqual([c.id]);
    expect((await list('')).sort()).toEqual([a.id, b.id, c.id].sort());
    expect((await list('unread')).sort()).toEqual([a.id, b.id, c.id].sort());
    await show(a.id);
    expect(await list('read')).toEqual([a.id]);
    await expectError(await ctx.request('/api/contact-us/list?status=spam', { token: admin.token }), 400, {
      fields: ['status'],
    });
  });
});

describe('deleting a message', () => {
  test('with its version (body or If-Match): gone, with its replies; audited with what it was', async () => {
    const { id } = await insertMessage({ subject: 'To be deleted' });
    await expectJson(
      await post(admin, `reply/${id}`, {
        subject: 'Re: To be deleted',
        message: 'Thank you for your message.',
        version: 1,
      }),
      200,
      StrictAction,
    );
    expect(
      (await expectJson(await post(admin, `delete/${id}`, { version: 1 }), 409, StrictConflict)).current,
    ).toMatchObject({ id, version: 2 });
    expect(await expectJson(await post(admin, `delete/${id}`, { version: 2 }), 200, StrictGeneric)).toEqual({
      status: 200,
      message: 'Message deleted',
    });
    await expectError(await ctx.request(`/api/contact-us/show/${id}`, { token: admin.token }), 404);
    expect(await ctx.deps.db.select().from(contactReplies).where(eq(contactReplies.messageId, id))).toEqual([]);
    const [audit] = await ctx.deps.db
      .select({ before: auditEvents.before })
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.entity, 'contact_message'),
          eq(auditEvents.entityId, String(id)),
          eq(auditEvents.action, 'delete'),
        ),
      );
    expect(audit?.before).toMatchObject({ subject: 'To be deleted', status: 'answered' });

    const other = await insertMessage();
    const byHeader = await ctx.request(`/api/contact-us/delete/${other.id}`, {
      method: 'POST',
      token: tuxuri.token,
      headers: { 'If-Match': '"1"' },
    });
    await expectJson(byHeader, 200, StrictGeneric);
    await expectError(await post(admin, `delete/${other.id}`, { version: 1 }), 404);
    await expectError(
      await ctx.request(`/api/contact-us/delete/${(await insertMessage()).id}`, { method: 'POST', token: admin.token }),
      428,
      { fields: ['version'] },
    );
  });
});

describe('replying by email', () => {
  test(
    'the reply goes through the outbox to the sender, is ' + 'recorded with who and when, and the message is answered',
    async () => {
      const { id } = await insertMessage({ subject: 'Участие в программе' });
      const text = 'ขอบคุณสำหรับข้อความครับ\nСпасибо за ваш вопрос: <b>details</b> follow.';
      const answer = await expectJson(
        await post(admin, `reply/${id}`, { subject: 'Re: Участие в программе', message: text, version: 1 }),
        200,
        StrictAction,
      );
      expect(answer.message).toBe('Reply to somchai@example.org is on its way');
      expect(answer.data).toMatchObject({ status: 'answered', version: 2, status_by: { name: 'Aiko Tanaka' } });
      expect(answer.data.replies).toEqual([
        {
          id: expect.any(Number),
          to_address: 'somchai@example.org',
          subject: 'Re: Участие в программе',
          message: text,
          author: { id: admin.id, name: 'Aiko Tanaka' },
          created_at: expect.any(String),
          sent_at: null,
        },
      ]);
      const [queued] = await ctx.deps.db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.subject, 'Re: Участие в программе'));
      expect(queued).toMatchObject({
        status: 'queued',
        toAddress: 'somchai@example.org',
        toName: 'สมชาย ใจดี',
        subject: 'Re: Участие в программе',
      });
      expect(queued!.text).toContain(text);
      expect(queued!.text).toContain('> สวัสดีครับ เมืองของเราจะเข้าร่วมได้อย่างไร?');
      expect(queued!.html).toContain('&#60;b&#62;details&#60;/b&#62;');
      expect(queued!.html).not.toContain('<b>details');

      // The worker sends it once; the message then says when it went.
      const sink = new MailSink();
      const url = await sink.listen(0);
      const sender = smtpSender(url);
      try {
        const worker = new MailWorker({ db: ctx.deps.db, sender, from: 'portal@apua.test', log: () => {} });
        expect(await worker.runOnce()).toBeGreaterThanOrEqual(1);
        const mail = sink.received.find((m) => m.subject === 'Re: Участие в программе');
        expect(mail?.to).toContain('somchai@example.org');
        expect(mail?.text).toContain('ขอบคุณสำหรับข้อความครับ');
        await worker.stop();
      } finally {
        sender.close();
        await sink.close();
      }
      expect((await show(id)).replies[0]!.sent_at).not.toBeNull();
    },
  );

  test('bad fields: 400 naming them; stale: 409 and no email; missing: 404', async () => {
    const { id } = await insertMessage();
    const before = (await ctx.deps.db.select().from(mailOutbox)).length;
    await expectError(await post(admin, `reply/${id}`, { subject: 'Re', message: 'short', version: 1 }), 400, {
      fields: ['subject', 'message'],
    });
    await expectError(
      await post(admin, `reply/${id}`, { subject: 'Re: hello', message: 'A reply with \u0000 inside it.', version: 1 }),
      400,
      { fields: ['message'] },
    );
    await expectJson(await setStatus(admin, id, 'archived', 1), 200, StrictAction);
    const stale = await expectJson(
      await post(admin, `reply/${id}`, { subject: 'Re: hello', message: 'Thank you for writing.', version: 1 }),
      409,
      StrictConflict,
    );
    expect(stale.current).toMatchObject({ status: 'archived', replies: [] });
    await expectError(
      await post(admin, `reply/999999`, { subject: 'Re: hello', message: 'Thank you for writing.', version: 1 }),
      404,
    );
    expect((await ctx.deps.db.select().from(mailOutbox)).length).toBe(before);
    expect(await ctx.deps.db.select().from(contactReplies).where(eq(contactReplies.messageId, id))).toEqual([]);
  });
});
