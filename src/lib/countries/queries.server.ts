import { asc, eq } from 'drizzle-orm';
import type { Db } from '../db/client.server.ts';
import { editorOf, updater, updaterColumns } from '../db/editors.server.ts';
import { countries } from '../db/schema.ts';
import type { Country, CountryListItem, CountryRecord } from './schema.ts';

export type CountryRow = typeof countries.$inferSelect;

export function toCountry(row: CountryRow): Country {
  return { code: row.code, name: row.name, flag: row.flag, status: row.status, continent: row.continent };
}

export function toCountryListItem(row: CountryRow): CountryListItem {
  return { ...toCountry(row), version: row.version, updated_at: row.updatedAt.toISOString() };
}

/** Every country by name, or those of one status. */
export async function listCountries(db: Db, status?: number): Promise<CountryListItem[]> {
  const rows = await db
    .select()
    .from(countries)
    .where(status === undefined ? undefined : eq(countries.status, status))
    .orderBy(asc(countries.name));
  return rows.map(toCountryListItem);
}

export async function findCountry(db: Db, code: string): Promise<CountryRow | null> {
  const [row] = await db.select().from(countries).where(eq(countries.code, code)).limit(1);
  return row ?? null;
}

/** The country with who changed it last: the answer of a change, and the `current` of a refused one. */
export async function findCountryRecord(db: Db, code: string): Promise<CountryRecord | null> {
  const [row] = await db
    .select({ country: countries, ...updaterColumns })
    .from(countries)
    .leftJoin(updater, eq(updater.id, countries.updatedBy))
    .where(eq(countries.code, code))
    .limit(1);
  return row ? { ...toCountryListItem(row.country), updated_by: editorOf(row) } : null;
}
