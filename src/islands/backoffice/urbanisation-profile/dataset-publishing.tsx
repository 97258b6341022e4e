import { useState } from 'react';
import type { DatasetResponse } from '../../../lib/urbanisation-profile/schema.ts';
import { ConfirmDialog } from '../ui/confirm-dialog.tsx';
import { formatDate } from '../ui/format.ts';
import { ui } from '../ui/styles.ts';

type DatasetData = DatasetResponse['data'];

/** The dataset's state in a few words, for the page heading. */
export function datasetStateText(dataset: DatasetData): string {
  if (!dataset.exists) return 'No figures yet';
  if (dataset.status === 'published') return 'Published';
  return dataset.public_copy_kept_at ? 'Changes not yet published' : 'Draft';
}

/**
 * What the public profile shows of this dataset while it is changed (decision 033): a published
 * dataset keeps its published figures public until it is published again.
 */
export function PublicCopyNote({ dataset, admin, canEdit }: { dataset: DatasetData; admin: boolean; canEdit: boolean }) {
  const next = admin ? 'until you publish the dataset again' : 'until an administrator publishes the dataset again';
  if (dataset.status === 'published') {
    if (!canEdit) return null;
    return (
      <p className="mb-4 rounded-md bg-slate-100 px-4 py-3 text-sm text-slate-700" role="note">
        These figures are public. If you change a figure or the narrative, the dataset becomes a draft: the public theme page, its chart and its
        CSV and JSON files keep the published figures {next}.
      </p>
    );
  }
  if (!dataset.public_copy_kept_at) return null;
  return (
    <div className="mb-4 rounded-lg border border-sky-200 bg-sky-50 p-4 text-sky-950" role="note">
      <p className="font-semibold">The public site keeps the published figures</p>
      <p className="mt-1 text-sm">
        Changed on {formatDate(dataset.public_copy_kept_at)}. The public theme page, its chart and its CSV and JSON files show the figures and
        narrative as they were published {next}.{admin && ' Withdrawing takes them off the public site.'}
      </p>
    </div>
  );
}

/** An administrator's Publish and Withdraw buttons; withdrawing asks first. */
export function PublishButtons({ dataset, busy, onPublish }: { dataset: DatasetData; busy: boolean; onPublish: (published: boolean) => void }) {
  const [asking, setAsking] = useState(false);
  const isPublic = dataset.status === 'published' || dataset.public_copy_kept_at !== null;
  return (
    <>
      {dataset.status !== 'published' && (
        <button type="button" className={ui.primaryButton} disabled={busy} onClick={() => onPublish(true)}>
          {dataset.public_copy_kept_at ? 'Publish the changes' : 'Publish'}
        </button>
      )}
      {isPublic && (
        <button type="button" className={`${ui.secondaryButton} text-red-700`} disabled={busy} onClick={() => setAsking(true)}>
          Withdraw from the public site
        </button>
      )}
      <ConfirmDialog open={asking} title={`Withdraw the figures of ${dataset.country_name}, ${dataset.year}?`} confirmLabel="Withdraw"
        onCancel={() => setAsking(false)}
        onConfirm={() => {
          setAsking(false);
          onPublish(false);
        }}>
        <p>The public theme page, its chart and its CSV and JSON files will no longer show them. The figures stay here as a draft and can be published again.</p>
      </ConfirmDialog>
    </>
  );
}
