import { z } from 'zod';
import { EditorSchema, GenericResponseSchema, VersionSchema, wholeNumber } from '../http/schema.ts';
import { RoleSchema } from '../users/schema.ts';
import { MODULE_NAMES, RULE_ACTIONS } from './permissions.ts';

const RuleRefSchema = z.object({ label: z.string(), action: z.string() });

export const AclPermissionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  enabled: z.boolean(),
  rules: z.array(RuleRefSchema.extend({ enabled: z.boolean() })),
});

export const AclModuleSchema = z.object({
  label: z.string(),
  module: z.string(),
  rules: z.array(RuleRefSchema),
  permissions: z.array(AclPermissionSchema),
});

/**
 * GET /api/administration/acl (spec §3), plus the matrix's one version (a save sends it back)
 * and when and by whom it was last saved (null before the first save).
 */
export const AclResponseSchema = z.object({
  roles: z.array(RoleSchema),
  modules: z.array(AclModuleSchema),
  version: VersionSchema,
  updated_at: z.string().nullable(),
  updated_by: EditorSchema.nullable(),
});
export type AclResponse = z.output<typeof AclResponseSchema>;

/** The answer of POST /api/administration/acl/saved: the matrix as saved, in the generic response. */
export const AclSaveResponseSchema = AclResponseSchema.extend(GenericResponseSchema.shape);
export type AclSaveResponse = z.output<typeof AclSaveResponseSchema>;

/**
 * POST /api/administration/acl/saved: the matrix as the screen edited it. Each listed
 * role × module gets exactly the rules marked enabled; cells not listed stay as they are.
 */
export const AclSaveBodySchema = z.object({
  modules: z
    .array(
      z.object({
        module: z.enum(MODULE_NAMES),
        permissions: z.array(
          z.object({
            id: wholeNumber({ min: 1, max: 2_000_000_000 }),
            rules: z.array(z.object({ action: z.enum(RULE_ACTIONS), enabled: z.boolean() })),
          }),
        ),
      }),
    )
    .min(1, 'must list at least one module'),
  /** The matrix's version the screen was showing; `If-Match` may carry it instead. */
  version: VersionSchema.optional(),
});
export type AclSaveBody = z.input<typeof AclSaveBodySchema>;
export type AclSave = z.output<typeof AclSaveBodySchema>;
