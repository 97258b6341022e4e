import { computed } from 'nanostores';
import {
  MarkReadResponseSchema,
  NotificationListResponseSchema,
  NOTIFICATIONS_PAGE_SIZE,
  UnreadCountResponseSchema,
  type NotificationListResponse,
} from '../../../lib/notifications/schema.ts';
import { api, withQuery } from '../lib/api.ts';
import { keepShownWhileLoading, pageOf } from '../lib/list.ts';
import { createFetcherStore, fetchWith, invalidatePrefixes } from '../lib/query.ts';
import { $router, navigate, pathTo } from '../router.ts';
import { $identity } from '../session.ts';
import { m } from './messages.ts';
import { notifyError } from './snackbar-store.ts';

export const UNREAD_KEY = 'notifications/unread';
/** The bell asks again this often, and whenever the window gets the focus (one small count). */
export const UNREAD_REFRESH_MS = 60_000;

const $unreadKey = computed($identity, (state) =>
  state.status === 'ready' && state.identity.status === 1 ? UNREAD_KEY : null,
);

/** The bell's unread count. */
export const $unreadCount = createFetcherStore([$unreadKey], {
  fetcher: fetchWith(UnreadCountResponseSchema),
  revalidateOnFocus: true,
  revalidateInterval: UNREAD_REFRESH_MS,
});

/** The page of the list, from the URL (?page=). */
export const $notificationsPage = computed($router, (page) =>
  page?.route === 'notifications' ? pageOf(page.search) : null,
);

const $listKey = computed($notificationsPage, (page) =>
  page === null ? null : withQuery('notifications', { page, per_page: NOTIFICATIONS_PAGE_SIZE }),
);

export const $notifications = createFetcherStore([$listKey], { fetcher: fetchWith(NotificationListResponseSchema) });
export const $notificationsView = keepShownWhileLoading<NotificationListResponse>($notifications);

export function goToPage(page: number): void {
  navigate(pathTo('notifications', {}, page > 1 ? { page } : {}));
}

/** Marks some notifications read (or all); the bell and the list follow. */
export async function markRead(which: { uuids: string[] } | { all: true }): Promise<boolean> {
  try {
    await api.request('POST', 'notifications/read', { body: which, schema: MarkReadResponseSchema });
    return true;
  } catch (error) {
    notifyError(error instanceof Error ? error.message : m('markFailed'));
    return false;
  } finally {
    invalidatePrefixes('notifications');
  }
}

/** The bell's accessible name, e.g. "Notifications, 3 unread". */
export function bellLabel(unread: number | undefined): string {
  if (unread === undefined || unread === 0) return m('bell');
  return unread > 99 ? m('bellMany') : m('bellUnread', { count: unread });
}
