import { and, asc, count, desc, eq, ilike, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../audit/service.server.ts';
import type { Db } from '../db/client.server.ts';
import { editorOf, updater, updaterColumns } from '../db/editors.server.ts';
import { contactMessages, contactReplies, mailOutbox, users } from '../db/schema.ts';
import type { ContactListQuery, ContactMessage, ContactMessageDetail, ContactReply, ContactStatus } from './schema.ts';

export type ContactRow = typeof contactMessages.$inferSelect;
/** A message row with the name of whoever set its status last. */
export type ContactRowWithEditor = ContactRow & { updaterId: number | null; updaterName: string | null };

export function toContactMessage(row: ContactRowWithEditor): ContactMessage {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    subject: row.subject,
    message: row.message,
    read_at: row.readAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    status: row.status as ContactStatus,
    status_at: row.statusAt?.toISOString() ?? null,
    status_by: editorOf(row),
    version: row.version,
  };
}

function listFilter(query: ContactListQuery): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (query.status === 'unread') conditions.push(isNull(contactMessages.readAt));
  else if (query.status === 'read') conditions.push(isNotNull(contactMessages.readAt));
  else if (query.status) conditions.push(eq(contactMessages.status, query.status));
  if (query.q) {
    const pattern = `%${query.q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
    conditions.push(
      or(
        ilike(contactMessages.name, pattern),
        ilike(contactMessages.email, pattern),
        ilike(contactMessages.subject, pattern),
        ilike(contactMessages.message, pattern),
      ),
    );
  }
  return and(...conditions);
}

/** Messages with whoever set their status last (`editorRow` makes each one a ContactRowWithEditor). */
function selectMessages(db: DbOrTx) {
  return db
    .select({ message: contactMessages, ...updaterColumns })
    .from(contactMessages)
    .leftJoin(updater, eq(updater.id, contactMessages.statusBy));
}

function editorRow(row: {
  message: ContactRow;
  updaterId: number | null;
  updaterName: string | null;
}): ContactRowWithEditor {
  return { ...row.message, updaterId: row.updaterId, updaterName: row.updaterName };
}

/** A page of messages, unread first, then newest; `unread` counts every unread message. */
export async function listContactMessages(
  db: Db,
  query: ContactListQuery,
): Promise<{ data: ContactMessage[]; total: number; unread: number }> {
  const where = listFilter(query);
  const [totalRow] = await db.select({ total: count() }).from(contactMessages).where(where);
  const [unreadRow] = await db.select({ total: count() }).from(contactMessages).where(isNull(contactMessages.readAt));
  const rows = await selectMessages(db)
    .where(where)
    .orderBy(sql`${contactMessages.readAt} is null desc`, desc(contactMessages.createdAt), desc(contactMessages.id))
    .limit(query.per_page)
    .offset((query.page - 1) * query.per_page);
  return {
    data: rows.map((r) => toContactMessage(editorRow(r))),
    total: totalRow?.total ?? 0,
    unread: unreadRow?.total ?? 0,
  };
}

export async function findContactRow(db: DbOrTx, id: number): Promise<ContactRowWithEditor | null> {
  const [row] = await selectMessages(db).where(eq(contactMessages.id, id)).limit(1);
  return row ? editorRow(row) : null;
}

const author = alias(users, 'reply_author');

/** The replies sent to a message, oldest first, with whether their email has gone. */
export async function listContactReplies(db: DbOrTx, messageId: number): Promise<ContactReply[]> {
  const rows = await db
    .select({
      reply: contactReplies,
      authorName: sql<string | null>`coalesce(${author.name}, ${author.email})`,
      sentAt: mailOutbox.sentAt,
    })
    .from(contactReplies)
    .leftJoin(author, eq(author.id, contactReplies.authorId))
    .leftJoin(mailOutbox, eq(mailOutbox.id, contactReplies.mailId))
    .where(eq(contactReplies.messageId, messageId))
    .orderBy(asc(contactReplies.id));
  return rows.map(({ reply, authorName, sentAt }) => ({
    id: reply.id,
    to_address: reply.toAddress,
    subject: reply.subject,
    message: reply.body,
    author: reply.authorId === null ? null : { id: reply.authorId, name: authorName ?? '' },
    created_at: reply.createdAt.toISOString(),
    sent_at: sentAt?.toISOString() ?? null,
  }));
}

/** The message with its replies, as GET contact-us/show/{id} and the actions answer it; null if there is none. */
export async function loadContactDetail(db: DbOrTx, id: number): Promise<ContactMessageDetail | null> {
  const row = await findContactRow(db, id);
  if (!row) return null;
  return { ...toContactMessage(row), replies: await listContactReplies(db, id) };
}
