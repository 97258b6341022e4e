import { randomBytes } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.server.ts';
import type { AppDeps } from '../deps.server.ts';
import { SUPER_ADMIN_ROLE, USER_STATUS } from '../access/permissions.ts';
import { findCountry, toCountry } from '../countries/queries.server.ts';
import { modules, permissions, roles, rules, userRoles, users } from '../db/schema.ts';
import { safeText } from '../http/safe-text.ts';
import type { UserRow } from '../users/queries.server.ts';
import { LanguageSchema, type Whoami } from './schema.ts';

/** The whoami identity of a user row: country, roles and each role's enabled rules per module. */
export async function loadIdentity(db: Db, user: UserRow): Promise<Whoami> {
  const countryRow = user.countryCode ? await findCountry(db, user.countryCode) : null;
  const roleRows = await db
    .select({ id: roles.id, name: roles.name, description: roles.description })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(eq(userRoles.userId, user.id))
    .orderBy(asc(roles.id));
  const grants =
    roleRows.length === 0
      ? []
      : await db
          .select({ roleId: permissions.roleId, module: modules.module, action: rules.action })
          .from(permissions)
          .innerJoin(userRoles, and(eq(userRoles.roleId, permissions.roleId), eq(userRoles.userId, user.id)))
          .innerJoin(modules, eq(modules.id, permissions.moduleId))
          .innerJoin(rules, eq(rules.id, permissions.ruleId))
          .where(eq(permissions.enabled, true))
          .orderBy(asc(modules.sortOrder), asc(rules.sortOrder));
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    uuid: user.uuid,
    status: user.status,
    phone_number: user.phoneNumber,
    country_code: user.countryCode,
    photo: user.photo,
    created_at: user.createdAt.toISOString(),
    country: countryRow ? toCountry(countryRow) : null,
    version: user.version,
    language: LanguageSchema.nullable().catch(null).parse(user.language),
    roles: roleRows.map((role) => {
      const byModule = new Map<string, string[]>();
      for (const grant of grants) {
        if (grant.roleId !== role.id) continue;
        const list = byModule.get(grant.module) ?? [];
        list.push(grant.action);
        byModule.set(grant.module, list);
      }
      return { ...role, permissions: [...byModule].map(([module, actions]) => ({ module, rules: actions })) };
    }),
  };
}

export function newMemberId(): string {
  return `APUA-${randomBytes(4).toString('hex').toUpperCase()}`;
}

export function usernameFromEmail(email: string): string {
  return email.split('@')[0]!.toLowerCase().slice(0, 64);
}

/**
 * The user row of a signed-in account, created on first sight: inactive, no country, no role,
 * unless the email is in ADMIN_EMAILS (then active with the tuxuri role). A row that exists for
 * the same email but no uid yet (seeded or invited) is linked to the account. A row linked to
 * another uid is moved to this account (e.g. one re-created in the identity service) only when
 * the account signed in with its password and the identity service's record says that email is
 * verified (`canRelink`): another provider's email claim proves nothing about who owns the row.
 * Every link by email is logged.
 */
/** The user row of this id (e.g. the signed-in user's, read again inside a transaction). */
export async function findUserRow(db: Db, id: number): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row ?? null;
}

/** Who signs in: the identity service's account, its email and what it says of them. */
interface SignInAccount {
  uid: string;
  email: string;
  /** The email was verified by password sign-in, per the identity service's own record. */
  canRelink?: boolean;
  name?: string | undefined;
  photo?: string | undefined;
}

export async function findOrCreateUser(
  deps: Pick<AppDeps, 'db' | 'changes'>,
  account: SignInAccount,
  adminEmails: readonly string[],
): Promise<{ user: UserRow; created: boolean; linked: boolean }> {
  const { db } = deps;
  const [existing] = await db.select().from(users).where(eq(users.firebaseUid, account.uid)).limit(1);
  if (existing) return { user: existing, created: false, linked: false };

  const email = account.email.toLowerCase();
  const linked = await linkByEmail(deps, account, email);
  if (linked) return { user: linked, created: false, linked: true };
  return createUser(deps, account, email, adminEmails.includes(email));
}

