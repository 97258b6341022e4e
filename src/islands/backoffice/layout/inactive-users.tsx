import { useStore } from '@nanostores/react';
import { computed } from 'nanostores';
import { isAdminLevel } from '../../../lib/access/permissions.ts';
import { InactiveCountResponseSchema } from '../../../lib/users/schema.ts';
import { createFetcherStore, fetchWith } from '../lib/query.ts';
import { $identity } from '../session.ts';
import { formatNumber } from '../ui/format.ts';
import { Icon } from '../ui/icons.tsx';

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
  const { data } = useStore($inactiveUsers);
  const count = data?.data;
  const label = count === undefined ? 'Users awaiting activation' : inactiveUsersLabel(count);
  return (
    <a
      href="/admin/users?status=0"
      aria-label={label}
      title={label}
      className="relative inline-flex size-10 items-center justify-center rounded-full text-slate-700 hover:bg-slate-100 hover:text-brand-700"
    >
      <Icon name="users" className="size-6" />
      {count !== undefined && count > 0 && (
        <span
          aria-hidden="true"
          className="absolute -right-0.5 -top-0.5 min-w-5 rounded-full bg-red-700 px-1.5 py-0.5 text-center text-xs font-semibold leading-none text-white"
        >
          {count > 99 ? '99+' : count}
        </span>
      )}
    </a>
  );
}
