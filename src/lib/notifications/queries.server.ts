import { and, count, desc, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../audit/service.server.ts';
import { notificationPreferences, notifications, roles, userRoles } from '../db/schema.ts';
import { emailsKind, kindsFor, NOTIFICATION_KINDS, type NotificationKind } from './kinds.ts';
import type { EmailChoices, Notification, NotificationListQuery } from './schema.ts';

type Row = typeof notifications.$inferSelect;

function toNotification(row: Row): Notification {
  return {
    uuid: row.uuid,
    kind: row.kind as NotificationKind,
    title: row.title,
    body: row.body,
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
): Promise<{ data: Notification[]; total: number }> {
  const where = and(eq(notifications.userId, userId), query.unread === 'true' ? isNull(notifications.readAt) : undefined);
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
  return { data: rows.map(toNotification), total: total?.n ?? 0 };
}

/** The kinds the user may receive (by their roles) with their email choice for each. */
export async function loadEmailChoices(db: DbOrTx, userId: number): Promise<EmailChoices> {
  const [held, [prefs]] = await Promise.all([
    db.select({ name: roles.name }).from(userRoles).innerJoin(roles, eq(roles.id, userRoles.roleId)).where(eq(userRoles.userId, userId)),
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
