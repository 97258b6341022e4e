import { useEffect } from 'react';
import type { KeptDraft } from './versioned-edit.ts';

/**
 * The draft side of a `versionedEdit` store. What it keeps is the form's own values (its draft
 * type), whatever type the store names for them.
 */
export interface DraftKeeper {
  readDraft(): KeptDraft<unknown> | null;
  keepDraft(values: never, version: number | null): void;
  clearDraft(): void;
}

/**
 * What the form starts from (decision 068): the values kept before a reload when they were
 * typed on the version shown (`version`; null: a new record), otherwise `initial`.
 */
export function startingDraft<D>(keeper: DraftKeeper, version: number | null, initial: D): D {
  const kept = keeper.readDraft();
  return kept && kept.version === version ? (kept.values as D) : initial;
}

/**
 * Keeps the form's values in the tab while they differ from the record (`changed`), and lets go
 * of them once they no longer do. A save that goes through, taking their version after a
 * conflict, or leaving without saving (the form's `LeaveDialog`) removes them too.
 */
export function useKeptDraft<D>(keeper: DraftKeeper, draft: D, version: number | null, changed: boolean): void {
  useEffect(() => {
    if (changed) keeper.keepDraft(draft as never, version);
    else keeper.clearDraft();
  }, [keeper, draft, version, changed]);
}
