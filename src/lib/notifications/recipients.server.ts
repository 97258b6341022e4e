import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { USER_STATUS } from '../access/permissions.ts';
import type { DbOrTx } from '../audit/service.server.ts';
import { notificationPreferences, roles, userRoles, users } from '../db/schema.ts';
import type { Audience } from './kinds.ts';

/** A person to notify, with their email choices. */
export interface Recipient {
  id: number;
  name: string | null;
  email: string;
  /** The language of their account (en, zh, fr, ru), null until chosen: their emails are written in it. */
  language: string | null;
  choices: Record<string, boolean>;
}

const COUNTRY_ROLES = ['state_admin', 'state_member'];
const SECRETARIAT_ROLES = ['admin', 'tuxuri'];

/**
 * The active users an audience names: the country's focal points and country administrators,
 * the regional secretariat, or the user the change is about. The actor is never told of their
 * own change.
 */
export async function findRecipients(
  tx: DbOrTx,
  audience: Audience,
  scope: { country?: string | undefined; userUuid?: string | undefined },
  actorId: number | null,
): Promise<Recipient[]> {
  const conditions = [eq(users.status, USER_STATUS.active)];
  if (actorId !== null) conditions.push(ne(users.id, actorId));
  if (audience === 'self') {
    if (!scope.userUuid) return [];
    conditions.push(eq(users.uuid, scope.userUuid));
  } else {
    const names = audience === 'country' ? COUNTRY_ROLES : SECRETARIAT_ROLES;
    if (audience === 'country') {
      if (!scope.country) return [];
      conditions.push(eq(users.countryCode, scope.country));
    }
    const holders = tx
      .select({ id: userRoles.userId })
      .from(userRoles)
      .innerJoin(roles, eq(roles.id, userRoles.roleId))
      .where(inArray(roles.name, names));
    conditions.push(inArray(users.id, holders));
  }
  const rows = await tx
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      language: users.language,
      choices: sql<Record<string, boolean> | null>`${notificationPreferences.email}`,
    })
    .from(users)
    .leftJoin(notificationPreferences, eq(notificationPreferences.userId, users.id))
    .where(and(...conditions))
    .orderBy(users.id);
  return rows.map((row) => ({ ...row, choices: row.choices ?? {} }));
}
