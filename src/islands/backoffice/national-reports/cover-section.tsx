import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import type { Whoami } from '../../../lib/identity/schema.ts';
import { REPORT_COVER_ALT_MAX, type Report } from '../../../lib/national-reports/schema.ts';
import { UPLOAD_ACCEPT } from '../cms/image-upload.ts';
import { ConfirmDialog } from '../ui/confirm-dialog.tsx';
import { ui } from '../ui/styles.ts';
import { CardSection } from '../ui/card-section.tsx';
import { HiddenFileInput, ImageFrame } from '../ui/image-choice.tsx';
import { FileProgress } from '../ui/progress-bar.tsx';
import {
  $cover,
  chooseCover,
  COVER_RULES,
  discardCover,
  removeCover,
  saveCoverAlt,
  uploadCover,
  type CoverState,
} from './header-store.ts';
import { $actionBusy } from './report-store.ts';
import { m } from './messages.ts';

/** The narrowest WebP rendition at least `min` pixels wide, for the preview. */
function previewOf(report: Report, min = 480): string | null {
  const image = report.cover?.image;
  if (!image) return null;
  const webp = image.variants.filter((v) => v.format === 'webp').sort((a, b) => a.width - b.width);
  return (webp.find((v) => v.width >= min) ?? webp.at(-1))?.url ?? image.url;
}

/** The report's cover picture: shown on the public report page, with its description. */
export function CoverSection({ report, identity, editable }: { report: Report; identity: Whoami; editable: boolean }) {
  const state = useStore($cover);
  const busy = useStore($actionBusy);
  const [confirmRemove, setConfirmRemove] = useState(false);
  // Leaving the screen drops a picture that was chosen but not sent.
  useEffect(() => discardCover, []);

  const chosen = 'preview' in state ? state : null;

  return (
    <CardSection id="report-cover" title={m('cover.title')}>
      <p className="mt-1 text-sm text-slate-600">{m('cover.hint')}</p>

      <div className="mt-4 flex flex-col gap-4 sm:flex-row sm:items-start">
        <CoverPreview report={report} chosen={chosen} />

        {editable && <CoverChooser report={report} state={state} busy={busy} onRemove={() => setConfirmRemove(true)} />}
      </div>

      {report.cover && (
        <CoverAltForm
          key={`${report.uuid}:${report.cover.alt ?? ''}`}
          report={report}
          identity={identity}
          editable={editable}
        />
      )}

      <ConfirmDialog
        open={confirmRemove}
        title={m('cover.removeTitle')}
        confirmLabel={m('cover.remove')}
        onConfirm={() => {
          setConfirmRemove(false);
          void removeCover(identity);
        }}
        onCancel={() => setConfirmRemove(false)}
      >
        <p>{m('cover.removeBody')}</p>
      </ConfirmDialog>
    </CardSection>
  );
}

/** The picture chosen (not saved yet), the stored cover, or a note that there is none. */
function CoverPreview({ report, chosen }: { report: Report; chosen: { preview: string; file: File } | null }) {
  const stored = previewOf(report);
  return (
    <ImageFrame aspect="aspect-[16/10]">
      {chosen ? (
        <img
          src={chosen.preview}
          alt={m('cover.previewAlt', { name: chosen.file.name })}
          className="size-full object-cover"
        />
      ) : stored ? (
        <img
          src={stored}
          alt={report.cover?.alt ? m('cover.currentAlt', { alt: report.cover.alt }) : m('cover.current')}
          className="size-full object-cover"
        />
      ) : (
        <p className="p-4 text-center text-sm text-slate-600">{m('cover.none')}</p>
      )}
    </ImageFrame>
  );
}

/** Choosing, uploading, replacing or removing the picture, with the upload's progress and problems. */
function CoverChooser({
  report,
  state,
  busy,
  onRemove,
}: {
  report: Report;
  state: CoverState;
  busy: unknown;
  onRemove: () => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const chosen = 'preview' in state ? state : null;
  const uploading = state.phase === 'uploading';
  const pct = uploading && state.total > 0 ? Math.round((state.loaded / state.total) * 100) : 0;
  return (
    <div className="min-w-0 flex-1 space-y-3">
      <p className="text-xs text-slate-600">{COVER_RULES}</p>
      <HiddenFileInput
        inputRef={input}
        id="cover-file"
        label={m('cover.fileLabel')}
        accept={UPLOAD_ACCEPT}
        onFile={chooseCover}
      />
      {chosen ? (
        <div className="flex flex-wrap gap-2">
          <button type="button" className={ui.primaryButton} disabled={uploading} onClick={() => void uploadCover()}>
            {uploading ? m('cover.uploading') : state.phase === 'failed' ? m('cover.tryAgain') : m('cover.use')}
          </button>
          <button
            type="button"
            className={ui.secondaryButton}
            disabled={uploading}
            onClick={() => input.current?.click()}
          >
            {m('cover.another')}
          </button>
          <button type="button" className={ui.secondaryButton} onClick={discardCover}>
            {m('common.cancel')}
          </button>
        </div>
      ) : (
        <div className="flex flex-wrap gap-2">
          <button type="button" className={ui.secondaryButton} onClick={() => input.current?.click()}>
            {report.cover ? m('cover.replace') : m('cover.choose')}
          </button>
          {report.cover && (
            <button type="button" className={ui.secondaryButton} disabled={busy !== null} onClick={onRemove}>
              {m('cover.remove')}
            </button>
          )}
        </div>
      )}
      {uploading && (
        <div role="status" aria-live="polite">
          <p className="text-sm text-slate-700">
            {pct >= 100
              ? m('cover.preparing', { name: state.file.name })
              : m('cover.uploadingFile', { name: state.file.name, pct })}
          </p>
          <FileProgress className="mt-1" percent={pct} label={m('cover.progress')} />
        </div>
      )}
      {(state.phase === 'invalid' || state.phase === 'failed') && (
        <p role="alert" className="text-sm text-red-700">
          {state.message}
        </p>
      )}
    </div>
  );
}

/** What the picture shows, for people who cannot see it (keyed by the saved text, so a save resets it). */
function CoverAltForm({ report, identity, editable }: { report: Report; identity: Whoami; editable: boolean }) {
  const busy = useStore($actionBusy);
  const saved = report.cover?.alt ?? '';
  const [alt, setAlt] = useState(saved);
  return (
    <form
      className="mt-4"
      onSubmit={(event) => {
        event.preventDefault();
        void saveCoverAlt(identity, alt);
      }}
    >
      <label htmlFor="cover-alt" className={ui.label}>
        {m('cover.altLabel')}
      </label>
      <div className="mt-1 flex flex-col gap-2 sm:flex-row">
        <input
          dir="auto"
          id="cover-alt"
          className={ui.input}
          value={alt}
          maxLength={REPORT_COVER_ALT_MAX}
          disabled={!editable}
          aria-describedby="cover-alt-hint"
          placeholder={m('cover.altPlaceholder')}
          onChange={(event) => setAlt(event.target.value)}
        />
        {editable && (
          <button
            type="submit"
            className={`${ui.secondaryButton} shrink-0`}
            disabled={alt.trim() === saved || busy !== null}
          >
            {m('cover.altSave')}
          </button>
        )}
      </div>
      <p id="cover-alt-hint" className="mt-1 text-xs text-slate-600">
        {m('cover.altHint')}
      </p>
    </form>
  );
}
