import { and, count, desc, eq, ilike, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.server.ts';
import { contactMessages } from '../db/schema.ts';
import type { ContactListQuery, ContactMessage } from './schema.ts';

export type ContactRow = typeof contactMessages.$inferSelect;

export function toContactMessage(row: ContactRow): ContactMessage {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    subject: row.subject,
    message: row.message,
    read_at: row.readAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

function listFilter(query: ContactListQuery): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (query.status === 'unread') conditions.push(isNull(contactMessages.readAt));
  if (query.status === 'read') conditions.push(isNotNull(contactMessages.readAt));
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

/** A page of messages, unread first, then newest; `unread` counts every unread message. */
export async function listContactMessages(
  db: Db,
  query: ContactListQuery,
): Promise<{ data: ContactMessage[]; total: number; unread: number }> {
  const where = listFilter(query);
  const [totalRow] = await db.select({ total: count() }).from(contactMessages).where(where);
  const [unreadRow] = await db.select({ total: count() }).from(contactMessages).where(isNull(contactMessages.readAt));
  const rows = await db
    .select()
    .from(contactMessages)
    .where(where)
    .orderBy(sql`${contactMessages.readAt} is null desc`, desc(contactMessages.createdAt), desc(contactMessages.id))
    .limit(query.per_page)
    .offset((query.page - 1) * query.per_page);
  return { data: rows.map(toContactMessage), total: totalRow?.total ?? 0, unread: unreadRow?.total ?? 0 };
}

export async function findContactRow(db: Db, id: number): Promise<ContactRow | null> {
  const [row] = await db.select().from(contactMessages).where(eq(contactMessages.id, id)).limit(1);
  return row ?? null;
}
