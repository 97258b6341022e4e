import { atom, computed } from 'nanostores';
import {
  CmsItemResponseSchema,
  CmsRecordSchema,
  type CmsRecord,
  type CmsSaveBody,
  type MediaKind,
} from '../../../lib/cms/schema.ts';
import { api, conflictOf, errorMessage } from '../lib/api.ts';
import { UploadCancelled } from '../lib/xhr-send.ts';
import { createFetcherStore, fetchWith } from '../lib/query.ts';
import { versionedEdit } from '../lib/versioned-edit.ts';
import { notifyError, notifySuccess } from '../notifications/snackbar-store.ts';
import { followSiteBuild } from '../publishing/site-status-store.ts';
import { $router, navigate, pathTo } from '../router.ts';
import { CMS_KINDS, cmsTypeOfRoute, itemNoun } from './cms-kinds.ts';
import { m } from './messages.ts';
import { forgetCachedItem } from './cms-list-store.ts';
import { checkImageFile, uploadCmsImage } from './image-upload.ts';

/**
 * The form the URL names. `valid` is false when the path's `cms_type` is not the form's kind
 * (`/content-management/partner/form-banner`): that address shows the not-found view.
 */
export const $cmsForm = computed($router, (page) => {
  if (page?.route !== 'cmsBannerForm' && page?.route !== 'cmsVideoForm' && page?.route !== 'cmsPartnerForm')
    return null;
  const type = cmsTypeOfRoute(page.route);
  if (!type) return null;
  const kindParam = page.search['media_kind'];
  return {
    type,
    valid: page.params.cms_type === type,
    uuid: page.params.uuid || null,
    /** A new media item's kind, from "Add photo" / "Add video". */
    newMediaKind: (type === 'video' && kindParam === 'video' ? 'video' : 'photo') as MediaKind,
  };
});

const $viewKey = computed($cmsForm, (form) =>
  form?.valid && form.uuid ? `cms/${form.type}/view/${encodeURIComponent(form.uuid)}` : null,
);

export const $editedCmsItem = createFetcherStore([$viewKey], { fetcher: fetchWith(CmsItemResponseSchema) });

/** The image chosen in the form, from the choice to the stored renditions. */
export type ImageUploadState =
  | { phase: 'empty' }
  | { phase: 'invalid'; message: string }
  | { phase: 'chosen'; file: File; preview: string }
  | { phase: 'uploading'; file: File; preview: string; loaded: number; total: number }
  | { phase: 'failed'; file: File; preview: string; message: string }
  | { phase: 'done'; fileName: string; total: number };

/** `owner` is the item the state belongs to ('new' before the first save). */
export const $imageUpload = atom<{ owner: string; state: ImageUploadState }>({
  owner: 'new',
  state: { phase: 'empty' },
});

let running: AbortController | null = null;

function setUpload(state: ImageUploadState): void {
  const previous = $imageUpload.get().state;
  // The object URL of a preview is freed once nothing shows it any more.
  if ('preview' in previous && (!('preview' in state) || state.preview !== previous.preview))
    URL.revokeObjectURL(previous.preview);
  $imageUpload.set({ owner: $imageUpload.get().owner, state });
}

/**
 * The form of `owner` (a uuid, or 'new') opens: the image and save outcome of another item are
 * dropped. A new item that was just created keeps them: they moved to its uuid with it.
 */
export function openCmsForm(owner: string): void {
  if ($imageUpload.get().owner === owner) return;
  running?.abort();
  setUpload({ phase: 'empty' });
  $imageUpload.set({ owner, state: { phase: 'empty' } });
  cmsEdit.reset();
}

/** The form of `owner` closes: its chosen file and upload go with it (the leave guard asked first). */
export function closeCmsForm(owner: string): void {
  if ($imageUpload.get().owner !== owner) return;
  running?.abort();
  setUpload({ phase: 'empty' });
  $imageUpload.set({ owner: '', state: { phase: 'empty' } });
}

