/**
 * The mail outbox and the deadline reminders as jobs of one PostgreSQL queue shared by two
 * instances (pg-boss, decision 035): mail queued by a change on one instance is sent once, by
 * whichever instance takes the job; runs asked for by both at once never overlap; when one
 * instance stops, the other runs the jobs. PostgreSQL only (PGlite runs them in-process).
 */
import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { mailOutbox } from '../../src/lib/db/schema.ts';
import { enqueueMail } from '../../src/lib/mail/outbox.server.ts';
import { MailSink } from '../../src/lib/mail/sink.server.ts';
import { smtpSender } from '../../src/lib/mail/transport.server.ts';
import { MailWorker } from '../../src/lib/mail/worker.server.ts';
import { ReminderJob } from '../../src/lib/national-reports/reminder-job.server.ts';
import { JOB } from '../../src/lib/jobs/jobs.server.ts';
import { PgBossJobs } from '../../src/lib/jobs/pg-boss-jobs.server.ts';
import { defineMailAndReminders } from '../../src/lib/jobs/portal-jobs.server.ts';
import { createTestContext, type TestInstance } from '../support/app.ts';

const ctx = await createTestContext();
const embedded = !ctx.openInstance;
const sink = new MailSink();
const senders: ReturnType<typeof smtpSender>[] = [];
/** Each reminder run as [instance, start, end] (ms): runs must never overlap. */
const runs: [string, number, number][] = [];
let other: TestInstance;
let jobs: [PgBossJobs, PgBossJobs];
const MAIL_QUEUE = JOB.mail;
const REMINDER_QUEUE = JOB.reminders;
const workers: MailWorker[] = [];

function instanceJobs(name: string, deps: TestInstance['deps']): PgBossJobs {
  const sender = smtpSender(sink.url);
  senders.push(sender);
  const mail = new MailWorker({ db: deps.db, sender, from: 'portal@apua.test', log: () => {} });
  workers.push(mail);
  const reminders = new ReminderJob({
    run: async () => {
      const start = performance.now();
      await new Promise((resolve) => setTimeout(resolve, 300));
      runs.push([name, start, performance.now()]);
      return 0;
    },
  });
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
  await sink.listen(0);
  other = await ctx.openInstance!();
  jobs = [instanceJobs('a', ctx.deps), instanceJobs('b', other.deps)];
  for (const j of jobs) await j.start();
  // The runs each instance asks for as it starts are over before the tests ask for theirs.
  await within(15_000, 'the first runs done', async () => {
    const [busy] = await rowsOf<{ n: number }>(
      sql`select count(*)::int as n from pgboss.job where state in ('created', 'active', 'retry')`,
    );
    return busy?.n === 0;
  });
}, 60_000);

afterAll(async () => {
  if (embedded) return;
  for (const j of jobs) await j.stop().catch(() => {});
  senders.forEach((s) => s.close());
  await sink.close();
});

/** The rows of a raw query, whichever shape the driver answers in. */
async function rowsOf<T>(query: SQL): Promise<T[]> {
  const result = (await ctx.deps.db.execute(query)) as unknown as T[] | { rows: T[] };
  return Array.isArray(result) ? result : result.rows;
}

async function within(ms: number, what: string, probe: () => boolean | Promise<boolean>): Promise<void> {
  const started = performance.now();
  while (!(await probe())) {
    if (performance.now() - started > ms) throw new Error(`Not within ${ms} ms: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe.skipIf(embedded)('mail and reminders shared by two instances', () => {
  test('mail queued on one instance is sent once, by the instance that takes the job, in every script', async () => {
    const subjects = ['รายงานถูกส่งคืน', '报告已退回', 'گزارش برگشت داده شد', 'Отчёт возвращён', 'Report returned'];
    const ids = (
      await enqueueMail(
        ctx.deps.db,
        subjects.map((subject, i) => ({
          userId: null,
          kind: 'report.returned',
          toAddress: `focal${i}@example.org`,
          toName: 'Ana',
          subject,
          text: subject,
          html: `<p>${subject}</p>`,
        })),
      )
    ).map((row) => row.id);
    // Kicked on both instances, as two changes on two instances would: each kick is a job of the queue.
    const [before] = await rowsOf<{ now: string }>(sql`select now()::text as now`);
    workers[0]!.kick();
    workers[1]!.kick();
    await within(5000, 'a mail job run after the kicks', async () => {
      const [job] = await rowsOf<{ n: number }>(
        sql`select count(*)::int as n from pgboss.job where name = ${MAIL_QUEUE} and started_on >=
          ${before!.now}::timestamptz`,
      );
      return (job?.n ?? 0) >= 1;
    });
    await within(15_000, 'every message sent', async () => {
      const rows = await ctx.deps.db
        .select({ status: mailOutbox.status })
        .from(mailOutbox)
        .where(inArray(mailOutbox.id, ids));
      return rows.every((row) => row.status === 'sent');
    });
    await new Promise((resolve) => setTimeout(resolve, 1500)); // a second send would have come by now
    for (const subject of subjects)
      expect(
        sink.received.filter((m) => m.subject === subject),
        subject,
      ).toHaveLength(1);
  });

  test('runs asked for by both instances at once never overlap, and at least one runs after the last ask', async () => {
    runs.length = 0;
    const asked = performance.now();
    await Promise.all([
      jobs[0].run(REMINDER_QUEUE),
      jobs[1].run(REMINDER_QUEUE),
      jobs[0].run(REMINDER_QUEUE),
      jobs[1].run(REMINDER_QUEUE),
    ]);
    await within(15_000, 'a reminder run', () => runs.some(([, start]) => start >= asked));
    await new Promise((resolve) => setTimeout(resolve, 2500));
    // stately: one waiting and one running at most across both instances, so four asks make one or two runs.
    expect(runs.length).toBeGreaterThanOrEqual(1);
    expect(runs.length).toBeLessThanOrEqual(2);
    const sorted = [...runs].sort((x, y) => x[1] - y[1]);
    for (let i = 1; i < sorted.length; i++) expect(sorted[i]![1]).toBeGreaterThanOrEqual(sorted[i - 1]![2]);
  });

  test('with one instance stopped, the other runs the jobs', async () => {
    await jobs[0].stop();
    runs.length = 0;
    const [row] = await enqueueMail(ctx.deps.db, [
      {
        userId: null,
        kind: 'report.returned',
        toAddress: 'late@example.org',
        toName: null,
        subject: 'Ласкаво просимо',
        text: 'x',
        html: '<p>x</p>',
      },
    ]);
    await jobs[1].run(MAIL_QUEUE);
    await jobs[1].run(REMINDER_QUEUE);
    await within(15_000, 'the message sent and a reminder run by b', async () => {
      const [sent] = await ctx.deps.db
        .select({ status: mailOutbox.status })
        .from(mailOutbox)
        .where(eq(mailOutbox.id, row!.id));
      return sent?.status === 'sent' && runs.some(([name]) => name === 'b');
    });
    expect(runs.every(([name]) => name === 'b')).toBe(true);
  });
});
