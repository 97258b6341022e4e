/**
 * Each practice's writes, one at a time (a queue per practice, none shared between them): the
 * record's saves and workflow steps send the practice's version, which every save of a section
 * moves (decision 047), so each reads it only when its turn comes. And what waits in the
 * data-entry kit is saved before a step that needs it.
 */

/** The writes under way of each practice (a practice not yet made: ''), as the tail of its queue. */
const queues = new Map<string, Promise<unknown>>();

/** Runs `write` after the writes of practice `uuid` already under way. */
export function inPracticeOrder<T>(uuid: string, write: () => Promise<T>): Promise<T> {
  const next = (queues.get(uuid) ?? Promise.resolve()).then(write, write);
  const tail = next.catch(() => undefined);
  queues.set(uuid, tail);
  void tail.then(() => {
    if (queues.get(uuid) === tail) queues.delete(uuid);
  });
  return next;
}

const flushers = new Map<string, Set<() => Promise<boolean>>>();

/**
 * Registers what saves the kit's waiting answers of practice `uuid` (its sections' form, while it
 * is open); returns the removal.
 */
export function onFlush(uuid: string, flush: () => Promise<boolean>): () => void {
  const own = flushers.get(uuid) ?? flushers.set(uuid, new Set()).get(uuid)!;
  own.add(flush);
  return () => {
    own.delete(flush);
    if (own.size === 0) flushers.delete(uuid);
  };
}

/**
 * Saves what waits in the kit for practice `uuid`; false when something could not be saved
 * (offline, invalid, a conflict).
 */
export async function flushPending(uuid: string): Promise<boolean> {
  const results = await Promise.all([...(flushers.get(uuid) ?? [])].map((flush) => flush()));
  return results.every(Boolean);
}
