import { useStore } from '@nanostores/react';
import { PRACTICE_STATUSES, PracticeDashboardResponseSchema } from '../../../lib/best-practices/schema.ts';
import { createFetcherStore, fetchWith } from '../lib/query.ts';
import { pathTo } from '../router.ts';
import { formatDate } from '../ui/format.ts';
import { ErrorState, Skeleton } from '../ui/states.tsx';
import { ui } from '../ui/styles.ts';
import { PRACTICE_TONES, StatusChip } from '../ui/status-chip.tsx';
import { countryName } from '../../i18n/countries.ts';
import { m } from './card/messages.ts';
import { practiceStatusLabels } from './status-labels.ts';

const STATUS_LABELS = practiceStatusLabels(m);

export const $practiceDashboard = createFetcherStore(['best-practice/dashboard'], {
  fetcher: fetchWith(PracticeDashboardResponseSchema),
});

/**
 * The dashboard's card: for administrators the practices waiting for review, for country users
 * their practices that need them (changes requested, drafts), with counts per status.
 */
export function PracticeDashboardCard() {
  const answer = useStore($practiceDashboard);
  const data = answer.data?.data;
  return (
    <section aria-labelledby="bp-dashboard" className={`${ui.card} h-full`}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="bp-dashboard" className="text-lg font-semibold text-slate-900">
          {m('dashboard.title')}
        </h2>
        <a href={pathTo('bestPractices')} className={`${ui.link} text-sm`}>
          {m('dashboard.all')}
        </a>
      </div>
      {answer.error !== undefined && !data ? (
        <div className="mt-3">
          <ErrorState
            error={answer.error}
            title={m('dashboard.loadFailed')}
            onRetry={() => $practiceDashboard.invalidate()}
          />
        </div>
      ) : !data ? (
        <div className="mt-3">
          <Skeleton rows={2} label={m('dashboard.loading')} />
        </div>
      ) : (
        <>
          <dl className={`mt-3 ${ui.tileGrid}`}>
            {PRACTICE_STATUSES.map((status) => (
              <div key={status} className="rounded-md bg-slate-50 px-3 py-2">
                <dt className="text-xs text-slate-600">{STATUS_LABELS[status]}</dt>
                <dd className="text-xl font-semibold tabular-nums text-slate-900">
                  <a href={pathTo('bestPractices', {}, { status })} className="hover:text-brand-700 hover:underline">
                    {data.counts[status]}
                  </a>
                </dd>
              </div>
            ))}
          </dl>
          <h3 className="mt-5 text-sm font-semibold uppercase tracking-wide text-slate-600">
            {data.reviewer ? m('dashboard.waitingReview') : m('dashboard.waitingYou')}
          </h3>
          {data.attention.length === 0 ? (
            <p className="mt-2 text-sm text-slate-700">
              {data.reviewer ? m('dashboard.noneWaitingReview') : m('dashboard.nothing')}
            </p>
          ) : (
            <ul className="mt-2 divide-y divide-slate-100">
              {data.attention.map((item) => (
                <li key={item.uuid} className="flex flex-wrap items-center justify-between gap-2 py-2">
                  <a href={pathTo('bestPracticeForm', { uuid: item.uuid })} dir="auto" className={`${ui.link} text-sm`}>
                    {item.title}
                  </a>
                  <span className="flex items-center gap-2 text-xs text-slate-600">
                    {countryName(item.country.code, item.country.name)}
                    {data.reviewer && item.submitted_at
                      ? m('dashboard.submitted', { date: formatDate(item.submitted_at) })
                      : ''}
                    <StatusChip status={item.status} labels={STATUS_LABELS} tones={PRACTICE_TONES} />
                  </span>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}
