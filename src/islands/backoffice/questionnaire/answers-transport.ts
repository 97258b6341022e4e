import {
  AnswerSchema,
  FormAnswersResponseSchema,
  FormLockedResponseSchema,
  type Answer,
  type FormAnswers,
} from '../../../lib/questionnaires/schema.ts';
import { api, ApiError, conflictOf, type ApiClient } from '../lib/api.ts';
import type { SendOptions, SendResult } from './autosave-types.ts';
import type { AnswerSend } from './raw-answer.ts';
import { sendFailure } from './send-failure.ts';

/** The address of a form instance's answers (decision 071), e.g. `forms/national-report/2026-PH/answers`. */
export const answersPath = (form: string, instance: string) =>
  `forms/${encodeURIComponent(form)}/${encodeURIComponent(instance)}/answers`;

/**
 * The data-entry kit's one transport (decision 071): a batch of changed answers to the form's
 * answers route, the reply checked against the shared schema. The same bodies for every form:
 * 409 is a conflict with the answers as they are now, 423 a lock with its reason, the rest as
 * `sendFailure` reads it. The reply's instance (status, version, completeness) is the `extra`.
 */
export function formAnswersTransport(form: string, instance: string, client: ApiClient = api) {
  return async (batch: AnswerSend[], options?: SendOptions): Promise<SendResult<Answer, FormAnswers>> => {
    try {
      const reply = await client.request('POST', answersPath(form, instance), {
        schema: FormAnswersResponseSchema,
        body: { answers: batch },
        ...(options?.keepalive && { keepalive: true }),
      });
      return { kind: 'saved', answers: reply.data.answers, extra: reply.data };
    } catch (error) {
      if (error instanceof ApiError && error.status === 409)
        return { kind: 'conflict', current: conflictOf(error, AnswerSchema.array()) ?? [], message: error.message };
      if (error instanceof ApiError && error.status === 423) {
        const locked = FormLockedResponseSchema.safeParse(error.body);
        return { kind: 'locked', message: error.message, reason: locked.success ? locked.data.reason : null };
      }
      return sendFailure(error);
    }
  };
}
