import { useStore } from '@nanostores/react';
import type { Notification } from '../../../lib/notifications/schema.ts';
import { NOTIFICATIONS_PAGE_SIZE } from '../../../lib/notifications/schema.ts';
import type { ScreenProps } from '../screen-props.ts';
import { formatDateTime, formatNumber } from '../ui/format.ts';
import { PageHeading } from '../ui/page-heading.tsx';
import { Pagination } from '../ui/pagination.tsx';
import { EmptyState, ErrorState, Skeleton } from '../ui/states.tsx';
import { ui } from '../ui/styles.ts';
import { $notifications, $notificationsPage, $notificationsView, goToPage, markRead } from './notification-list-store.ts';

/** /dashboard/notifications: what happened to the person's work, newest first. */
export function NotificationsScreen(_: ScreenProps) {
  const page = useStore($notificationsPage);
  const list = useStore($notificationsView);
  const unread = list.data?.unread;
  return (
    <>
      <PageHeading
        description={
          unread === undefined
            ? 'What happened to the work you follow.'
            : unread === 0
              ? 'What happened to the work you follow. All are read.'
              : `What happened to the work you follow. ${formatNumber(unread)} unread.`
        }
      >
        Notifications
      </PageHeading>
      {unread !== undefined && unread > 0 && (
        <div className="mb-4 flex justify-end">
          <button type="button" className={ui.secondaryButton} onClick={() => void markRead({ all: true })}>
            Mark all as read
          </button>
        </div>
      )}
      {list.error !== undefined && !list.data ? (
        <ErrorState error={list.error} title="The notifications could not be loaded" onRetry={() => $notifications.invalidate()} />
      ) : !list.data || page === null ? (
        <Skeleton rows={5} label="Loading notifications…" />
      ) : list.data.data.length === 0 ? (
        <EmptyState title="No notifications yet">
          {page > 1 && list.data.total > 0 ? (
            <button type="button" className={ui.link} onClick={() => goToPage(1)}>
              Go to the first page
            </button>
          ) : (
            'When a report or a practice you work on moves on, you will find it here.'
          )}
        </EmptyState>
      ) : (
        <ul aria-label="Notifications" aria-busy={list.loading} className={`${ui.cardFlush} divide-y divide-slate-100 ${list.loading ? 'opacity-70' : ''}`}>
          {list.data.data.map((item) => (
            <NotificationItem key={item.uuid} item={item} />
          ))}
        </ul>
      )}
      {list.data && list.data.total > 0 && (
        <Pagination
          page={list.data.page}
          pageSize={NOTIFICATIONS_PAGE_SIZE}
          total={list.data.total}
          shown={list.data.data.length}
          noun="notifications"
          onPage={goToPage}
        />
      )}
    </>
  );
}

function NotificationItem({ item }: { item: Notification }) {
  const unread = item.read_at === null;
  return (
    <li className="flex flex-col gap-2 px-4 py-3 sm:flex-row sm:items-start sm:gap-3">
      <span aria-hidden="true" className={`mt-1.5 hidden size-2.5 shrink-0 rounded-full sm:block ${unread ? 'bg-brand-600' : 'bg-transparent'}`} />
      <div className="min-w-0 flex-1">
        <a
          href={item.link}
          onClick={() => {
            if (unread) void markRead({ uuids: [item.uuid] });
          }}
          // A block, positioned: the visually hidden "Unread:" stays inside the link's box, so the
          // whole line takes the click (an inline link's box reached past its text).
          className={`relative block break-words text-sm hover:underline ${unread ? 'font-bold text-slate-900' : 'font-medium text-slate-800'}`}
        >
          {unread && <span className="sr-only">Unread: </span>}
          {item.title}
        </a>
        <p dir="auto" className="mt-0.5 break-words text-sm text-slate-700">{item.body}</p>
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
          Mark as read<span className="sr-only">: {item.title}</span>
        </button>
      )}
    </li>
  );
}
