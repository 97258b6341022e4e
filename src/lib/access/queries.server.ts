import { asc, eq } from 'drizzle-orm';
import type { Db } from '../db/client.server.ts';
import { editorOf, updater, updaterColumns } from '../db/editors.server.ts';
import { accessControl, modules, permissions, roles, rules } from '../db/schema.ts';
import type { AclResponse } from './schema.ts';

/** The id of the one access_control row. */
export const ACL_ROW = 1;

/** The matrix's version and last save (version 1 and nobody before the first save). */
export async function aclVersion(db: Db): Promise<Pick<AclResponse, 'version' | 'updated_at' | 'updated_by'>> {
  const [row] = await db
    .select({ version: accessControl.version, updatedAt: accessControl.updatedAt, ...updaterColumns })
    .from(accessControl)
    .leftJoin(updater, eq(updater.id, accessControl.updatedBy))
    .where(eq(accessControl.id, ACL_ROW))
    .limit(1);
  if (!row) return { version: 1, updated_at: null, updated_by: null };
  return { version: row.version, updated_at: row.updatedAt.toISOString(), updated_by: editorOf(row) };
}

/** The role × module × rule matrix in the ACL shape of spec §3, with its version. */
export async function loadAcl(db: Db): Promise<AclResponse> {
  const [roleRows, moduleRows, ruleRows, grantRows, version] = await Promise.all([
    db.select({ id: roles.id, name: roles.name, description: roles.description }).from(roles).orderBy(asc(roles.id)),
    db.select().from(modules).orderBy(asc(modules.sortOrder)),
    db.select().from(rules).orderBy(asc(rules.sortOrder)),
    db.select().from(permissions).where(eq(permissions.enabled, true)),
    aclVersion(db),
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
    ...version,
  };
}

/** The ids the matrix's names stand for. */
export async function aclReferences(db: Db) {
  const [roleRows, moduleRows, ruleRows] = await Promise.all([
    db.select({ id: roles.id }).from(roles),
    db.select().from(modules),
    db.select().from(rules),
  ]);
  return { roleIds: new Set(roleRows.map((r) => r.id)), moduleRows, ruleRows };
}
