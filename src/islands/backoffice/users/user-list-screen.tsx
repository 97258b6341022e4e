import { useStore } from '@nanostores/react';
import { isAdminLevel } from '../../../lib/access/permissions.ts';
import type { UserListItem } from '../../../lib/users/schema.ts';
import { pathTo } from '../router.ts';
import type { ScreenProps } from '../screen-props.ts';
import { formatDate } from '../ui/format.ts';
import { Icon } from '../ui/icons.tsx';
import { PageHeading } from '../ui/page-heading.tsx';
import { PagedList } from '../ui/paged-list.tsx';
import { StatusChip, USER_STATUS_TEXTS, USER_TONES } from '../ui/status-chip.tsx';
import { ui } from '../ui/styles.ts';
import { UserFilters } from './user-filters.tsx';
import { $userListFilters, USER_LIST_PAGE_SIZE, userList } from './user-list-store.ts';
import { Flag } from '../ui/flag.tsx';
import { countryName } from '../../i18n/countries.ts';
import { roleLabel } from '../ui/format.ts';
import { HeaderCells } from '../ui/header-cells.tsx';
import { DataTable } from '../ui/data-table.tsx';
import { m } from './messages.ts';

/** /admin/users: the users within the caller's reach, filtered and paged through the URL. */
export function UserListScreen({ identity }: ScreenProps) {
  const adminLevel = isAdminLevel(identity);
  const filters = useStore($userListFilters);
  const list = useStore(userList.$view);
  const scope =
    !adminLevel && identity.country
      ? m('scopeCountry', { country: countryName(identity.country.code, identity.country.name) })
      : m('scopeAll');

  return (
    <>
      <PageHeading description={m('intro', { scope })}>{m('title')}</PageHeading>
      <UserFilters adminLevel={adminLevel} />
      <div className="mt-6">
        <PagedList
          list={list}
          page={filters?.page}
          texts={{ failed: m('loadFailed'), loading: m('loading'), noun: m('noun') }}
          empty={{ title: m('noMatch'), text: m('tryAnother'), firstPage: m('firstPage') }}
          pageSize={USER_LIST_PAGE_SIZE}
          onRetry={() => userList.$list.invalidate()}
          onPage={(page) => userList.setFilters({ page })}
        >
          {(users) => <UserTable users={users} busy={list.loading} />}
        </PagedList>
      </div>
    </>
  );
}

function UserTable({ users, busy }: { users: readonly UserListItem[]; busy: boolean }) {
  return (
    <div className={`${ui.cardFlush} relative ${busy ? 'opacity-70' : ''}`} aria-busy={busy}>
      <DataTable
        stack
        caption={m('title')}
        head={
          <HeaderCells
            labels={[
              m('col.nameEmail'),
              m('col.memberId'),
              m('col.country'),
              m('col.role'),
              m('col.status'),
              m('col.created'),
            ]}
            actions={m('col.actions')}
          />
        }
      >
        {users.map((user) => (
          <tr key={user.uuid} className="hover:bg-slate-50">
            <th scope="row" className={`${ui.td} text-left font-medium text-slate-900`}>
              {user.name ? <bdi>{user.name}</bdi> : <span className="font-normal text-slate-600">{m('noName')}</span>}
              <span className="block break-all text-xs font-normal text-slate-600">{user.email}</span>
            </th>
            <td data-label={m('col.memberId')} className={`${ui.td} whitespace-nowrap font-mono text-xs`}>
              {user.member_id}
            </td>
            <td data-label={m('col.country')} className={ui.td}>
              {user.country ? (
                <span className="inline-flex items-center gap-2">
                  <Flag country={user.country} sprite />
                  {countryName(user.country.code, user.country.name)}
                </span>
              ) : (
                <span className="text-slate-600">—</span>
              )}
            </td>
            <td data-label={m('col.role')} className={ui.td}>
              {user.roles[0] ? roleLabel(user.roles[0]) : <span className="text-slate-600">{m('noRole')}</span>}
            </td>
            <td data-label={m('col.status')} className={ui.td}>
              <span>
                <StatusChip status={user.status} labels={USER_STATUS_TEXTS} tones={USER_TONES} />
              </span>
            </td>
            <td data-label={m('col.created')} className={`${ui.td} whitespace-nowrap`}>
              {formatDate(user.created_at)}
            </td>
            <td className={`${ui.td} stack-actions text-right`}>
              <a
                href={pathTo('userForm', { uuid: user.uuid })}
                className={
                  'inline-flex items-center gap-1 rounded-md px-2 py-1 font-medium text-brand-600 ' +
                  'hover:bg-brand-50 hover:text-brand-800 max-md:border max-md:border-slate-300 max-md:px-3 ' +
                  'max-md:py-1.5'
                }
                aria-label={m('editWho', { name: user.name ?? user.email })}
              >
                {m('edit')}
                <Icon name="chevronRight" className="size-4" />
              </a>
            </td>
          </tr>
        ))}
      </DataTable>
    </div>
  );
}
