import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { recordAudit, type DbOrTx } from '../audit/service.server.ts';
import { PROGRAMME_NAME } from '../brand/mark.ts';
import type { Db } from '../db/client.server.ts';
import { notificationPreferences, notifications } from '../db/schema.ts';
import type { ChangeEvent } from '../events/change-events.ts';
import { sameAddress } from '../mail/address.ts';
import { enqueueMail, type OutgoingMail } from '../mail/outbox.server.ts';
import { StaleWriteError } from '../http/errors.server.ts';
import { factsOf } from './facts.server.ts';
import { emailsKind, kindOfEvent, NOTIFICATION_KINDS, type NotificationKind } from './kinds.ts';
import { findRecipients } from './recipients.server.ts';
import { localeOr } from '../i18n/format.ts';
import { listedBody, notificationEmail, notificationText } from './messages.ts';
import { loadEmailChoices } from './queries.server.ts';
import type { EmailChoices } from './schema.ts';

/**
 * Notifications and their emails follow the change events (issue 16): written in the change's
 * own transaction, so a change and what it tells people commit or roll back together (subscribed
 * in src/lib/events/subscribers.server.ts). Resolves whether mail was queued (the mail worker is
 * woken after the commit).
 */
export async function writeNotifications(event: ChangeEvent, tx: DbOrTx, siteUrl: string): Promise<boolean> {
  const kind = kindOfEvent(event.type);
  if (!kind) return false;
  const about = await factsOf(tx, event);
  if (!about) return false;
  const recipients = await findRecipients(tx, NOTIFICATION_KINDS[kind].audience, about, event.actorId);
  if (recipients.length === 0) return false;
  // Each one written in its reader's language; the facts are kept, so the list writes it again
  // in the language of whoever reads it later (decision 043).
  const facts = { ...about.facts };
  await tx.insert(notifications).values(
    recipients.map((r) => {
      const locale = localeOr(r.language);
      return {
        userId: r.id,
        kind,
        title: notificationText(kind, facts, locale).title,
        body: listedBody(kind, facts, locale),
        link: about.link,
        facts,
      };
    }),
  );
  const url = new URL(about.link, siteUrl).href;
  const mails: OutgoingMail[] = recipients
    // Never to the address the event is about (an email it could not deliver).
    .filter((r) => emailsKind(kind, r.choices) && !(about.exceptEmail && sameAddress(r.email, about.exceptEmail)))
    .map((r) => ({
      userId: r.id,
      kind,
      toAddress: r.email,
      toName: r.name,
      ...notificationEmail({
        kind,
        facts,
        recipient: r.name,
        url,
        siteName: PROGRAMME_NAME,
        locale: localeOr(r.language),
      }),
    }));
  await enqueueMail(tx, mails);
  return mails.length > 0;
}

/** Marks the user's notifications read: those listed, or all. Returns how many changed. */
export async function markRead(
  db: Db,
  userId: number,
  which: { uuids: readonly string[] } | { all: true },
): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ readAt: new Date() })
    .where(
      and(
        eq(notifications.userId, userId),
        isNull(notifications.readAt),
        'all' in which ? undefined : inArray(notifications.uuid, [...which.uuids]),
      ),
    )
    .returning({ id: notifications.id });
  return rows.length;
}

/** Saves a person's email choices, if they are still at `version`. Kinds not listed keep theirs. */
export async function saveEmailChoices(
  db: Db,
  userId: number,
  input: { email: Partial<Record<NotificationKind, boolean>>; version: number },
): Promise<EmailChoices> {
  return db.transaction(async (tx) => {
    await tx.insert(notificationPreferences).values({ userId }).onConflictDoNothing();
    const [row] = await tx
      .update(notificationPreferences)
      .set({
        email: sql`${notificationPreferences.email} || ${JSON.stringify(input.email)}::jsonb`,
        version: sql`${notificationPreferences.version} + 1`,
        updatedAt: new Date(),
      })
      .where(and(eq(notificationPreferences.userId, userId), eq(notificationPreferences.version, input.version)))
      .returning({ id: notificationPreferences.userId });
    if (!row) throw new StaleWriteError(await loadEmailChoices(tx, userId));
    await recordAudit(tx, {
      actorId: userId,
      entity: 'notification_preferences',
      entityId: userId,
      action: 'update',
      after: input.email,
    });
    return loadEmailChoices(tx, userId);
  });
}
