import { eq } from 'drizzle-orm';
import { accessControl, cmsItems, countries, users } from '../../src/lib/db/schema.ts';
import type { TestContext } from './app.ts';

/*
 * The current version of a record, read from the database, for tests whose subject is not
 * concurrency: their writes are based on what is there now. The stale-write tests
 * (tests/api/versions.test.ts) send old versions on purpose.
 */

export async function userVersion(ctx: TestContext, uuid: string): Promise<number> {
  // A malformed uuid is the server's to refuse (400), not the database's.
  if (!/^[0-9a-f-]{36}$/i.test(uuid)) return 1;
  const [row] = await ctx.deps.db.select({ version: users.version }).from(users).where(eq(users.uuid, uuid));
  return row?.version ?? 1;
}

export async function cmsVersion(ctx: TestContext, uuid: string): Promise<number> {
  if (!/^[0-9a-f-]{36}$/i.test(uuid)) return 1;
  const [row] = await ctx.deps.db.select({ version: cmsItems.version }).from(cmsItems).where(eq(cmsItems.uuid, uuid));
  // An unknown item: any version, so that the server's own answer (404) is what the test sees.
  return row?.version ?? 1;
}

export async function countryVersion(ctx: TestContext, code: string): Promise<number> {
  const [row] = await ctx.deps.db
    .select({ version: countries.version })
    .from(countries)
    .where(eq(countries.code, code.toUpperCase()));
  return row?.version ?? 1;
}

export async function aclVersion(ctx: TestContext): Promise<number> {
  const [row] = await ctx.deps.db.select({ version: accessControl.version }).from(accessControl);
  return row?.version ?? 1;
}

/** `json` with the version added, unless it names one itself. */
export function withVersion<T extends object>(json: T, version: number): T & { version: number } {
  return { version, ...json } as T & { version: number };
}
