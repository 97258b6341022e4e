/**
 * One way to edit a record in the back-office (issue 33 item 2, decision 068). Every form that
 * edits a record saves through a `versionedEdit` store:
 *
 * - `load()` (when given a `load`): the record, with loading and error states (`$record`);
 * - `save(body, base)`: sends `body` with the version of `base` (the record the form shows; null
 *   for a new record) and says how it went (`SaveOutcome`); `$state` holds `saving`, the last
 *   refusal (`error`), a 400's field errors (`errors`) and a 409's conflict;
 * - a conflict (409 with the record as it is now, DESIGN.md §12) keeps `theirs`, `yours` (the
 *   refused body) and `base`; `takeTheirs()` drops the conflict and gives their record to show,
 *   `keepMine()` sends the same body again over their version;
 * - a draft (when given a `draft` key): what the person typed, kept in the browser across reloads
 *   with the version it was made on, and removed once a save succeeds (in the tab's sessionStorage,
 *   or in localStorage with `draftStore: browserLocal`).
 *
 * What a saved record changes elsewhere (caches, notices, navigation) is the form's `onSaved`.
 */
import { atom } from 'nanostores';
import type { z } from 'zod';
import { ApiError, conflictOf } from './api-error.ts';
import type { FieldErrors } from './field-errors.ts';

/** A save refused because someone else saved the record after the form read it. */
export interface EditConflict<R, B> {
  /** The record the refused save was based on (null: a new record). */
  base: R | null;
  /** The record as the other person saved it. */
  theirs: R;
  /** The refused body, as the form built it (without the version); null when another call was refused. */
  yours: B | null;
}

export interface EditState<R, B, S = R> {
  saving: boolean;
  /** What the last save that went through answered (null before, and while another save runs). */
  saved: S | null;
  /** The last save's refusal or failure (a conflict's 409 and a 400 too); null when it went through. */
  error: unknown;
  /** A 400's messages per field (`errors` of the API's body). */
  errors: FieldErrors;
  conflict: EditConflict<R, B> | null;
}

export type SaveOutcome<R, S> =
  | { kind: 'saved'; saved: S }
  | { kind: 'conflict'; theirs: R; error: unknown }
  | { kind: 'invalid'; errors: FieldErrors; error: unknown }
  | { kind: 'failed'; error: unknown };

export type LoadState<R> = { status: 'loading' } | { status: 'error'; error: unknown } | { status: 'ready'; record: R };

/** Where drafts wait: localStorage or sessionStorage in the browser, a Map in tests. */
export interface DraftStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** A draft as kept: the values and the version of the record they were typed on (null: new). */
export interface KeptDraft<D> {
  version: number | null;
  values: D;
}

export interface VersionedEditOptions<R, B, S> {
  /** The record's shared schema: a 409's `current` is read with it. */
  schema: z.ZodType<R>;
  /** Sends the body (the version already in it, when `base` has one); resolves with what was saved. */
  send: (body: B & { version?: number }, base: R | null) => Promise<S>;
  /** The record's version (default: its `version` field; null: none yet, nothing is sent). */
  versionOf?: (record: R) => number | null | undefined;
  /** After a save went through: caches, notices, navigation. */
  onSaved?: (saved: S, sent: { body: B; base: R | null }) => void | Promise<void>;
  /** Reads the record, for `load()`. */
  load?: () => Promise<R>;
  /** The draft's key (null: no draft kept now); without it nothing is kept. */
  draftKey?: () => string | null;
  /** Where the draft waits (default sessionStorage: the tab's reloads, not another person's). */
  draftStore?: () => DraftStore | null;
}

const IDLE = { saving: false, saved: null, error: null, errors: {}, conflict: null } as const;

/** A draft store whose keys can be listed (sessionStorage is one). */
type ListableStore = DraftStore & { readonly length: number; key(index: number): string | null };

/** One of the browser's storages, when it lets us use it (privacy settings may refuse). */
function webStorage(name: 'localStorage' | 'sessionStorage'): Storage | null {
  try {
    return (globalThis as Partial<Record<typeof name, Storage>>)[name] ?? null;
  } catch {
    return null;
  }
}

const browserSession = () => webStorage('sessionStorage');

/**
 * localStorage, for a form whose drafts must outlive the tab (one used offline, whose tab may be
 * closed before the connection is back); its key then names the person, as sign-out leaves it.
 */
export const browserLocal = () => webStorage('localStorage');

/** Every draft's key starts so (the form's own key follows), so that signing out can drop them all. */
const DRAFT_PREFIX = 'apua:draft:';

/** Signing out: no draft of this person stays in the tab for the next one. */
export function clearEditDrafts(store: ListableStore | null = browserSession()): void {
  if (!store) return;
  try {
    const keys = Array.from({ length: store.length }, (_, index) => store.key(index));
    for (const key of keys) if (key?.startsWith(DRAFT_PREFIX)) store.removeItem(key);
  } catch {
    // Nothing kept, or nothing we may read.
  }
}

