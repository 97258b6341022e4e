import { useStore } from '@nanostores/react';
import { ConfirmDialog } from '../ui/confirm-dialog.tsx';
import { m } from './messages.ts';
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
      title={m('confirmTitle')}
      confirmLabel={m('publishNow')}
      onConfirm={() => void publishSite()}
      onCancel={() => $confirmingPublish.set(false)}
    >
      {data && waiting > 0 ? (
        <div className="space-y-3">
          <WaitingChanges data={data} shown={20} label={m('goLiveLabel')} />
          <p>{m('goLiveSoon')}</p>
        </div>
      ) : (
        <p>{m('nothingWaiting')}</p>
      )}
      {duration !== null && <p className="mt-3">{m('updateTakes', { time: aboutTime(duration) })}</p>}
    </ConfirmDialog>
  );
}
