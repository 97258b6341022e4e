import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { afterAll, describe, expect, test } from 'vitest';
import { mailOutbox, notifications } from '../../src/lib/db/schema.ts';
import { enqueueMail } from '../../src/lib/mail/outbox.server.ts';
import { SentMailResponseSchema } from '../../src/lib/mail/schema.ts';
import { MailSink, type SinkRefusal } from '../../src/lib/mail/sink.server.ts';
import { smtpSender } from '../../src/lib/mail/transport.server.ts';
import { MailWorker, UNDELIVERABLE_KIND } from '../../src/lib/mail/worker.server.ts';
import { createTestContext } from '../support/app.ts';
import { expectJson } from '../support/assertions.ts';
import { createUser, type TestUser } from '../support/factories.ts';
import { startMailSink } from '../support/mail.ts';
import { deepStrict } from '../support/schemas.ts';

// No SMTP_URL: the app queues mail and sends none; the workers of this file send it, on a clock the test sets.
const ctx = await createTestContext();

/** Recipients whose address starts with `gone-` are refused for good; `busy-`, for now (while `busy` holds). */
let busy = true;
function refuse(address: string): SinkRefusal | null {
  if (address.startsWith('gone-')) return { code: 550, message: '5.1.1 Mailbox unavailable' };
  if (address.startsWith('busy-') && busy) return { code: 450, message: '4.2.1 Mailbox busy, try later' };
  return null;
}
const sink = await startMailSink({ refuse });

let clock = new Date();
const now = () => clock;
const advance = (ms: number) => (clock = new Date(clock.getTime() + ms));
const senders: ReturnType<typeof smtpSender>[] = [];
/** A worker (an instance of the portal) sending to `url`, announcing refusals on the app's change bus. */
const worker = (url = sink.url) => {
  const sender = smtpSender(url);
  senders.push(sender);
  return new MailWorker({
    db: ctx.deps.db,
    sender,
    from: '"Portal, APUA" <portal@apua.test>',
    changes: ctx.deps.changes,
    now,
    log: () => {},
  });
};
afterAll(() => senders.forEach((s) => s.close()));

const address = (prefix: string) => `${prefix}-${randomUUID().slice(0, 8)}@apua.example`;
const rowsTo = (addresses: string[]) =>
  ctx.deps.db.select().from(mailOutbox).where(inArray(mailOutbox.toAddress, addresses)).orderBy(asc(mailOutbox.id));
const received = (to: string) => sink.received.filter((m) => m.envelopeTo.includes(to));

/** The workers' clock is never behind the database's: what was just written is due. */
const catchUp = () => (clock = new Date(Math.max(clock.getTime(), Date.now())));

/** Queues one email per recipient, each in its own transaction (written one after the other). */
async function write(...to: { address: string; name: string | null }[]): Promise<void> {
  for (const r of to) {
    await enqueueMail(ctx.deps.db, [
      {
        userId: null,
        kind: 'test.mail',
        toAddress: r.address,
        toName: r.name,
        subject: `For ${r.address}`,
        text: 'Hello',
        html: '<p>Hello</p>',
      },
    ]);
  }
  catchUp();
}

describe('names and addresses go to nodemailer apart', () => {
  test(
    'a display name ending in a backslash reaches its own address, the name quoted as a name (the notification ' +
      'flow)',
    async () => {
      const jose = await createUser(ctx, {
        role: 'state_member',
        country: 'VN',
        name: 'Jose Reyes \\',
        email: address('jose'),
      });
      await ctx.deps.changes.write(ctx.deps.db, (w) =>
        w.emit({
          type: 'report.returned',
          data: { uuid: randomUUID(), year: 2026, country: 'VN', note: null },
          actorId: null,
          site: false,
        }),
      );
      clock = new Date();
      expect(await worker().runOnce()).toBeGreaterThanOrEqual(1);
      const [mail] = received(jose.email);
      expect(mail).toBeDefined();
      expect(mail!.envelopeTo).toEqual([jose.email]);
      expect(mail!.toMailboxes).toEqual([{ name: 'Jose Reyes \\', address: jose.email }]);
      expect(mail!.headers).toContain(`To: "Jose Reyes \\\\" <${jose.email}>`);
      // The sender is one mailbox too, its name quoted (MAIL_FROM is parsed, never pasted).
      expect(mail!.headers).toContain('From: "Portal, APUA" <portal@apua.test>');
      const [row] = await rowsTo([jose.email]);
      expect(row).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
    },
  );

  test(
    'names in Thai, Chinese, Arabic script, Cyrillic, or holding quotes, commas and brackets are encoded words ' +
      'of one mailbox',
    async () => {
      const names = [
        'สมชาย ใจดี',
        '王小明',
        'محمد رضا',
        'علی‌رضا کریمی', // Persian, with the zero-width non-joiner its spelling needs
        'Иван Петров',
        'Ana "Bee" <boss@evil.example>, other@evil.example',
        'Line\r\nBcc: other@evil.example',
      ];
      const to = names.map((name) => ({ name, address: address('named') }));
      await write(...to);
      expect(await worker().runOnce()).toBe(to.length);
      for (const { name, address: at } of to) {
        const mails = received(at);
        expect(mails, name).toHaveLength(1);
        expect(mails[0]!.envelopeTo).toEqual([at]);
        // Header lines hold only ASCII: anything else travels as RFC 2047 encoded words.
        expect(mails[0]!.headers).toMatch(/^[\x20-\x7e\r\n\t]*$/);
        const [read] = mails[0]!.toMailboxes;
        expect(read!.address).toBe(at);
        // Read back as written (a line break in a name is no header of its own, it becomes a space).
        expect(read!.name).toBe(name.includes('\r\n') ? read!.name : name);
      }
      expect(sink.received.some((m) => m.envelopeTo.some((a) => a.includes('evil.example')))).toBe(false);
      const thai = received(to[0]!.address)[0]!;
      expect(thai.headers).toMatch(/^To: =\?UTF-8\?[BQ]\?/m);
    },
  );
});

