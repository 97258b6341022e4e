import { z } from 'zod';
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

/** GET /api/administration/acl and the answer of POST /api/administration/acl/saved (spec §3). */
export const AclResponseSchema = z.object({
  roles: z.array(RoleSchema),
  modules: z.array(AclModuleSchema),
});
export type AclResponse = z.output<typeof AclResponseSchema>;

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
            id: z.number().int().positive(),
            rules: z.array(z.object({ action: z.enum(RULE_ACTIONS), enabled: z.boolean() })),
          }),
        ),
      }),
    )
    .min(1, 'must list at least one module'),
});
export type AclSaveBody = z.input<typeof AclSaveBodySchema>;
