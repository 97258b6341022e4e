import { useStore } from '@nanostores/react';
import { useEffect, useId, useState } from 'react';
import type { Whoami } from '../../../lib/identity/schema.ts';
import { Avatar } from '../ui/avatar.tsx';
import { errorMessage } from '../lib/api.ts';
import { Icon } from '../ui/icons.tsx';
import { ui } from '../ui/styles.ts';
import { CardSection } from '../ui/card-section.tsx';
import { $removePhoto, $uploadPhoto, checkPhotoFile, PHOTO_ACCEPT, PHOTO_MAX_MB } from './account-store.ts';
import { m } from './messages.ts';

export function PhotoSection({ identity }: { identity: Whoami }) {
  const upload = useStore($uploadPhoto);
  const remove = useStore($removePhoto);
  const [problem, setProblem] = useState<string | null>(null);
  const inputId = useId();
  const busy = upload.loading || remove.loading;

  useEffect(() => {
    $uploadPhoto.set({ mutate: $uploadPhoto.mutate, loading: false });
    $removePhoto.set({ mutate: $removePhoto.mutate, loading: false });
  }, []);

  const failure =
    problem ?? (upload.error ? errorMessage(upload.error) : remove.error ? errorMessage(remove.error) : null);

  return (
    <CardSection id="photo-title" title={m('photo.title')}>
      <div className="mt-4 flex items-center gap-4">
        <Avatar identity={identity} size="lg" />
        <div className="space-y-2">
          <label
            htmlFor={inputId}
            className={
              `${ui.secondaryButton} cursor-pointer has-[:disabled]:cursor-not-allowed ` +
              `has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-accent-500`
            }
          >
            <Icon name="camera" className="size-4" />
            {upload.loading ? m('photo.uploading') : identity.photo ? m('photo.change') : m('photo.add')}
            <input
              id={inputId}
              type="file"
              accept={PHOTO_ACCEPT}
              className="sr-only"
              disabled={busy}
              aria-describedby="photo-hint"
              onChange={(event) => {
                const file = event.target.files?.[0];
                event.target.value = '';
                if (!file) return;
                const found = checkPhotoFile(file);
                setProblem(found);
                if (!found) void $uploadPhoto.mutate(file);
              }}
            />
          </label>
          {identity.photo && (
            <button
              type="button"
              className={`${ui.link} block text-sm`}
              disabled={busy}
              onClick={() => void $removePhoto.mutate()}
            >
              {remove.loading ? m('photo.removing') : m('photo.remove')}
            </button>
          )}
        </div>
      </div>
      <p id="photo-hint" className="mt-3 text-xs text-slate-600">
        {m('photo.hint', { mb: PHOTO_MAX_MB })}
      </p>
      {failure && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {failure}
        </p>
      )}
    </CardSection>
  );
}
