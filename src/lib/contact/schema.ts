import { z } from 'zod';
import { GenericResponseSchema, queryInt } from '../http/schema.ts';

export const CONTACT_NAME_MAX = 120;
export const CONTACT_SUBJECT_MAX = 160;
export const CONTACT_MESSAGE_MIN = 10;
export const CONTACT_MESSAGE_MAX = 5000;
/** Messages one client may send per window before getting a 429. */
export const CONTACT_RATE_LIMIT = 5;
export const CONTACT_RATE_WINDOW_MS = 10 * 60 * 1000;

/** POST /api/contact-us (public). `website` is a honeypot: people leave it empty. */
export const ContactBodySchema = z.object({
  name: z.string({ error: 'is required' }).trim().min(2, 'must be at least 2 characters').max(CONTACT_NAME_MAX),
  email: z.string({ error: 'is required' }).trim().max(254).pipe(z.email('must be an email address')),
  subject: z.string({ error: 'is required' }).trim().min(3, 'must be at least 3 characters').max(CONTACT_SUBJECT_MAX),
  message: z
    .string({ error: 'is required' })
    .trim()
    .min(CONTACT_MESSAGE_MIN, `must be at least ${CONTACT_MESSAGE_MIN} characters`)
    .max(CONTACT_MESSAGE_MAX, `must be at most ${CONTACT_MESSAGE_MAX} characters`),
  website: z.string().max(500).optional(),
});
export type ContactBody = z.input<typeof ContactBodySchema>;

export const ContactMessageSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  subject: z.string(),
  message: z.string(),
  read_at: z.string().nullable(),
  created_at: z.string(),
});
export type ContactMessage = z.output<typeof ContactMessageSchema>;

/** GET /api/contact-us/list: unread first, then newest. */
export const ContactListQuerySchema = z.object({
  q: z.string().trim().max(100).optional(),
  status: z.preprocess((v) => (v === '' ? undefined : v), z.enum(['unread', 'read']).optional()),
  page: queryInt({ min: 1, max: 100_000, fallback: 1 }),
  per_page: queryInt({ min: 1, max: 100, fallback: 20 }),
});
export type ContactListQuery = z.output<typeof ContactListQuerySchema>;

export const ContactListResponseSchema = z.object({
  data: z.array(ContactMessageSchema),
  per_page: z.number().int(),
  page: z.number().int(),
  total: z.number().int(),
  unread: z.number().int(),
});
export type ContactListResponse = z.output<typeof ContactListResponseSchema>;

export const ContactShowResponseSchema = GenericResponseSchema.extend({ data: ContactMessageSchema });
