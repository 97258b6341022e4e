import { useState } from 'react';
import type { DatasetResponse } from '../../../lib/urbanisation-profile/schema.ts';
import { ConfirmDialog } from '../ui/confirm-dialog.tsx';
import { formatDate } from '../ui/format.ts';
import { ui } from '../ui/styles.ts';
import { countryName } from '../../i18n/countries.ts';
import { m } from './messages.ts';

type DatasetData = DatasetResponse['data'];

/** The dataset's state in a few words, for the page heading. */
export function datasetStateText(dataset: DatasetData): string {
  if (!dataset.exists) return m('state.none');
  if (dataset.status === 'published') return m('state.published');
  return dataset.public_copy_kept_at ? m('state.changed') : m('state.draft');
}

/**
 * What the public profile shows of this dataset while it is changed (decision 033): a published
 * dataset keeps its published figures public until it is published again.
 */
export function PublicCopyNote({
  dataset,
  admin,
  canEdit,
}: {
  dataset: DatasetData;
  admin: boolean;
  canEdit: boolean;
}) {
  const next = admin ? m('publish.untilYou') : m('publish.untilAdmin');
  if (dataset.status === 'published') {
    if (!canEdit) return null;
    return (
      <p className="mb-4 rounded-md bg-slate-100 px-4 py-3 text-sm text-slate-700" role="note">
        {m('publish.publicNote', { next })}
      </p>
    );
  }
  if (!dataset.public_copy_kept_at) return null;
  return (
    <div className="mb-4 rounded-lg border border-sky-200 bg-sky-50 p-4 text-sky-950" role="note">
      <p className="font-semibold">{m('publish.keptTitle')}</p>
      <p className="mt-1 text-sm">
        {m('publish.keptText', { date: formatDate(dataset.public_copy_kept_at), next })}
        {admin && m('publish.keptWithdraw')}
      </p>
    </div>
  );
}

/** An administrator's Publish and Withdraw buttons; withdrawing asks first. */
export function PublishButtons({
  dataset,
  busy,
  onPublish,
}: {
  dataset: DatasetData;
  busy: boolean;
  onPublish: (published: boolean) => void;
}) {
  const [asking, setAsking] = useState(false);
  const isPublic = dataset.status === 'published' || dataset.public_copy_kept_at !== null;
  return (
    <>
      {dataset.status !== 'published' && (
        <button type="button" className={ui.primaryButton} disabled={busy} onClick={() => onPublish(true)}>
          {dataset.public_copy_kept_at ? m('publish.publishChanges') : m('publish.publish')}
        </button>
      )}
      {isPublic && (
        <button
          type="button"
          className={`${ui.secondaryButton} text-red-700`}
          disabled={busy}
          onClick={() => setAsking(true)}
        >
          {m('publish.withdraw')}
        </button>
      )}
      <ConfirmDialog
        open={asking}
        title={m('publish.withdrawTitle', {
          country: countryName(dataset.country_code, dataset.country_name),
          year: String(dataset.year),
        })}
        confirmLabel={m('publish.withdrawConfirm')}
        onCancel={() => setAsking(false)}
        onConfirm={() => {
          setAsking(false);
          onPublish(false);
        }}
      >
        <p>{m('publish.withdrawText')}</p>
      </ConfirmDialog>
    </>
  );
}
