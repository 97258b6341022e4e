import { useStore } from '@nanostores/react';
import type { Whoami } from '../../../lib/identity/schema.ts';
import { isStateAdmin } from '../../../lib/access/permissions.ts';
import { formatReceivedShort } from '../contact/contact-format.ts';
import { PublishButton } from '../publishing/publish-panel.tsx';
import { SiteStatusView } from '../publishing/site-status-view.tsx';
import { $siteStatus } from '../publishing/site-status-store.ts';
import { useSiteStatus } from '../publishing/use-site-status.ts';
import { pathTo } from '../router.ts';
import { Flag } from '../ui/flag.tsx';
import { countryName } from '../../i18n/countries.ts';
import { countryInText, formatDate } from '../ui/format.ts';
import { ErrorState, Skeleton } from '../ui/states.tsx';
import { ui } from '../ui/styles.ts';
import { CardFrame } from './card-frame.tsx';
import { $awaitingActivation, $unreadMessages } from './dashboard-store.ts';
import { m } from './messages.ts';

/** New accounts waiting for someone to check them, give them a role and activate them. */
export function AwaitingActivationCard({ identity }: { identity: Whoami }) {
  const { data, error } = useStore($awaitingActivation);
  const country = isStateAdmin(identity) && identity.country ? countryInText(identity.country) : null;
  const total = data?.total;
  return (
    <CardFrame
      id="awaiting-activation"
      title={country ? m('awaiting.titleIn', { country }) : m('awaiting.title')}
      count={total}
      footer={
        total !== undefined && total > 0 ? (
          <a href="/admin/users?status=0" className={ui.link}>
            {total > (data?.data.length ?? 0) ? m('awaiting.all', { count: total }) : m('awaiting.open')}
          </a>
        ) : undefined
      }
    >
      {error !== undefined && !data ? (
        <ErrorState error={error} onRetry={() => $awaitingActivation.revalidate()} />
      ) : !data ? (
        <Skeleton rows={2} label={m('awaiting.loading')} />
      ) : data.data.length === 0 ? (
        <p>{country ? m('awaiting.noneIn', { country }) : m('awaiting.none')}</p>
      ) : (
        <ul className="divide-y divide-slate-100">
          {data.data.map((user) => (
            <li key={user.uuid} className="flex items-center justify-between gap-3 py-2">
              <span className="min-w-0">
                <span className="block font-medium [overflow-wrap:anywhere] text-slate-900">
                  {user.name ?? user.email}
                </span>
                <span className="flex items-center gap-1.5 text-xs text-slate-600">
                  {user.country && <Flag country={user.country} />}
                  {user.country ? countryName(user.country.code, user.country.name) : m('stats.noCountry')} ·{' '}
                  {m('awaiting.signedUp', { date: formatDate(user.created_at) })}
                </span>
              </span>
              <a
                href={pathTo('userForm', { uuid: user.uuid })}
                className={`${ui.link} shrink-0`}
                aria-label={m('awaiting.reviewWho', { name: user.name ?? user.email })}
              >
                {m('awaiting.review')}
              </a>
            </li>
          ))}
        </ul>
      )}
    </CardFrame>
  );
}

/** Contact messages nobody has read yet, newest first. */
export function UnreadMessagesCard() {
  const { data, error } = useStore($unreadMessages);
  const unread = data?.unread;
  return (
    <CardFrame
      id="unread-messages"
      title={m('unread.title')}
      count={unread}
      footer={
        <a href={unread ? '/admin/contact-us?status=unread' : '/admin/contact-us'} className={ui.link}>
          {unread ? m('unread.read') : m('unread.open')}
        </a>
      }
    >
      {error !== undefined && !data ? (
        <ErrorState error={error} onRetry={() => $unreadMessages.revalidate()} />
      ) : !data ? (
        <Skeleton rows={2} label={m('unread.loading')} />
      ) : data.data.length === 0 ? (
        <p>{m('unread.none')}</p>
      ) : (
        <ul className="divide-y divide-slate-100">
          {data.data.map((message) => (
            <li key={message.id} className="py-2">
              <a href={`/admin/contact-us?status=unread&message=${message.id}`} className="group block">
                <span className="flex items-baseline justify-between gap-3">
                  <span className="truncate font-medium text-slate-900 group-hover:underline">{message.subject}</span>
                  <span className="shrink-0 text-xs text-slate-600">{formatReceivedShort(message.created_at)}</span>
                </span>
                <span className="block truncate text-xs text-slate-600">
                  {m('unread.from', { name: message.name })}
                </span>
              </a>
            </li>
          ))}
        </ul>
      )}
    </CardFrame>
  );
}

/** Whether the public site shows the latest published content, and the action to rebuild it. */
export function PublicSiteCard() {
  const { status, data, phase, publishing } = useSiteStatus();
  return (
    <CardFrame
      id="public-site"
      title={m('site.title')}
      footer={
        <a href="/content-management/banner" className={ui.link}>
          {m('site.manage')}
        </a>
      }
    >
      {status.error !== undefined && !data ? (
        <ErrorState error={status.error} onRetry={() => $siteStatus.invalidate()} />
      ) : !data ? (
        <Skeleton rows={1} label={m('site.loading')} />
      ) : (
        <div className="space-y-3">
          <SiteStatusView data={data} shown={3} />
          <PublishButton publishing={publishing} retry={phase.kind === 'failed'} />
        </div>
      )}
    </CardFrame>
  );
}
