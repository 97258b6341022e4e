import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../audit/service.server.ts';
import { mailOutbox } from '../db/schema.ts';

/** One email to queue, written in the transaction of the change it tells about. */
export interface OutgoingMail {
  userId: number | null;
  kind: string;
  toAddress: string;
  toName: string | null;
  subject: string;
  text: string;
  html: string;
}

export type OutboxRow = typeof mailOutbox.$inferSelect;

/** The statuses of a message still to be sent: waiting, or claimed by a worker. */
const WAITING = ['queued', 'sending'];

/** Queues emails; the mail worker sends them once the transaction has committed. Returns their ids, in order. */
export async function enqueueMail(tx: DbOrTx, mails: readonly OutgoingMail[]): Promise<{ id: number }[]> {
  if (mails.length === 0) return [];
  return tx
    .insert(mailOutbox)
    .values([...mails])
    .returning({ id: mailOutbox.id });
}

/**
 * Claims up to `limit` messages that are due at `now`, oldest written first (decision 058: mail
 * that waited for the SMTP server goes before mail written since). Each becomes `sending` until
 * `leaseUntil`, so no other worker takes it meanwhile; one whose worker died is taken again
 * once its lease has passed. SKIP LOCKED lets several instances claim side by side.
 */
export async function claimDueMail(db: DbOrTx, now: Date, leaseUntil: Date, limit: number): Promise<OutboxRow[]> {
  const due = db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    // PostgreSQL keeps microseconds and a JavaScript date whole milliseconds: a message written in
    // the very millisecond of `now` (its row's time a few microseconds later) is due too.
    .where(and(inArray(mailOutbox.status, WAITING), lte(mailOutbox.nextAttemptAt, new Date(now.getTime() + 1))))
    .orderBy(asc(mailOutbox.createdAt), asc(mailOutbox.id))
    .limit(limit)
    .for('update', { skipLocked: true });
  const rows = await db
    .update(mailOutbox)
    .set({ status: 'sending', attempts: sql`${mailOutbox.attempts} + 1`, nextAttemptAt: leaseUntil })
    .where(inArray(mailOutbox.id, due))
    .returning();
  // UPDATE … RETURNING keeps no order: the worker sends them in the order they were written.
  return rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id - b.id);
}

/**
 * Gives back claimed messages that were not tried (the SMTP server stopped answering, or the
 * lease ran short): waiting again, due at `now`, their claim not counted as an attempt. Only
 * those still held under `leaseUntil` are touched.
 */
export async function releaseClaims(db: DbOrTx, ids: readonly number[], leaseUntil: Date, now: Date): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(mailOutbox)
    .set({ status: 'queued', attempts: sql`${mailOutbox.attempts} - 1`, nextAttemptAt: now })
    .where(
      and(inArray(mailOutbox.id, [...ids]), eq(mailOutbox.status, 'sending'), eq(mailOutbox.nextAttemptAt, leaseUntil)),
    );
}

/** Marks a claimed message sent: it is never taken again. */
export async function markSent(db: DbOrTx, id: number, at: Date): Promise<void> {
  await db.update(mailOutbox).set({ status: 'sent', sentAt: at, lastError: null }).where(eq(mailOutbox.id, id));
}

/** Puts a message back in the queue after a failed attempt, to be tried again at `retryAt`. */
export async function markFailed(db: DbOrTx, id: number, retryAt: Date, error: string): Promise<void> {
  await db
    .update(mailOutbox)
    .set({ status: 'queued', nextAttemptAt: retryAt, lastError: error.slice(0, 1000) })
    .where(eq(mailOutbox.id, id));
}

/** Marks a message the SMTP server refused for good: never tried again (decision 058). */
export async function markUndeliverable(db: DbOrTx, id: number, error: string): Promise<void> {
  await db
    .update(mailOutbox)
    .set({ status: 'failed', lastError: error.slice(0, 1000) })
    .where(eq(mailOutbox.id, id));
}
