import { useStore } from '@nanostores/react';
import { useState, type ReactNode } from 'react';
import {
  PRACTICE_ATTACHMENTS_MAX,
  PRACTICE_CAPTION_MAX,
  PRACTICE_CREDIT_MAX,
  PRACTICE_IMAGES_MAX,
  PRACTICE_LINKS_MAX,
  type Crop,
  type PracticeImage,
} from '../../../lib/best-practices/schema.ts';
import { formatBytes } from '../cms/image-upload.ts';
import { ConfirmDialog } from '../ui/confirm-dialog.tsx';
import { ui } from '../ui/styles.ts';
import { CropChooser } from '../ui/crop-chooser.tsx';
import { recropImage } from './crop-store.ts';
import { ListErrors, ListFieldset, RemoveItemButton, Section } from './fields.tsx';
import { $practiceForm, cancelUpload, editDraft, saveDraft, uploadFile } from './practice-form-store.ts';
import { ItemField, removeItem, type SectionsProps } from './practice-sections.tsx';
import { checkPracticeFile, IMAGE_ACCEPT } from './upload.ts';
import { m } from './messages.ts';

const fileInput =
  'mt-2 block w-full text-sm text-slate-700 file:mr-3 file:rounded-md file:border file:border-slate-300 ' +
  'file:bg-white file:px-3 file:py-1.5 file:text-sm file:font-semibold file:text-slate-800 ' +
  'hover:file:bg-slate-50';

type Removal = { kind: 'images' | 'attachments'; id: string; name: string } | null;

/** Images (with the cover and its crop), PDF documents and links. */
export function MediaSection(props: SectionsProps) {
  const { draft, editable } = props;
  const [removal, setRemoval] = useState<Removal>(null);
  const remove = () => {
    if (!removal) return;
    editDraft((d) => ({
      ...d,
      [removal.kind]: (d[removal.kind] as { id: string }[]).filter((x) => x.id !== removal.id),
    }));
    setRemoval(null);
    void saveDraft();
  };

  return (
    <Section sectionKey="media" state={props} intro={m('media.intro')}>
      <ImagesBlock draft={draft} editable={editable} onRemove={setRemoval} />
      <DocumentsBlock draft={draft} editable={editable} onRemove={setRemoval} />
      <LinksFieldset draft={draft} />

      <ConfirmDialog
        open={removal !== null}
        title={m('media.removeTitle', { name: removal?.name ?? '' })}
        confirmLabel={m('remove')}
        onConfirm={remove}
        onCancel={() => setRemoval(null)}
      >
        <p>{m('media.removeText')}</p>
      </ConfirmDialog>
    </Section>
  );
}

type BlockProps = { draft: SectionsProps['draft']; editable: boolean; onRemove: (removal: Removal) => void };

/** The two blocks of uploaded files: their words, their list's look and how many a practice may have. */
const MEDIA_BLOCKS = {
  images: {
    title: m('media.images'),
    empty: m('media.noImages'),
    listClass: 'mt-2 grid gap-4 lg:grid-cols-2',
    max: PRACTICE_IMAGES_MAX,
  },
  attachments: {
    title: m('media.documents'),
    empty: m('media.noDocuments'),
    listClass: 'mt-2 space-y-3',
    max: PRACTICE_ATTACHMENTS_MAX,
  },
} as const;

/**
 * A block of uploaded files: its heading, the files (`children`, the `<li>`s) or that there are
 * none, their errors and, below the practice's limit, the uploader.
 */
function MediaBlock({
  kind,
  count,
  uploader,
  children,
}: {
  kind: keyof typeof MEDIA_BLOCKS;
  count: number;
  uploader: ReactNode;
  children: ReactNode;
}) {
  const block = MEDIA_BLOCKS[kind];
  return (
    <div>
      <h3 className="text-sm font-semibold text-slate-900">{block.title}</h3>
      {count === 0 ? (
        <p className="mt-1 text-sm text-slate-600">{block.empty}</p>
      ) : (
        <ul className={block.listClass}>{children}</ul>
      )}
      <ListErrors field={kind} />
      {count < block.max && uploader}
    </div>
  );
}

