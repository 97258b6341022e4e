import { ApiError, DataValidationError, OFFLINE_MESSAGE } from '../lib/api.ts';
import type { SendResult } from './autosave-queue.ts';
import { m } from './messages.ts';

/**
 * What a failed autosave request means for the queue, for the outcomes every form shares; a
 * transport reads its own 409 (and 423) before asking this. A token that could not be had counts
 * as offline when the browser is (refreshing a token needs the network too), otherwise as signed
 * out: either way the answers wait.
 */
export function sendFailure(
  error: unknown,
): Exclude<SendResult<never, never>, { kind: 'saved' | 'conflict' | 'locked' }> {
  if (error instanceof DataValidationError) return { kind: 'failed', message: m('send.unreadable') };
  if (!(error instanceof ApiError)) {
    if (typeof navigator !== 'undefined' && navigator.onLine === false)
      return { kind: 'offline', message: OFFLINE_MESSAGE };
    return { kind: 'signedOut', message: m('send.signedOut') };
  }
  const { status, message } = error;
  if (status === 0 || (status >= 502 && status <= 504)) return { kind: 'offline', message };
  if (status === 400) return { kind: 'invalid', errors: error.errors, message };
  if (status === 401) return { kind: 'signedOut', message };
  return { kind: 'failed', message };
}
