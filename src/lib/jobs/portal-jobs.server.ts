import type { MailWorker } from '../mail/worker.server.ts';
import { PROBE_MS } from '../mail/worker.server.ts';
import type { ReminderJob } from '../national-reports/reminder-job.server.ts';
import { JOB, type Jobs } from './jobs.server.ts';

/** How often the reminders run by the clock, besides once as the server starts (decision 024). */
export const REMINDERS_EVERY_SECONDS = 600;

/**
 * The mail outbox and the deadline reminders as jobs (decisions 024, 035, 058, 067). A change
 * that queues mail kicks the worker, which asks for an outbox run: one run, on whichever
 * instance is free. By the clock, the outbox runs every PROBE_MS in one process (every minute
 * on pg-boss, whose clock counts minutes) and the reminders every ten minutes. The outbox's
 * rows (claimed with SKIP LOCKED, sent once) and the reminders' record of what was sent stay
 * the truth of what went: the jobs decide only who runs and when. Neither retries a failed
 * run: the outbox keeps each message's own retries, and the next tick comes within minutes.
 */
export function defineMailAndReminders(jobs: Jobs, work: { mail: MailWorker | null; reminders: ReminderJob }): void {
  const { mail, reminders } = work;
  if (mail) {
    jobs.define(
      JOB.mail,
      async () => {
        await mail.runOnce();
      },
      { everySeconds: PROBE_MS / 1000 },
    );
    mail.routeKicks(() => jobs.run(JOB.mail));
  }
  jobs.define(
    JOB.reminders,
    async () => {
      await reminders.runOnce();
    },
    { everySeconds: REMINDERS_EVERY_SECONDS },
  );
}
