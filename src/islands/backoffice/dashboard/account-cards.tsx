import { isAdminLevel, sidebarFor } from '../../../lib/access/permissions.ts';
import type { Whoami } from '../../../lib/identity/schema.ts';
import { menuItemLabel, menuSectionLabel } from '../layout/sidebar.tsx';
import { pathTo } from '../router.ts';
import { CountryValue } from '../ui/flag.tsx';
import { formatDate, roleLabel } from '../ui/format.ts';
import { StatusChip, USER_STATUS_TEXTS, USER_TONES } from '../ui/status-chip.tsx';
import { ui } from '../ui/styles.ts';
import { CardSection } from '../ui/card-section.tsx';
import { Fact } from '../ui/fact.tsx';
import { m } from './messages.ts';

export function AccountSummary({ identity }: { identity: Whoami }) {
  return (
    <CardSection id="account-summary" title={m('account.title')} className="h-full">
      <dl className="mt-3 space-y-3 text-sm">
        <Fact term={m('account.name')} value={identity.name ?? '—'} />
        <Fact
          term={m('account.role')}
          value={identity.roles.length > 0 ? identity.roles.map(roleLabel).join(', ') : m('account.noRole')}
        />
        <Fact term={m('account.country')}>
          <CountryValue country={identity.country} />
        </Fact>
        <Fact term={m('account.status')}>
          <dd>
            <StatusChip status={identity.status} labels={USER_STATUS_TEXTS} tones={USER_TONES} />
          </dd>
        </Fact>
        <Fact term={m('account.since')} value={formatDate(identity.created_at)} />
      </dl>
      <p className="mt-4 border-t border-slate-100 pt-3 text-sm">
        <a href={pathTo('myProfile')} className={ui.link}>
          {m('account.edit')}
        </a>
      </p>
    </CardSection>
  );
}

export function ModuleLinks({ identity }: { identity: Whoami }) {
  const sections = sidebarFor(identity).filter((section) => section.label !== null);
  return (
    <CardSection id="your-modules" title={m('modules.title')} className="h-full">
      {sections.length === 0 ? (
        <p className="mt-3 text-sm text-slate-700">{m('modules.none')}</p>
      ) : (
        <div className="mt-3 grid gap-5 sm:grid-cols-2">
          {sections.map((section) => (
            <div key={section.label}>
              <h3 className="text-sm font-semibold uppercase tracking-wide text-slate-600">
                {menuSectionLabel(section.label ?? '')}
              </h3>
              <ul className="mt-2 space-y-1">
                {section.items.map((item) => (
                  <li key={item.route}>
                    <a href={pathTo(item.route)} className={ui.link}>
                      {menuItemLabel(item)}
                    </a>
                  </li>
                ))}
                {/* Not a sidebar item (spec §2 fixes those): the content's translations are reached from here. */}
                {section.label === 'Administration' && isAdminLevel(identity) && (
                  <li>
                    <a href={pathTo('translations')} className={ui.link}>
                      {m('modules.translations')}
                    </a>
                  </li>
                )}
                {section.label === 'Administration' && isAdminLevel(identity) && (
                  <li>
                    <a href={pathTo('trustedAuthorities')} className={ui.link}>
                      {m('modules.trustedAuthorities')}
                    </a>
                  </li>
                )}
              </ul>
            </div>
          ))}
        </div>
      )}
    </CardSection>
  );
}
