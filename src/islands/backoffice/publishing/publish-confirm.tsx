import { useStore } from '@nanostores/react';
import { ConfirmDialog } from '../ui/confirm-dialog.tsx';
import { WaitingChanges } from './site-status-view.tsx';
import { $confirmingPublish, $siteStatus, aboutTime, publishSite } from './site-status-store.ts';

/**
 * The confirmation of "Publish now" (administrators): what will change on the public site — the
 * changes waiting, by name — or that nothing waits. One dialog for every button that opens it.
 */
export function PublishConfirm() {
  const open = useStore($confirmingPublish);
  const status = useStore($siteStatus);
  const data = status.data?.data;
  const waiting = data?.waiting.total ?? 0;
  const duration = data?.buildSeconds ?? null;
  return (
    <ConfirmDialog
      open={open}
      tone="primary"
      title="Publish the public site now?"
      confirmLabel="Publish now"
      onConfirm={() => void publishSite()}
      onCancel={() => $confirmingPublish.set(false)}
    >
      {data && waiting > 0 ? (
        <div className="space-y-3">
          <WaitingChanges data={data} shown={20} label="These changes will go live" />
          <p>They would go live by themselves shortly; publishing now starts the update at once.</p>
        </div>
      ) : (
        <p>Nothing is waiting: every change is already live. Publishing now updates the public site as it is, which helps only if something on it looks wrong.</p>
      )}
      {duration !== null && <p className="mt-3">An update takes {aboutTime(duration)}.</p>}
    </ConfirmDialog>
  );
}
