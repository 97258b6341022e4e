import { useStore } from '@nanostores/react';
import { pathTo } from '../router.ts';
import { Icon } from '../ui/icons.tsx';
import { $unreadCount, bellLabel } from './notification-list-store.ts';

/** The top bar's bell: the unread count, and the way to the notifications. */
export function NotificationBell() {
  const { data } = useStore($unreadCount);
  const unread = data?.unread;
  const label = bellLabel(unread);
  return (
    <a
      href={pathTo('notifications')}
      aria-label={label}
      title={label}
      className="relative inline-flex size-10 shrink-0 items-center justify-center rounded-full text-slate-700 hover:bg-slate-100 hover:text-brand-700"
    >
      <Icon name="bell" className="size-6" />
      {unread !== undefined && unread > 0 && (
        <span
          aria-hidden="true"
          className="absolute -right-0.5 -top-0.5 min-w-5 rounded-full bg-brand-700 px-1.5 py-0.5 text-center text-xs font-semibold leading-none text-white"
        >
          {unread > 99 ? '99+' : unread}
        </span>
      )}
    </a>
  );
}
