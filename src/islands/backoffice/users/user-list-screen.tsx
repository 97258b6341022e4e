import { USER_STATUS_LABELS } from '../../../lib/users/schema.ts';
import { useStore } from '@nanostores/react';
import { isAdminLevel } from '../../../lib/access/permissions.ts';
import type { UserListItem } from '../../../lib/users/schema.ts';
import { pathTo } from '../router.ts';
import type { ScreenProps } from '../screen-props.ts';
import { formatDate } from '../ui/format.ts';
import { Icon } from '../ui/icons.tsx';
import { PageHeading } from '../ui/page-heading.tsx';
import { EmptyState, ErrorState, Skeleton } from '../ui/states.tsx';
import { StatusChip, USER_TONES } from '../ui/status-chip.tsx';
import { Pagination } from '../ui/pagination.tsx';
import { ui } from '../ui/styles.ts';
import { UserFilters } from './user-filters.tsx';
import { $userList, $userListFilters, $userListView, setUserFilters, USER_LIST_PAGE_SIZE } from './user-list-store.ts';
import { Flag } from '../ui/flag.tsx';

/** /admin/users: the users within the caller's reach, filtered and paged through the URL. */
export function UserListScreen({ identity }: ScreenProps) {
  const adminLevel = isAdminLevel(identity);
  const filters = useStore($userListFilters);
  const list = useStore($userListView);
  const scope = !adminLevel && identity.country ? `Users of ${identity.country.name}.` : 'Users of every country.';

  return (
    <>
      <PageHeading description={`${scope} Activate new accounts, change roles and keep contact details up to date.`}>Users</PageHeading>
      <UserFilters adminLevel={adminLevel} />
      <div className="mt-6">
        {list.error !== undefined && !list.data ? (
          <ErrorState error={list.error} title="The users could not be loaded" onRetry={() => $userList.invalidate()} />
        ) : !list.data ? (
          <Skeleton rows={6} label="Loading users…" />
        ) : list.data.data.length === 0 ? (
          <EmptyState title="No users match these filters">
            {filters && filters.page > 1 && list.data.total > 0 ? (
              <button type="button" className={ui.link} onClick={() => setUserFilters({ page: 1 })}>
                Go to the first page
              </button>
            ) : (
              'Try another search or status.'
            )}
          </EmptyState>
        ) : (
          <UserTable users={list.data.data} busy={list.loading} />
        )}
        {list.data && list.data.total > 0 && (
          <Pagination page={list.data.page} pageSize={USER_LIST_PAGE_SIZE} total={list.data.total} shown={list.data.data.length} noun="users" onPage={(page) => setUserFilters({ page })} />
        )}
      </div>
    </>
  );
}

function UserTable({ users, busy }: { users: readonly UserListItem[]; busy: boolean }) {
  return (
    <div className={`${ui.cardFlush} relative ${busy ? 'opacity-70' : ''}`} aria-busy={busy}>
      <table className="stack-table min-w-full divide-y divide-slate-200">
        <caption className="sr-only">Users</caption>
        <thead className="bg-slate-50">
          <tr>
            {['Name and email', 'Member ID', 'Country', 'Role', 'Status', 'Created'].map((label) => (
              <th key={label} scope="col" className={ui.th}>
                {label}
              </th>
            ))}
            <th scope="col" className={ui.th}>
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {users.map((user) => (
            <tr key={user.uuid} className="hover:bg-slate-50">
              <th scope="row" className={`${ui.td} text-left font-medium text-slate-900`}>
                {user.name ? <bdi>{user.name}</bdi> : <span className="font-normal text-slate-600">No name yet</span>}
                <span className="block break-all text-xs font-normal text-slate-600">{user.email}</span>
              </th>
              <td data-label="Member ID" className={`${ui.td} whitespace-nowrap font-mono text-xs`}>{user.member_id}</td>
              <td data-label="Country" className={ui.td}>
                {user.country ? (
                  <span className="inline-flex items-center gap-2">
                    <Flag country={user.country} sprite />
                    {user.country.name}
                  </span>
                ) : (
                  <span className="text-slate-600">—</span>
                )}
              </td>
              <td data-label="Role" className={ui.td}>
                {user.roles[0]?.description ?? <span className="text-slate-600">No role</span>}
              </td>
              <td data-label="Status" className={ui.td}>
                <span>
                  <StatusChip status={user.status} labels={USER_STATUS_LABELS} tones={USER_TONES} />
                </span>
              </td>
              <td data-label="Created" className={`${ui.td} whitespace-nowrap`}>{formatDate(user.created_at)}</td>
              <td className={`${ui.td} stack-actions text-right`}>
                <a
                  href={pathTo('userForm', { uuid: user.uuid })}
                  className="inline-flex items-center gap-1 rounded-md px-2 py-1 font-medium text-brand-600 hover:bg-brand-50 hover:text-brand-800 max-md:border max-md:border-slate-300 max-md:px-3 max-md:py-1.5"
                  aria-label={`Edit ${user.name ?? user.email}`}
                >
                  Edit
                  <Icon name="chevronRight" className="size-4" />
                </a>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
