/**
 * The SMTP server away and back while two instances share the outbox through the job queue
 * (pg-boss, decision 035; decision 058): no test calls a run; the instances' own kicks and
 * probes send the waiting mail within seconds of the server's return, in the order written,
 * once each. PostgreSQL only (PGlite runs the outbox in-process: tests/api/mail-delivery.test.ts).
 */
import { asc, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { mailOutbox } from '../../src/lib/db/schema.ts';
import { enqueueMail } from '../../src/lib/mail/outbox.server.ts';
import { MailSink } from '../../src/lib/mail/sink.server.ts';
import { smtpSender } from '../../src/lib/mail/transport.server.ts';
import { MailWorker } from '../../src/lib/mail/worker.server.ts';
import { ReminderJob } from '../../src/lib/national-reports/reminder-job.server.ts';
import { PgBossJobs } from '../../src/lib/jobs/pg-boss-jobs.server.ts';
import { defineMailAndReminders } from '../../src/lib/jobs/portal-jobs.server.ts';
import { createTestContext, type TestInstance } from '../support/app.ts';

const ctx = await createTestContext();
const embedded = !ctx.openInstance;
let port = 0;
const senders: ReturnType<typeof smtpSender>[] = [];
const workers: MailWorker[] = [];
let jobs: PgBossJobs[] = [];

function instanceJobs(name: string, deps: TestInstance['deps']): PgBossJobs {
  const sender = smtpSender(`smtp://127.0.0.1:${port}`);
  senders.push(sender);
  const mail = new MailWorker({
    db: deps.db,
    sender,
    from: 'portal@apua.test',
    changes: deps.changes,
    log: () => {},
    probeMs: 300,
  });
  workers.push(mail);
  const reminders = new ReminderJob({ run: async () => 0 });
  const jobs = new PgBossJobs({
    databaseUrl: ctx.databaseUrl!,
    instance: `${name}-${crypto.randomUUID()}`,
    log: () => {},
  });
  defineMailAndReminders(jobs, { mail, reminders });
  return jobs;
}

beforeAll(async () => {
  if (embedded) return;
  const probe = new MailSink();
  port = Number(new URL(await probe.listen(0)).port);
  await probe.close(); // nothing listens there: the SMTP server is down
  const other = await ctx.openInstance!();
  jobs = [instanceJobs('a', ctx.deps), instanceJobs('b', other.deps)];
  for (const j of jobs) await j.start();
}, 60_000);

afterAll(async () => {
  if (embedded) return;
  for (const j of jobs) await j.stop().catch(() => {});
  senders.forEach((s) => s.close());
});

async function within(ms: number, what: string, check: () => Promise<boolean>): Promise<number> {
  const started = performance.now();
  while (!(await check())) {
    if (performance.now() - started > ms) throw new Error(`Not within ${ms} ms: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return performance.now() - started;
}

describe.skipIf(embedded)('the SMTP server away and back, two instances', () => {
  test('the waiting mail goes by itself within seconds of the return, in the order written, once each', async () => {
    const to = Array.from({ length: 5 }, (_, i) => `wait${i}-${crypto.randomUUID().slice(0, 8)}@apua.example`);
    for (const address of to) {
      await enqueueMail(ctx.deps.db, [
        {
          userId: null,
          kind: 'test.mail',
          toAddress: address,
          toName: null,
          subject: address,
          text: 'x',
          html: '<p>x</p>',
        },
      ]);
      workers[0]!.kick(); // what a change that queued mail does: a job for whichever instance is free
    }
    const rows = () =>
      ctx.deps.db.select().from(mailOutbox).where(inArray(mailOutbox.toAddress, to)).orderBy(asc(mailOutbox.id));
    await within(20_000, 'a run found the server away', async () => (await rows())[0]!.attempts > 0);
    expect((await rows()).some((r) => r.status === 'sent')).toBe(false);

    const sink = new MailSink();
    await sink.listen(port);
    try {
      const took = await within(20_000, 'every waiting message sent', async () =>
        (await rows()).every((r) => r.status === 'sent'),
      );
      expect(took).toBeLessThan(10_000);
      expect(sink.received.map((m) => m.envelopeTo[0])).toEqual(to);
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(sink.received).toHaveLength(to.length);
    } finally {
      await sink.close();
    }
  });
});
