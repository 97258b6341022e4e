import { atom, computed, type WritableAtom } from 'nanostores';
import type { IndicatorSaveBody } from '../../../lib/urbanisation-profile/indicator-schema.ts';
import {
  CategoryWithIndicatorsSchema,
  IndicatorSchema,
  type Indicator,
} from '../../../lib/urbanisation-profile/schema.ts';
import { ApiError, conflictOf, errorMessage } from '../lib/api.ts';
import { versionedEdit, type SaveOutcome as EditOutcome } from '../lib/versioned-edit.ts';
import { notifyError, notifySuccess } from '../notifications/snackbar-store.ts';
import { inOrder, moved } from './indicator-draft.ts';
import { m } from './messages.ts';
import { reorderIndicators, retireIndicator, saveIndicator } from './profile-api.ts';

export type SaveOutcome = EditOutcome<Indicator, Indicator>;

/**
 * The indicators of one theme in the overview form: the list as the server last answered, and
 * the changes an administrator makes to it (each its own call, each against the versions read).
 */
export function createIndicatorStore(slug: string, initial: readonly Indicator[]) {
  const $list = atom<Indicator[]>(inOrder(initial));
  /** The indicator a call is under way for (its buttons wait). */
  const $busy = atom<string | null>(null);
  const $active = computed($list, (list) => list.filter((i) => i.retired_at === null));
  const $retired = computed($list, (list) => list.filter((i) => i.retired_at !== null));
  /** An indicator saved on top of the version its form opened on (or, after a conflict, theirs). */
  const edit = versionedEdit<Indicator, IndicatorSaveBody>({ schema: IndicatorSchema, send: saveIndicator });

  const put = (indicator: Indicator) => {
    const others = $list.get().filter((i) => i.code !== indicator.code);
    $list.set(inOrder([...others, indicator]));
  };

  async function run<T>(code: string, call: () => Promise<T>): Promise<T | null> {
    if ($busy.get()) return null;
    $busy.set(code);
    try {
      return await call();
    } finally {
      $busy.set(null);
    }
  }

  return {
    $list,
    $active,
    $retired,
    $busy,

    /** Adds (`base` null) or changes an indicator on top of `base`; the form shows what came back. */
    async save(body: IndicatorSaveBody, base: Indicator | null): Promise<SaveOutcome> {
      const outcome = await edit.save(body, base);
      if (outcome.kind === 'saved') {
        put(outcome.saved);
        notifySuccess(m(base === null ? 'store.added' : 'store.saved', { code: outcome.saved.code }));
      } else if (outcome.kind === 'conflict') put(outcome.theirs);
      else if (outcome.kind !== 'invalid' || !(outcome.error instanceof ApiError && outcome.error.status === 400)) {
        notifyError(errorMessage(outcome.error));
        return { kind: 'failed', error: outcome.error };
      }
      return outcome;
    },

    /** Moves an indicator one place up or down; true when it moved. */
    async move(code: string, by: -1 | 1): Promise<boolean> {
      const active = $active.get();
      const order = moved(
        active.map((i) => i.code),
        code,
        by,
      );
      if (!order) return false;
      const versions = new Map(active.map((i) => [i.code, i.version]));
      const done = await run(code, () => sendOrder(slug, $list, code, order, versions));
      return done ?? false;
    },

    /** Retires an indicator (it leaves the forms and the public pages; its figures stay) or restores it. */
    async setRetired(code: string, retired: boolean): Promise<boolean> {
      const indicator = $list.get().find((i) => i.code === code);
      if (!indicator) return false;
      const done = await run(code, async () => {
        try {
          put(await retireIndicator(code, retired, indicator.version));
          notifySuccess(m(retired ? 'store.retired' : 'store.restored', { code }));
          return true;
        } catch (error) {
          const conflict = conflictOf(error, IndicatorSchema);
          if (conflict) {
            put(conflict);
            notifyError(m('store.retireConflict', { code }));
          } else notifyError(errorMessage(error));
          return false;
        }
      });
      return done ?? false;
    },
  };
}

/**
 * Saves the new order against the versions read; the list follows the server's answer, or the current list on a
 * conflict.
 */
async function sendOrder(
  slug: string,
  $list: WritableAtom<Indicator[]>,
  code: string,
  order: string[],
  versions: Map<string, number>,
): Promise<boolean> {
  try {
    const category = await reorderIndicators({
      category: slug,
      indicators: order.map((c) => ({ code: c, version: versions.get(c)! })),
    });
    $list.set(inOrder(category.indicators));
    const position = order.indexOf(code) + 1;
    notifySuccess(m('store.moved', { code, position, total: order.length }));
    return true;
  } catch (error) {
    const conflict = conflictOf(error, CategoryWithIndicatorsSchema);
    if (conflict) {
      $list.set(inOrder(conflict.indicators));
      notifyError(m('store.orderConflict'));
    } else notifyError(m('store.orderFailed', { reason: errorMessage(error) }));
    return false;
  }
}

export type IndicatorStore = ReturnType<typeof createIndicatorStore>;