/** The kept draft and its storage, for a form that keeps one. */
function draftKeeper<D>(key: () => string | null, store: () => DraftStore | null) {
  const at = () => {
    const name = key();
    const where = store();
    return name && where ? { name: `${DRAFT_PREFIX}${name}`, where } : null;
  };
  return {
    read(): KeptDraft<D> | null {
      const place = at();
      if (!place) return null;
      try {
        const kept = JSON.parse(place.where.getItem(place.name) ?? 'null') as KeptDraft<D> | null;
        return kept && typeof kept === 'object' && 'values' in kept ? kept : null;
      } catch {
        return null;
      }
    },
    write(values: D, version: number | null): void {
      const place = at();
      try {
        place?.where.setItem(place.name, JSON.stringify({ version, values } satisfies KeptDraft<D>));
      } catch {
        // Quota or privacy refusal: the values stay in the form, only a reload loses them.
      }
    },
    clear(): void {
      const place = at();
      try {
        place?.where.removeItem(place.name);
      } catch {
        // Nothing kept.
      }
    },
  };
}

/** The body of a save on top of `version` (left out for a new record, or one without a version yet). */
export function withVersion<B extends object>(body: B, version: number | null | undefined): B & { version?: number } {
  return version === null || version === undefined ? body : { ...body, version };
}

/** A refusal the form shows as a whole (an error box): neither a conflict nor errors of its fields. */
export function refusalOf(state: EditState<unknown, object, unknown>): Error | null {
  const whole = state.error !== null && !state.conflict && Object.keys(state.errors).length === 0;
  // What a save throws is an Error (ApiError, DataValidationError, or the browser's own).
  return whole ? (state.error as Error) : null;
}

/** Which kind of answer a refused save got. */
function outcomeOf<R, S>(error: unknown, schema: z.ZodType<R>): SaveOutcome<R, S> {
  const theirs = conflictOf(error, schema) as R | null;
  if (theirs !== null) return { kind: 'conflict', theirs, error };
  // The API's 400 names the fields at fault; any other refusal that does is shown the same way.
  if (error instanceof ApiError && Object.keys(error.errors).length > 0)
    return { kind: 'invalid', errors: error.errors, error };
  return { kind: 'failed', error };
}

/** A record read once for a form: loading, then the record or the error (`load()` again to retry). */
export function loadable<R>(read: () => Promise<R>) {
  const $record = atom<LoadState<R>>({ status: 'loading' });
  async function load(): Promise<R | null> {
    $record.set({ status: 'loading' });
    try {
      const record = await read();
      $record.set({ status: 'ready', record });
      return record;
    } catch (error) {
      $record.set({ status: 'error', error });
      return null;
    }
  }
  return { $record, load };
}

export function versionedEdit<R, B extends object, S = R, D = B>(options: VersionedEditOptions<R, B, S>) {
  const { schema, send, onSaved } = options;
  const versionOf =
    options.versionOf ?? ((record: R) => (record as { version?: number | null } | null)?.version ?? null);
  const $state = atom<EditState<R, B, S>>({ ...IDLE });
  const { $record, load } = loadable<R>(
    options.load ??
      (() => {
        throw new Error('versionedEdit: no load given');
      }),
  );
  const draft = draftKeeper<D>(options.draftKey ?? (() => null), options.draftStore ?? browserSession);

  /** Saves `body` on top of `base` (the record shown; null for a new one). */
  async function save(body: B, base: R | null): Promise<SaveOutcome<R, S>> {
    $state.set({ ...IDLE, saving: true });
    try {
      const saved = await send(withVersion(body, base === null ? null : versionOf(base)), base);
      draft.clear();
      // Still saving while what follows a save happens (as the form's button says).
      await onSaved?.(saved, { body, base });
      $state.set({ ...IDLE, saved });
      return { kind: 'saved', saved };
    } catch (error) {
      return refuse(error, base, body);
    }
  }

  /**
   * A refusal of this save, or of another call on the same record (an upload, a status change):
   * shown as a save's would be (a 409 as a conflict with `yours`, a 400 as field errors).
   */
  function refuse(error: unknown, base: R | null, yours: B | null): SaveOutcome<R, S> {
    const outcome = outcomeOf<R, S>(error, schema);
    $state.set({
      saving: false,
      saved: null,
      error,
      errors: outcome.kind === 'invalid' ? outcome.errors : {},
      conflict: outcome.kind === 'conflict' ? { base, theirs: outcome.theirs, yours } : null,
    });
    return outcome;
  }

  /** After a conflict: their record, to show instead; the refused body goes (and its draft). */
  function takeTheirs(): R | null {
    const conflict = $state.get().conflict;
    if (!conflict) return null;
    draft.clear();
    $state.set({ ...IDLE });
    return conflict.theirs;
  }

  /** After a conflict: the refused body again, this time over their version (`body` replaces it if given). */
  function keepMine(body?: B): Promise<SaveOutcome<R, S>> | null {
    const conflict = $state.get().conflict;
    const mine = body ?? conflict?.yours;
    return conflict && mine ? save(mine, conflict.theirs) : null;
  }

  /** A form opens or closes: the outcome of an earlier save is forgotten. */
  function reset(): void {
    $state.set({ ...IDLE });
  }

  return {
    $state,
    $record,
    load,
    save,
    refuse,
    takeTheirs,
    keepMine,
    reset,
    /** The draft kept for the record on screen, with the version it was typed on. */
    readDraft: draft.read,
    /** Keeps what the person typed on `version` of the record (null: a new record). */
    keepDraft: draft.write,
    clearDraft: draft.clear,
  };
}

export type VersionedEdit<R, B extends object, S = R, D = B> = ReturnType<typeof versionedEdit<R, B, S, D>>;
