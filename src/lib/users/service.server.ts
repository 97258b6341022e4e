import type { Locale } from '../../i18n/locales.ts';
import { and, eq, sql } from 'drizzle-orm';
import {
  grantableRoles,
  isAdminLevel,
  isAdminLevelRole,
  isSuperAdmin,
  SUPER_ADMIN_ROLE,
  USER_STATUS,
} from '../access/permissions.ts';
import { findCountry } from '../countries/queries.server.ts';
import { COUNTRY_STATUS } from '../countries/schema.ts';
import type { Db } from '../db/client.server.ts';
import { userRoles, users } from '../db/schema.ts';
import type { AppDeps, AuthedUser } from '../deps.server.ts';
import { ApiError, conflict, forbidden, StaleWriteError, versionRequired } from '../http/errors.server.ts';
import { sentFields } from '../http/schema.ts';
import { findUserRow, loadIdentity } from '../identity/queries.server.ts';
import type { Profile, Whoami } from '../identity/schema.ts';
import { countOtherActiveAdmins, findRolesByName, findUserByUuid } from './queries.server.ts';
import type { Role, UserEdit, UserListItem } from './schema.ts';
import { say } from '../i18n/said.ts';

/** Advisory lock key taken by edits that demote or deactivate an administrator. */
const LAST_ADMIN_LOCK = 7_310_001;

const invalidField = (field: string, message: string) =>
  new ApiError(400, say('Invalid {what}: check {fields}', { what: 'body', fields: field }), { [field]: [message] });

/** The roles an edit sets, checked against what the actor may grant and remove; undefined keeps them. */
async function rolesAfterEdit(db: Db, actor: AuthedUser, target: UserListItem, names: readonly string[] | undefined) {
  if (names === undefined) return undefined;
  const next = await findRolesByName(db, names);
  const unknown = names.filter((name) => !next.some((r) => r.name === name));
  if (unknown.length > 0) throw invalidField('roles', say('unknown role: {role}', { role: unknown.join(', ') }));
  const had = (name: string) => target.roles.some((r) => r.name === name);
  const allowed = grantableRoles(actor.identity) as readonly string[];
  if (next.some((r) => !had(r.name) && !allowed.includes(r.name))) throw forbidden('You may not grant this role');
  if (had(SUPER_ADMIN_ROLE) && !next.some((r) => r.name === SUPER_ADMIN_ROLE) && !isSuperAdmin(actor.identity)) {
    throw forbidden('Only a Super Administrator may remove the Super Administrator role');
  }
  return next;
}

/** The refusals of spec §6 and issue 6 that do not depend on the new roles. */
async function checkEdit(db: Db, actor: AuthedUser, target: UserListItem, edit: UserEdit): Promise<void> {
  const actorIsAdmin = isAdminLevel(actor.identity);
  if (!actorIsAdmin && target.roles.some((r) => isAdminLevelRole(r.name))) {
    throw forbidden('Only administrators may edit administrators');
  }
  const targetIsSuper = target.roles.some((r) => r.name === SUPER_ADMIN_ROLE);
  if (targetIsSuper && !isSuperAdmin(actor.identity) && edit.status !== undefined && edit.status !== target.status) {
    throw forbidden("Only a Super Administrator may change a Super Administrator's status");
  }
  if (edit.country_code !== undefined && edit.country_code !== null && !(await findCountry(db, edit.country_code))) {
    throw invalidField('country_code', 'is not a known country');
  }
  if (!actorIsAdmin && edit.country_code !== undefined && edit.country_code !== actor.identity.country_code) {
    throw forbidden('You may assign users only to your own country');
  }
}

/**
 * Edits a user as `actor` (a user manager whose scope was already checked), if the user is
 * still at `version`: otherwise a StaleWriteError carries the user as they are now. Fields left
 * out keep their value. The last active administrator cannot step down.
 */
