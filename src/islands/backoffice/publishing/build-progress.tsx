import { INTL_TAG } from '../../i18n/page-locale.ts';
import { ProgressBar } from '../ui/progress-bar.tsx';
import { m } from './messages.ts';
import type { SitePhase } from './site-status-store.ts';

const timeFormat = new Intl.DateTimeFormat(INTL_TAG, {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/** "3 Mar 2026, 14:05" in the reader's time zone. */
export function formatMoment(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : timeFormat.format(date);
}

/** The update's progress as a bar that assistive tech reads as a value out of 100. */
export function BuildProgressBar({ progress }: { progress: number }) {
  return (
    <ProgressBar
      label={m('progressLabel')}
      percent={progress}
      valueText={m('progressDone', { percent: progress })}
      duration="duration-500"
    />
  );
}

/**
 * Why the last update failed, in plain words, with the technical report folded away for whoever
 * is asked to look into it.
 */
export function FailureNote({
  at,
  liveSince,
  reason,
  retrying = false,
}: {
  at: string;
  liveSince: string | null;
  reason: string;
  retrying?: boolean;
}) {
  return (
    <div className="text-sm text-slate-700">
      <p>
        {m('failureText', {
          at: formatMoment(at),
          what: liveSince ? m('failureSiteOn', { moment: formatMoment(liveSince) }) : m('failureNoSite'),
        })}
      </p>
      {retrying && <p className="mt-2">{m('retryText')}</p>}
      <details className="mt-2">
        <summary className="cursor-pointer text-sm font-medium text-slate-800">{m('technical')}</summary>
        <pre
          className={
            'mt-2 max-h-40 overflow-auto whitespace-pre-wrap break-words rounded-md bg-red-50 p-3 font-mono ' +
            'text-xs text-red-900'
          }
        >
          {reason}
        </pre>
      </details>
    </div>
  );
}

/** A dot coloured by phase, beside the phase's words (never the only sign of it). */
export function PhaseDot({ phase, waiting = 0 }: { phase: SitePhase; waiting?: number }) {
  const tone =
    phase.kind === 'failed'
      ? 'bg-red-600'
      : phase.kind === 'queued' || phase.kind === 'building'
        ? 'animate-pulse bg-amber-500 motion-reduce:animate-none'
        : waiting > 0
          ? 'bg-amber-500'
          : phase.kind === 'live'
            ? 'bg-emerald-600'
            : 'bg-slate-400';
  return <span aria-hidden="true" className={`inline-block size-2.5 shrink-0 rounded-full ${tone}`} />;
}
