import { computed, map } from 'nanostores';
import {
  BestPracticeSchema,
  PracticeResponseSchema,
  PracticeSaveBodySchema,
  type BestPractice,
  type Crop,
  type PracticeAction,
  type PracticeSaveBody,
} from '../../../lib/best-practices/schema.ts';
import { GenericResponseSchema } from '../../../lib/http/schema.ts';
import { api, ApiError, errorMessage } from '../lib/api.ts';
import { browserLocal, versionedEdit, type KeptDraft, type VersionedEdit } from '../lib/versioned-edit.ts';
import { fieldErrorsOf, type FieldErrors } from '../lib/field-errors.ts';
import { createFetcherStore, fetchWith, mutateCache } from '../lib/query.ts';
import { notifyError, notifySuccess } from '../notifications/snackbar-store.ts';
import { $router, navigate, pathTo } from '../router.ts';
import { ACTION_LABELS } from './labels.ts';
import { m } from './messages.ts';
import { bodyOf, changedKeys, draftOf, type PracticeDraft } from './practice-draft.ts';
import { forgetPracticeLists } from './practice-list-store.ts';
import { uploadPracticeFile } from './upload.ts';
import { sendFailure } from '../questionnaire/send-failure.ts';
import type { Answer } from '../../../lib/questionnaires/schema.ts';
import { sectionByUuid } from '../../../lib/best-practices/sections.ts';
import { flushPending, inPracticeOrder } from './practice-writes.ts';

export const $formTarget = computed($router, (page) =>
  page?.route === 'bestPracticeForm' ? { uuid: page.params.uuid || null } : null,
);
const $showKey = computed($formTarget, (target) =>
  target?.uuid ? `best-practice/show/${encodeURIComponent(target.uuid)}` : null,
);
export const $shownPractice = createFetcherStore([$showKey], { fetcher: fetchWith(PracticeResponseSchema) });

/** `kept`: not sent (offline, or signed out); the changes wait in the browser and go when they can. */
export type SaveState = 'idle' | 'saving' | 'saved' | 'invalid' | 'failed' | 'conflict' | 'kept';

export interface UploadState {
  kind: 'upload' | 'attachment';
  name: string;
  loaded: number;
  total: number;
}

export interface PracticeFormState {
  /** The practice as the server last gave it (its version is the one the next write sends). */
  practice: BestPractice | null;
  /** The draft of `practice`: what "no changes" looks like. */
  base: PracticeDraft | null;
  draft: PracticeDraft | null;
  save: SaveState;
  /** Field errors of the last save, from the shared schema or the server. */
  errors: FieldErrors;
  /** A save refused for another reason than its fields. */
  failure: string | null;
  /** The practice as someone else saved it, when ours was based on an older version. */
  conflict: BestPractice | null;
  upload: UploadState | null;
  busyAction: PracticeAction | 'comment' | 'crop' | 'delete' | null;
}

const EMPTY: PracticeFormState = {
  practice: null,
  base: null,
  draft: null,
  save: 'idle',
  errors: {},
  failure: null,
  conflict: null,
  upload: null,
  busyAction: null,
};
export const $practiceForm = map<PracticeFormState>({ ...EMPTY });

export const $dirty = computed($practiceForm, (s) => !!s.draft && !!s.base && changedKeys(s.draft, s.base).length > 0);

/**
 * Unsaved changes wait on this device from the moment they are typed until the server has them:
 * a lost connection, an expired sign-in or a closed tab loses nothing. They are the practice's
 * edit-store draft, kept with what "no changes" looked like (`base`), so that only the fields the
 * person changed are put on top of a newer version.
 */
interface KeptChanges {
  base: PracticeDraft;
  draft: PracticeDraft;
}

type PracticeEdit = VersionedEdit<BestPractice, PracticeSaveBody, BestPractice, KeptChanges>;

/** The person the form is open for. */
let user = '';
const edits = new Map<string, PracticeEdit>();

/**
 * Practice `uuid`'s edit store for the person: its saves go on top of the practice's version (a
 * conflict: someone else saved it meanwhile), its changes wait on this device. One per practice,
 * so a save still on its way when another practice opens removes only its own practice's draft.
 */
function editOf(uuid: string): PracticeEdit {
  const key = `best-practice:${user}:${uuid}`;
  const known = edits.get(key);
  if (known) return known;
  const edit: PracticeEdit = versionedEdit({
    schema: BestPracticeSchema,
    send: async (body) =>
      (await api.request('POST', 'best-practice/saved', { schema: PracticeResponseSchema, body })).data,
    draftKey: () => key,
    // Not the tab's sessionStorage: the form is used offline, and a tab closed before the
    // connection came back keeps its changes (as the sections' answers do). The key names the
    // person, so signing out need not drop them and nobody else sees them.
    draftStore: browserLocal,
  });
  edits.set(key, edit);
  return edit;
}

