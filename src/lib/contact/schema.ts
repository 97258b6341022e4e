import { z } from 'zod';
import { GenericResponseSchema, queryInt, text } from '../http/schema.ts';

export const CONTACT_NAME_MAX = 120;
export const CONTACT_SUBJECT_MAX = 160;
export const CONTACT_MESSAGE_MIN = 10;
export const CONTACT_MESSAGE_MAX = 5000;
export const CONTACT_EMAIL_MAX = 254;
export const CONTACT_SEARCH_MAX = 100;
export const CONTACT_PAGE_SIZE_MAX = 100;
/** Messages one client may send per window before getting a 429. */
export const CONTACT_RATE_LIMIT = 5;
export const CONTACT_RATE_WINDOW_MS = 10 * 60 * 1000;

/** POST /api/contact-us (public). `website` is a honeypot: people leave it empty. */
export const ContactBodySchema = z.object({
  name: text({ min: 2, max: CONTACT_NAME_MAX }),
  email: text({ min: 1, max: CONTACT_EMAIL_MAX }).pipe(z.email('must be an email address')),
  subject: text({ min: 3, max: CONTACT_SUBJECT_MAX }),
  message: text({ min: CONTACT_MESSAGE_MIN, max: CONTACT_MESSAGE_MAX, multiline: true }),
  website: text({ max: 500, multiline: true }).optional(),
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
  q: text({ max: CONTACT_SEARCH_MAX }).optional(),
  status: z.preprocess((v) => (v === '' ? undefined : v), z.enum(['unread', 'read']).optional()),
  page: queryInt({ min: 1, max: 100_000, fallback: 1 }),
  per_page: queryInt({ min: 1, max: CONTACT_PAGE_SIZE_MAX, fallback: 20, unit: 'per page' }),
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
export type ContactShowResponse = z.output<typeof ContactShowResponseSchema>;
