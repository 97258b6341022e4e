import { ErrorState } from '../ui/states.tsx';
import { Icon } from '../ui/icons.tsx';
import { ui } from '../ui/styles.ts';
import { m } from './messages.ts';
import { SiteStatusView } from './site-status-view.tsx';
import { $siteStatus, askToPublish } from './site-status-store.ts';
import { useSiteStatus } from './use-site-status.ts';

/**
 * The publishing card of the CMS screens: the public site's status in one line (what waits and
 * when it goes live, or since when it is live), the changes waiting by name, and "Publish now".
 */
export function PublishPanel() {
  const { status, data, phase, publishing } = useSiteStatus();

  if (status.error !== undefined && !data) {
    return (
      <div className="mb-6">
        <ErrorState error={status.error} title={m('panelLoadFailed')} onRetry={() => $siteStatus.invalidate()} />
      </div>
    );
  }

  return (
    <section
      aria-labelledby="publish-panel-title"
      className={`${ui.card} mb-6 flex flex-col gap-4 sm:flex-row sm:items-start`}
    >
      <div className="min-w-0 flex-1">
        <h2 id="publish-panel-title" className="mb-2 text-sm font-semibold text-slate-900">
          {m('publicSite')}
        </h2>
        <SiteStatusView data={data} announce />
      </div>
      <PublishButton publishing={publishing} retry={phase.kind === 'failed'} />
    </section>
  );
}

/**
 * "Publish now" (administrators): opens the confirmation that lists what will change. It stays
 * focusable while its request is on its way (aria-disabled, clicks ignored), so the keyboard
 * focus is not lost. During an update it still works: the server then updates once more.
 */
export function PublishButton({
  publishing,
  retry,
  onAsk,
}: {
  publishing: boolean;
  retry: boolean;
  onAsk?: () => void;
}) {
  return (
    <button
      type="button"
      className={`${ui.secondaryButton} shrink-0 aria-disabled:cursor-wait aria-disabled:opacity-60`}
      aria-disabled={publishing || undefined}
      aria-haspopup="dialog"
      onClick={() => {
        if (!onAsk) return askToPublish();
        // A popover hands the focus back to its own button as it closes: the confirmation opens
        // after that, so its Cancel button keeps the focus.
        onAsk();
        requestAnimationFrame(() => askToPublish());
      }}
    >
      <Icon name="globe" className="size-4" />
      {publishing ? m('publishing') : retry ? m('tryAgainNow') : m('publishNow')}
    </button>
  );
}
