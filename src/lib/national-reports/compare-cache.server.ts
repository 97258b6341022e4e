import type { ChangeBus } from '../events/change-bus.server.ts';
import { domainOf, type ChangeEvent } from '../events/change-events.ts';
import { LruCache } from '../http/lru-cache.server.ts';
import type { CompareData } from './compare-schema.ts';

/**
 * The Compare views already read (decision 075), by cycle, question, reader's scope, filters and
 * language: a question of 58 countries is read far more often than its answers change. Dropped by
 * every committed change of the national reports (answers, statuses, cycles, questions), of a
 * translation or of a country (src/lib/events/subscribers.server.ts), on every instance.
 */

const VIEWS_MAX = 2000;

class CompareViews {
  views = new LruCache<string, CompareData>(VIEWS_MAX);
  /** Raised by every drop: a read that started before one is not kept. */
  generation = 0;

  drop(): void {
    this.views = new LruCache(VIEWS_MAX);
    this.generation++;
  }
}

const byBus = new WeakMap<ChangeBus, CompareViews>();

function viewsOf(bus: ChangeBus): CompareViews {
  let views = byBus.get(bus);
  if (!views) byBus.set(bus, (views = new CompareViews()));
  return views;
}

/** Whether a committed change may change what a Compare view shows. */
export const changesCompareViews = (event: Pick<ChangeEvent, 'type'>): boolean =>
  domainOf(event) === 'national-reports' || event.type === 'translation.saved' || event.type === 'country.saved';

/** Drops the views of `bus` that `event` may change, or all of them (no event: a resync). */
export function dropCompareViews(bus: ChangeBus, event?: Pick<ChangeEvent, 'type'>): void {
  if (!event || changesCompareViews(event)) byBus.get(bus)?.drop();
}

/** The view under `key`, read by `load` when it is not kept (and kept unless a change came in meanwhile). */
export async function cachedCompareView(
  bus: ChangeBus,
  key: string,
  load: () => Promise<CompareData>,
): Promise<CompareData> {
  const cache = viewsOf(bus);
  const kept = cache.views.get(key);
  if (kept) return kept;
  const generation = cache.generation;
  const view = await load();
  if (cache.generation === generation) cache.views.set(key, view);
  return view;
}
