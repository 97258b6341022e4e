import { EmailChoicesResponseSchema } from '../../../lib/notifications/schema.ts';
import type { NotificationKind } from '../../../lib/notifications/kinds.ts';
import { api, ApiError } from '../lib/api.ts';
import { createFetcherStore, fetchWith, invalidatePrefixes } from '../lib/query.ts';
import { notifyError, notifySuccess } from '../notifications/snackbar-store.ts';
import { m } from './messages.ts';

export const EMAIL_CHOICES_KEY = 'notifications/preferences';

/** Which notifications also come by email, per kind the person can receive. */
export const $emailChoices = createFetcherStore([EMAIL_CHOICES_KEY], {
  fetcher: fetchWith(EmailChoicesResponseSchema),
});

/** Saves one kind's choice at the version shown; a choice changed elsewhere meanwhile is re-read. */
export async function setEmailChoice(kind: NotificationKind, email: boolean, version: number): Promise<void> {
  try {
    await api.request('POST', EMAIL_CHOICES_KEY, {
      body: { email: { [kind]: email }, version },
      schema: EmailChoicesResponseSchema,
    });
    notifySuccess(email ? m('choices.on') : m('choices.off'));
  } catch (error) {
    if (error instanceof ApiError && error.status === 409) notifyError(m('choices.conflict'));
    else notifyError(error instanceof Error ? error.message : m('choices.notSaved'));
  } finally {
    invalidatePrefixes(EMAIL_CHOICES_KEY);
  }
}
