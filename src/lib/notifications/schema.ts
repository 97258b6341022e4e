import { z } from 'zod';
import {
  blankIsAbsent,
  GenericResponseSchema,
  itemResponse,
  PAGE_SIZE_DEFAULT,
  pagedResponse,
  pagingQuery,
  VersionSchema,
} from '../http/schema.ts';
import { NOTIFICATION_KIND_NAMES, type NotificationKind } from './kinds.ts';

/** The rows the bell's list asks for: as many as every list shows. */
export const NOTIFICATIONS_PAGE_SIZE = PAGE_SIZE_DEFAULT;
/** Notifications one request may mark read by uuid. */
export const MARK_READ_MAX = 200;

export const NotificationKindSchema = z.enum(NOTIFICATION_KIND_NAMES as [NotificationKind, ...NotificationKind[]]);

export const NotificationSchema = z.object({
  uuid: z.string(),
  kind: NotificationKindSchema,
  title: z.string(),
  body: z.string(),
  /** The back-office path where the work is. */
  link: z.string(),
  created_at: z.string(),
  read_at: z.string().nullable(),
});
export type Notification = z.output<typeof NotificationSchema>;

/** GET /api/notifications: the signed-in person's notifications, newest first. */
export const NotificationListQuerySchema = z.object({
  ...pagingQuery({ unit: 'per page' }),
  unread: blankIsAbsent(z.enum(['true', 'false']).optional()),
});
export type NotificationListQuery = z.output<typeof NotificationListQuerySchema>;

export const NotificationListResponseSchema = pagedResponse(NotificationSchema).extend({ unread: z.number().int() });
export type NotificationListResponse = z.output<typeof NotificationListResponseSchema>;

/** GET /api/notifications/unread: the bell's count, cheap enough to poll. */
export const UnreadCountResponseSchema = GenericResponseSchema.extend({ unread: z.number().int() });
export type UnreadCountResponse = z.output<typeof UnreadCountResponseSchema>;

/** POST /api/notifications/read: `{ uuids }` or `{ all: true }`. */
export const MarkReadBodySchema = z.union([
  z.object({ uuids: z.array(z.uuid('must be a notification id')).min(1).max(MARK_READ_MAX) }).strict(),
  z.object({ all: z.literal(true) }).strict(),
]);

export const MarkReadResponseSchema = GenericResponseSchema.extend({
  marked: z.number().int(),
  unread: z.number().int(),
});
export type MarkReadResponse = z.output<typeof MarkReadResponseSchema>;

/** One kind of the email choices: whether it goes by email, and whether that is the default. */
export const EmailChoiceSchema = z.object({ kind: NotificationKindSchema, email: z.boolean(), default: z.boolean() });

/** The kinds a person may receive, each with their email choice, and the choices' version. */
export const EmailChoicesSchema = z.object({ kinds: z.array(EmailChoiceSchema), version: z.number().int() });
export type EmailChoices = z.output<typeof EmailChoicesSchema>;

/** GET /api/notifications/preferences */
export const EmailChoicesResponseSchema = itemResponse(EmailChoicesSchema);
export type EmailChoicesResponse = z.output<typeof EmailChoicesResponseSchema>;

/** POST /api/notifications/preferences: the kinds to change, and the version they were read at. */
export const EmailChoicesBodySchema = z
  .object({ email: z.partialRecord(NotificationKindSchema, z.boolean()), version: VersionSchema })
  .strict();
