import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { RoleName } from '../../src/lib/access/permissions.ts';
import { roles, userRoles, users } from '../../src/lib/db/schema.ts';
import { newMemberId, usernameFromEmail } from '../../src/lib/identity/queries.server.ts';
import type { TestContext } from './app.ts';

export const TEST_PASSWORD = 'Test-Password-2026';

export interface UserOptions {
  role?: RoleName | null;
  country?: string | null;
  status?: number;
  emailVerified?: boolean;
  email?: string;
  name?: string | null;
}

/** A user row of the database (no account in the identity service). */
export interface TestUserRow {
  id: number;
  uuid: string;
  email: string;
  name: string | null;
  role: RoleName | null;
  country: string | null;
  status: number;
}

/** A user with an emulator account and a real ID token from signing in. */
export interface TestUser extends TestUserRow {
  uid: string;
  password: string;
  emailVerified: boolean;
  token: string;
}

export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}-${randomUUID().slice(0, 8)}@apua.test`;
}

/** Creates an account in the Auth emulator (no database row: the server creates one on first sight). */
export async function createAccount(
  ctx: TestContext,
  options: { email?: string; emailVerified?: boolean; name?: string } = {},
): Promise<{ uid: string; email: string; password: string }> {
  const email = options.email ?? uniqueEmail();
  const record = await ctx.auth.createUser({
    email,
    password: TEST_PASSWORD,
    emailVerified: options.emailVerified ?? true,
    ...(options.name && { displayName: options.name }),
  });
  return { uid: record.uid, email, password: TEST_PASSWORD };
}

/** Signs in through the emulator's REST API, as the browser SDK does; returns a real ID token. */
export async function signIn(ctx: TestContext, email: string, password = TEST_PASSWORD): Promise<string> {
  const response = await fetch(
    `http://${ctx.emulatorHost}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=fake-key`,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password, returnSecureToken: true }),
    },
  );
  const body = (await response.json()) as { idToken?: string; error?: { message: string } };
  if (!response.ok || !body.idToken) {
    throw new Error(`Sign-in of ${email} failed: ${body.error?.message ?? response.status}`);
  }
  return body.idToken;
}

/** Inserts a user row with its role; `uid` links it to an identity-service account. */
export async function insertUser(ctx: TestContext, options: UserOptions & { uid?: string } = {}): Promise<TestUserRow> {
  const { db } = ctx.deps;
  const email = (options.email ?? uniqueEmail()).toLowerCase();
  const role = options.role === undefined ? null : options.role;
  const country = options.country === undefined ? 'PH' : options.country;
  const status = options.status ?? 1;
  const name = options.name === undefined ? `Test ${email.split('@')[0]}` : options.name;
  const [row] = await db
    .insert(users)
    .values({
      firebaseUid: options.uid ?? null,
      email,
      name,
      username: usernameFromEmail(email),
      memberId: newMemberId(),
      status,
      countryCode: country,
    })
    .returning({ id: users.id, uuid: users.uuid });
  if (!row) throw new Error('insert into users returned nothing');
  if (role) {
    const [roleRow] = await db.select({ id: roles.id }).from(roles).where(eq(roles.name, role));
    if (!roleRow) throw new Error(`no role ${role}`);
    await db.insert(userRoles).values({ userId: row.id, roleId: roleRow.id });
  }
  // Like every write of the server, this one clears the caches of derived data.
  ctx.deps.caches.invalidate();
  return { id: row.id, uuid: row.uuid, email, name, role, country, status };
}

/**
 * A signed-in user: an emulator account, its database row (default: active, PH, no role) and a
 * real ID token.
 */
export async function createUser(ctx: TestContext, options: UserOptions = {}): Promise<TestUser> {
  const emailVerified = options.emailVerified ?? true;
  const account = await createAccount(ctx, {
    email: options.email ?? uniqueEmail(options.role ?? 'norole'),
    emailVerified,
  });
  const row = await insertUser(ctx, { ...options, email: account.email, uid: account.uid });
  const token = await signIn(ctx, account.email);
  return { ...row, uid: account.uid, password: account.password, emailVerified, token };
}

/** One signed-in user per kind the authorisation tests distinguish, all in PH unless said. */
export async function createRoleUsers(ctx: TestContext) {
  const [tuxuri, admin, stateAdmin, stateMember, inactive, noRole, unverified] = await Promise.all([
    createUser(ctx, { role: 'tuxuri', country: 'TH' }),
    createUser(ctx, { role: 'admin', country: 'JP' }),
    createUser(ctx, { role: 'state_admin', country: 'PH' }),
    createUser(ctx, { role: 'state_member', country: 'PH' }),
    // An administrator whose account is not active: the role must not help it.
    createUser(ctx, { role: 'admin', country: 'PH', status: 0 }),
    createUser(ctx, { role: null, country: 'PH' }),
    // An active administrator whose email is not verified.
    createUser(ctx, { role: 'admin', country: 'PH', emailVerified: false }),
  ]);
  return { tuxuri, admin, stateAdmin, stateMember, inactive, noRole, unverified };
}

export type RoleUsers = Awaited<ReturnType<typeof createRoleUsers>>;
export type RoleUserKind = keyof RoleUsers;
export const ROLE_USER_KINDS: readonly RoleUserKind[] = [
  'tuxuri',
  'admin',
  'stateAdmin',
  'stateMember',
  'inactive',
  'noRole',
  'unverified',
];
