import { useStore } from '@nanostores/react';
import { useRef } from 'react';
import { CMS_UPLOAD_MAX_BYTES, type CmsRecord } from '../../../lib/cms/schema.ts';
import { Icon } from '../ui/icons.tsx';
import { UploadProgress } from '../ui/progress-bar.tsx';
import { ImageFileButton, ImageFrame, NoImage } from '../ui/image-choice.tsx';
import { ui } from '../ui/styles.ts';
import { previewUrl, type ItemNoun } from './cms-kinds.ts';
import { m } from './messages.ts';

/** Which image a form has: a video's thumbnail, a partner's logo, a photo or a banner's picture. */
export type ImageKind = 'thumbnail' | 'logo' | 'photo' | 'banner';
import {
  $imageUpload,
  cancelUpload,
  chooseImage,
  discardChosenImage,
  uploadChosenImage,
  type ImageUploadState,
} from './cms-form-store.ts';
import { formatBytes, UPLOAD_ACCEPT } from './image-upload.ts';

/** The upload's state for the form of `owner` (another item's state is not shown). */
export function useImageUpload(owner: string): ImageUploadState {
  const upload = useStore($imageUpload);
  return upload.owner === owner ? upload.state : { phase: 'empty' };
}

function UploadProgressBar({
  loaded,
  total,
  fileName,
  done = false,
}: {
  loaded: number;
  total: number;
  fileName: string;
  done?: boolean;
}) {
  const percent = total > 0 ? Math.min(100, Math.round((loaded / total) * 100)) : 0;
  // Every byte sent: the server now makes the image's renditions before it answers.
  const processing = !done && percent >= 100;
  return (
    <UploadProgress
      className="mt-3"
      statusClass="truncate"
      status={
        done
          ? m('image.uploaded', { name: fileName })
          : processing
            ? m('image.processing', { name: fileName })
            : m('image.uploading', { name: fileName })
      }
      percentText={m('image.percent', { percent })}
      label={m('image.progress')}
      percent={percent}
    />
  );
}

/**
 * The image of an item: the stored one, or the file just chosen, previewed from memory before
 * it is sent. The upload itself runs when the form is saved (a new item needs its uuid first).
 */
export function ImageField({
  image,
  item,
  owner,
  noun,
}: {
  image: ImageKind;
  item: CmsRecord | null;
  owner: string;
  noun: ItemNoun;
}) {
  const state = useImageUpload(owner);
  const input = useRef<HTMLInputElement>(null);
  const stored = item ? previewUrl(item, 480) : null;
  const preview = 'preview' in state ? state.preview : stored;
  const uploading = state.phase === 'uploading';

  return (
    <fieldset className="space-y-3">
      <legend className={ui.label}>{m(`image.${image}.label`)}</legend>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
        <ImagePreview
          preview={preview}
          alt={'preview' in state ? m('image.previewOf', { name: state.file.name }) : m(`image.${image}.current`)}
        />
        <div className="min-w-0 flex-1 text-sm">
          <ImageFileButton
            inputRef={input}
            id="cms-image"
            accept={UPLOAD_ACCEPT}
            disabled={uploading}
            describedBy="cms-image-hint cms-image-state"
            label={preview ? m(`image.${image}.chooseAnother`) : m(`image.${image}.choose`)}
            onFile={chooseImage}
          />
          <p id="cms-image-hint" className="mt-1 text-xs text-slate-600">
            {m('image.formats', { max: formatBytes(CMS_UPLOAD_MAX_BYTES) })}
          </p>
          <div id="cms-image-state" aria-live="polite" className="mt-2">
            <UploadStateLine state={state} item={item} noun={noun} />
          </div>
          {state.phase === 'uploading' && (
            <UploadProgressBar loaded={state.loaded} total={state.total} fileName={state.file.name} />
          )}
          {state.phase === 'done' && (
            <UploadProgressBar loaded={state.total} total={state.total} fileName={state.fileName} done />
          )}
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
    <ImageFrame>
      {preview ? (
        <img src={preview} alt={alt} className="size-full object-contain" />
      ) : (
        <NoImage text={m('image.none')} />
      )}
    </ImageFrame>
  );
}

function UploadStateLine({ state, item, noun }: { state: ImageUploadState; item: CmsRecord | null; noun: ItemNoun }) {
  switch (state.phase) {
    case 'invalid':
      return <p className="text-red-700">{state.message}</p>;
    case 'chosen':
      return (
        <p className="text-slate-700">
          {m(item ? 'image.uploadWhenSaved' : `item.${noun}.uploadWhenSaved`, {
            name: state.file.name,
            size: formatBytes(state.file.size),
          })}
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
