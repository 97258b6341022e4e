import { useStore } from '@nanostores/react';
import { computed } from 'nanostores';
import { isAdminLevel } from '../../../lib/access/permissions.ts';
import { InactiveCountResponseSchema } from '../../../lib/users/schema.ts';
import { createFetcherStore, fetchWith } from '../lib/query.ts';
import { $identity } from '../session.ts';
import { CountLink } from '../ui/count-link.tsx';
import { m } from './messages.ts';

export const INACTIVE_USERS_KEY = 'user/inactive';

const $inactiveKey = computed($identity, (state) =>
  state.status === 'ready' && isAdminLevel(state.identity) ? INACTIVE_USERS_KEY : null,
);

/** Accounts awaiting activation, for the top-bar badge of admin-level users (spec §2). */
export const $inactiveUsers = createFetcherStore([$inactiveKey], {
  fetcher: fetchWith(InactiveCountResponseSchema),
  revalidateOnFocus: true,
});

export function inactiveUsersLabel(count: number): string {
  return count === 0 ? m('inactive.none') : m('inactive.count', { count });
}

export function InactiveUsersBadge() {
  const count = useStore($inactiveUsers).data?.data;
  const label = count === undefined ? m('inactive.label') : inactiveUsersLabel(count);
  return <CountLink href="/admin/users?status=0" label={label} icon="users" count={count} badgeClass="bg-red-700" />;
}
