import { and, count, desc, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../audit/service.server.ts';
import { notificationPreferences, notifications, roles, userRoles } from '../db/schema.ts';
import type { Locale } from '../../i18n/locales.ts';
import { emailsKind, kindsFor, NOTIFICATION_KINDS, type NotificationKind } from './kinds.ts';
import { listedBody, notificationText } from './messages.ts';
import type { NotificationFacts } from './texts.ts';
import type { EmailChoices, Notification, NotificationListQuery } from './schema.ts';

type Row = typeof notifications.$inferSelect;

/**
 * A notification in `locale`: written again from its facts; one older than its facts (decision 043) as it was stored.
 */
function toNotification(row: Row, locale: Locale): Notification {
  const kind = row.kind as NotificationKind;
  const facts = row.facts as NotificationFacts | null;
  return {
    uuid: row.uuid,
    kind,
    title: facts ? notificationText(kind, facts, locale).title : row.title,
    body: facts ? listedBody(kind, facts, locale) : row.body,
    link: row.link,
    created_at: row.createdAt.toISOString(),
    read_at: row.readAt?.toISOString() ?? null,
  };
}

/** How many of the user's notifications are unread (the bell). */
export async function countUnread(db: DbOrTx, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return row?.n ?? 0;
}

/** One page of the user's notifications, newest first; only their own, whoever asks. */
export async function listNotifications(
  db: DbOrTx,
  userId: number,
  query: NotificationListQuery,
  locale: Locale = 'en',
): Promise<{ data: Notification[]; total: number }> {
  const where = and(
    eq(notifications.userId, userId),
    query.unread === 'true' ? isNull(notifications.readAt) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(notifications)
      .where(where)
      .orderBy(desc(notifications.id))
      .limit(query.per_page)
      .offset((query.page - 1) * query.per_page),
    db.select({ n: count() }).from(notifications).where(where),
  ]);
  return { data: rows.map((row) => toNotification(row, locale)), total: total?.n ?? 0 };
}

/** The kinds the user may receive (by their roles) with their email choice for each. */
export async function loadEmailChoices(db: DbOrTx, userId: number): Promise<EmailChoices> {
  const [held, [prefs]] = await Promise.all([
    db
      .select({ name: roles.name })
      .from(userRoles)
      .innerJoin(roles, eq(roles.id, userRoles.roleId))
      .where(eq(userRoles.userId, userId)),
    db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, userId)).limit(1),
  ]);
  const choices = prefs?.email ?? {};
  return {
    kinds: kindsFor(held.map((r) => r.name)).map((kind) => ({
      kind,
      email: emailsKind(kind, choices),
      default: NOTIFICATION_KINDS[kind].email,
    })),
    version: prefs?.version ?? 1,
  };
}
