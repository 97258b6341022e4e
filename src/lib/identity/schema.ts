import { z } from 'zod';
import { CountryCodeSchema, CountrySchema } from '../countries/schema.ts';
import { blankIsNull, itemResponse, text, VersionSchema } from '../http/schema.ts';
import { LOCALES } from '../../i18n/locales.ts';

/** A language the portal speaks (issue 17): the back-office, its messages and the emails follow the account's. */
export const LanguageSchema = z.enum(LOCALES);

export const PermissionSchema = z.object({
  module: z.string(),
  rules: z.array(z.string()),
});

export const IdentityRoleSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  permissions: z.array(PermissionSchema),
});

/** A person's account as the API shows it, to themselves (whoami) and to the administrators (user rows). */
export const AccountSchema = z.object({
  id: z.number().int(),
  name: z.string().nullable(),
  email: z.string(),
  uuid: z.string(),
  status: z.number().int(),
  phone_number: z.string().nullable(),
  country_code: z.string().nullable(),
  photo: z.string().nullable(),
  created_at: z.string(),
  country: CountrySchema.nullable(),
});

/** GET /api/whoami (spec §3 Identity). */
export const WhoamiSchema = AccountSchema.extend({
  roles: z.array(IdentityRoleSchema),
  /** The language the person reads the portal in; null until their first sign-in chooses one. */
  language: LanguageSchema.nullable(),
  /** The version of the user's own record: the profile form sends it back. */
  version: VersionSchema,
});
export type Whoami = z.output<typeof WhoamiSchema>;

export const NAME_MAX = 120;
export const PHONE_MAX = 32;

export const PersonNameSchema = text({ min: 2, max: NAME_MAX });

/** Loose international phone numbers: digits, spaces, +, -, parentheses and dots. */
export const PhoneNumberSchema = text({ max: PHONE_MAX }).regex(
  /^\+?[0-9 ()\-.]{6,}$/,
  'must be a phone number such as +63 2 8123 4567',
);

/** POST /api/user/saved/profile: what /profile/completion collects. */
export const ProfileBodySchema = z.object({
  name: PersonNameSchema,
  phone_number: blankIsNull(PhoneNumberSchema).default(null),
  country_code: CountryCodeSchema,
  /** The version of whoami the form was filled from; `If-Match` may carry it instead. */
  version: VersionSchema.optional(),
});
export type ProfileBody = z.input<typeof ProfileBodySchema>;
export type Profile = z.output<typeof ProfileBodySchema>;

/** POST /api/user/saved/language: the language of the signed-in person's back-office and emails. */
export const LanguageBodySchema = z.object({ language: LanguageSchema });

/** GET /api/auth/session: whose download session the cookie holds. */
export const SessionResponseSchema = itemResponse(z.object({ email: z.string(), uuid: z.string() }));
export type SessionResponse = z.output<typeof SessionResponseSchema>;

/** The largest profile photo accepted, before it is re-encoded. */
export const PHOTO_MAX_BYTES = 5 * 1024 * 1024;
/** Profile photos are stored as one square WebP of this many pixels a side. */
export const PHOTO_SIZE_PX = 384;

/** POST /api/user/photo and DELETE /api/user/photo: the account's photo URL afterwards. */
export const PhotoResponseSchema = itemResponse(z.object({ photo: z.string().nullable() }));
export type PhotoResponse = z.output<typeof PhotoResponseSchema>;
