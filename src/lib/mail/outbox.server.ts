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

/** Queues emails; the mail worker sends them once the transaction has committed. Returns their ids, in order. */
export async function enqueueMail(tx: DbOrTx, mails: readonly OutgoingMail[]): Promise<{ id: number }[]> {
  if (mails.length === 0) return [];
  return tx.insert(mailOutbox).values([...mails]).returning({ id: mailOutbox.id });
}

/**
 * Claims up to `limit` messages that are due at `now`: each becomes `sending` until
 * `leaseUntil`, so no other worker takes it meanwhile; one whose worker died is taken again
 * once its lease has passed. SKIP LOCKED lets several instances claim side by side.
 */
export async function claimDueMail(db: DbOrTx, now: Date, leaseUntil: Date, limit: number): Promise<OutboxRow[]> {
  const due = db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(and(inArray(mailOutbox.status, ['queued', 'sending']), lte(mailOutbox.nextAttemptAt, now)))
    .orderBy(asc(mailOutbox.nextAttemptAt), asc(mailOutbox.id))
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(mailOutbox)
    .set({ status: 'sending', attempts: sql`${mailOutbox.attempts} + 1`, nextAttemptAt: leaseUntil })
    .where(inArray(mailOutbox.id, due))
    .returning();
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
