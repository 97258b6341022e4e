import { CloseButton, Popover, PopoverButton, PopoverPanel } from '@headlessui/react';
import { useEffect, useRef } from 'react';
import { errorMessage } from '../lib/api.ts';
import { ui } from '../ui/styles.ts';
import { PhaseDot } from './build-progress.tsx';
import { m } from './messages.ts';
import { PublishConfirm } from './publish-confirm.tsx';
import { PublishButton } from './publish-panel.tsx';
import { SiteStatusView } from './site-status-view.tsx';
import { summaryLine, type SitePhase } from './site-status-store.ts';
import { useSiteStatus } from './use-site-status.ts';

function shortLabel(phase: SitePhase, waiting: number): string {
  switch (phase.kind) {
    case 'queued':
    case 'building':
      return waiting > 0 ? m('waitingShort', { count: waiting }) : m('updatingShort');
    case 'failed':
      return m('notUpdated');
    case 'live':
      return waiting > 0 ? m('waitingShort', { count: waiting }) : m('live');
    default:
      return m('site');
  }
}

/**
 * The popover's heading takes the focus when it opens, so that a stray Enter does not open
 * "Publish now": it is one Tab away.
 */
function PopoverHeading() {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <h2
      id="publish-popover-title"
      ref={heading}
      tabIndex={-1}
      className="mb-2 text-sm font-semibold text-slate-900 outline-none"
    >
      {m('publicSite')}
    </h2>
  );
}

/**
 * The top bar's compact status of the public site (administrators); it opens the details and
 * "Publish now", whose confirmation dialog lives here, outside the popover.
 */
export function PublishIndicator() {
  const { status, data, phase, publishing } = useSiteStatus();
  const waiting = data?.waiting.total ?? 0;
  const failedToLoad = status.error !== undefined && !data;
  const name = failedToLoad ? m('stateUnknown') : m('stateIs', { summary: summaryLine(data) });

  return (
    <>
      <Popover className="relative">
        <PopoverButton
          aria-label={name}
          title={name}
          className={
            'inline-flex h-10 items-center gap-2 rounded-full px-2 text-sm font-medium text-slate-700 ' +
            'hover:bg-slate-100 sm:border sm:border-slate-300 sm:px-3'
          }
        >
          <PhaseDot phase={failedToLoad ? { kind: 'unknown' } : phase} waiting={waiting} />
          <span aria-hidden="true" className="hidden sm:inline">
            {failedToLoad ? m('site') : shortLabel(phase, waiting)}
          </span>
        </PopoverButton>
        <PopoverPanel
          anchor="bottom end"
          role="dialog"
          aria-labelledby="publish-popover-title"
          className={
            'z-50 mt-2 w-[min(24rem,calc(100vw-2rem))] rounded-lg ' + 'border border-slate-200 bg-white p-4 shadow-lg'
          }
        >
          {({ close }) => (
            <>
              <PopoverHeading />
              {failedToLoad ? (
                <p className="mt-1 text-sm text-red-800">
                  {m('loadFailedText', { reason: errorMessage(status.error) })}
                </p>
              ) : (
                <SiteStatusView data={data} shown={3} />
              )}
              <div className="mt-4 flex flex-wrap items-center gap-3">
                <PublishButton publishing={publishing} retry={phase.kind === 'failed'} onAsk={close} />
                <CloseButton as="a" href="/content-management/banner" className={ui.link}>
                  {m('manageContent')}
                </CloseButton>
              </div>
            </>
          )}
        </PopoverPanel>
      </Popover>
      <PublishConfirm />
    </>
  );
}