$practiceForm.listen((state) => {
  const { practice, base, draft } = state;
  // While a conflict waits for the person's choice, the copy kept is the one from before it (with
  // the version it was made on), so that a reload asks again instead of choosing for them.
  if (!user || !practice || !base || !draft || state.conflict) return;
  const edit = editOf(practice.uuid);
  if (changedKeys(draft, base).length === 0) edit.clearDraft();
  else edit.keepDraft({ base, draft }, practice.version);
});

/**
 * Changes the form kept before they were its edit store's draft (decision 068), under
 * `apua:drafts:{user}:best-practice:{uuid}` as `{ version, base, draft }`: moved over once, so that
 * work waiting offline when that change was deployed is not lost.
 */
function takeOverOldKey(uuid: string): KeptDraft<KeptChanges> | null {
  const store = browserLocal();
  const old = `apua:drafts:${user}:best-practice:${uuid}`;
  try {
    const kept = JSON.parse(store?.getItem(old) ?? 'null') as Partial<{ version: number } & KeptChanges> | null;
    store?.removeItem(old);
    if (typeof kept?.version !== 'number' || !kept.base || !kept.draft) return null;
    editOf(uuid).keepDraft({ base: kept.base, draft: kept.draft }, kept.version);
    return editOf(uuid).readDraft();
  } catch {
    return null;
  }
}

/** `draft`'s changes from `base`, put on top of `onto`. */
function reapply(draft: PracticeDraft, base: PracticeDraft, onto: PracticeDraft): PracticeDraft {
  const result = { ...onto };
  for (const key of changedKeys(draft, base)) (result as unknown as Record<string, unknown>)[key] = draft[key];
  return result;
}

/**
 * The form shows `practice`: the first time, or after the server changed it while there were no
 * edits. Changes of `userUuid`'s kept from an earlier visit come back: on the same version they
 * are saved at once; on an older one the person chooses, as in any conflict.
 */
export function openPractice(practice: BestPractice, userUuid: string): void {
  const current = $practiceForm.get();
  if (current.practice?.uuid === practice.uuid && (current.practice.version >= practice.version || $dirty.get()))
    return;
  user = userUuid;
  const fresh = draftOf(practice);
  const kept =
    current.practice?.uuid === practice.uuid
      ? null
      : (editOf(practice.uuid).readDraft() ?? takeOverOldKey(practice.uuid));
  if (!kept || changedKeys(kept.values.draft, kept.values.base).length === 0) {
    $practiceForm.set({ ...EMPTY, practice, base: fresh, draft: fresh });
    return;
  }
  const { base, draft } = kept.values;
  if (kept.version === practice.version) {
    $practiceForm.set({ ...EMPTY, practice, base: fresh, draft: reapply(draft, base, fresh) });
    notifySuccess(m('store.keptSaving'));
    void saveDraft();
    return;
  }
  // Changed by someone since: theirs and mine side by side, as for any conflict.
  $practiceForm.set({ ...EMPTY, practice, base, draft, conflict: practice, save: 'conflict' });
}

export function closePractice(uuid: string): void {
  const current = $practiceForm.get();
  // A save or upload still on its way finishes first; its answer is then simply not shown.
  if (current.practice?.uuid === uuid && current.save !== 'saving' && !current.upload) $practiceForm.set({ ...EMPTY });
}

export function editDraft(change: (draft: PracticeDraft) => PracticeDraft): void {
  const { draft } = $practiceForm.get();
  if (draft) $practiceForm.setKey('draft', change(draft));
}

/** The server's answer becomes the new baseline; edits typed meanwhile stay on top of it. */
export function acceptPractice(practice: BestPractice, sent: PracticeDraft | null): void {
  const state = $practiceForm.get();
  const base = draftOf(practice);
  const draft = state.draft && sent ? reapply(state.draft, sent, base) : base;
  $practiceForm.set({ ...state, practice, base, draft, conflict: null });
  mutateCache(`best-practice/show/${encodeURIComponent(practice.uuid)}`, {
    status: 200,
    message: 'Best practice',
    data: practice,
  });
  forgetPracticeLists();
}

/**
 * Sections saved through the data-entry kit (sections-form.ts): the practice takes its new
 * version, status and narrative; the record's draft is left as it is (the kit holds the sections).
 */
