import { canManageUsers, isAdminLevel, isStateAdmin, sidebarFor } from '../../../lib/access/permissions.ts';
import type { Whoami } from '../../../lib/identity/schema.ts';
import { pathTo } from '../router.ts';
import type { ScreenProps } from '../screens.tsx';
import { formatDate } from '../ui/format.ts';
import { PageHeading } from '../ui/page-heading.tsx';
import { StatusChip } from '../ui/status-chip.tsx';
import { ui } from '../ui/styles.ts';
import { UsersByCountry, UsersByStatus } from './user-stats.tsx';
import { Flag } from '../ui/flag.tsx';

/** The overview every signed-in user lands on, with user figures for those who manage users. */
export function DashboardScreen({ identity }: ScreenProps) {
  return (
    <>
      <PageHeading description="Your account and the parts of the portal you can work in.">Dashboard</PageHeading>
      <div className="grid gap-6 lg:grid-cols-3">
        <AccountSummary identity={identity} />
        <ModuleLinks identity={identity} />
      </div>
      {canManageUsers(identity) && <UsersByStatus identity={identity} scoped={isStateAdmin(identity)} />}
      {isAdminLevel(identity) && <UsersByCountry />}
    </>
  );
}

function AccountSummary({ identity }: { identity: Whoami }) {
  return (
    <section aria-labelledby="account-summary" className={ui.card}>
      <h2 id="account-summary" className="text-lg font-semibold text-slate-900">
        Your account
      </h2>
      <dl className="mt-3 space-y-3 text-sm">
        <div>
          <dt className="text-slate-600">Name</dt>
          <dd className="font-medium text-slate-900">{identity.name ?? '—'}</dd>
        </div>
        <div>
          <dt className="text-slate-600">Role</dt>
          <dd className="font-medium text-slate-900">
            {identity.roles.length > 0 ? identity.roles.map((role) => role.description).join(', ') : 'No role assigned'}
          </dd>
        </div>
        <div>
          <dt className="text-slate-600">Country</dt>
          <dd className="flex items-center gap-2 font-medium text-slate-900">
            {identity.country ? (
              <>
                <Flag country={identity.country} />
                {identity.country.name}
              </>
            ) : (
              '—'
            )}
          </dd>
        </div>
        <div>
          <dt className="text-slate-600">Status</dt>
          <dd>
            <StatusChip status={identity.status} />
          </dd>
        </div>
        <div>
          <dt className="text-slate-600">Member since</dt>
          <dd className="font-medium text-slate-900">{formatDate(identity.created_at)}</dd>
        </div>
      </dl>
    </section>
  );
}

function ModuleLinks({ identity }: { identity: Whoami }) {
  const sections = sidebarFor(identity).filter((section) => section.label !== null);
  return (
    <section aria-labelledby="your-modules" className={`${ui.card} lg:col-span-2`}>
      <h2 id="your-modules" className="text-lg font-semibold text-slate-900">
        What you can work on
      </h2>
      {sections.length === 0 ? (
        <p className="mt-3 text-sm text-slate-700">
          Your role does not give access to any module yet. An administrator can change this on the access control screen.
        </p>
      ) : (
        <div className="mt-3 grid gap-5 sm:grid-cols-2">
          {sections.map((section) => (
            <div key={section.label}>
              <h3 className="text-sm font-semibold uppercase tracking-wide text-slate-600">{section.label}</h3>
              <ul className="mt-2 space-y-1">
                {section.items.map((item) => (
                  <li key={item.route}>
                    <a href={pathTo(item.route)} className={ui.link}>
                      {item.label}
                    </a>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </div>
      )}
    </section>
  );
}
