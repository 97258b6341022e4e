import { atom, computed } from 'nanostores';

/** At most this many snackbars show at once; the rest wait their turn (spec §2, §9). */
export const SNACKBAR_MAX = 4;
/** How long the portal's own success and error notices stay. */
export const SNACKBAR_AUTO_HIDE_MS = 3000;
/** How long an item stays when its caller names no duration. */
export const SNACKBAR_DEFAULT_MS = 5000;
/** Length of the fade-out before an item is removed. */
export const SNACKBAR_FADE_MS = 1000;

export type SnackbarKind = 'success' | 'error' | 'info';

export interface Snackbar {
  id: number;
  message: string;
  kind: SnackbarKind;
  autoHideMs: number;
  /** queued: waiting for room; shown: on screen; leaving: fading out, then removed. */
  phase: 'queued' | 'shown' | 'leaving';
}

export interface NotifyInput {
  message: string;
  kind?: SnackbarKind;
  autoHideMs?: number;
}

export const $snackbars = atom<readonly Snackbar[]>([]);
export const $visibleSnackbars = computed($snackbars, (list) => list.filter((item) => item.phase !== 'queued'));

const timers = new Map<number, ReturnType<typeof setTimeout>>();
let nextId = 1;

function setTimer(id: number, ms: number, run: () => void): void {
  clearTimeout(timers.get(id));
  timers.set(
    id,
    setTimeout(() => {
      timers.delete(id);
      run();
    }, ms),
  );
}

/** Puts waiting items on screen while there is room, starting each one's auto-hide timer. */
function showWaiting(): void {
  const list = $snackbars.get();
  let onScreen = list.filter((item) => item.phase !== 'queued').length;
  if (onScreen >= SNACKBAR_MAX || !list.some((item) => item.phase === 'queued')) return;
  $snackbars.set(
    list.map((item) => {
      if (item.phase !== 'queued' || onScreen >= SNACKBAR_MAX) return item;
      onScreen++;
      setTimer(item.id, item.autoHideMs, () => dismiss(item.id));
      return { ...item, phase: 'shown' };
    }),
  );
}

function remove(id: number): void {
  clearTimeout(timers.get(id));
  timers.delete(id);
  $snackbars.set($snackbars.get().filter((item) => item.id !== id));
  showWaiting();
}

/** Queues a snackbar; returns its id. */
export function notify({ message, kind = 'info', autoHideMs = SNACKBAR_DEFAULT_MS }: NotifyInput): number {
  const id = nextId++;
  $snackbars.set([...$snackbars.get(), { id, message, kind, autoHideMs, phase: 'queued' }]);
  showWaiting();
  return id;
}

export function notifySuccess(message: string): number {
  return notify({ message, kind: 'success', autoHideMs: SNACKBAR_AUTO_HIDE_MS });
}

export function notifyError(message: string): number {
  return notify({ message, kind: 'error', autoHideMs: SNACKBAR_AUTO_HIDE_MS });
}

/** Starts an item's fade-out (or drops it if it never showed); it is removed after the fade. */
export function dismiss(id: number): void {
  const item = $snackbars.get().find((candidate) => candidate.id === id);
  if (!item || item.phase === 'leaving') return;
  if (item.phase === 'queued') {
    remove(id);
    return;
  }
  $snackbars.set(
    $snackbars.get().map((candidate) => (candidate.id === id ? { ...candidate, phase: 'leaving' } : candidate)),
  );
  setTimer(id, SNACKBAR_FADE_MS, () => remove(id));
}

export function clearSnackbars(): void {
  for (const timer of timers.values()) clearTimeout(timer);
  timers.clear();
  $snackbars.set([]);
}