/** The images, each with its caption, credit, cover choice, crop and removal, and the uploader. */
function ImagesBlock({ draft, editable, onRemove: setRemoval }: BlockProps) {
  const practice = useStore($practiceForm).practice!;
  /** The image whose card crop is being changed. */
  const [cropping, setCropping] = useState<string | null>(null);
  const imageOf = (id: string) => practice.images.find((i) => i.id === id);
  const setImage = (id: string, patch: Partial<(typeof draft.images)[number]>) =>
    editDraft((d) => ({
      ...d,
      images: d.images.map((i) => (i.id === id ? { ...i, ...patch } : patch.is_cover ? { ...i, is_cover: false } : i)),
    }));
  return (
    <MediaBlock kind="images" count={draft.images.length} uploader={editable && <ImageUploader />}>
      {draft.images.map((image, index) => {
        const stored = imageOf(image.id);
        const thumb = stored?.card.variants.find((v) => v.format === 'webp')?.url ?? stored?.card.url;
        const at = { draft, list: 'images', index } as const;
        return (
          <li key={image.id} className="rounded-md border border-slate-200 p-3">
            <div className="aspect-video overflow-hidden rounded bg-slate-100">
              {thumb && (
                <img
                  src={thumb}
                  alt={image.caption || m('media.imageNumber', { number: index + 1 })}
                  className="size-full object-cover"
                />
              )}
            </div>
            <div className="mt-3 space-y-3">
              <ItemField at={at} name="caption" label={m('media.caption')} optional maxLength={PRACTICE_CAPTION_MAX} />
              <ItemField
                at={at}
                name="credit"
                label={m('media.credit')}
                optional
                maxLength={PRACTICE_CREDIT_MAX}
                placeholder={m('media.creditPlaceholder')}
              />
              <div className="flex flex-wrap items-center justify-between gap-2">
                <label className="inline-flex items-center gap-2 text-sm text-slate-800">
                  <input
                    type="radio"
                    name="bp-cover"
                    className="size-4 accent-brand-600"
                    checked={image.is_cover}
                    onChange={() => {
                      setImage(image.id, { is_cover: true });
                      void saveDraft();
                    }}
                  />
                  {m('media.cover')}
                </label>
                <div className="flex gap-4">
                  {editable && stored && cropping !== image.id && (
                    <button
                      type="button"
                      className={`${ui.link} text-sm`}
                      aria-label={m('media.cropLabel', {
                        name: image.caption || m('media.imageInSentence', { number: index + 1 }),
                      })}
                      onClick={() => setCropping(image.id)}
                    >
                      {m('media.crop')}
                    </button>
                  )}
                  <button
                    type="button"
                    className="text-sm font-medium text-red-700 hover:underline"
                    onClick={() =>
                      setRemoval({
                        kind: 'images',
                        id: image.id,
                        name: image.caption || m('media.imageInSentence', { number: index + 1 }),
                      })
                    }
                  >
                    {m('remove')}
                  </button>
                </div>
              </div>
              {editable && stored && cropping === image.id && (
                <Recrop
                  image={stored}
                  name={image.caption || m('media.imageInSentence', { number: index + 1 })}
                  onDone={() => setCropping(null)}
                />
              )}
            </div>
          </li>
        );
      })}
    </MediaBlock>
  );
}

/** The PDF documents, each with its title, download and removal, and the uploader. */
function DocumentsBlock({ draft, editable, onRemove: setRemoval }: BlockProps) {
  const practice = useStore($practiceForm).practice!;
  return (
    <MediaBlock kind="attachments" count={draft.attachments.length} uploader={editable && <PdfUploader />}>
      {draft.attachments.map((a, index) => {
        const stored = practice.attachments.find((x) => x.id === a.id);
        return (
          <li
            key={a.id}
            className="grid gap-3 rounded-md border border-slate-200 p-3 sm:grid-cols-[1fr_auto] sm:items-end"
          >
            <ItemField
              at={{ draft, list: 'attachments', index }}
              name="title"
              label={m('media.title')}
              maxLength={160}
              hint={
                stored ? m('media.fileHint', { name: stored.file_name, size: formatBytes(stored.size) }) : undefined
              }
            />
            <div className="flex gap-3 pb-6">
              {stored && (
                <a href={stored.url} className={`${ui.link} text-sm`} download>
                  {m('media.download')}
                </a>
              )}
              <button
                type="button"
                className="text-sm font-medium text-red-700 hover:underline"
                onClick={() => setRemoval({ kind: 'attachments', id: a.id, name: a.title })}
              >
                {m('remove')}
              </button>
            </div>
          </li>
        );
      })}
    </MediaBlock>
  );
}

/** The links: label and address, added and removed in place. */
function LinksFieldset({ draft }: { draft: SectionsProps['draft'] }) {
  return (
    <ListFieldset
      field="links"
      legend={m('media.links')}
      legendClass="text-sm font-semibold text-slate-900"
      canAdd={draft.links.length < PRACTICE_LINKS_MAX}
      addLabel={m('media.addLink')}
      onAdd={() => editDraft((d) => ({ ...d, links: [...d.links, { label: '', url: '' }] }))}
    >
      {draft.links.map((_, i) => {
        const at = { draft, list: 'links', index: i } as const;
        return (
          <li key={i} className="grid gap-3 sm:grid-cols-[1fr_1.5fr_auto] sm:items-end">
            <ItemField at={at} name="label" label={m('media.linkLabel')} maxLength={160} />
            <ItemField at={at} name="url" label={m('media.linkAddress')} type="url" placeholder={'https://'} />
            <RemoveItemButton onRemove={() => removeItem('links', i)} />
          </li>
        );
      })}
    </ListFieldset>
  );
}