describe('mail the SMTP server refuses', () => {
  let admins: { gone: TestUser; told: TestUser; quiet: TestUser };

  test(
    'refused for good (550): one attempt, marked failed, shown so, and each administrator told once; by email ' +
      'only if chosen, never to the refused address',
    async () => {
      const [gone, told, quiet] = await Promise.all([
        createUser(ctx, { role: 'admin', country: 'JP', name: 'Gone Admin', email: address('gone') }),
        createUser(ctx, { role: 'tuxuri', country: 'TH', name: 'Told Admin', email: address('told') }),
        createUser(ctx, { role: 'admin', country: 'JP', name: 'Quiet Admin', email: address('quiet') }),
      ]);
      admins = { gone, told, quiet };
      // Both the refused administrator and another ask for these emails; the third keeps the default (none).
      for (const who of [gone, told]) {
        const read = await ctx.request('/api/notifications/preferences', { token: who.token });
        const { data } = (await read.json()) as { data: { version: number } };
        const saved = await ctx.request('/api/notifications/preferences', {
          token: who.token,
          json: { email: { [UNDELIVERABLE_KIND]: true }, version: data.version },
        });
        expect(saved.status).toBe(200);
      }
      await write({ address: gone.email, name: gone.name }, { address: address('fine'), name: 'Fine Person' });
      const w = worker();
      expect(await w.runOnce()).toBe(1);
      const [refused] = await rowsTo([gone.email]);
      expect(refused).toMatchObject({ status: 'failed', attempts: 1, sentAt: null });
      expect(refused!.lastError).toMatch(/^550\b.*Mailbox unavailable/);

      // The Sent mail screen says so, and gives no next try.
      const shown = await expectJson(
        await ctx.request(`/api/mail/sent/${refused!.uuid}`, { token: told.token }),
        200,
        deepStrict(SentMailResponseSchema),
      );
      expect(shown.data).toMatchObject({ status: 'failed', next_attempt_at: null, attempts: 1 });

      // Every administrator has one notification about it, linking to the message.
      const notices = await ctx.deps.db.select().from(notifications).where(eq(notifications.kind, UNDELIVERABLE_KIND));
      const about = notices.filter((n) => n.link === `/admin/sent-mail?message=${refused!.uuid}`);
      for (const who of [gone, told, quiet])
        expect(
          about.filter((n) => n.userId === who.id),
          who.email,
        ).toHaveLength(1);
      expect(about.find((n) => n.userId === told.id)!.title).toBe(`Email not delivered: Gone Admin (${gone.email})`);
      expect(about.find((n) => n.userId === told.id)!.body).toContain(`“For ${gone.email}”`);

      // The notice email goes to the administrator who chose it, not to the refused address, not to the one
      // who did not.
      const noticeMails = await ctx.deps.db.select().from(mailOutbox).where(eq(mailOutbox.kind, UNDELIVERABLE_KIND));
      expect(noticeMails.map((m) => m.toAddress)).toEqual([told.email]);
      catchUp();
      expect(await w.runOnce()).toBe(1);
      const [notice] = received(told.email);
      expect(received(told.email)).toHaveLength(1);
      expect(notice!.subject).toContain(`Email not delivered: Gone Admin (${gone.email})`);
      expect(notice!.text).toContain('550 5.1.1 Mailbox unavailable');

      // Never tried again, however long one waits, and no second notice.
      advance(48 * 60 * 60_000);
      expect(await w.runOnce()).toBe(0);
      expect(await worker().runOnce()).toBe(0);
      expect((await rowsTo([gone.email]))[0]).toMatchObject({ status: 'failed', attempts: 1 });
      expect(received(gone.email)).toHaveLength(0);
      expect(
        await ctx.deps.db.select().from(notifications).where(eq(notifications.kind, UNDELIVERABLE_KIND)),
      ).toHaveLength(notices.length);
    },
  );

  test('a notice of undeliverable mail that is itself refused tells nobody (no loop)', async () => {
    const before = await ctx.deps.db.select().from(notifications).where(eq(notifications.kind, UNDELIVERABLE_KIND));
    const at = address('gone');
    await enqueueMail(ctx.deps.db, [
      {
        userId: admins.told.id,
        kind: UNDELIVERABLE_KIND,
        toAddress: at,
        toName: null,
        subject: 'Notice',
        text: 'x',
        html: '<p>x</p>',
      },
    ]);
    catchUp();
    expect(await worker().runOnce()).toBe(0);
    expect((await rowsTo([at]))[0]).toMatchObject({ status: 'failed', attempts: 1 });
    expect(
      await ctx.deps.db.select().from(notifications).where(eq(notifications.kind, UNDELIVERABLE_KIND)),
    ).toHaveLength(before.length);
    expect(
      await ctx.deps.db
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.kind, UNDELIVERABLE_KIND), eq(mailOutbox.status, 'queued'))),
    ).toHaveLength(0);
  });

  test('refused for now (450): tried again after 30 s, then at most every minute, until taken', async () => {
    busy = true;
    const at = address('busy');
    await write({ address: at, name: 'Busy Person' });
    const w = worker();
    expect(await w.runOnce()).toBe(0);
    let [row] = await rowsTo([at]);
    expect(row).toMatchObject({ status: 'queued', attempts: 1 });
    expect(row!.lastError).toMatch(/^450\b/);
    expect(row!.nextAttemptAt.getTime()).toBe(clock.getTime() + 30_000);
    // The server answers: this was the recipient's refusal, not an outage.
    expect(w.unreachableSince).toBeNull();
    advance(30_000);
    expect(await w.runOnce()).toBe(0);
    [row] = await rowsTo([at]);
    expect(row!.nextAttemptAt.getTime()).toBe(clock.getTime() + 60_000);
    advance(60_000);
    expect(await w.runOnce()).toBe(0);
    [row] = await rowsTo([at]);
    expect(row!.nextAttemptAt.getTime()).toBe(clock.getTime() + 60_000);
    busy = false;
    advance(60_000);
    expect(await w.runOnce()).toBe(1);
    expect((await rowsTo([at]))[0]).toMatchObject({ status: 'sent', attempts: 4 });
  });
});

