import type { Db } from '../db/client.server.ts';
import { auditEvents } from '../db/schema.ts';

/** A database handle or an open transaction: audit events are written inside the change's own. */
export type DbOrTx = Pick<Db, 'insert' | 'select' | 'update' | 'delete' | 'execute'>;

export interface AuditEvent {
  /** users.id of the person who made the change; null for the system. */
  actorId: number | null;
  entity: string;
  entityId: string | number;
  action: string;
  before?: unknown;
  after?: unknown;
  note?: string | null;
}

/**
 * Appends one audit event (DESIGN.md §13). Call it with the transaction that makes the change,
 * so the change and its record commit or roll back together.
 */
export async function recordAudit(tx: DbOrTx, event: AuditEvent): Promise<void> {
  await tx.insert(auditEvents).values({
    actorId: event.actorId,
    entity: event.entity,
    entityId: String(event.entityId),
    action: event.action,
    before: event.before ?? null,
    after: event.after ?? null,
    note: event.note ?? null,
  });
}