export function acceptSectionsSaved(
  meta: { version: number; status: BestPractice['status']; updated_at: string },
  answers: readonly Answer[],
): void {
  const state = $practiceForm.get();
  if (!state.practice) return;
  const narrative = { ...state.practice.narrative };
  const sections = state.practice.sections.filter((s) => !answers.some((a) => a.question_uuid === s.question_uuid));
  for (const answer of answers) {
    const key = sectionByUuid.get(answer.question_uuid)?.key;
    if (key) narrative[key] = typeof answer.value === 'string' ? answer.value : null;
  }
  const practice = {
    ...state.practice,
    version: Math.max(meta.version, state.practice.version),
    status: meta.status,
    updated_at: meta.updated_at,
    narrative,
    sections: [...sections, ...answers],
  };
  $practiceForm.set({ ...state, practice });
  mutateCache(`best-practice/show/${encodeURIComponent(practice.uuid)}`, {
    status: 200,
    message: 'Best practice',
    data: practice,
  });
  forgetPracticeLists();
}

let saving: Promise<boolean> | null = null;
let again = false;

/**
 * Saves the changed fields with the version they were based on (autosave, on leaving a field).
 * One save at a time; a change made during a save is saved right after it.
 */
export function saveDraft(): Promise<boolean> {
  if (saving) {
    again = true;
    return saving;
  }
  // After the sections' saves under way: the record's save sends the practice's version as they leave it.
  saving = inPracticeOrder($practiceForm.get().practice?.uuid ?? '', runSave).finally(() => {
    saving = null;
  });
  return saving.then(async (ok) => {
    if (ok && again) {
      again = false;
      return saveDraft();
    }
    return ok;
  });
}

async function runSave(): Promise<boolean> {
  const { practice, draft, base, conflict } = $practiceForm.get();
  if (!practice || !draft || !base || conflict) return false;
  if (changedKeys(draft, base).length === 0) return true;
  const body = bodyOf(draft, base, practice);
  const checked = PracticeSaveBodySchema.safeParse(body);
  if (!checked.success) {
    $practiceForm.set({
      ...$practiceForm.get(),
      save: 'invalid',
      errors: fieldErrorsOf(checked.error.issues),
      failure: null,
    });
    return false;
  }
  $practiceForm.set({ ...$practiceForm.get(), save: 'saving', failure: null });
  const outcome = await editOf(practice.uuid).save(body, practice);
  if (outcome.kind === 'saved') {
    acceptPractice(outcome.saved, draft);
    $practiceForm.set({ ...$practiceForm.get(), save: 'saved', errors: {} });
    return true;
  }
  if (outcome.kind === 'conflict') {
    $practiceForm.set({ ...$practiceForm.get(), save: 'conflict', conflict: outcome.theirs });
    return false;
  }
  const failure = sendFailure(outcome.error);
  if (failure.kind === 'offline' || failure.kind === 'signedOut') {
    $practiceForm.set({
      ...$practiceForm.get(),
      save: 'kept',
      failure: failure.kind === 'offline' ? 'offline' : 'signed out',
    });
    return false;
  }
  const errors = outcome.kind === 'invalid' ? outcome.errors : {};
  $practiceForm.set({
    ...$practiceForm.get(),
    save: outcome.kind === 'invalid' ? 'invalid' : 'failed',
    errors,
    failure: outcome.kind === 'invalid' ? null : errorMessage(outcome.error),
  });
  return false;
}

// Back online: the changes that waited go at once.
if (typeof window !== 'undefined') {
  window.addEventListener('online', () => {
    if ($practiceForm.get().save === 'kept' && $dirty.get()) void saveDraft();
  });
}

/** After a conflict: take the other version (`reload`), or put one's own changes on top of it (`keep`). */
export async function resolveConflict(choice: 'reload' | 'keep'): Promise<void> {
  const state = $practiceForm.get();
  if (!state.conflict || !state.draft || !state.base) return;
  const theirs = state.conflict;
  if (choice === 'reload') {
    const draft = draftOf(theirs);
    $practiceForm.set({ ...state, practice: theirs, base: draft, draft, conflict: null, save: 'idle', errors: {} });
    return;
  }
  // Mine: the fields I changed, re-applied to their version.
  const base = draftOf(theirs);
  $practiceForm.set({
    ...state,
    practice: theirs,
    base,
    draft: reapply(state.draft, state.base, base),
    conflict: null,
    save: 'idle',
  });
  await saveDraft();
}

