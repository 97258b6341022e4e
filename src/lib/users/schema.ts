import { z } from 'zod';
import { CountryCodeSchema } from '../countries/schema.ts';
import { USER_STATUS } from '../access/permissions.ts';
import {
  blankIsAbsent,
  blankIsNull,
  dataResponse,
  EditorSchema,
  itemResponse,
  listQuery,
  PAGE_SIZE_DEFAULT,
  pagedFields,
  text,
  VersionSchema,
  wholeNumber,
} from '../http/schema.ts';
import { AccountSchema, IdentityRoleSchema, PersonNameSchema, PhoneNumberSchema } from '../identity/schema.ts';

/** A role as the users' list names it: the role of whoami, without its permissions. */
export const RoleSchema = IdentityRoleSchema.omit({ permissions: true });
export type Role = z.output<typeof RoleSchema>;

export const RoleListResponseSchema = dataResponse(RoleSchema);
export type RoleListResponse = z.output<typeof RoleListResponseSchema>;

/**
 * One row of GET /api/user/list, also the body of GET /api/user/show/{uuid} (spec §3), plus the
 * version an edit sends back and who changed the user last.
 */
export const UserListItemSchema = AccountSchema.extend({
  username: z.string(),
  member_id: z.string(),
  roles: z.array(RoleSchema),
  version: VersionSchema,
  updated_at: z.string(),
  updated_by: EditorSchema.nullable(),
});
export type UserListItem = z.output<typeof UserListItemSchema>;

export const UserListResponseSchema = z.object(pagedFields(UserListItemSchema));
export type UserListResponse = z.output<typeof UserListResponseSchema>;

/** The rows the back-office list asks for: as many as every list shows. */
export const USER_PAGE_SIZE_DEFAULT = PAGE_SIZE_DEFAULT;
export const ROLE_NAME_MAX = 40;

export const UserListQuerySchema = listQuery(
  {
    status: z
      .preprocess(
        (value) => (value === '' || value === undefined ? undefined : Number(value)),
        wholeNumber({ min: 0, max: 9, invalid: 'must be a status number such as 0, 1 or 2' }).optional(),
      )
      .optional(),
    country_code: blankIsAbsent(CountryCodeSchema.optional()),
  },
  { unit: 'per page', lastPage: 1_000_000 },
);
export type UserListQuery = z.output<typeof UserListQuerySchema>;

export const UserStatusSchema = z.union(
  [z.literal(USER_STATUS.inactive), z.literal(USER_STATUS.active), z.literal(USER_STATUS.suspended)],
  { error: 'must be 0 (inactive), 1 (active) or 2 (suspended)' },
);

/** POST /api/user/edit/{uuid}. A user holds at most one role: permission checks need exactly one. */
export const UserEditBodySchema = z.object({
  name: PersonNameSchema.optional(),
  phone_number: blankIsNull(PhoneNumberSchema).optional(),
  country_code: z.union([CountryCodeSchema, z.null()]).optional(),
  status: UserStatusSchema.optional(),
  roles: z
    .array(text({ min: 1, max: ROLE_NAME_MAX }))
    .max(1, 'a user holds at most one role')
    .optional(),
  /** The version read; `If-Match` may carry it instead. */
  version: VersionSchema.optional(),
});
export type UserEditBody = z.input<typeof UserEditBodySchema>;
export type UserEdit = z.output<typeof UserEditBodySchema>;

/** The fields a user edit can change, for telling what changed between two versions of a user. */
export const USER_EDIT_FIELDS = ['name', 'phone_number', 'country_code', 'status', 'roles'] as const;
export type UserEditField = (typeof USER_EDIT_FIELDS)[number];

export const InactiveCountResponseSchema = itemResponse(z.number().int());
export type InactiveCountResponse = z.output<typeof InactiveCountResponseSchema>;

/** The answer of POST /api/user/edit/{uuid}: the user as saved. */
export const UserEditResponseSchema = itemResponse(UserListItemSchema);
export type UserEditResponse = z.output<typeof UserEditResponseSchema>;

/** GET /api/user/stats: how many users there are per status and per country, in the caller's scope. */
export const UserStatsResponseSchema = itemResponse(
  z.object({
    total: z.number().int(),
    by_status: z.array(z.object({ status: z.number().int(), count: z.number().int() })),
    by_country: z.array(z.object({ country_code: z.string().nullable(), count: z.number().int() })),
  }),
);
export type UserStatsResponse = z.output<typeof UserStatsResponseSchema>;
export type UserStats = UserStatsResponse['data'];
