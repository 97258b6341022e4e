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
 *   with the version it was made on, and removed once a save succeeds.
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
  /** The refused body, as the form built it (without the version). */
  yours: B;
}

export interface EditState<R, B> {
  saving: boolean;
  /** The last save's refusal or failure (a conflict's 409 and a 400 too); null when it went through. */
  error: unknown;
  /** A 400's messages per field (`errors` of the API's body). */
  errors: FieldErrors;
  conflict: EditConflict<R, B> | null;
}

export type SaveOutcome<R, S> =
  | { kind: 'saved'; saved: S }
  | { kind: 'conflict'; theirs: R }
  | { kind: 'invalid'; errors: FieldErrors }
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

const IDLE = { saving: false, error: null, errors: {}, conflict: null } as const;

function browserSession(): DraftStore | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

/** The kept draft and its storage, for a form that keeps one. */
function draftKeeper<D>(key: () => string | null, store: () => DraftStore | null) {
  const at = () => {
    const name = key();
    const where = store();
    return name && where ? { name, where } : null;
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

/** Which kind of answer a refused save got. */
function outcomeOf<R, S>(error: unknown, schema: z.ZodType<R>): SaveOutcome<R, S> {
  const theirs = conflictOf(error, schema) as R | null;
  if (theirs !== null) return { kind: 'conflict', theirs };
  if (error instanceof ApiError && error.status === 400 && Object.keys(error.errors).length > 0)
    return { kind: 'invalid', errors: error.errors };
  return { kind: 'failed', error };
}

export function versionedEdit<R, B extends object, S = R, D = B>(options: VersionedEditOptions<R, B, S>) {
  const { schema, send, onSaved } = options;
  const versionOf =
    options.versionOf ?? ((record: R) => (record as { version?: number | null } | null)?.version ?? null);
  const $state = atom<EditState<R, B>>({ ...IDLE });
  const $record = atom<LoadState<R>>({ status: 'loading' });
  const draft = draftKeeper<D>(options.draftKey ?? (() => null), options.draftStore ?? browserSession);

  async function load(): Promise<R | null> {
    if (!options.load) throw new Error('versionedEdit: no load given');
    $record.set({ status: 'loading' });
    try {
      const record = await options.load();
      $record.set({ status: 'ready', record });
      return record;
    } catch (error) {
      $record.set({ status: 'error', error });
      return null;
    }
  }

  /** Saves `body` on top of `base` (the record shown; null for a new one). */
  async function save(body: B, base: R | null): Promise<SaveOutcome<R, S>> {
    $state.set({ ...IDLE, saving: true });
    try {
      const saved = await send(withVersion(body, base === null ? null : versionOf(base)), base);
      draft.clear();
      $state.set({ ...IDLE });
      await onSaved?.(saved, { body, base });
      return { kind: 'saved', saved };
    } catch (error) {
      const outcome = outcomeOf<R, S>(error, schema);
      $state.set({
        saving: false,
        error,
        errors: outcome.kind === 'invalid' ? outcome.errors : {},
        conflict: outcome.kind === 'conflict' ? { base, theirs: outcome.theirs, yours: body } : null,
      });
      return outcome;
    }
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
    return conflict ? save(body ?? conflict.yours, conflict.theirs) : null;
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
