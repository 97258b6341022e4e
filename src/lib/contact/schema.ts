import { z } from 'zod';
import {
  blankIsAbsent,
  EditorSchema,
  EMAIL_MAX,
  itemResponse,
  listQuery,
  pagedFields,
  statusChangeBody,
  text,
  VersionOnlyBodySchema,
  VersionSchema,
} from '../http/schema.ts';
import { NAME_MAX, PersonNameSchema } from '../identity/schema.ts';
import { SentMailItemSchema } from '../mail/schema.ts';

/** A sender's name: any person's name (src/lib/identity). */
export const CONTACT_NAME_MAX = NAME_MAX;
export const CONTACT_SUBJECT_MAX = 160;
export const CONTACT_MESSAGE_MIN = 10;
export const CONTACT_MESSAGE_MAX = 5000;
export const CONTACT_EMAIL_MAX = EMAIL_MAX;
/** Messages one client may send per window before getting a 429. */
export const CONTACT_RATE_LIMIT = 5;
export const CONTACT_RATE_WINDOW_MS = 10 * 60 * 1000;

/** POST /api/contact-us (public). `website` is a honeypot: people leave it empty. */
export const ContactBodySchema = z.object({
  name: PersonNameSchema,
  email: text({ min: 1, max: CONTACT_EMAIL_MAX }).pipe(z.email('must be an email address')),
  subject: text({ min: 3, max: CONTACT_SUBJECT_MAX }),
  message: text({ min: CONTACT_MESSAGE_MIN, max: CONTACT_MESSAGE_MAX, multiline: true }),
  website: text({ max: 500, multiline: true }).optional(),
});
export type ContactBody = z.input<typeof ContactBodySchema>;

/** Where a message stands in the secretariat's work: received, answered, or put away. */
export const CONTACT_STATUSES = ['new', 'answered', 'archived'] as const;
export type ContactStatus = (typeof CONTACT_STATUSES)[number];
export const CONTACT_STATUS_LABELS: Record<ContactStatus, string> = {
  new: 'New',
  answered: 'Answered',
  archived: 'Archived',
};
export const ContactStatusSchema = z.enum(CONTACT_STATUSES);

export const ContactMessageSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  subject: z.string(),
  message: z.string(),
  read_at: z.string().nullable(),
  created_at: z.string(),
  status: ContactStatusSchema,
  /** Who set the status last, and when; null while the message is new as received. */
  status_at: z.string().nullable(),
  status_by: EditorSchema.nullable(),
  version: z.number().int(),
});
export type ContactMessage = z.output<typeof ContactMessageSchema>;

/** A reply sent by email, as the outbox has it (`sent_at` is null while it waits there), with its text and author. */
export const ContactReplySchema = SentMailItemSchema.pick({
  to_address: true,
  subject: true,
  created_at: true,
  sent_at: true,
}).extend({
  id: z.number().int(),
  message: z.string(),
  author: EditorSchema.nullable(),
});
export type ContactReply = z.output<typeof ContactReplySchema>;

/** One message as GET contact-us/show/{id} returns it: with the replies sent to it, oldest first. */
export const ContactMessageDetailSchema = ContactMessageSchema.extend({ replies: z.array(ContactReplySchema) });
export type ContactMessageDetail = z.output<typeof ContactMessageDetailSchema>;

/** The list's status filter: read state (unread, read) or the work's status. */
export const CONTACT_LIST_FILTERS = ['unread', 'read', ...CONTACT_STATUSES] as const;
export type ContactListFilter = (typeof CONTACT_LIST_FILTERS)[number];

/** GET /api/contact-us/list: unread first, then newest. */
export const ContactListQuerySchema = listQuery(
  {
    status: blankIsAbsent(z.enum(CONTACT_LIST_FILTERS).optional()),
  },
  { unit: 'per page' },
);
export type ContactListQuery = z.output<typeof ContactListQuerySchema>;

export const ContactListResponseSchema = z.object({
  ...pagedFields(ContactMessageSchema),
  unread: z.number().int(),
});
export type ContactListResponse = z.output<typeof ContactListResponseSchema>;

export const ContactShowResponseSchema = itemResponse(ContactMessageDetailSchema);
export type ContactShowResponse = z.output<typeof ContactShowResponseSchema>;

/** POST contact-us/status/{id}: marks a message new, answered or archived. */
export const ContactStatusBodySchema = statusChangeBody(ContactStatusSchema);

/** POST contact-us/delete/{id}: the version may come as If-Match instead. */
export const ContactDeleteBodySchema = VersionOnlyBodySchema;

export const CONTACT_REPLY_MAX = 10_000;
/** POST contact-us/reply/{id}: an email to the sender; the message becomes answered. */
export const ContactReplyBodySchema = z.object({
  subject: text({ min: 3, max: CONTACT_SUBJECT_MAX + 4 }),
  message: text({ min: CONTACT_MESSAGE_MIN, max: CONTACT_REPLY_MAX, multiline: true }),
  version: VersionSchema.optional(),
});
export type ContactReplyBody = z.output<typeof ContactReplyBodySchema>;

/**
 * The answer to a status change or a reply: the message as it is now.
 * @alias (of ContactShowResponseSchema: the spec names the two answers apart)
 */
export const ContactActionResponseSchema = ContactShowResponseSchema;
export type ContactActionResponse = ContactShowResponse;
