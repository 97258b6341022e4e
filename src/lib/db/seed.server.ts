import { and, eq, sql } from 'drizzle-orm';
import type { Auth } from 'firebase-admin/auth';
import { USER_STATUS, type ModuleName, type RoleName, type RuleAction } from '../access/permissions.ts';
import { newMemberId, usernameFromEmail } from '../identity/queries.server.ts';
import type { Db } from './client.server.ts';
import { flagPath, REGION_COUNTRIES } from './countries-data.ts';
import { CATEGORY_SEED } from '../best-practices/reference.ts';
import { bestPracticeCategories, countries, modules, permissions, roles, rules, userRoles, users } from './schema.ts';
import { seedDemoNationalReports, seedNationalReportReference } from '../national-reports/seed.server.ts';
import { seedDemoProfile, seedProfileReference } from '../urbanisation-profile/seed.server.ts';

export const ROLE_SEED: readonly { name: RoleName; description: string }[] = [
  { name: 'tuxuri', description: 'Super Administrator' },
  { name: 'admin', description: 'Administrator' },
  { name: 'state_admin', description: 'Country Administrator' },
  { name: 'state_member', description: 'Country Focal Point' },
];

export const MODULE_SEED: readonly { module: ModuleName; label: string }[] = [
  { module: 'national_report', label: 'National Reports' },
  { module: 'urban-profile-overview', label: 'Urbanisation Profile: Overview' },
  { module: 'urban-profile-analytics', label: 'Urbanisation Profile: Analytics' },
  { module: 'best-practice', label: 'Best Practices' },
];

export const RULE_SEED: readonly { action: RuleAction; label: string }[] = [
  { action: 'view', label: 'View' },
  { action: 'create', label: 'Create' },
  { action: 'update', label: 'Update' },
];

const ALL: readonly RuleAction[] = ['view', 'create', 'update'];

/** The access a fresh installation starts with; administrators change it on /admin/acl. */
export const DEFAULT_GRANTS: Record<RoleName, Partial<Record<ModuleName, readonly RuleAction[]>>> = {
  tuxuri: { national_report: ALL, 'urban-profile-overview': ALL, 'urban-profile-analytics': ALL, 'best-practice': ALL },
  admin: { national_report: ALL, 'urban-profile-overview': ALL, 'urban-profile-analytics': ALL, 'best-practice': ALL },
  state_admin: { national_report: ALL, 'urban-profile-analytics': ALL, 'best-practice': ALL },
  state_member: { national_report: ALL, 'urban-profile-analytics': ['view'], 'best-practice': ['view', 'create'] },
};

/**
 * Reference data every installation needs: countries, roles, modules, rules and the default
 * permission matrix. Idempotent: rows that exist are left as they are (edits survive restarts).
 */
export async function seedReferenceData(db: Db): Promise<void> {
  await db
    .insert(countries)
    .values(
      REGION_COUNTRIES.map((c) => ({ code: c.code, name: c.name, continent: c.continent, flag: flagPath(c.code) })),
    )
    .onConflictDoNothing();
  await db
    .insert(roles)
    .values([...ROLE_SEED])
    .onConflictDoNothing();
  await db
    .insert(modules)
    .values(MODULE_SEED.map((m, i) => ({ ...m, sortOrder: i })))
    .onConflictDoNothing();
  await db
    .insert(rules)
    .values(RULE_SEED.map((r, i) => ({ ...r, sortOrder: i })))
    .onConflictDoNothing();

  const [roleRows, moduleRows, ruleRows] = await Promise.all([
    db.select().from(roles),
    db.select().from(modules),
    db.select().from(rules),
  ]);
  const cells = roleRows.flatMap((role) =>
    moduleRows.flatMap((module) =>
      ruleRows.map((rule) => ({
        roleId: role.id,
        moduleId: module.id,
        ruleId: rule.id,
        enabled:
          DEFAULT_GRANTS[role.name as RoleName]?.[module.module as ModuleName]?.includes(rule.action as RuleAction) ??
          false,
      })),
    ),
  );
  await db.insert(permissions).values(cells).onConflictDoNothing();
  await db
    .insert(bestPracticeCategories)
    .values(CATEGORY_SEED.map((c, i) => ({ ...c, sortOrder: i })))
    .onConflictDoNothing();
  await seedNationalReportReference(db);
  await seedProfileReference(db);
}

export interface DemoAccount {
  email: string;
  password: string;
  name: string;
  role: RoleName | null;
  status: number;
  country: string | null;
}

export const DEMO_PASSWORD = 'Demo-Portal-2026';

/** One account per role, plus one awaiting activation; listed in the README. */
export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  {
    email: 'superadmin@apua.example',
    password: DEMO_PASSWORD,
    name: 'Siriporn Chaiyasit',
    role: 'tuxuri',
    status: USER_STATUS.active,
    country: 'TH',
  },
  {
    email: 'admin@apua.example',
    password: DEMO_PASSWORD,
    name: 'Aiko Tanaka',
    role: 'admin',
    status: USER_STATUS.active,
    country: 'JP',
  },
  {
    email: 'state.admin@apua.example',
    password: DEMO_PASSWORD,
    name: 'Maria Santos',
    role: 'state_admin',
    status: USER_STATUS.active,
    country: 'PH',
  },
  {
    email: 'member@apua.example',
    password: DEMO_PASSWORD,
    name: 'Jose Reyes',
    role: 'state_member',
    status: USER_STATUS.active,
    country: 'PH',
  },
  {
    email: 'pending@apua.example',
    password: DEMO_PASSWORD,
    name: 'Nguyen Van An',
    role: null,
    status: USER_STATUS.inactive,
    country: 'VN',
  },
];

/** Creates the demo accounts in the identity service and the database, if they are missing. */
export async function seedDemoAccounts(db: Db, auth: Auth, accounts: readonly DemoAccount[] = DEMO_ACCOUNTS) {
  for (const account of accounts) {
    let uid: string;
    try {
      uid = (await auth.getUserByEmail(account.email)).uid;
    } catch {
      uid = (
        await auth.createUser({
          email: account.email,
          password: account.password,
          displayName: account.name,
          emailVerified: true,
        })
      ).uid;
    }
    const [existing] = await db
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.email}) = ${account.email}`)
      .limit(1);
    if (existing) {
      await db.update(users).set({ firebaseUid: uid }).where(eq(users.id, existing.id));
      continue;
    }
    const [row] = await db
      .insert(users)
      .values({
        firebaseUid: uid,
        email: account.email,
        name: account.name,
        username: usernameFromEmail(account.email),
        memberId: newMemberId(),
        status: account.status,
        countryCode: account.country,
      })
      .returning({ id: users.id });
    if (row && account.role) {
      const [role] = await db
        .select({ id: roles.id })
        .from(roles)
        .where(and(eq(roles.name, account.role)));
      if (role) await db.insert(userRoles).values({ userId: row.id, roleId: role.id });
    }
  }
  // Demo reporting cycles and reports go with the demo accounts: never into tests or production.
  await seedDemoNationalReports(db);
  await seedDemoProfile(db);
}
