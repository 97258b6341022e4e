import { atom } from 'nanostores';
import {
  ContactActionResponseSchema,
  ContactMessageDetailSchema,
  type ContactMessageDetail,
  type ContactStatus,
} from '../../../lib/contact/schema.ts';
import { GenericResponseSchema } from '../../../lib/http/schema.ts';
import { api, ApiError, conflictOf, errorMessage } from '../lib/api.ts';
import { invalidatePrefixes, mutateCache } from '../lib/query.ts';
import { notifyError, notifySuccess } from '../notifications/snackbar-store.ts';
import { navigate } from '../router.ts';
import { $contactFilters, messageHref } from './contact-store.ts';
import { m } from './messages.ts';

/** What the open message is busy with, so its buttons say so and ignore a second click. */
export const $messageBusy = atom<null | 'status' | 'delete' | 'reply'>(null);

/**
 * Someone else changed the message meanwhile: show it as it is now (the server sent it with the
 * 409), say so, and let the person decide again.
 */
function onConflict(error: unknown): boolean {
  const current = conflictOf(error, ContactMessageDetailSchema);
  if (!current) return false;
  mutateCache(`contact-us/show/${current.id}`, { status: 200, message: 'Message', data: current });
  invalidatePrefixes('contact-us/list');
  notifyError(current.status_by ? m('changedBy', { name: current.status_by.name }) : m('changed'));
  return true;
}

function onMissing(error: unknown): boolean {
  if (!(error instanceof ApiError) || error.status !== 404) return false;
  notifyError(m('gone'));
  invalidatePrefixes('contact-us/list');
  return true;
}

async function act<T>(
  busy: NonNullable<ReturnType<typeof $messageBusy.get>>,
  run: () => Promise<T>,
  failure: string,
): Promise<T | null> {
  if ($messageBusy.get()) return null;
  $messageBusy.set(busy);
  try {
    return await run();
  } catch (error) {
    if (!onConflict(error) && !onMissing(error)) notifyError(m('failure', { failure, reason: errorMessage(error) }));
    return null;
  } finally {
    $messageBusy.set(null);
  }
}

function showAnswer(answer: { data: ContactMessageDetail }): void {
  mutateCache(`contact-us/show/${answer.data.id}`, { status: 200, message: 'Message', data: answer.data });
  invalidatePrefixes('contact-us/list');
}

/** Marks the message new, answered or archived. */
export async function setMessageStatus(message: ContactMessageDetail, status: ContactStatus): Promise<void> {
  const answer = await act(
    'status',
    () =>
      api.request('POST', `contact-us/status/${message.id}`, {
        schema: ContactActionResponseSchema,
        body: { status, version: message.version },
      }),
    m('notChanged'),
  );
  if (!answer) return;
  showAnswer(answer);
  notifySuccess(status === 'archived' ? m('archived') : status === 'new' ? m('markedNew') : m('markedAnswered'));
}

/** Deletes the message (after the person confirmed), then shows the list. */
export async function deleteMessage(message: ContactMessageDetail): Promise<boolean> {
  const answer = await act(
    'delete',
    () =>
      api.request('POST', `contact-us/delete/${message.id}`, {
        schema: GenericResponseSchema,
        body: { version: message.version },
      }),
    m('notDeleted'),
  );
  if (!answer) return false;
  invalidatePrefixes('contact-us/list');
  const filters = $contactFilters.get();
  if (filters) navigate(messageHref(filters, null), { replace: true });
  notifySuccess(m('deleted', { name: message.name }));
  return true;
}

/** Sends a reply by email; the message becomes answered. Returns whether it went. */
export async function sendReply(
  message: ContactMessageDetail,
  reply: { subject: string; message: string },
): Promise<boolean | Record<string, string[]>> {
  let fieldErrors: Record<string, string[]> | null = null;
  const answer = await act(
    'reply',
    async () => {
      try {
        return await api.request('POST', `contact-us/reply/${message.id}`, {
          schema: ContactActionResponseSchema,
          body: { ...reply, version: message.version },
        });
      } catch (error) {
        if (error instanceof ApiError && error.status === 400 && Object.keys(error.errors).length > 0) {
          fieldErrors = error.errors;
          return null;
        }
        throw error;
      }
    },
    m('notSent'),
  );
  if (fieldErrors) return fieldErrors;
  if (!answer) return false;
  showAnswer(answer);
  notifySuccess(m('onItsWay', { email: message.email }));
  return true;
}
