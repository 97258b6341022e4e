import { useId } from 'react';
import type { SiteStatusData } from '../../../lib/site/schema.ts';
import { BuildProgressBar, FailureNote, PhaseDot } from './build-progress.tsx';
import { m } from './messages.ts';
import { sitePhase, siteSummary } from './site-status-store.ts';

/** The changes waiting to go live, by name: the first `shown`, then how many more. */
export function WaitingChanges({
  data,
  shown,
  label = m('waitingLabel'),
}: {
  data: SiteStatusData;
  shown: number;
  label?: string;
}) {
  const id = useId();
  const { total, changes } = data.waiting;
  if (total === 0) return null;
  const listed = changes.slice(0, shown);
  const more = total - listed.length;
  return (
    <div>
      <p id={id} className="text-xs font-medium uppercase tracking-wide text-slate-600">
        {label}
      </p>
      <ul aria-labelledby={id} className="mt-1 space-y-1 text-sm text-slate-800">
        {listed.map((change) => (
          <li key={`${change.at}-${change.title}`} dir="auto" className="break-words">
            {change.title}
          </li>
        ))}
        {more > 0 && <li className="text-slate-600">{m('andMore', { count: more })}</li>}
      </ul>
    </div>
  );
}

/**
 * The public site's status in plain words (issue 16, item 8): one line saying what waits and when
 * it goes live, or since when the site is live; the progress of an update; why the last one
 * failed; and the changes waiting, by name. `announce` makes the line a live region.
 */
export function SiteStatusView({
  data,
  announce = false,
  shown = 5,
}: {
  data: SiteStatusData | undefined;
  announce?: boolean;
  shown?: number;
}) {
  const phase = sitePhase(data);
  const { state, detail } = siteSummary(data);
  return (
    <div className="space-y-3">
      <p className="flex items-start gap-2 text-sm text-slate-800">
        <span className="mt-1.5 flex">
          <PhaseDot phase={phase} waiting={data?.waiting.total ?? 0} />
        </span>
        <span>
          {/* Only the state is announced: the estimate changes too often to be read out. */}
          <span role={announce ? 'status' : undefined} className="font-medium text-slate-900">
            {state}
          </span>
          {detail && <span> · {detail}</span>}
        </span>
      </p>
      {phase.kind === 'building' && <BuildProgressBar progress={phase.progress} />}
      {phase.kind === 'failed' && (
        <FailureNote
          at={phase.at}
          liveSince={phase.liveSince}
          reason={phase.reason}
          retrying={Boolean(data?.failing)}
        />
      )}
      {data && <WaitingChanges data={data} shown={shown} />}
      {data && data.waiting.total === 0 && phase.kind === 'live' && (
        <p className="text-xs text-slate-600">{m('autoLive')}</p>
      )}
    </div>
  );
}
