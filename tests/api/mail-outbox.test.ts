import { asc, eq } from 'drizzle-orm';
import { afterAll, expect, test } from 'vitest';
import { mailOutbox } from '../../src/lib/db/schema.ts';
import { claimDueMail } from '../../src/lib/mail/outbox.server.ts';
import { MailSink } from '../../src/lib/mail/sink.server.ts';
import { smtpSender } from '../../src/lib/mail/transport.server.ts';
import { MailWorker } from '../../src/lib/mail/worker.server.ts';
import { createTestContext } from '../support/app.ts';
import { createUser } from '../support/factories.ts';

// No SMTP_URL: the app queues mail and sends none; the workers of this file send it, on a clock the test sets.
const ctx = await createTestContext();

/** A port where nothing listens yet: the SMTP server is down. */
async function freePort(): Promise<number> {
  const probe = new MailSink();
  const url = await probe.listen(0);
  await probe.close();
  return Number(new URL(url).port);
}

let clock = new Date();
const now = () => clock;
const advance = (ms: number) => (clock = new Date(clock.getTime() + ms));
const senders: ReturnType<typeof smtpSender>[] = [];
const worker = (port: number) => {
  const sender = smtpSender(`smtp://127.0.0.1:${port}`);
  senders.push(sender);
  return new MailWorker({ db: ctx.deps.db, sender, from: 'portal@apua.test', now, log: () => {} });
};
afterAll(() => senders.forEach((s) => s.close()));

const outbox = () => ctx.deps.db.select().from(mailOutbox).orderBy(asc(mailOutbox.id));

async function returnReport(country: string): Promise<void> {
  await ctx.deps.changes.write(ctx.deps.db, async (w) => {
    await w.emit({
      type: 'report.returned',
      data: { uuid: '00000000-0000-4000-8000-000000000001', year: 2026, country, note: 'Check the figures' },
      actorId: null,
      site: false,
    });
  });
}

test(
  'SMTP down: messages stay queued and due, in order, the server probed instead of retried; up: each is sent ' +
    'once, across a worker restart',
  async () => {
    await Promise.all([
      createUser(ctx, { role: 'state_admin', country: 'PH' }),
      createUser(ctx, { role: 'state_member', country: 'PH' }),
    ]);
    const port = await freePort();
    await returnReport('PH');
    clock = new Date(); // the workers' clock starts when the change is committed
    expect((await outbox()).map((m) => [m.status, m.attempts])).toEqual([
      ['queued', 0],
      ['queued', 0],
    ]);

    const first = worker(port);
    expect(await first.runOnce()).toBe(0);
    // The oldest was tried and the server did not answer: the run stopped there, the other was not
    // counted as tried, and both stay due (the server's return, not a backoff, decides when they go).
    const [oldest, other] = await outbox();
    expect(oldest).toMatchObject({ status: 'queued', attempts: 1, sentAt: null });
    expect(oldest!.lastError).toMatch(/ECONNREFUSED|connect/i);
    expect(other).toMatchObject({ status: 'queued', attempts: 0, lastError: null });
    for (const m of [oldest!, other!]) expect(m.nextAttemptAt.getTime()).toBeLessThanOrEqual(clock.getTime());
    expect(first.unreachableSince).toEqual(clock);
    // Later runs ask the server first (a probe) and claim nothing while it does not answer.
    advance(60 * 60_000);
    expect(await first.runOnce()).toBe(0);
    expect((await outbox()).map((m) => m.attempts)).toEqual([1, 0]);

    // The SMTP server comes back; the worker process restarts too.
    const sink = new MailSink();
    await sink.listen(port);
    try {
      await first.stop();
      const second = worker(port);
      advance(15_000);
      expect(await second.runOnce()).toBe(2);
      expect(sink.received).toHaveLength(2);
      expect((await outbox()).map((m) => [m.status, m.attempts, m.sentAt !== null])).toEqual([
        ['sent', 2, true],
        ['sent', 1, true],
      ]);
      // Later runs, by this worker or a new one, send nothing again.
      advance(24 * 60 * 60_000);
      expect(await second.runOnce()).toBe(0);
      expect(await worker(port).runOnce()).toBe(0);
      expect(sink.received).toHaveLength(2);
      expect(new Set(sink.received.map((m) => m.messageId)).size).toBe(2);

      // A worker that claimed a message and died: nobody else takes it while its lease runs, then one does, once.
      await returnReport('PH');
      const claimed = await claimDueMail(ctx.deps.db, clock, new Date(clock.getTime() + 5 * 60_000), 1);
      expect(claimed).toHaveLength(1);
      const third = worker(port);
      expect(await third.runOnce()).toBe(1); // the other message of this change
      advance(5 * 60_000);
      expect(await third.runOnce()).toBe(1);
      expect(await third.runOnce()).toBe(0);
      expect(sink.received).toHaveLength(4);
      const [orphan] = await ctx.deps.db.select().from(mailOutbox).where(eq(mailOutbox.id, claimed[0]!.id));
      expect(orphan).toMatchObject({ status: 'sent', attempts: 2 });
    } finally {
      await sink.close();
    }
  },
);
