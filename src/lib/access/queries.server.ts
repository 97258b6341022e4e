import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../db/client.server.ts';
import { modules, permissions, roles, rules } from '../db/schema.ts';
import type { AclResponse, AclSaveBody } from './schema.ts';

/** The role × module × rule matrix in the ACL shape of spec §3. */
export async function loadAcl(db: Db): Promise<AclResponse> {
  const [roleRows, moduleRows, ruleRows, grantRows] = await Promise.all([
    db.select({ id: roles.id, name: roles.name, description: roles.description }).from(roles).orderBy(asc(roles.id)),
    db.select().from(modules).orderBy(asc(modules.sortOrder)),
    db.select().from(rules).orderBy(asc(rules.sortOrder)),
    db.select().from(permissions).where(eq(permissions.enabled, true)),
  ]);
  const granted = new Set(grantRows.map((g) => `${g.roleId}:${g.moduleId}:${g.ruleId}`));
  return {
    roles: roleRows,
    modules: moduleRows.map((module) => ({
      label: module.label,
      module: module.module,
      rules: ruleRows.map((rule) => ({ label: rule.label, action: rule.action })),
      permissions: roleRows.map((role) => {
        const cells = ruleRows.map((rule) => ({
          label: rule.label,
          action: rule.action,
          enabled: granted.has(`${role.id}:${module.id}:${rule.id}`),
        }));
        return { ...role, enabled: cells.some((cell) => cell.enabled), rules: cells };
      }),
    })),
  };
}

export class UnknownRoleError extends Error {}

/** Writes every listed cell of the matrix in one transaction. */
export async function saveAcl(db: Db, body: AclSaveBody): Promise<void> {
  const [roleRows, moduleRows, ruleRows] = await Promise.all([
    db.select({ id: roles.id }).from(roles),
    db.select().from(modules),
    db.select().from(rules),
  ]);
  const roleIds = new Set(roleRows.map((r) => r.id));
  const unknownRoles = body.modules.flatMap((m) => m.permissions.map((p) => p.id)).filter((id) => !roleIds.has(id));
  if (unknownRoles.length > 0) throw new UnknownRoleError(`unknown role id: ${[...new Set(unknownRoles)].join(', ')}`);
  await db.transaction(async (tx) => {
    for (const entry of body.modules) {
      const module = moduleRows.find((m) => m.module === entry.module)!;
      for (const permission of entry.permissions) {
        for (const cell of permission.rules) {
          const rule = ruleRows.find((r) => r.action === cell.action)!;
          const updated = await tx
            .update(permissions)
            .set({ enabled: cell.enabled })
            .where(
              and(
                eq(permissions.roleId, permission.id),
                eq(permissions.moduleId, module.id),
                eq(permissions.ruleId, rule.id),
              ),
            )
            .returning({ id: permissions.id });
          if (updated.length === 0) {
            await tx
              .insert(permissions)
              .values({ roleId: permission.id, moduleId: module.id, ruleId: rule.id, enabled: cell.enabled });
          }
        }
      }
    }
  });
}
