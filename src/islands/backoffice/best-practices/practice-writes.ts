/**
 * The practice's writes, one at a time: the record's saves and workflow steps send the practice's
 * version, which every save of a section moves (decision 047), so each reads it only when its
 * turn comes. And what waits in the data-entry kit is saved before a step that needs it.
 */

let chain: Promise<unknown> = Promise.resolve();

/** Runs `write` after the practice's writes already under way. */
export function inPracticeOrder<T>(write: () => Promise<T>): Promise<T> {
  const next = chain.then(write, write);
  chain = next.catch(() => undefined);
  return next;
}

let flushers: (() => Promise<boolean>)[] = [];

/** Registers what saves the kit's waiting answers (the sections' form, while it is open); returns the removal. */
export function onFlush(flush: () => Promise<boolean>): () => void {
  flushers.push(flush);
  return () => {
    flushers = flushers.filter((f) => f !== flush);
  };
}

/** Saves what waits in the kit; false when something could not be saved (offline, invalid, a conflict). */
export async function flushPending(): Promise<boolean> {
  const results = await Promise.all(flushers.map((flush) => flush()));
  return results.every(Boolean);
}