export async function editUser(
  deps: Pick<AppDeps, 'db' | 'changes'>,
  input: { actor: AuthedUser; target: UserListItem; edit: UserEdit; version: number },
): Promise<UserListItem> {
  const { actor, target, edit } = input;
  const { db } = deps;
  await checkEdit(db, actor, target, edit);
  const newRoles: Role[] | undefined = await rolesAfterEdit(db, actor, target, edit.roles);
  const isAdmin = (roles: readonly Role[]) => roles.some((r) => isAdminLevelRole(r.name));
  const staysAdmin = isAdmin(newRoles ?? target.roles);
  const staysActive = (edit.status ?? target.status) === USER_STATUS.active;
  const stepsDown = isAdmin(target.roles) && target.status === USER_STATUS.active && (!staysAdmin || !staysActive);

  return deps.changes.write(db, async (w) => {
    const { tx } = w;
    const [updated] = await tx
      .update(users)
      .set({
        ...sentFields(edit, {
          name: 'name',
          phone_number: 'phoneNumber',
          country_code: 'countryCode',
          status: 'status',
        }),
        version: sql`${users.version} + 1`,
        updatedAt: new Date(),
        updatedBy: actor.user.id,
      })
      .where(and(eq(users.id, target.id), eq(users.version, input.version)))
      .returning({ id: users.id });
    if (!updated) throw new StaleWriteError(await findUserByUuid(tx, target.uuid));
    if (stepsDown) {
      // Serialised and counted inside the transaction: two administrators demoting each other
      // at once must not both see the other one as "still active" and leave none.
      await tx.execute(sql`select pg_advisory_xact_lock(${LAST_ADMIN_LOCK})`);
      if ((await countOtherActiveAdmins(tx, target.id)) === 0) {
        throw conflict('This is the last active administrator: they cannot be deactivated or demoted');
      }
    }
    if (newRoles !== undefined) {
      await tx.delete(userRoles).where(eq(userRoles.userId, target.id));
      if (newRoles.length > 0)
        await tx.insert(userRoles).values(newRoles.map((r) => ({ userId: target.id, roleId: r.id })));
    }
    const after = (await findUserByUuid(tx, target.uuid))!;
    const actorId = actor.user.id;
    await w.audit({ actorId, entity: 'user', entityId: target.uuid, action: 'update', before: target, after });
    await w.emit({ type: 'user.updated', data: { uuid: target.uuid }, actorId, site: false });
    if (after.status !== target.status) {
      const type = after.status === USER_STATUS.active ? 'user.activated' : 'user.deactivated';
      await w.emit({ type, data: { uuid: target.uuid }, actorId, site: false });
    }
    const roleNames = (list: readonly Role[]) =>
      list
        .map((r) => r.name)
        .sort()
        .join(',');
    if (roleNames(after.roles) !== roleNames(target.roles)) {
      const roles = after.roles.map((r) => r.name);
      await w.emit({ type: 'user.role.changed', data: { uuid: target.uuid, roles }, actorId, site: false });
    }
    return after;
  });
}

/**
 * Saves the signed-in user's own profile (profile completion), if their record is still at
 * `version`; otherwise a StaleWriteError carries their identity as it is now.
 */
export async function saveProfile(
  deps: Pick<AppDeps, 'db' | 'changes'>,
  input: { me: AuthedUser; profile: Profile; version: number | undefined },
): Promise<Whoami> {
  const { me, profile } = input;
  const { db } = deps;
  const country = await findCountry(db, profile.country_code);
  if (!country || country.status !== COUNTRY_STATUS.active) {
    throw invalidField('country_code', 'must be an active country of the region');
  }
  return deps.changes.write(db, async (w) => {
    const { tx } = w;
    const before = await findUserRow(tx, me.user.id);
    if (!before) throw new ApiError(404, 'Your account no longer exists');
    // A profile not completed yet (no country) is being created: no version to check against.
    if (input.version === undefined && before.countryCode !== null) throw versionRequired();
    if (input.version !== undefined && before.version !== input.version)
      throw new StaleWriteError(await loadIdentity(tx, before));
    // Once set, only an administrator changes a user's country: it decides what they may reach.
    if (before.countryCode !== null && before.countryCode !== profile.country_code) {
      throw conflict('Your country is already set; ask an administrator to change it');
    }
    const [after] = await tx
      .update(users)
      .set({
        name: profile.name,
        phoneNumber: profile.phone_number,
        countryCode: profile.country_code,
        version: sql`${users.version} + 1`,
        updatedAt: new Date(),
        updatedBy: me.user.id,
      })
      .where(and(eq(users.id, me.user.id), eq(users.version, input.version ?? before.version)))
      .returning();
    if (!after) throw new StaleWriteError(await loadIdentity(tx, (await findUserRow(tx, me.user.id)) ?? before));
    const identity = await loadIdentity(tx, after);
    await w.audit({
      actorId: me.user.id,
      entity: 'user',
      entityId: after.uuid,
      action: 'profile',
      before: { name: before.name, phone_number: before.phoneNumber, country_code: before.countryCode },
      after: { name: after.name, phone_number: after.phoneNumber, country_code: after.countryCode },
    });
    await w.emit({ type: 'user.updated', data: { uuid: after.uuid }, actorId: me.user.id, site: false });
    return identity;
  });
}

/**
 * Sets the language of the signed-in person's back-office and emails. A preference, not part of
 * the record's details: it does not change the record's version, so a details form open in
 * another tab still saves.
 */
export async function saveLanguage(
  deps: Pick<AppDeps, 'db' | 'changes'>,
  input: { me: AuthedUser; language: Locale },
): Promise<void> {
  const { me, language } = input;
  await deps.changes.write(deps.db, async (w) => {
    const [before] = await w.tx.select({ language: users.language }).from(users).where(eq(users.id, me.user.id));
    if (!before) throw new ApiError(404, 'Your account no longer exists');
    if (before.language === language) return;
    await w.tx.update(users).set({ language }).where(eq(users.id, me.user.id));
    await w.audit({
      actorId: me.user.id,
      entity: 'user',
      entityId: me.user.uuid,
      action: 'language',
      before: { language: before.language },
      after: { language },
    });
    await w.emit({ type: 'user.updated', data: { uuid: me.user.uuid }, actorId: me.user.id, site: false });
  });
}