/** Creates a practice from its title and country, then opens its form. */
export async function createPractice(title: string, countryCode: string): Promise<FieldErrors | null> {
  try {
    const answer = await api.request('POST', 'best-practice/saved', {
      schema: PracticeResponseSchema,
      body: { title, country_code: countryCode },
    });
    mutateCache(`best-practice/show/${encodeURIComponent(answer.data.uuid)}`, answer);
    forgetPracticeLists();
    notifySuccess(m('store.created', { title: answer.data.title }));
    navigate(pathTo('bestPracticeForm', { uuid: answer.data.uuid }), { replace: true });
    return null;
  } catch (error) {
    if (error instanceof ApiError && Object.keys(error.errors).length > 0) return error.errors;
    notifyError(m('store.notCreated', { reason: errorMessage(error) }));
    return {};
  }
}

/** A workflow step (submit, publish, …), after saving what is unsaved. */
export async function takeAction(action: PracticeAction, note?: string): Promise<boolean> {
  if (($dirty.get() && !(await saveDraft())) || !(await flushPending($practiceForm.get().practice?.uuid ?? ''))) {
    notifyError(m('store.fixFirst'));
    return false;
  }
  const { practice } = $practiceForm.get();
  if (!practice) return false;
  $practiceForm.setKey('busyAction', action);
  try {
    const answer = await inPracticeOrder(practice.uuid, () =>
      api.request('POST', `best-practice/${encodeURIComponent(practice.uuid)}/transition`, {
        schema: PracticeResponseSchema,
        body: { action, note, version: $practiceForm.get().practice?.version ?? practice.version },
      }),
    );
    acceptPractice(answer.data, null);
    notifySuccess(
      action === 'revise'
        ? m('store.revising', { title: practice.title })
        : m('store.actionDone', { action: ACTION_LABELS[action], title: practice.title }),
    );
    return true;
  } catch (error) {
    notifyError(m('store.actionFailed', { action: ACTION_LABELS[action], reason: errorMessage(error) }));
    return false;
  } finally {
    $practiceForm.setKey('busyAction', null);
  }
}

export async function deletePractice(): Promise<void> {
  const { practice } = $practiceForm.get();
  if (!practice) return;
  $practiceForm.setKey('busyAction', 'delete');
  try {
    await api.request('POST', `best-practice/${encodeURIComponent(practice.uuid)}/delete`, {
      schema: GenericResponseSchema,
    });
    forgetPracticeLists();
    $practiceForm.set({ ...EMPTY });
    notifySuccess(m('store.deleted', { title: practice.title }));
    navigate(pathTo('bestPractices'));
  } catch (error) {
    notifyError(m('store.notDeleted', { reason: errorMessage(error) }));
    $practiceForm.setKey('busyAction', null);
  }
}

let running: AbortController | null = null;

/**
 * Uploads an image (with the card crop) or a PDF, after saving what is unsaved (the upload needs the latest version).
 */
export async function uploadFile(
  kind: 'upload' | 'attachment',
  file: File,
  options: { crop?: Crop | null; title?: string } = {},
): Promise<boolean> {
  if (($dirty.get() && !(await saveDraft())) || !(await flushPending($practiceForm.get().practice?.uuid ?? '')))
    return false;
  const { practice } = $practiceForm.get();
  if (!practice) return false;
  const query: Record<string, string | number | undefined> = {};
  if (options.crop)
    query['crop'] = [options.crop.x, options.crop.y, options.crop.width, options.crop.height]
      .map((n) => n.toFixed(4))
      .join(',');
  if (options.title) query['title'] = options.title;
  $practiceForm.setKey('upload', { kind, name: file.name, loaded: 0, total: file.size });
  const cancel = new AbortController();
  running = cancel;
  try {
    // In the practice's order of writes: a section saved meanwhile moves the version the upload sends.
    const answer = await inPracticeOrder(practice.uuid, () =>
      uploadPracticeFile(
        practice.uuid,
        kind,
        file,
        { ...query, version: $practiceForm.get().practice?.version ?? practice.version },
        {
          signal: cancel.signal,
          onProgress: ({ loaded, total }) => {
            const upload = $practiceForm.get().upload;
            if (upload) $practiceForm.setKey('upload', { ...upload, loaded, total });
          },
        },
      ),
    );
    const { draft, base } = $practiceForm.get();
    // Edits typed during the upload stay; the new file joins the list.
    acceptPractice(answer.data, draft && base ? base : null);
    notifySuccess(kind === 'upload' ? m('store.imageUploaded') : m('store.documentUploaded'));
    return true;
  } catch (error) {
    notifyError(
      m(kind === 'upload' ? 'store.imageNotUploaded' : 'store.documentNotUploaded', { reason: errorMessage(error) }),
    );
    return false;
  } finally {
    running = null;
    $practiceForm.setKey('upload', null);
  }
}

export function cancelUpload(): void {
  running?.abort();
}