/** A file picked in the form: checked like the server would, then previewed from memory. */
export function chooseImage(file: File | undefined): void {
  if (!file) return;
  const problem = checkImageFile(file);
  if (problem) setUpload({ phase: 'invalid', message: problem });
  else setUpload({ phase: 'chosen', file, preview: URL.createObjectURL(file) });
}

export function discardChosenImage(): void {
  running?.abort();
  setUpload({ phase: 'empty' });
}

/** Whether a chosen image still waits for its upload (it counts as an unsaved change). */
export function hasPendingImage(state: ImageUploadState): state is Extract<ImageUploadState, { file: File }> {
  return state.phase === 'chosen' || state.phase === 'failed' || state.phase === 'uploading';
}

/** Uploads the chosen image of a saved item, following its progress. */
export async function uploadChosenImage(item: CmsRecord): Promise<void> {
  const { state } = $imageUpload.get();
  if (state.phase !== 'chosen' && state.phase !== 'failed') return;
  const { file, preview } = state;
  setUpload({ phase: 'uploading', file, preview, loaded: 0, total: file.size });
  const upload = new AbortController();
  running = upload;
  try {
    const answer = await uploadCmsImage(item.uuid, item.version, file, {
      signal: upload.signal,
      onProgress: ({ loaded, total }) => {
        const current = $imageUpload.get().state;
        if (current.phase === 'uploading' && current.file === file) setUpload({ ...current, loaded, total });
      },
    });
    forgetCachedItem(item, answer.data);
    setUpload({ phase: 'done', fileName: file.name, total: file.size });
    notifySuccess(m('image.uploadedOf', { title: answer.data.title }));
    if (answer.data.status === 'published') followSiteBuild();
  } catch (error) {
    const current = $imageUpload.get().state;
    if (conflictOf(error, CmsRecordSchema)) cmsEdit.refuse(error, item, null);
    if (error instanceof UploadCancelled) {
      if (current.phase === 'uploading' && current.file === file) setUpload({ phase: 'chosen', file, preview });
      return;
    }
    if (current.phase === 'uploading' && current.file === file)
      setUpload({ phase: 'failed', file, preview, message: errorMessage(error) });
    notifyError(m('image.failed', { reason: errorMessage(error) }));
  } finally {
    running = null;
  }
}

export function cancelUpload(): void {
  running?.abort();
}

/**
 * Saves the form: creates the item (then its address names it) or updates it, then uploads the
 * chosen image, which needs the item's uuid. A change that shows on the public site starts a
 * rebuild. A conflict (someone else changed the item after the form loaded it) keeps what the
 * person typed until they choose.
 */
export const cmsEdit = versionedEdit<CmsRecord, CmsSaveBody>({
  schema: CmsRecordSchema,
  send: async (body) => (await api.request('POST', 'cms/saved', { schema: CmsItemResponseSchema, body })).data,
  onSaved: (item, { base: before }) => {
    forgetCachedItem(item, item);
    const noun = itemNoun(item);
    notifySuccess(
      before ? m(`item.${noun}.saved`, { title: item.title }) : m(`item.${noun}.created`, { title: item.title }),
    );
    if (before?.status === 'published' || item.status === 'published') followSiteBuild();
    if (!before) {
      // The chosen image moves with the form to the new item's address.
      $imageUpload.set({ owner: item.uuid, state: $imageUpload.get().state });
      navigate(pathTo(CMS_KINDS[item.cms_type].formRoute, { cms_type: item.cms_type, uuid: item.uuid }), {
        replace: true,
      });
    }
    void uploadChosenImage(item);
  },
  // What is typed waits in the tab, per item (a new one per kind), until saved or left.
  draftKey: () => {
    const form = $cmsForm.get();
    return form?.valid ? `cms:${form.type}:${form.uuid ?? `new-${form.newMediaKind}`}` : null;
  },
});
