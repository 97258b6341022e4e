import { and, eq, sql } from 'drizzle-orm';
import type { AppDeps } from '../deps.server.ts';
import { accessControl, permissions } from '../db/schema.ts';
import { ApiError, StaleWriteError } from '../http/errors.server.ts';
import { ACL_ROW, aclReferences, loadAcl } from './queries.server.ts';
import type { AclResponse, AclSave } from './schema.ts';
import { say } from '../i18n/said.ts';

/** The enabled cells of a matrix, as `module|role|action`: what an audit event needs to show a change. */
function enabledCells(acl: AclResponse): string[] {
  return acl.modules.flatMap((m) =>
    m.permissions.flatMap((p) => p.rules.filter((r) => r.enabled).map((r) => `${m.module}|${p.name}|${r.action}`)),
  );
}

/**
 * Writes every listed cell of the matrix in one transaction, if the matrix is still at
 * `version`; otherwise a StaleWriteError carries the matrix as it is now. Cells not listed stay.
 */
export async function saveAcl(
  deps: Pick<AppDeps, 'db' | 'changes'>,
  input: { save: AclSave; version: number; actorId: number },
): Promise<AclResponse> {
  const { db } = deps;
  const { roleIds, moduleRows, ruleRows } = await aclReferences(db);
  const unknownRoles = input.save.modules
    .flatMap((m) => m.permissions.map((p) => p.id))
    .filter((id) => !roleIds.has(id));
  if (unknownRoles.length > 0) {
    throw new ApiError(400, say('Invalid {what}: check {fields}', { what: 'body', fields: 'modules.permissions.id' }), {
      'modules.permissions.id': [say('unknown role id: {id}', { id: [...new Set(unknownRoles)].join(', ') })],
    });
  }
  return deps.changes.write(db, async (w) => {
    const { tx } = w;
    // The row exists from the first save on; before it, the matrix counts as version 1.
    await tx.insert(accessControl).values({ id: ACL_ROW, version: 1 }).onConflictDoNothing();
    const [bumped] = await tx
      .update(accessControl)
      .set({ version: sql`${accessControl.version} + 1`, updatedAt: new Date(), updatedBy: input.actorId })
      .where(and(eq(accessControl.id, ACL_ROW), eq(accessControl.version, input.version)))
      .returning({ version: accessControl.version });
    if (!bumped) throw new StaleWriteError(await loadAcl(tx));
    const before = await loadAcl(tx);
    for (const entry of input.save.modules) {
      const module = moduleRows.find((m) => m.module === entry.module)!;
      for (const permission of entry.permissions) {
        for (const cell of permission.rules) {
          const rule = ruleRows.find((r) => r.action === cell.action)!;
          await tx
            .insert(permissions)
            .values({ roleId: permission.id, moduleId: module.id, ruleId: rule.id, enabled: cell.enabled })
            .onConflictDoUpdate({
              target: [permissions.roleId, permissions.moduleId, permissions.ruleId],
              set: { enabled: cell.enabled },
            });
        }
      }
    }
    const after = await loadAcl(tx);
    await w.audit({
      actorId: input.actorId,
      entity: 'acl',
      entityId: ACL_ROW,
      action: 'update',
      before: enabledCells(before),
      after: enabledCells(after),
    });
    const saved = new Set(input.save.modules.flatMap((m) => m.permissions.map((p) => p.id)));
    for (const role of after.roles.filter((r) => saved.has(r.id))) {
      await w.emit({ type: 'access.saved', data: { role: role.name }, actorId: input.actorId, site: false });
    }
    return after;
  });
}
