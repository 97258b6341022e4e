import { CloseButton, Popover, PopoverButton, PopoverPanel } from '@headlessui/react';
import { useStore } from '@nanostores/react';
import { useEffect, useRef } from 'react';
import { errorMessage } from '../lib/api.ts';
import { ui } from '../ui/styles.ts';
import { BuildProgressBar, FailureReason, formatMoment, phaseLabel, PhaseDot } from './build-progress.tsx';
import { PublishButton } from './publish-panel.tsx';
import { $publishing, $siteStatus, sitePhase, type SitePhase } from './site-status-store.ts';

function shortLabel(phase: SitePhase): string {
  switch (phase.kind) {
    case 'queued':
      return 'Queued';
    case 'building':
      return `${phase.progress}%`;
    case 'failed':
      return 'Failed';
    case 'live':
      return 'Live';
    default:
      return 'Site';
  }
}

/**
 * The popover's heading takes the focus when it opens, so that a stray Enter does not publish
 * the site: "Publish site" is one Tab away.
 */
function PopoverHeading() {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <h2 id="publish-popover-title" ref={heading} tabIndex={-1} className="text-sm font-semibold text-slate-900 outline-none">
      Public site
    </h2>
  );
}

/** The top bar's compact publishing state (admin-level users); it opens the details and the action. */
export function PublishIndicator() {
  const status = useStore($siteStatus);
  const publishing = useStore($publishing);
  const phase = sitePhase(status.data?.data);
  const failedToLoad = status.error !== undefined && !status.data;
  const name = failedToLoad ? 'Public site: state unknown' : `Public site: ${phaseLabel(phase)}`;

  return (
    <Popover className="relative">
      <PopoverButton
        aria-label={name}
        title={name}
        className="inline-flex h-10 items-center gap-2 rounded-full px-2 text-sm font-medium text-slate-700 hover:bg-slate-100 sm:border sm:border-slate-300 sm:px-3"
      >
        <PhaseDot phase={failedToLoad ? { kind: 'unknown' } : phase} />
        <span aria-hidden="true" className="hidden sm:inline">
          {failedToLoad ? 'Site' : shortLabel(phase)}
        </span>
      </PopoverButton>
      <PopoverPanel
        anchor="bottom end"
        role="dialog"
        aria-labelledby="publish-popover-title"
        className="z-50 mt-2 w-[min(22rem,calc(100vw-2rem))] rounded-lg border border-slate-200 bg-white p-4 shadow-lg"
      >
        <PopoverHeading />
        {failedToLoad ? (
          <p className="mt-1 text-sm text-red-800">The state could not be loaded: {errorMessage(status.error)}</p>
        ) : (
          <>
            <p className="mt-1 flex items-center gap-2 text-sm text-slate-800">
              <PhaseDot phase={phase} />
              {phaseLabel(phase)}
            </p>
            {phase.kind === 'building' && (
              <div className="mt-2">
                <BuildProgressBar progress={phase.progress} step={phase.step} />
              </div>
            )}
            {phase.kind === 'failed' && (
              <>
                <p className="mt-1 text-sm text-slate-700">
                  Failed at {formatMoment(phase.at)}; the site still shows
                  {phase.liveSince ? ` the build of ${formatMoment(phase.liveSince)}` : ' no build yet'}.
                </p>
                <FailureReason reason={phase.reason} />
              </>
            )}
          </>
        )}
        <div className="mt-4 flex flex-wrap items-center gap-3">
          <PublishButton publishing={publishing} retry={phase.kind === 'failed'} />
          <CloseButton as="a" href="/content-management/banner" className={ui.link}>
            Manage content
          </CloseButton>
        </div>
      </PopoverPanel>
    </Popover>
  );
}
