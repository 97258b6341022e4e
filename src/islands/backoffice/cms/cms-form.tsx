import { useStore } from '@nanostores/react';
import { useState, type FormEvent } from 'react';
import { CmsSaveBodySchema, type CmsRecord, type CmsType, type MediaKind } from '../../../lib/cms/schema.ts';
import { checkForm, type FieldErrors } from '../lib/field-errors.ts';
import { startingDraft, useKeptDraft } from '../lib/kept-draft.ts';
import { useLeaveGuard } from '../lib/leave-guard.ts';
import { pathTo } from '../router.ts';
import { LeaveDialog } from '../ui/confirm-dialog.tsx';
import { ConflictActions, ConflictNotice } from '../ui/conflict-notice.tsx';
import { ErrorState, FieldError } from '../ui/states.tsx';
import { refusalOf } from '../lib/versioned-edit.ts';
import { ui } from '../ui/styles.ts';
import { BannerPictureFields } from './banner-picture.tsx';
import { bodyOf, draftOf, type CmsDraft } from './cms-draft.ts';
import { DescriptionAndLinkFields, MediaFields, OrderAndStatusFields, TitleField } from './cms-form-fields.tsx';
import { cmsEdit, discardChosenImage, hasPendingImage } from './cms-form-store.ts';
import { CMS_KINDS, kindText, type ItemNoun } from './cms-kinds.ts';
import { m } from './messages.ts';
import { forgetCachedItem } from './cms-list-store.ts';
import { ImageField, useImageUpload } from './image-field.tsx';

const FIELDS = [
  'title',
  'media_kind',
  'video_url',
  'event',
  'description',
  'link',
  'display_order',
  'status',
  'image_alt',
] as const;

type Props = { type: CmsType; item: CmsRecord | null; newMediaKind: MediaKind };

/** The fields of a banner, media item or partner, its image, and saving. */
export function CmsForm({ type, item, newMediaKind }: Props) {
  const kind = CMS_KINDS[type];
  const owner = item?.uuid ?? 'new';
  const form = useCmsDraft({ type, item, newMediaKind });
  const { save, draft, set, errors, theirs, upload, dirty, guard } = form;
  const isMedia = type === 'video';
  const isVideo = isMedia && draft.media_kind === 'video';
  const noun: ItemNoun = isMedia ? (isVideo ? 'video' : 'photo') : type === 'partner' ? 'partner' : 'banner';

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    form.submit(theirs ?? item);
  };

  return (
    <form noValidate onSubmit={onSubmit} className={`${ui.card} max-w-3xl space-y-5`} aria-busy={save.saving}>
      {theirs && (
        <ConflictNotice
          title={m(`item.${noun}.changed`)}
          record={theirs}
          what={m(`item.${noun}.this`)}
          actions={
            <ConflictActions
              saving={save.saving}
              onReload={() => form.reloadTheirs(theirs)}
              onKeepMine={() => form.submit(theirs)}
            />
          }
        >
          <p className="mt-1 text-sm text-slate-700">{m('form.conflictText')}</p>
        </ConflictNotice>
      )}
      {form.refusal && <ErrorState error={form.refusal} title={m(`item.${noun}.notSaved`)} />}
      {errors['cms_type'] && <FieldError id="cms-type-error" messages={errors['cms_type']} />}
      <TitleField draft={draft} set={set} errors={errors} />
      {isMedia && <MediaFields draft={draft} set={set} errors={errors} />}
      <DescriptionAndLinkFields type={type} draft={draft} set={set} errors={errors} />
      <OrderAndStatusFields draft={draft} set={set} errors={errors} />

      <ImageField
        image={isVideo ? 'thumbnail' : type === 'partner' ? 'logo' : isMedia ? 'photo' : 'banner'}
        item={item}
        owner={owner}
        noun={noun}
      />

      {type === 'banner' && (
        <BannerPictureFields
          item={item}
          pendingImage={hasPendingImage(upload)}
          draft={draft}
          set={set}
          errors={errors}
        />
      )}

      <div className="flex flex-wrap items-center gap-3 border-t border-slate-200 pt-5">
        <button type="submit" className={ui.primaryButton} disabled={save.saving || upload.phase === 'uploading'}>
          {save.saving ? m('form.saving') : item ? m('form.saveChanges') : m(`item.${noun}.save`)}
        </button>
        <a href={pathTo(kind.listRoute)} className={ui.secondaryButton}>
          {dirty ? m('form.cancel') : kindText(type, 'back')}
        </a>
        {dirty && <span className="text-sm text-slate-600">{m('form.unsaved')}</span>}
      </div>

      <LeaveDialog
        guard={guard}
        title={m('form.leaveTitle')}
        confirmLabel={m('form.leaveConfirm')}
        onLeave={() => {
          discardChosenImage();
          cmsEdit.clearDraft();
        }}
      >
        <p>{hasPendingImage(upload) ? m(`item.${noun}.leaveImage`) : m(`item.${noun}.leave`)}</p>
      </LeaveDialog>
    </form>
  );
}

