import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  $snackbars,
  $visibleSnackbars,
  clearSnackbars,
  dismiss,
  notify,
  notifySuccess,
  SNACKBAR_AUTO_HIDE_MS,
  SNACKBAR_DEFAULT_MS,
  SNACKBAR_FADE_MS,
  SNACKBAR_MAX,
} from './snackbar-store.ts';

const phases = () => $snackbars.get().map((item) => `${item.message}:${item.phase}`);

describe('snackbar queue', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    clearSnackbars();
    vi.useRealTimers();
  });

  it('keeps the constants of the spec', () => {
    expect([SNACKBAR_MAX, SNACKBAR_AUTO_HIDE_MS, SNACKBAR_DEFAULT_MS, SNACKBAR_FADE_MS]).toEqual([4, 3000, 5000, 1000]);
  });

  it('shows at most four at once and queues the rest', () => {
    for (const message of ['a', 'b', 'c', 'd', 'e', 'f']) notifySuccess(message);
    expect($visibleSnackbars.get().map((item) => item.message)).toEqual(['a', 'b', 'c', 'd']);
    expect(phases().slice(4)).toEqual(['e:queued', 'f:queued']);
  });

  it('hides after 3 s, fades for 1 s, then lets a waiting one in', () => {
    for (const message of ['a', 'b', 'c', 'd', 'e']) notifySuccess(message);
    vi.advanceTimersByTime(SNACKBAR_AUTO_HIDE_MS - 1);
    expect(phases()[0]).toBe('a:shown');
    vi.advanceTimersByTime(1);
    expect(phases()[0]).toBe('a:leaving');
    expect(phases()[4]).toBe('e:queued');
    vi.advanceTimersByTime(SNACKBAR_FADE_MS);
    expect(phases()).not.toContain('a:leaving');
    expect(phases()).toContain('e:shown');
    // The newcomer gets its own full time on screen.
    vi.advanceTimersByTime(SNACKBAR_AUTO_HIDE_MS - 1);
    expect(phases()).toContain('e:shown');
  });

  it('uses 5 s when the caller names no duration, and honours a custom one', () => {
    notify({ message: 'default' });
    notify({ message: 'quick', autoHideMs: 500 });
    vi.advanceTimersByTime(500);
    expect(phases()).toEqual(['default:shown', 'quick:leaving']);
    vi.advanceTimersByTime(SNACKBAR_DEFAULT_MS - 500);
    expect(phases()).toContain('default:leaving');
  });

  it('closes on demand with the same fade', () => {
    const id = notifySuccess('bye');
    dismiss(id);
    expect(phases()).toEqual(['bye:leaving']);
    vi.advanceTimersByTime(SNACKBAR_FADE_MS);
    expect($snackbars.get()).toEqual([]);
  });
});
