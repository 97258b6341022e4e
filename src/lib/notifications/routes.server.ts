import { Hono } from 'hono';
import { requireActiveUser } from '../access/guards.server.ts';
import type { AppEnv } from '../deps.server.ts';
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

/** The signed-in person's own notifications and email choices: nobody reads another's. */
export const notificationRoutes = new Hono<AppEnv>()
  .get('/notifications', requireUser(), async (c) => {
    const { user } = requireActiveUser(c);
    const query = parseQuery(c, NotificationListQuerySchema);
    const { db } = c.get('deps');
    const [{ data, total }, unread] = await Promise.all([listNotifications(db, user.id, query, requestLanguage()), countUnread(db, user.id)]);
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
    const { user } = requireActiveUser(c);
    const unread = await countUnread(c.get('deps').db, user.id);
    return c.json<UnreadCountResponse>({ status: 200, message: 'Unread notifications', unread });
  })

  .post('/notifications/read', requireUser(), async (c) => {
    const { user } = requireActiveUser(c);
    const body = await readJson(c, MarkReadBodySchema);
    const { db } = c.get('deps');
    const marked = await markRead(db, user.id, body);
    return c.json<MarkReadResponse>({ status: 200, message: 'Marked as read', marked, unread: await countUnread(db, user.id) });
  })

  .get('/notifications/preferences', requireUser(), async (c) => {
    const { user } = requireActiveUser(c);
    const data = await loadEmailChoices(c.get('deps').db, user.id);
    return c.json<EmailChoicesResponse>({ status: 200, message: 'Email choices', data });
  })

  .post('/notifications/preferences', requireUser(), async (c) => {
    const { user } = requireActiveUser(c);
    const body = await readJson(c, EmailChoicesBodySchema);
    const version = requiredVersion(c, body.version);
    const data = await saveEmailChoices(c.get('deps').db, user.id, { email: body.email, version });
    return c.json<EmailChoicesResponse>({ status: 200, message: 'Email choices saved', data });
  });