/**
 * The form's state: the draft against its baseline (the item as last saved), errors, a conflict, the upload and the
 * save.
 */
function useCmsDraft({ type, item, newMediaKind }: Props) {
  const owner = item?.uuid ?? 'new';
  const save = useStore(cmsEdit.$state);
  const conflict = save.conflict?.theirs ?? null;
  const upload = useImageUpload(owner);
  const [initial, setInitial] = useState(() => draftOf(item, newMediaKind));
  const [draft, setDraft] = useState(() => startingDraft(cmsEdit, item?.version ?? null, initial));
  const [clientErrors, setClientErrors] = useState<FieldErrors>({});
  useBaselineFollowsServer({ item, owner, newMediaKind, saved: save.saved ?? undefined, setInitial, setDraft });

  const fieldsChanged = (Object.keys(initial) as (keyof CmsDraft)[]).some((key) => initial[key] !== draft[key]);
  const dirty = (fieldsChanged || hasPendingImage(upload)) && !save.saving;
  const guard = useLeaveGuard(dirty);
  useKeptDraft(cmsEdit, draft, item?.version ?? null, fieldsChanged);

  const errors = { ...save.errors, ...clientErrors };
  const theirs = conflict && conflict.uuid === item?.uuid ? conflict : null;
  const refusal = refusalOf(save);
  const set = <K extends keyof CmsDraft>(key: K, value: CmsDraft[K]) =>
    setDraft((current) => ({ ...current, [key]: value }));

  /** After a conflict: the form starts again from the item as the other person saved it. */
  const reloadTheirs = (record: CmsRecord) => {
    cmsEdit.takeTheirs();
    forgetCachedItem(record, record);
    const next = draftOf(record, newMediaKind);
    setInitial(next);
    setDraft(next);
  };

  const submit = (base: CmsRecord | null) => {
    const body = bodyOf(type, draft, base);
    if (checkForm(CmsSaveBodySchema, body, FIELDS, 'cms', setClientErrors)) void cmsEdit.save(body, base);
  };

  return { save, upload, draft, set, errors, theirs, refusal, dirty, guard, reloadTheirs, submit };
}

type SetState = (update: CmsDraft | ((current: CmsDraft) => CmsDraft)) => void;

/**
 * Saved: the form shows what the server kept (trimmed), and that is the new baseline. A new
 * picture uploaded: its crop starts again from the server's (none).
 */
function useBaselineFollowsServer({
  item,
  owner,
  newMediaKind,
  saved: data,
  setInitial,
  setDraft,
}: {
  item: CmsRecord | null;
  owner: string;
  newMediaKind: MediaKind;
  saved: CmsRecord | undefined;
  setInitial: SetState;
  setDraft: SetState;
}) {
  const saved = data?.uuid === owner ? data : undefined;
  const [baselineOf, setBaselineOf] = useState(saved);
  if (saved !== baselineOf) {
    setBaselineOf(saved);
    if (saved) {
      const next = draftOf(saved, newMediaKind);
      setInitial(next);
      setDraft(next);
    }
  }

  const imageUrl = item?.image?.url ?? null;
  const [seenImage, setSeenImage] = useState(imageUrl);
  if (imageUrl !== seenImage) {
    setSeenImage(imageUrl);
    const crop = item?.image_crop ?? null;
    setInitial((current) => ({ ...current, image_crop: crop }));
    setDraft((current) => ({ ...current, image_crop: crop }));
  }
}
