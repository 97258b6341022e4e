import { z } from 'zod';
import { CountryCodeSchema, CountrySchema } from '../countries/schema.ts';
import { dataResponse, GenericResponseSchema, queryInt } from '../http/schema.ts';
import { PersonNameSchema, PhoneNumberSchema } from '../identity/schema.ts';

export const RoleSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
});
export type Role = z.output<typeof RoleSchema>;

export const RoleListResponseSchema = dataResponse(RoleSchema);

/** One row of GET /api/user/list, also the body of GET /api/user/show/{uuid} (spec §3). */
export const UserListItemSchema = z.object({
  id: z.number().int(),
  name: z.string().nullable(),
  username: z.string(),
  member_id: z.string(),
  email: z.string(),
  phone_number: z.string().nullable(),
  country_code: z.string().nullable(),
  created_at: z.string(),
  status: z.number().int(),
  photo: z.string().nullable(),
  uuid: z.string(),
  country: CountrySchema.nullable(),
  roles: z.array(RoleSchema),
});
export type UserListItem = z.output<typeof UserListItemSchema>;

export const UserListResponseSchema = z.object({
  data: z.array(UserListItemSchema),
  per_page: z.number().int(),
  page: z.number().int(),
  total: z.number().int(),
});
export type UserListResponse = z.output<typeof UserListResponseSchema>;

export const USER_PAGE_SIZE_DEFAULT = 20;
export const USER_PAGE_SIZE_MAX = 100;
export const USER_SEARCH_MAX = 100;

export const UserListQuerySchema = z.object({
  q: z.string().trim().max(USER_SEARCH_MAX, `must be at most ${USER_SEARCH_MAX} characters`).optional(),
  status: z
    .preprocess(
      (value) => (value === '' || value === undefined ? undefined : Number(value)),
      z.number({ error: 'must be a status number such as 0, 1 or 2' }).int('must be a whole number').min(0).max(9).optional(),
    )
    .optional(),
  country_code: z.preprocess((value) => (value === '' ? undefined : value), CountryCodeSchema.optional()),
  page: queryInt({ min: 1, max: 1_000_000, fallback: 1 }),
  per_page: queryInt({ min: 1, max: USER_PAGE_SIZE_MAX, fallback: USER_PAGE_SIZE_DEFAULT }),
});
export type UserListQuery = z.output<typeof UserListQuerySchema>;

export const UserStatusSchema = z.union([z.literal(0), z.literal(1), z.literal(2)], {
  error: 'must be 0 (inactive), 1 (active) or 2 (suspended)',
});

/** User statuses the back-office offers: 1 is active (spec §4); others are kinds of inactive. */
export const USER_STATUS_LABELS: Record<number, string> = { 0: 'Inactive', 1: 'Active', 2: 'Suspended' };

/** POST /api/user/edit/{uuid}. A user holds at most one role: permission checks need exactly one. */
export const UserEditBodySchema = z.object({
  name: PersonNameSchema.optional(),
  phone_number: z.union([PhoneNumberSchema, z.literal('').transform(() => null), z.null()]).optional(),
  country_code: z.union([CountryCodeSchema, z.null()]).optional(),
  status: UserStatusSchema.optional(),
  roles: z.array(z.string().min(1)).max(1, 'a user holds at most one role').optional(),
});
export type UserEditBody = z.input<typeof UserEditBodySchema>;

export const InactiveCountResponseSchema = GenericResponseSchema.extend({ data: z.number().int() });

/** The answer of POST /api/user/edit/{uuid}: the user as saved. */
export const UserEditResponseSchema = GenericResponseSchema.extend({ data: UserListItemSchema });
export type UserEditResponse = z.output<typeof UserEditResponseSchema>;

/** GET /api/user/stats: how many users there are per status and per country, in the caller's scope. */
export const UserStatsResponseSchema = GenericResponseSchema.extend({
  data: z.object({
    total: z.number().int(),
    by_status: z.array(z.object({ status: z.number().int(), count: z.number().int() })),
    by_country: z.array(z.object({ country_code: z.string().nullable(), count: z.number().int() })),
  }),
});
export type UserStats = z.output<typeof UserStatsResponseSchema>['data'];
