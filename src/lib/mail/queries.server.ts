import { count, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../audit/service.server.ts';
import { mailOutbox } from '../db/schema.ts';
import type { OutboxRow } from './outbox.server.ts';
import type { SentMailItem, SentMailQuery, SentMailResponse } from './schema.ts';

function toItem(row: OutboxRow): SentMailItem {
  return {
    uuid: row.uuid,
    kind: row.kind,
    to_address: row.toAddress,
    to_name: row.toName,
    subject: row.subject,
    status: row.status as SentMailItem['status'],
    attempts: row.attempts,
    next_attempt_at: row.status === 'sent' || row.status === 'failed' ? null : row.nextAttemptAt.toISOString(),
    last_error: row.lastError,
    created_at: row.createdAt.toISOString(),
    sent_at: row.sentAt?.toISOString() ?? null,
  };
}

/** One page of the outbox, newest first. */
export async function listSentMail(db: DbOrTx, query: SentMailQuery): Promise<{ data: SentMailItem[]; total: number }> {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(mailOutbox)
      .orderBy(desc(mailOutbox.id))
      .limit(query.per_page)
      .offset((query.page - 1) * query.per_page),
    db.select({ n: count() }).from(mailOutbox),
  ]);
  return { data: rows.map(toItem), total: total?.n ?? 0 };
}

/** One message with its bodies, or null. */
export async function findSentMail(db: DbOrTx, uuid: string): Promise<SentMailResponse['data'] | null> {
  const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.uuid, uuid)).limit(1);
  return row ? { ...toItem(row), text: row.text, html: row.html } : null;
}
