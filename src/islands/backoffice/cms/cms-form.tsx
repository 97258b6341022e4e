import { useStore } from '@nanostores/react';
import { useState, type FormEvent } from 'react';
import {
  CMS_DESCRIPTION_MAX,
  CMS_EVENT_MAX,
  CMS_ORDER_MAX,
  CMS_STATUSES,
  CMS_TITLE_MAX,
  CmsSaveBodySchema,
  type CmsRecord,
  type CmsSaveBody,
  type CmsStatus,
  type CmsType,
  type MediaKind,
} from '../../../lib/cms/schema.ts';
import { fieldErrorsOf, invalidProps, serverFieldErrors, type FieldErrors } from '../lib/field-errors.ts';
import { pathTo } from '../router.ts';
import { ConfirmDialog } from '../ui/confirm-dialog.tsx';
import { ConflictActions, ConflictNotice } from '../ui/conflict-notice.tsx';
import { ErrorState, FieldError } from '../ui/states.tsx';
import { ui } from '../ui/styles.ts';
import { CMS_KINDS } from './cms-kinds.ts';
import { CMS_STATUS_LABELS } from '../../../lib/cms/schema.ts';
import { $cmsConflict, $saveCmsItem, discardChosenImage, hasPendingImage } from './cms-form-store.ts';
import { forgetCachedItem } from './cms-list-store.ts';
import { ImageField, useImageUpload } from './image-field.tsx';
import { useLeaveGuard } from '../lib/leave-guard.ts';
import { CmsStatusSchema } from '../../../lib/cms/schema.ts';
import type { CropBox } from '../../../lib/media/schema.ts';
import { BannerPictureFields } from './banner-picture.tsx';

const FIELDS = ['title', 'media_kind', 'video_url', 'event', 'description', 'link', 'display_order', 'status', 'image_alt'] as const;

interface Draft {
  title: string;
  description: string;
  link: string;
  display_order: string;
  status: CmsStatus;
  media_kind: MediaKind;
  video_url: string;
  event: string;
  /** A banner's crop of its stored picture, and its alt text. */
  image_crop: CropBox | null;
  image_alt: string;
}

function draftOf(item: CmsRecord | null, newMediaKind: MediaKind): Draft {
  return {
    title: item?.title ?? '',
    description: item?.description ?? '',
    link: item?.link ?? '',
    display_order: String(item?.display_order ?? 0),
    status: item?.status ?? 'draft',
    media_kind: item?.media_kind ?? newMediaKind,
    video_url: item?.video_url ?? '',
    event: item?.event ?? '',
    image_crop: item?.image_crop ?? null,
    image_alt: item?.image_alt ?? '',
  };
}

function bodyOf(type: CmsType, draft: Draft, item: CmsRecord | null): CmsSaveBody {
  const order = draft.display_order.trim();
  return {
    ...(item && { uuid: item.uuid }),
    cms_type: type,
    title: draft.title,
    description: draft.description,
    link: draft.link.trim(),
    // A malformed order becomes NaN, which the schema refuses with its own message.
    display_order: order === '' ? 0 : Number(order),
    status: draft.status,
    ...(type === 'video' && {
      media_kind: draft.media_kind,
      video_url: draft.media_kind === 'video' ? draft.video_url.trim() : null,
      event: draft.event,
    }),
    ...(type === 'banner' && { image_crop: draft.image_crop, image_alt: draft.image_alt.trim() }),
  };
}

const LINK_HINTS: Record<CmsType, string> = {
  banner: 'Where the banner leads when clicked, such as a news page.',
  video: 'A page with more about this photo or video.',
  partner: 'The partner’s website.',
};

