import { useStore } from '@nanostores/react';
import { pathTo } from '../router.ts';
import { CountLink } from '../ui/count-link.tsx';
import { $unreadCount, bellLabel } from './notification-list-store.ts';

/** The top bar's bell: the unread count, and the way to the notifications. */
export function NotificationBell() {
  const unread = useStore($unreadCount).data?.unread;
  return (
    <CountLink
      href={pathTo('notifications')}
      label={bellLabel(unread)}
      icon="bell"
      count={unread}
      badgeClass="bg-brand-700"
    />
  );
}