/** Links the account to the user row of its email when it may (see above), logging it; null when it does not. */
async function linkByEmail(
  deps: Pick<AppDeps, 'db' | 'changes'>,
  account: SignInAccount,
  email: string,
): Promise<UserRow | null> {
  const { db } = deps;
  const [byEmail] = await db
    .select({ id: users.id, firebaseUid: users.firebaseUid })
    .from(users)
    .where(sql`lower(${users.email}) = ${email}`)
    .limit(1);
  if (!byEmail || (byEmail.firebaseUid !== null && account.canRelink !== true)) return null;
  const linked = await deps.changes.write(db, async (w) => {
    // Conditional on the uid read just now: a concurrent link of the same row wins once.
    const [row] = await w.tx
      .update(users)
      .set({ firebaseUid: account.uid, updatedAt: new Date() })
      .where(
        and(
          eq(users.id, byEmail.id),
          byEmail.firebaseUid === null ? sql`${users.firebaseUid} is null` : eq(users.firebaseUid, byEmail.firebaseUid),
        ),
      )
      .returning();
    if (!row) return null;
    await w.audit({
      actorId: row.id,
      entity: 'user',
      entityId: row.uuid,
      action: 'link',
      before: { account: byEmail.firebaseUid },
      after: { account: account.uid },
    });
    await w.emit({ type: 'user.updated', data: { uuid: row.uuid }, actorId: row.id, site: false });
    return row;
  });
  if (!linked) return null;
  console.log(
    byEmail.firebaseUid === null
      ? `[identity] user ${linked.id} (${email}) linked to account ${account.uid}`
      : `[identity] user ${linked.id} (${email}) moved from account ${byEmail.firebaseUid} to ` +
          `account ${account.uid} (password sign-in, email verified)`,
  );
  return linked;
}

/**
 * A new user for the account: active with the Super Administrator role when its email is in ADMIN_EMAILS, else waiting
 * for activation.
 */
async function createUser(
  deps: Pick<AppDeps, 'db' | 'changes'>,
  account: SignInAccount,
  email: string,
  isAdmin: boolean,
): Promise<{ user: UserRow; created: boolean; linked: boolean }> {
  const { db } = deps;
  return deps.changes.write(db, async (w) => {
    const { tx } = w;
    const [created] = await tx
      .insert(users)
      .values({
        firebaseUid: account.uid,
        email,
        // A name from the identity service is what a person wrote, made safe like any field (decision 057).
        name: account.name ? safeText(account.name) : null,
        photo: account.photo ?? null,
        username: usernameFromEmail(email),
        memberId: newMemberId(),
        status: isAdmin ? USER_STATUS.active : USER_STATUS.inactive,
      })
      .onConflictDoNothing()
      .returning();
    if (!created) {
      // Another request for the same account won the race, or the email belongs to another account.
      const [raced] = await tx.select().from(users).where(eq(users.firebaseUid, account.uid)).limit(1);
      if (raced) return { user: raced, created: false, linked: false };
      throw new EmailTakenError(email);
    }
    if (isAdmin) {
      const [role] = await tx.select({ id: roles.id }).from(roles).where(eq(roles.name, SUPER_ADMIN_ROLE)).limit(1);
      if (role) await tx.insert(userRoles).values({ userId: created.id, roleId: role.id }).onConflictDoNothing();
    }
    await w.audit({
      actorId: created.id,
      entity: 'user',
      entityId: created.uuid,
      action: 'create',
      after: { email, status: created.status, roles: isAdmin ? [SUPER_ADMIN_ROLE] : [] },
    });
    // An account from ADMIN_EMAILS is active at once: it awaits no one's activation.
    if (!isAdmin)
      await w.emit({ type: 'user.created', data: { uuid: created.uuid }, actorId: created.id, site: false });
    else await w.emit({ type: 'user.updated', data: { uuid: created.uuid }, actorId: created.id, site: false });
    return { user: created, created: true, linked: false };
  });
}

export class EmailTakenError extends Error {
  constructor(email: string) {
    super(`The email ${email} already belongs to another account`);
  }
}