/** The fields of a banner, media item or partner, its image, and saving. */
export function CmsForm({ type, item, newMediaKind }: { type: CmsType; item: CmsRecord | null; newMediaKind: MediaKind }) {
  const kind = CMS_KINDS[type];
  const owner = item?.uuid ?? 'new';
  const save = useStore($saveCmsItem);
  const conflict = useStore($cmsConflict);
  const upload = useImageUpload(owner);
  const [initial, setInitial] = useState(() => draftOf(item, newMediaKind));
  const [draft, setDraft] = useState(initial);
  const [clientErrors, setClientErrors] = useState<FieldErrors>({});

  // Saved: the form shows what the server kept (trimmed), and that is the new baseline.
  const saved = save.data?.uuid === owner ? save.data : undefined;
  const [baselineOf, setBaselineOf] = useState(saved);
  if (saved !== baselineOf) {
    setBaselineOf(saved);
    if (saved) {
      const next = draftOf(saved, newMediaKind);
      setInitial(next);
      setDraft(next);
    }
  }

  // A new picture uploaded: its crop starts again from the server's (none).
  const imageUrl = item?.image?.url ?? null;
  const [seenImage, setSeenImage] = useState(imageUrl);
  if (imageUrl !== seenImage) {
    setSeenImage(imageUrl);
    const crop = item?.image_crop ?? null;
    setInitial((current) => ({ ...current, image_crop: crop }));
    setDraft((current) => ({ ...current, image_crop: crop }));
  }

  const fieldsChanged = (Object.keys(initial) as (keyof Draft)[]).some((key) => initial[key] !== draft[key]);
  const dirty = (fieldsChanged || hasPendingImage(upload)) && !save.loading;
  const guard = useLeaveGuard(dirty);

  const errors = { ...serverFieldErrors(save.error), ...clientErrors };
  const theirs = conflict && conflict.uuid === item?.uuid ? conflict : null;
  const refusal = save.error && !theirs && Object.keys(serverFieldErrors(save.error)).length === 0 ? save.error : null;
  const isMedia = type === 'video';
  const isVideo = isMedia && draft.media_kind === 'video';
  const noun = isMedia ? (isVideo ? 'video' : 'photo') : kind.noun;
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((current) => ({ ...current, [key]: value }));

  /** After a conflict: the form starts again from the item as the other person saved it. */
  const reloadTheirs = (record: CmsRecord) => {
    $cmsConflict.set(null);
    forgetCachedItem(record, record);
    const next = draftOf(record, newMediaKind);
    setInitial(next);
    setDraft(next);
  };

  const submit = (base: CmsRecord | null) => {
    const body = bodyOf(type, draft, base);
    const checked = CmsSaveBodySchema.safeParse(body);
    const found = checked.success ? {} : fieldErrorsOf(checked.error.issues);
    setClientErrors(found);
    const first = FIELDS.find((field) => found[field]);
    if (first) {
      document.getElementById(`cms-${first}`)?.focus();
      return;
    }
    void $saveCmsItem.mutate({ body, before: base });
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    submit(theirs ?? item);
  };

  return (
    <form noValidate onSubmit={onSubmit} className={`${ui.card} max-w-3xl space-y-5`} aria-busy={save.loading}>
      {theirs && (
        <ConflictNotice
          title={`This ${noun} was changed while you were editing`}
          record={theirs}
          what={`this ${noun}`}
          actions={<ConflictActions saving={save.loading} onReload={() => reloadTheirs(theirs)} onKeepMine={() => submit(theirs)} />}
        >
          <p className="mt-1 text-sm text-slate-700">
            Your changes are still in the form and have not been saved. Reload their version to start again from it, or save
            yours over it.
          </p>
        </ConflictNotice>
      )}
      {refusal && <ErrorState error={refusal} title={`The ${noun} was not saved`} />}
      {errors['cms_type'] && <FieldError id="cms-type-error" messages={errors['cms_type']} />}

      <div>
        <label htmlFor="cms-title" className={ui.label}>
          Title
        </label>
        <input dir="auto" id="cms-title" className={`${ui.input} mt-1`} value={draft.title} maxLength={CMS_TITLE_MAX} required autoComplete="off"
          onChange={(event) => set('title', event.target.value)} {...invalidProps(errors, 'title', 'cms-title-error')} />
        <FieldError id="cms-title-error" messages={errors['title']} />
      </div>

      {isMedia && (
        <fieldset>
          <legend className={ui.label}>Kind</legend>
          <div className="mt-1 flex flex-wrap gap-4">
            {(['photo', 'video'] as const).map((value) => (
              <label key={value} className="inline-flex items-center gap-2 text-sm text-slate-800">
                <input type="radio" name="media_kind" id={value === 'photo' ? 'cms-media_kind' : undefined} value={value}
                  checked={draft.media_kind === value} onChange={() => set('media_kind', value)} className="size-4 accent-brand-600" />
                {value === 'photo' ? 'Photo' : 'Hosted video (YouTube or Vimeo)'}
              </label>
            ))}
          </div>
          <FieldError id="cms-media_kind-error" messages={errors['media_kind']} />
        </fieldset>
      )}

      {isVideo && (
        <div>
          <label htmlFor="cms-video_url" className={ui.label}>
            Video address
          </label>
          <input id="cms-video_url" type="url" inputMode="url" className={`${ui.input} mt-1`} value={draft.video_url} maxLength={2000}
            placeholder="https://www.youtube.com/watch?v=…" autoComplete="off" aria-describedby="cms-video_url-hint"
            onChange={(event) => set('video_url', event.target.value)} {...invalidProps(errors, 'video_url', 'cms-video_url-error')} />
          <p id="cms-video_url-hint" className="mt-1 text-xs text-slate-600">
            The address of the video’s page on YouTube or Vimeo. The image below is its thumbnail.
          </p>
          <FieldError id="cms-video_url-error" messages={errors['video_url']} />
        </div>
      )}

      {isMedia && (
        <div>
          <label htmlFor="cms-event" className={ui.label}>
            Event <span className="font-normal text-slate-600">(optional)</span>
          </label>
          <input dir="auto" id="cms-event" className={`${ui.input} mt-1`} value={draft.event} maxLength={CMS_EVENT_MAX} autoComplete="off"
            aria-describedby="cms-event-hint" onChange={(event) => set('event', event.target.value)}
            {...invalidProps(errors, 'event', 'cms-event-error')} />
          <p id="cms-event-hint" className="mt-1 text-xs text-slate-600">
            Photos and videos with the same event name are grouped together in the gallery.
          </p>
          <FieldError id="cms-event-error" messages={errors['event']} />
        </div>
      )}

      <div>
        <label htmlFor="cms-description" className={ui.label}>
          Description <span className="font-normal text-slate-600">(optional)</span>
        </label>
        <textarea dir="auto" id="cms-description" rows={4} className={`${ui.input} mt-1`} value={draft.description} maxLength={CMS_DESCRIPTION_MAX}
          onChange={(event) => set('description', event.target.value)} {...invalidProps(errors, 'description', 'cms-description-error')} />
        <FieldError id="cms-description-error" messages={errors['description']} />
      </div>

      <div>
        <label htmlFor="cms-link" className={ui.label}>
          Link <span className="font-normal text-slate-600">(optional)</span>
        </label>
        <input id="cms-link" type="url" inputMode="url" className={`${ui.input} mt-1`} value={draft.link} maxLength={2000}
          placeholder="https://" autoComplete="off" aria-describedby="cms-link-hint"
          onChange={(event) => set('link', event.target.value)} {...invalidProps(errors, 'link', 'cms-link-error')} />
        <p id="cms-link-hint" className="mt-1 text-xs text-slate-600">{LINK_HINTS[type]}</p>
        <FieldError id="cms-link-error" messages={errors['link']} />
      </div>

      <div className="grid gap-5 sm:grid-cols-2">
        <div>
          <label htmlFor="cms-display_order" className={ui.label}>
            Display order
          </label>
          <input id="cms-display_order" type="number" inputMode="numeric" min={0} max={CMS_ORDER_MAX} step={1} className={`${ui.input} mt-1`}
            value={draft.display_order} aria-describedby="cms-display_order-hint"
            onChange={(event) => set('display_order', event.target.value)} {...invalidProps(errors, 'display_order', 'cms-display_order-error')} />
          <p id="cms-display_order-hint" className="mt-1 text-xs text-slate-600">Lower numbers come first.</p>
          <FieldError id="cms-display_order-error" messages={errors['display_order']} />
        </div>
        <div>
          <label htmlFor="cms-status" className={ui.label}>
            Status
          </label>
          <select id="cms-status" className={`${ui.input} mt-1`} value={draft.status} aria-describedby="cms-status-hint"
            onChange={(event) => set('status', CmsStatusSchema.parse(event.target.value))} {...invalidProps(errors, 'status', 'cms-status-error')}>
            {CMS_STATUSES.map((status) => (
              <option key={status} value={status}>
                {CMS_STATUS_LABELS[status]}
              </option>
            ))}
          </select>
          <p id="cms-status-hint" className="mt-1 text-xs text-slate-600">
            Published items show on the public site after its next build, which starts by itself.
          </p>
          <FieldError id="cms-status-error" messages={errors['status']} />
        </div>
      </div>

      <ImageField label={isVideo ? 'Thumbnail' : type === 'partner' ? 'Logo' : isMedia ? 'Photo' : 'Banner image'} item={item} owner={owner} noun={noun} />

      {type === 'banner' && (
        <BannerPictureFields item={item} pendingImage={hasPendingImage(upload)} crop={draft.image_crop} alt={draft.image_alt} errors={errors}
          onCrop={(crop) => set('image_crop', crop)} onAlt={(alt) => set('image_alt', alt)} />
      )}

      <div className="flex flex-wrap items-center gap-3 border-t border-slate-200 pt-5">
        <button type="submit" className={ui.primaryButton} disabled={save.loading || upload.phase === 'uploading'}>
          {save.loading ? 'Saving…' : item ? 'Save changes' : `Save ${noun}`}
        </button>
        <a href={pathTo(kind.listRoute)} className={ui.secondaryButton}>
          {dirty ? 'Cancel' : `Back to ${kind.listName}`}
        </a>
        {dirty && <span className="text-sm text-slate-600">Unsaved changes</span>}
      </div>

      <ConfirmDialog
        open={guard.pending !== null}
        title="Leave without saving?"
        confirmLabel="Leave and discard"
        onConfirm={() => guard.leave(discardChosenImage)}
        onCancel={guard.stay}
      >
        <p>Your changes to this {noun} have not been saved{hasPendingImage(upload) ? ', and the chosen image has not been uploaded' : ''}. They will be lost.</p>
      </ConfirmDialog>
    </form>
  );
}
