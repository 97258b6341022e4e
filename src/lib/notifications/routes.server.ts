import { Hono, type Context } from 'hono';
import { requireActiveUser } from '../access/guards.server.ts';
import type { AppDeps, AppEnv } from '../deps.server.ts';
import { parseQuery, readJson, requiredVersion } from '../http/errors.server.ts';
import { requireUser } from '../identity/middleware.server.ts';
import { requestLanguage } from '../i18n/request-language.server.ts';
import { countUnread, listNotifications, loadEmailChoices } from './queries.server.ts';
import {
  EmailChoicesBodySchema,
  MarkReadBodySchema,
  NotificationListQuerySchema,
  type EmailChoicesResponse,
  type MarkReadResponse,
  type NotificationListResponse,
  type UnreadCountResponse,
} from './schema.ts';
import { markRead, saveEmailChoices } from './service.server.ts';

/** The signed-in, active person (every route is theirs alone) and the database. */
function ownerOf(c: Context<AppEnv>): { userId: number; db: AppDeps['db'] } {
  const { user } = requireActiveUser(c);
  return { userId: user.id, db: c.get('deps').db };
}

/** The signed-in person's own notifications and email choices: nobody reads another's. */
export const notificationRoutes = new Hono<AppEnv>()
  .get('/notifications', requireUser(), async (c) => {
    const { userId, db } = ownerOf(c);
    const query = parseQuery(c, NotificationListQuerySchema);
    const [{ data, total }, unread] = await Promise.all([
      listNotifications(db, userId, query, requestLanguage()),
      countUnread(db, userId),
    ]);
    return c.json<NotificationListResponse>({
      status: 200,
      message: 'Notifications',
      data,
      page: query.page,
      per_page: query.per_page,
      total,
      unread,
    });
  })

  .get('/notifications/unread', requireUser(), async (c) => {
    const { userId, db } = ownerOf(c);
    const unread = await countUnread(db, userId);
    return c.json<UnreadCountResponse>({ status: 200, message: 'Unread notifications', unread });
  })

  .post('/notifications/read', requireUser(), async (c) => {
    const { userId, db } = ownerOf(c);
    const body = await readJson(c, MarkReadBodySchema);
    const marked = await markRead(db, userId, body);
    return c.json<MarkReadResponse>({
      status: 200,
      message: 'Marked as read',
      marked,
      unread: await countUnread(db, userId),
    });
  })

  .get('/notifications/preferences', requireUser(), async (c) => {
    const { userId, db } = ownerOf(c);
    const data = await loadEmailChoices(db, userId);
    return c.json<EmailChoicesResponse>({ status: 200, message: 'Email choices', data });
  })

  .post('/notifications/preferences', requireUser(), async (c) => {
    const { userId, db } = ownerOf(c);
    const body = await readJson(c, EmailChoicesBodySchema);
    const version = requiredVersion(c, body.version);
    const data = await saveEmailChoices(db, userId, { email: body.email, version });
    return c.json<EmailChoicesResponse>({ status: 200, message: 'Email choices saved', data });
  });
