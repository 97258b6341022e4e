import { z } from 'zod';
import { dataResponse, GenericResponseSchema, text, VersionSchema } from '../http/schema.ts';
import { UserRefSchema } from './schema.ts';

/**
 * Comments on one answer of any form (issue 34 item 5, decision 077): a thread per comment (the
 * comment and its replies), resolved or open again as a whole. Never public.
 */

/** The longest comment or reply, in characters: the best practices' review comments' limit. */
export const FORM_COMMENT_MAX = 2000;

export const FormCommentSchema = z.object({
  id: z.number().int(),
  question_uuid: z.string(),
  /** The comment a reply answers; null for the comment that opens a thread. */
  parent_id: z.number().int().nullable(),
  body: z.string(),
  /** Who wrote it, named as the answer history names a person; null once their account is gone. */
  author: UserRefSchema.nullable(),
  created_at: z.string(),
  /** When the thread was marked resolved (on its first comment); null while it is open and on replies. */
  resolved_at: z.string().nullable(),
  resolved_by: UserRefSchema.nullable(),
  version: z.number().int(),
});
export type FormComment = z.output<typeof FormCommentSchema>;

/** Every comment of an instance, oldest first: threads are a comment and the replies naming it. */
export const FormCommentListResponseSchema = dataResponse(FormCommentSchema);
export const FormCommentResponseSchema = GenericResponseSchema.extend({ data: FormCommentSchema });

/** A new comment on one answer, or (`parent_id`) a reply in its thread (the question is then the thread's). */
export const FormCommentBodySchema = z
  .object({
    question_uuid: z.uuid('must be a question id').optional(),
    body: text({ max: FORM_COMMENT_MAX, min: 1, multiline: true }),
    parent_id: z.number().int('must be a comment number').positive('must be a comment number').optional(),
  })
  .refine((b) => b.question_uuid !== undefined || b.parent_id !== undefined, {
    path: ['question_uuid'],
    message: 'is required: the question the comment is about',
  });
export type FormCommentBody = z.output<typeof FormCommentBodySchema>;

/** Marks a thread resolved, or open again, from the version of its first comment read. */
export const FormCommentResolveBodySchema = z.object({
  resolved: z.boolean({ error: 'must be true (resolved) or false (open again)' }),
  version: VersionSchema.optional(),
});

export const FormCommentPathSchema = z.object({
  id: z
    .string()
    .regex(/^\d{1,9}$/, 'must be a comment number')
    .transform(Number),
});
