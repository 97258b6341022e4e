import { useStore } from '@nanostores/react';
import { computed } from 'nanostores';
import { isAdminLevel } from '../../../lib/access/permissions.ts';
import { InactiveCountResponseSchema } from '../../../lib/users/schema.ts';
import { createFetcherStore, fetchWith } from '../lib/query.ts';
import { $identity } from '../session.ts';
import { formatNumber } from '../ui/format.ts';
import { CountLink } from '../ui/count-link.tsx';

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
  if (count === 0) return 'No users awaiting activation';
  return `${formatNumber(count)} ${count === 1 ? 'user' : 'users'} awaiting activation`;
}

export function InactiveUsersBadge() {
  const count = useStore($inactiveUsers).data?.data;
  const label = count === undefined ? 'Users awaiting activation' : inactiveUsersLabel(count);
  return <CountLink href="/admin/users?status=0" label={label} icon="users" count={count} badgeClass="bg-red-700" />;
}
