import { and, eq, isNull } from 'drizzle-orm';
import { recordAudit } from '../audit/service.server.ts';
import type { Db } from '../db/client.server.ts';
import { contactMessages } from '../db/schema.ts';
import { findContactRow, toContactMessage } from './queries.server.ts';
import type { ContactMessage } from './schema.ts';

export async function insertContactMessage(
  db: Db,
  message: { name: string; email: string; subject: string; message: string; clientHash: string },
): Promise<void> {
  await db.insert(contactMessages).values(message);
}

/**
 * The message, marked read by `readerId` the first time it is opened (that first reading is
 * audited); null if there is none. Opening it again changes nothing.
 */
export async function openContactMessage(db: Db, id: number, readerId: number): Promise<ContactMessage | null> {
  return db.transaction(async (tx) => {
    const [marked] = await tx
      .update(contactMessages)
      .set({ readAt: new Date(), readBy: readerId })
      .where(and(eq(contactMessages.id, id), isNull(contactMessages.readAt)))
      .returning();
    if (marked) {
      await recordAudit(tx, { actorId: readerId, entity: 'contact_message', entityId: id, action: 'read', after: { read_at: marked.readAt } });
      return toContactMessage(marked);
    }
    const row = await findContactRow(tx, id);
    return row ? toContactMessage(row) : null;
  });
}
