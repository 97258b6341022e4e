import { useStore } from '@nanostores/react';
import { ErrorState } from '../ui/states.tsx';
import { Icon } from '../ui/icons.tsx';
import { ui } from '../ui/styles.ts';
import { BuildProgressBar, FailureReason, formatMoment, phaseLabel, PhaseDot } from './build-progress.tsx';
import { $publishing, $siteStatus, publishSite, sitePhase } from './site-status-store.ts';

/**
 * The publishing card of the CMS screens: the public site's state (queued, building with its
 * progress, live since when, or why the last build failed) and the "Publish site" action.
 */
export function PublishPanel() {
  const status = useStore($siteStatus);
  const publishing = useStore($publishing);
  const data = status.data?.data;
  const phase = sitePhase(data);
  
  if (status.error !== undefined && !data) {
    return (
      <div className="mb-6">
        <ErrorState error={status.error} title="The state of the public site could not be loaded" onRetry={() => $siteStatus.invalidate()} />
      </div>
    );
  }

  return (
    <section aria-labelledby="publish-panel-title" className={`${ui.card} mb-6 flex flex-col gap-4 sm:flex-row sm:items-center`}>
      <div className="min-w-0 flex-1">
        <h2 id="publish-panel-title" className="text-sm font-semibold text-slate-900">
          Public site
        </h2>
        {/* Only the phase is announced: the progress changes too often to be read out. */}
        <p role="status" className="mt-1 flex items-center gap-2 text-sm text-slate-800">
          <PhaseDot phase={phase} />
          <span>{phaseLabel(phase)}</span>
        </p>
        {phase.kind === 'building' && (
          <div className="mt-2 max-w-md">
            <BuildProgressBar progress={phase.progress} step={phase.step} />
          </div>
        )}
        {phase.kind === 'queued' && <p className="mt-1 text-xs text-slate-600">Waiting to start: edits made meanwhile go into the same build.</p>}
        {phase.kind === 'failed' && (
          <div className="mt-1 text-sm text-slate-700">
            <p>
              The build of {formatMoment(phase.at)} failed, so the public site still shows
              {phase.liveSince ? ` the build of ${formatMoment(phase.liveSince)}` : ' no build yet'}. Reason:
            </p>
            <FailureReason reason={phase.reason} />
          </div>
        )}
        {(phase.kind === 'live' || phase.kind === 'neverBuilt') && (
          <p className="mt-1 text-xs text-slate-600">Published items show on the public site after the next build.</p>
        )}
      </div>
      <PublishButton publishing={publishing} retry={phase.kind === 'failed'} />
    </section>
  );
}

/**
 * Stays focusable while its request is on its way (aria-disabled, clicks ignored), so the
 * keyboard focus is not lost. During a build it still works: the server then builds once more.
 */
export function PublishButton({ publishing, retry, className = '' }: { publishing: boolean; retry: boolean; className?: string }) {
  return (
    <button
      type="button"
      className={`${ui.primaryButton} shrink-0 aria-disabled:cursor-wait aria-disabled:opacity-60 ${className}`}
      aria-disabled={publishing || undefined}
      onClick={() => void publishSite()}
    >
      <Icon name="globe" className="size-4" />
      {publishing ? 'Publishing…' : retry ? 'Retry publishing' : 'Publish site'}
    </button>
  );
}