/** A port where nothing listens yet: the SMTP server is down. */
async function freePort(): Promise<number> {
  const probe = new MailSink();
  const url = await probe.listen(0);
  await probe.close();
  return Number(new URL(url).port);
}

test(
  'SMTP down for an hour then back: every waiting message goes within a minute, once each, in the order written, ' +
    'whichever instance runs',
  async () => {
    const port = await freePort();
    const url = `smtp://127.0.0.1:${port}`;
    const to = Array.from({ length: 6 }, (_, i) => ({ address: address(`order${i}`), name: `Person ${i}` }));
    clock = new Date();
    const a = worker(url);
    const b = worker(url); // another instance of the portal, on the same database

    // Written over an hour while the server is away; each instance's runs fail or wait.
    await write(to[0]!);
    expect(await a.runOnce()).toBe(0);
    advance(10 * 60_000);
    await write(to[1]!, to[2]!);
    expect(await a.runOnce()).toBe(0); // probes, claims nothing
    expect(await b.runOnce()).toBe(0); // knew nothing of the outage: tries the oldest, gives the rest back untried
    advance(50 * 60_000);
    await write(to[3]!);
    expect(await a.runOnce()).toBe(0);
    let rows = await rowsTo(to.map((r) => r.address));
    expect(rows.map((r) => [r.status, r.attempts])).toEqual([
      ['queued', 2],
      ['queued', 0],
      ['queued', 0],
      ['queued', 0],
    ]);
    expect(a.unreachableSince).not.toBeNull();

    // The server comes back; more mail is written at that moment.
    const back = new MailSink();
    await back.listen(port);
    try {
      await write(to[4]!, to[5]!);
      const returned = clock.getTime();
      advance(15_000); // the next run, well within the minute
      expect(await a.runOnce()).toBe(6);
      expect(clock.getTime() - returned).toBeLessThanOrEqual(60_000);
      expect(a.unreachableSince).toBeNull();
      expect(back.received.map((m) => m.envelopeTo[0])).toEqual(to.map((r) => r.address));
      rows = await rowsTo(to.map((r) => r.address));
      expect(rows.every((r) => r.status === 'sent')).toBe(true);
      // Nothing goes twice, from either instance.
      advance(24 * 60 * 60_000);
      expect(await a.runOnce()).toBe(0);
      expect(await b.runOnce()).toBe(0);
      expect(back.received).toHaveLength(6);
      expect(new Set(back.received.map((m) => m.messageId)).size).toBe(6);
    } finally {
      await back.close();
    }
  },
);
