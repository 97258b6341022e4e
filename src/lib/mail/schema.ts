import { z } from 'zod';
import { itemResponse, pagedResponse, pagingQuery } from '../http/schema.ts';

/** Waiting, claimed by a worker, sent, or refused for good by the SMTP server (never tried again). */
export const MAIL_STATUSES = ['queued', 'sending', 'sent', 'failed'] as const;

export const SentMailItemSchema = z.object({
  uuid: z.string(),
  kind: z.string(),
  to_address: z.string(),
  to_name: z.string().nullable(),
  subject: z.string(),
  status: z.enum(MAIL_STATUSES),
  attempts: z.number().int(),
  next_attempt_at: z.string().nullable(),
  last_error: z.string().nullable(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
});
export type SentMailItem = z.output<typeof SentMailItemSchema>;

/** GET /api/mail/sent (admin level): every message of the outbox, newest first. */
export const SentMailQuerySchema = z.object({
  ...pagingQuery({ unit: 'per page' }),
});
export type SentMailQuery = z.output<typeof SentMailQuerySchema>;

export const SentMailListResponseSchema = pagedResponse(SentMailItemSchema);
export type SentMailListResponse = z.output<typeof SentMailListResponseSchema>;

/** GET /api/mail/sent/:uuid: one message with its text and HTML. */
export const SentMailResponseSchema = itemResponse(SentMailItemSchema.extend({ text: z.string(), html: z.string() }));
export type SentMailResponse = z.output<typeof SentMailResponseSchema>;
