import { z } from 'zod';
import { CountryCodeSchema, CountrySchema } from '../countries/schema.ts';

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

/** GET /api/whoami (spec §3 Identity). */
export const WhoamiSchema = z.object({
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
  roles: z.array(IdentityRoleSchema),
});
export type Whoami = z.output<typeof WhoamiSchema>;

export const NAME_MAX = 120;
export const PHONE_MAX = 32;

export const PersonNameSchema = z
  .string({ error: 'is required' })
  .trim()
  .min(2, 'must be at least 2 characters')
  .max(NAME_MAX, `must be at most ${NAME_MAX} characters`);

/** Loose international phone numbers: digits, spaces, +, -, parentheses and dots. */
export const PhoneNumberSchema = z
  .string()
  .trim()
  .max(PHONE_MAX, `must be at most ${PHONE_MAX} characters`)
  .regex(/^\+?[0-9 ()\-.]{6,}$/, 'must be a phone number such as +63 2 8123 4567');

/** POST /api/user/saved/profile: what /profile/completion collects. */
export const ProfileBodySchema = z.object({
  name: PersonNameSchema,
  phone_number: z.union([PhoneNumberSchema, z.literal('').transform(() => null), z.null()]).default(null),
  country_code: CountryCodeSchema,
});
export type ProfileBody = z.input<typeof ProfileBodySchema>;
