import type { SitePhase } from './site-status-store.ts';

const timeFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });

/** "3 Mar 2026, 14:05" in the reader's time zone. */
export function formatMoment(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : timeFormat.format(date);
}

/** One short line for a phase of the builder, as the indicators say it. */
export function phaseLabel(phase: SitePhase): string {
  switch (phase.kind) {
    case 'unknown':
      return 'Checking the site…';
    case 'queued':
      return 'Site build queued';
    case 'building':
      return `Building the site: ${phase.progress}%`;
    case 'failed':
      return 'Last build failed';
    case 'live':
      return `Live since ${formatMoment(phase.since)}`;
    case 'neverBuilt':
      return 'The site has not been built yet';
  }
}

/** The build's progress as a bar that assistive tech reads as a value out of 100. */
export function BuildProgressBar({ progress, step }: { progress: number; step: string }) {
  return (
    <div>
      <div
        role="progressbar"
        aria-label="Site build progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={progress}
        aria-valuetext={`${progress}%, ${step}`}
        className="h-2 w-full overflow-hidden rounded-full bg-slate-200"
      >
        <div className="h-full rounded-full bg-brand-600 transition-[width] duration-500 motion-reduce:transition-none" style={{ width: `${progress}%` }} />
      </div>
      <p className="mt-1 truncate text-xs text-slate-600">Step: {step}</p>
    </div>
  );
}

/** A build's failure message, which is the tail of the build's log: kept as written, scrollable. */
export function FailureReason({ reason }: { reason: string }) {
  return (
    <pre className="mt-2 max-h-40 overflow-auto whitespace-pre-wrap break-words rounded-md bg-red-50 p-3 font-mono text-xs text-red-900">
      {reason}
    </pre>
  );
}

/** A dot coloured by phase, beside the phase's words (never the only sign of it). */
export function PhaseDot({ phase }: { phase: SitePhase }) {
  const tone =
    phase.kind === 'failed'
      ? 'bg-red-600'
      : phase.kind === 'live'
        ? 'bg-emerald-600'
        : phase.kind === 'queued' || phase.kind === 'building'
          ? 'animate-pulse bg-amber-500 motion-reduce:animate-none'
          : 'bg-slate-400';
  return <span aria-hidden="true" className={`inline-block size-2.5 shrink-0 rounded-full ${tone}`} />;
}
