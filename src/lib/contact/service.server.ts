import { and, eq, isNull, sql } from 'drizzle-orm';
import { PROGRAMME_NAME } from '../brand/mark.ts';
import { contactMessages, contactReplies } from '../db/schema.ts';
import type { AppDeps, AuthedUser } from '../deps.server.ts';
import type { Write } from '../events/change-bus.server.ts';
import { notFound, StaleWriteError } from '../http/errors.server.ts';
import { enqueueMail } from '../mail/outbox.server.ts';
import { findContactRow, loadContactDetail, type ContactRow } from './queries.server.ts';
import type { Locale } from '../../i18n/locales.ts';
import { localeOr } from '../i18n/format.ts';
import { contactReplyEmail } from './reply-email.ts';
import type { ContactMessageDetail, ContactReplyBody, ContactStatus } from './schema.ts';

/**
 * The contact messages' writes (DESIGN.md §13, §15), each one transaction through the change bus
 * with its audit and change event. Messages are never public (`site: false`).
 */

/** Keeps a visitor's message (the row is its record: no audit event, nobody signed in made it). */
export async function insertContactMessage(
  deps: AppDeps,
  message: { name: string; email: string; subject: string; message: string; clientHash: string; language: Locale },
): Promise<void> {
  await deps.changes.write(deps.db, async (w) => {
    const [row] = await w.tx.insert(contactMessages).values(message).returning({ id: contactMessages.id });
    await w.emit({ type: 'contact.received', data: { id: row!.id }, actorId: null, site: false });
  });
}

/**
 * The message, marked read by `readerId` the first time it is opened (that first reading is
 * audited); null if there is none. Opening it again changes nothing.
 */
export async function openContactMessage(
  deps: AppDeps,
  id: number,
  readerId: number,
): Promise<ContactMessageDetail | null> {
  return deps.changes.write(deps.db, async (w) => {
    const [marked] = await w.tx
      .update(contactMessages)
      .set({ readAt: new Date(), readBy: readerId })
      .where(and(eq(contactMessages.id, id), isNull(contactMessages.readAt)))
      .returning();
    if (marked) {
      await w.audit({
        actorId: readerId,
        entity: 'contact_message',
        entityId: id,
        action: 'read',
        after: { read_at: marked.readAt },
      });
      await w.emit({ type: 'contact.read', data: { id }, actorId: readerId, site: false });
    }
    return loadContactDetail(w.tx, id);
  });
}

/**
 * Sets `values` on message `id` if it is still at `version` (bumping it); a missing message is a
 * 404, a stale version a 409 carrying the message as it is now.
 */
async function updateAtVersion(
  w: Write,
  id: number,
  version: number,
  values: Partial<ContactRow>,
): Promise<ContactRow> {
  const [after] = await w.tx
    .update(contactMessages)
    .set({ ...values, version: sql`${contactMessages.version} + 1` })
    .where(and(eq(contactMessages.id, id), eq(contactMessages.version, version)))
    .returning();
  if (after) return after;
  const current = await loadContactDetail(w.tx, id);
  if (!current) throw notFound('No message with this number');
  throw new StaleWriteError(current, 'Someone else changed this message after you opened it');
}

/** Marks a message new, answered or archived. */
export async function setContactStatus(
  deps: AppDeps,
  input: { id: number; status: ContactStatus; version: number; auth: AuthedUser },
): Promise<ContactMessageDetail> {
  return deps.changes.write(deps.db, async (w) => {
    const before = await findContactRow(w.tx, input.id);
    const actorId = input.auth.user.id;
    const after = await updateAtVersion(w, input.id, input.version, {
      status: input.status,
      statusAt: new Date(),
      statusBy: actorId,
    });
    await w.audit({
      actorId,
      entity: 'contact_message',
      entityId: input.id,
      action: 'status',
      before: { status: before?.status },
      after: { status: after.status },
    });
    await w.emit({
      type: 'contact.status.changed',
      data: { id: input.id, status: input.status },
      actorId,
      site: false,
    });
    return (await loadContactDetail(w.tx, input.id))!;
  });
}

/** Deletes a message (and the record of its replies) if it is still at `version`. */
export async function deleteContactMessage(
  deps: AppDeps,
  input: { id: number; version: number; auth: AuthedUser },
): Promise<void> {
  await deps.changes.write(deps.db, async (w) => {
    const before = await findContactRow(w.tx, input.id);
    if (!before) throw notFound('No message with this number');
    const [deleted] = await w.tx
      .delete(contactMessages)
      .where(and(eq(contactMessages.id, input.id), eq(contactMessages.version, input.version)))
      .returning({ id: contactMessages.id });
    if (!deleted)
      throw new StaleWriteError(
        await loadContactDetail(w.tx, input.id),
        'Someone else changed this message after you opened it',
      );
    const actorId = input.auth.user.id;
    const { name, email, subject, status } = before;
    await w.audit({
      actorId,
      entity: 'contact_message',
      entityId: input.id,
      action: 'delete',
      before: { name, email, subject, status },
    });
    await w.emit({ type: 'contact.deleted', data: { id: input.id }, actorId, site: false });
  });
}

/**
 * Replies to the sender by email: the email goes into the outbox in this transaction (the mail
 * worker sends it after the commit), the reply is recorded on the message with who sent it, and
 * the message becomes answered.
 */
export async function replyToContactMessage(
  deps: AppDeps,
  input: { id: number; reply: ContactReplyBody; version: number; auth: AuthedUser },
): Promise<ContactMessageDetail> {
  return deps.changes.write(deps.db, async (w) => {
    const actorId = input.auth.user.id;
    const message = await updateAtVersion(w, input.id, input.version, {
      status: 'answered',
      statusAt: new Date(),
      statusBy: actorId,
    });
    const sender = input.auth.user.name ?? input.auth.user.email;
    const email = contactReplyEmail({
      message,
      reply: input.reply,
      sender,
      siteName: PROGRAMME_NAME,
      locale: localeOr(message.language),
    });
    const [mail] = await enqueueMail(w.tx, [
      { userId: null, kind: 'contact.reply', toAddress: message.email, toName: message.name, ...email },
    ]);
    const [reply] = await w.tx
      .insert(contactReplies)
      // The subject as written; the email's carries the isolate the portal adds around it (decision 057).
      .values({
        messageId: input.id,
        authorId: actorId,
        toAddress: message.email,
        subject: input.reply.subject,
        body: input.reply.message,
        mailId: mail!.id,
      })
      .returning({ id: contactReplies.id });
    await w.audit({
      actorId,
      entity: 'contact_message',
      entityId: input.id,
      action: 'reply',
      after: { reply: reply!.id, to: message.email, subject: input.reply.subject },
    });
    await w.emit({ type: 'contact.replied', data: { id: input.id }, actorId, site: false });
    return (await loadContactDetail(w.tx, input.id))!;
  });
}
