import { useStore } from '@nanostores/react';
import type { Notification } from '../../../lib/notifications/schema.ts';
import { NOTIFICATIONS_PAGE_SIZE } from '../../../lib/notifications/schema.ts';
import type { ScreenProps } from '../screen-props.ts';
import { formatDateTime } from '../ui/format.ts';
import { InboxHeading } from '../ui/page-heading.tsx';
import { PagedList } from '../ui/paged-list.tsx';
import { ui } from '../ui/styles.ts';
import { m } from './messages.ts';
import {
  $notifications,
  $notificationsPage,
  $notificationsView,
  goToPage,
  markRead,
} from './notification-list-store.ts';

/** /dashboard/notifications: what happened to the person's work, newest first. */
export function NotificationsScreen(_: ScreenProps) {
  const page = useStore($notificationsPage);
  const list = useStore($notificationsView);
  const unread = list.data?.unread;
  return (
    <>
      <InboxHeading unread={unread} m={m} />
      {unread !== undefined && unread > 0 && (
        <div className="mb-4 flex justify-end">
          <button type="button" className={ui.secondaryButton} onClick={() => void markRead({ all: true })}>
            {m('markAll')}
          </button>
        </div>
      )}
      <PagedList
        list={list}
        ready={page !== null}
        page={page ?? undefined}
        rows={5}
        texts={{ failed: m('loadFailed'), loading: m('loading'), noun: m('noun') }}
        empty={{ title: m('none'), text: m('noneText'), firstPage: m('firstPage') }}
        pageSize={NOTIFICATIONS_PAGE_SIZE}
        onRetry={() => $notifications.invalidate()}
        onPage={goToPage}
      >
        {(items) => (
          <ul
            aria-label={m('title')}
            aria-busy={list.loading}
            className={`${ui.cardFlush} divide-y divide-slate-100 ${list.loading ? 'opacity-70' : ''}`}
          >
            {items.map((item) => (
              <NotificationItem key={item.uuid} item={item} />
            ))}
          </ul>
        )}
      </PagedList>
    </>
  );
}

function NotificationItem({ item }: { item: Notification }) {
  const unread = item.read_at === null;
  return (
    <li className="flex flex-col gap-2 px-4 py-3 sm:flex-row sm:items-start sm:gap-3">
      <span
        aria-hidden="true"
        className={
          `mt-1.5 hidden size-2.5 shrink-0 rounded-full ` + `sm:block ${unread ? 'bg-brand-600' : 'bg-transparent'}`
        }
      />
      <div className="min-w-0 flex-1">
        <a
          href={item.link}
          onClick={() => {
            if (unread) void markRead({ uuids: [item.uuid] });
          }}
          // A block, positioned: the visually hidden "Unread:" stays inside the link's box, so the
          // whole line takes the click (an inline link's box reached past its text).
          className={
            `relative block break-words text-sm ` +
            `hover:underline ${unread ? 'font-bold text-slate-900' : 'font-medium text-slate-800'}`
          }
        >
          {unread && <span className="sr-only">{m('unreadPrefix')}</span>}
          {item.title}
        </a>
        <p dir="auto" className="mt-0.5 break-words text-sm text-slate-700">
          {item.body}
        </p>
        <p className="mt-0.5 text-xs text-slate-600">
          <time dateTime={item.created_at}>{formatDateTime(item.created_at)}</time>
        </p>
      </div>
      {unread && (
        <button
          type="button"
          className="self-start rounded-md px-2 py-1 text-sm font-medium text-brand-700 hover:bg-brand-50"
          onClick={() => void markRead({ uuids: [item.uuid] })}
        >
          {m('markRead')}
          <span className="sr-only">: {item.title}</span>
        </button>
      )}
    </li>
  );
}
