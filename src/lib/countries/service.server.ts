import { and, eq, sql } from 'drizzle-orm';
import type { AppDeps } from '../deps.server.ts';
import { countries } from '../db/schema.ts';
import { notFound, StaleWriteError } from '../http/errors.server.ts';
import { findCountry, findCountryRecord, toCountryListItem } from './queries.server.ts';
import type { CountryRecord } from './schema.ts';
import { say } from '../i18n/said.ts';

/**
 * Turns a country on or off, if it is still at `version`; otherwise the change is refused with
 * the country as it is now.
 */
export async function setCountryStatus(
  deps: Pick<AppDeps, 'db' | 'changes'>,
  input: { code: string; status: number; version: number; actorId: number },
): Promise<CountryRecord> {
  return deps.changes.write(deps.db, async (w) => {
    const { tx } = w;
    const before = await findCountry(tx, input.code);
    if (!before) throw notFound(say('No country with code {code}', { code: input.code }));
    const [after] = await tx
      .update(countries)
      .set({
        status: input.status,
        version: sql`${countries.version} + 1`,
        updatedAt: new Date(),
        updatedBy: input.actorId,
      })
      .where(and(eq(countries.code, input.code), eq(countries.version, input.version)))
      .returning();
    if (!after) throw new StaleWriteError(await findCountryRecord(tx, input.code));
    await w.audit({
      actorId: input.actorId,
      entity: 'country',
      entityId: input.code,
      action: 'status',
      before: toCountryListItem(before),
      after: toCountryListItem(after),
    });
    // The public pages list only active countries: a country turned off or on changes the public
    // site (rebuilt), and a country turned off takes its pages off every instance at once (decision 053).
    const site = before.status !== after.status;
    await w.emit({ type: 'country.saved', data: { code: input.code }, actorId: input.actorId, site });
    return (await findCountryRecord(tx, input.code))!;
  });
}
