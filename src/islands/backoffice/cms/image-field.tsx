import { useStore } from '@nanostores/react';
import { useRef } from 'react';
import { CMS_UPLOAD_MAX_BYTES, type CmsRecord } from '../../../lib/cms/schema.ts';
import { Icon } from '../ui/icons.tsx';
import { ui } from '../ui/styles.ts';
import { previewUrl, type ItemNoun } from './cms-kinds.ts';
import { m } from './messages.ts';

/** Which image a form has: a video's thumbnail, a partner's logo, a photo or a banner's picture. */
export type ImageKind = 'thumbnail' | 'logo' | 'photo' | 'banner';
import { $imageUpload, cancelUpload, chooseImage, discardChosenImage, uploadChosenImage, type ImageUploadState } from './cms-form-store.ts';
import { formatBytes, UPLOAD_ACCEPT } from './image-upload.ts';

/** The upload's state for the form of `owner` (another item's state is not shown). */
export function useImageUpload(owner: string): ImageUploadState {
  const upload = useStore($imageUpload);
  return upload.owner === owner ? upload.state : { phase: 'empty' };
}

function UploadProgressBar({ loaded, total, fileName, done = false }: { loaded: number; total: number; fileName: string; done?: boolean }) {
  const percent = total > 0 ? Math.min(100, Math.round((loaded / total) * 100)) : 0;
  // Every byte sent: the server now makes the image's renditions before it answers.
  const processing = !done && percent >= 100;
  return (
    <div className="mt-3">
      <div className="flex justify-between gap-2 text-xs text-slate-700">
        <span className="truncate">{done ? m('image.uploaded', { name: fileName }) : processing ? m('image.processing', { name: fileName }) : m('image.uploading', { name: fileName })}</span>
        <span className="tabular-nums">{m('image.percent', { percent })}</span>
      </div>
      <div
        role="progressbar"
        aria-label={m('image.progress')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="mt-1 h-2 w-full overflow-hidden rounded-full bg-slate-200"
      >
        <div className="h-full rounded-full bg-brand-600 transition-[width] duration-200 motion-reduce:transition-none" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}

/**
 * The image of an item: the stored one, or the file just chosen, previewed from memory before
 * it is sent. The upload itself runs when the form is saved (a new item needs its uuid first).
 */
export function ImageField({ image, item, owner, noun }: { image: ImageKind; item: CmsRecord | null; owner: string; noun: ItemNoun }) {
  const state = useImageUpload(owner);
  const input = useRef<HTMLInputElement>(null);
  const stored = item ? previewUrl(item, 480) : null;
  const preview = 'preview' in state ? state.preview : stored;
  const uploading = state.phase === 'uploading';

  return (
    <fieldset className="space-y-3">
      <legend className={ui.label}>{m(`image.${image}.label`)}</legend>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
        <ImagePreview preview={preview} alt={'preview' in state ? m('image.previewOf', { name: state.file.name }) : m(`image.${image}.current`)} />
        <div className="min-w-0 flex-1 text-sm">
          {/* The native control is hidden for a button-like label: "No file chosen" would contradict the preview. */}
          <input
            ref={input}
            id="cms-image"
            type="file"
            accept={UPLOAD_ACCEPT}
            disabled={uploading}
            aria-describedby="cms-image-hint cms-image-state"
            className="peer sr-only"
            onChange={(event) => {
              chooseImage(event.target.files?.[0]);
              // The same file can be chosen again after it was discarded.
              event.target.value = '';
            }}
          />
          <label
            htmlFor="cms-image"
            className={`${ui.secondaryButton} cursor-pointer peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-accent-500 peer-disabled:cursor-not-allowed peer-disabled:opacity-60`}
          >
            <Icon name="image" className="size-4" />
            {preview ? m(`image.${image}.chooseAnother`) : m(`image.${image}.choose`)}
          </label>
          <p id="cms-image-hint" className="mt-1 text-xs text-slate-600">
            {m('image.formats', { max: formatBytes(CMS_UPLOAD_MAX_BYTES) })}
          </p>
          <div id="cms-image-state" aria-live="polite" className="mt-2">
            <UploadStateLine state={state} item={item} noun={noun} />
          </div>
          {state.phase === 'uploading' && <UploadProgressBar loaded={state.loaded} total={state.total} fileName={state.file.name} />}
          {state.phase === 'done' && <UploadProgressBar loaded={state.total} total={state.total} fileName={state.fileName} done />}
          <div className="mt-3 flex flex-wrap gap-2">
            {state.phase === 'uploading' && (
              <button type="button" className={ui.secondaryButton} onClick={cancelUpload}>
                {m('image.cancel')}
              </button>
            )}
            {state.phase === 'failed' && item && (
              <button type="button" className={ui.secondaryButton} onClick={() => void uploadChosenImage(item)}>
                {m('image.retry')}
              </button>
            )}
            {(state.phase === 'chosen' || state.phase === 'failed') && (
              <button
                type="button"
                className={ui.secondaryButton}
                onClick={() => {
                  discardChosenImage();
                  input.current?.focus();
                }}
              >
                {m('image.dontUse')}
              </button>
            )}
          </div>
        </div>
      </div>
    </fieldset>
  );
}

/** The image as it will be, or a note that there is none yet. */
function ImagePreview({ preview, alt }: { preview: string | null; alt: string }) {
  return (
    <div className="flex aspect-video w-full max-w-xs shrink-0 items-center justify-center overflow-hidden rounded-md bg-slate-100 ring-1 ring-slate-200">
      {preview ? (
        <img
          src={preview}
          alt={alt}
          className="size-full object-contain"
        />
      ) : (
        <span className="flex flex-col items-center gap-1 text-sm text-slate-600">
          <Icon name="image" className="size-6" />
          {m('image.none')}
        </span>
      )}
    </div>
  );
}

function UploadStateLine({ state, item, noun }: { state: ImageUploadState; item: CmsRecord | null; noun: ItemNoun }) {
  switch (state.phase) {
    case 'invalid':
      return <p className="text-red-700">{state.message}</p>;
    case 'chosen':
      return (
        <p className="text-slate-700">
          {m(item ? 'image.uploadWhenSaved' : `item.${noun}.uploadWhenSaved`, { name: state.file.name, size: formatBytes(state.file.size) })}
        </p>
      );
    case 'failed':
      return <p className="text-red-700">{m('image.failed', { reason: state.message })}</p>;
    case 'done':
      return (
        <p className="flex items-center gap-1 text-emerald-800">
          <Icon name="check" className="size-4" />
          {m('image.done')}
        </p>
      );
    case 'uploading':
      return null;
    case 'empty':
      return item?.image ? <p className="text-slate-700">{m('image.replace')}</p> : null;
  }
}