/** A new crop of an uploaded image's card, chosen on the picture as uploaded and cut by the server. */
function Recrop({ image, name, onDone }: { image: PracticeImage; name: string; onDone: () => void }) {
  const [crop, setCrop] = useState<Crop | null>(image.crop);
  const busy = useStore($practiceForm).busyAction === 'crop';
  const headingId = `bp-recrop-${image.id}`;
  return (
    <div
      role="group"
      aria-labelledby={headingId}
      className="space-y-3 rounded-md border border-slate-200 bg-slate-50 p-3"
    >
      <p id={headingId} className="text-sm font-semibold text-slate-900">
        {m('media.cardPictureOf', { name })}
      </p>
      <p className="text-sm text-slate-700">{m('media.recropHelp')}</p>
      <CropChooser picture={image.image.url} initial={image.crop} onCrop={setCrop} />
      <div className="flex gap-2">
        <button
          type="button"
          className={ui.primaryButton}
          disabled={busy || !crop}
          onClick={() => crop && void recropImage(image.id, crop).then((ok) => ok && onDone())}
        >
          {busy ? m('fields.saving') : m('media.saveCrop')}
        </button>
        <button type="button" className={ui.secondaryButton} disabled={busy} onClick={onDone}>
          {m('fields.cancel')}
        </button>
      </div>
    </div>
  );
}

function UploadProgress() {
  const upload = useStore($practiceForm).upload;
  if (!upload) return null;
  const pct = upload.total > 0 ? Math.round((upload.loaded / upload.total) * 100) : 0;
  return (
    <div className="mt-3 max-w-xl" role="status">
      <div className="flex items-center justify-between text-sm text-slate-700">
        <span>{m('media.uploading', { name: upload.name, percent: pct })}</span>
        <button type="button" className={`${ui.link} text-sm`} onClick={cancelUpload}>
          {m('fields.cancel')}
        </button>
      </div>
      <div
        className="mt-1 h-2 overflow-hidden rounded-full bg-slate-200"
        role="progressbar"
        aria-label={m('media.uploadOf', { name: upload.name })}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={pct}
      >
        <div className="h-full bg-brand-600" style={{ width: `${pct}%` }} />
      </div>
    </div>
  );
}

/** The two uploaders, by the kind of file they send: their input's id, their words and the files they take. */
const UPLOADERS = {
  upload: { id: 'bp-image-file', label: m('media.addImage'), note: m('media.imageFormats'), accept: IMAGE_ACCEPT },
  attachment: { id: 'bp-pdf-file', label: m('media.addPdf'), note: m('media.pdfSize'), accept: 'application/pdf,.pdf' },
} as const;

/**
 * The frame of an uploader: its label with the files it takes, the file input (a file chosen is
 * checked for `kind` first; `onFile` gets it only when it passes, or null when none was chosen),
 * why a file was refused, what follows (`children`) and the progress of an upload of that `kind`.
 */
function UploaderFrame({
  kind,
  onFile,
  children,
}: {
  kind: keyof typeof UPLOADERS;
  onFile: (file: File | null) => void;
  children?: ReactNode;
}) {
  const { id, label, note, accept } = UPLOADERS[kind];
  const [problem, setProblem] = useState<string | null>(null);
  const upload = useStore($practiceForm).upload;
  return (
    <div className="mt-4 rounded-md border border-dashed border-slate-300 p-4">
      <label htmlFor={id} className={ui.label}>
        {label} <span className="font-normal text-slate-600">{note}</span>
      </label>
      <input
        id={id}
        type="file"
        accept={accept}
        className={fileInput}
        disabled={upload !== null}
        onChange={(e) => {
          const chosen = e.target.files?.[0] ?? null;
          e.target.value = '';
          const issue = chosen ? checkPracticeFile(chosen, kind) : null;
          setProblem(issue);
          onFile(issue ? null : chosen);
        }}
      />
      {problem && <p className="mt-2 text-sm text-red-700">{problem}</p>}
      {children}
      {upload?.kind === kind && <UploadProgress />}
    </div>
  );
}

function ImageUploader() {
  const [file, setFile] = useState<File | null>(null);
  const [crop, setCrop] = useState<Crop | null>(null);
  const uploading = useStore($practiceForm).upload !== null;
  return (
    <UploaderFrame kind="upload" onFile={setFile}>
      {file && !uploading && (
        <div className="mt-4 space-y-3">
          <p className="text-sm text-slate-700">{m('media.cropHelp')}</p>
          <CropChooser key={`${file.name}-${file.size}-${file.lastModified}`} picture={file} onCrop={setCrop} />
          <div className="flex gap-2">
            <button
              type="button"
              className={ui.primaryButton}
              onClick={() => void uploadFile('upload', file, { crop }).then((ok) => ok && setFile(null))}
            >
              {m('media.uploadImage')}
            </button>
            <button type="button" className={ui.secondaryButton} onClick={() => setFile(null)}>
              {m('fields.cancel')}
            </button>
          </div>
        </div>
      )}
    </UploaderFrame>
  );
}

function PdfUploader() {
  return <UploaderFrame kind="attachment" onFile={(file) => file && void uploadFile('attachment', file)} />;
}
