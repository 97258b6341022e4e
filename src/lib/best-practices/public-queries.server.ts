import { and, eq, getTableColumns, sql } from 'drizzle-orm';
import type { Db } from '../db/client.server.ts';
import { bestPractices, countries } from '../db/schema.ts';
import { SUBREGIONS } from '../map/subregions.ts';
import { publicCondition } from '../site/publication-copies.server.ts';
import { categoryNames } from './queries.server.ts';
import {
  subregionOf,
  toPublicCard,
  toPublicPractice,
  type CountryRow,
  type PublicPracticeRow,
} from './mappers.server.ts';
import { keptRowOf, publicColumnsOf } from './public-copy.server.ts';
import type { PublicFacets, PublicListQuery, PublicPracticeCard } from './public-schema.ts';
import { SDG_GOALS, sdgGoalOf } from './reference.ts';
import type { PublicPractice } from './schema.ts';

/**
 * The shared public cache's domain of the public library (src/lib/http/public-cache.server.ts): every best-practice
 * write invalidates it.
 */
export const BEST_PRACTICES_CACHE_DOMAIN = 'best-practices';

/** Every column but the private contact and the kept copy: public queries select these and nothing else. */
const PUBLIC_COLUMNS = publicColumnsOf(getTableColumns(bestPractices));

/** Public: published, or a published practice being revised whose published version is kept (decision 033). */
const PUBLIC = publicCondition(bestPractices);

/**
 * The query behind every public read: published practices, and the kept published copies of
 * those being revised (never the contact columns; a copy holds none). The country is the one
 * shown: the kept copy's while it is revised.
 */
export function publishedPracticesQuery(db: Db, uuid?: string) {
  return db
    .select({ row: PUBLIC_COLUMNS, kept: bestPractices.publishedSnapshot, country: countries })
    .from(bestPractices)
    .innerJoin(
      countries,
      eq(
        countries.code,
        sql`coalesce(${bestPractices.publishedSnapshot}->>'countryCode', ${bestPractices.countryCode})`,
      ),
    )
    .where(and(PUBLIC, uuid === undefined ? undefined : eq(bestPractices.uuid, uuid)));
}

type Published = { row: PublicPracticeRow; country: CountryRow };

/** Each public practice as the library shows it: a practice being revised by its kept copy. */
async function publicRows(db: Db, uuid?: string): Promise<Published[]> {
  const rows = await publishedPracticesQuery(db, uuid);
  return rows.map(({ row, kept, country }) => ({
    row: keptRowOf({ status: row.status, publishedSnapshot: kept }) ?? row,
    country,
  }));
}

/*
 * The public library is read by the site build, a few times a day, and holds hundreds of
 * practices, not millions: the published rows are loaded once per call and filtered, counted and
 * paged in memory, which keeps the facet counts and the list consistent with each other.
 */
async function allPublished(db: Db): Promise<Published[]> {
  return publicRows(db);
}

const today = () => new Date().toISOString().slice(0, 10);
const isOngoing = (row: PublicPracticeRow) => row.ongoing || !row.endDate || row.endDate >= today();
const startYear = (row: PublicPracticeRow) => (row.startDate ? Number(row.startDate.slice(0, 4)) : null);

function matches(p: Published, query: PublicListQuery): boolean {
  const { row } = p;
  if (query.country_code && row.countryCode !== query.country_code) return false;
  if (query.subregion && subregionOf(row.countryCode) !== query.subregion) return false;
  if (query.category && !row.categories.includes(query.category)) return false;
  if (query.sdg && !row.sdgTargets.some((t) => sdgGoalOf(t) === query.sdg)) return false;
  if (query.period && (query.period === 'ongoing') !== isOngoing(row)) return false;
  if (query.year && startYear(row) !== query.year) return false;
  if (query.featured !== undefined && row.featured !== query.featured) return false;
  if (query.q) {
    const needle = query.q.toLowerCase();
    const haystack = [row.title, row.city, row.summary, row.leadOrganisation, p.country.name].join(' ').toLowerCase();
    if (!haystack.includes(needle)) return false;
  }
  return true;
}

const ORDERS: Record<PublicListQuery['order'], (a: Published, b: Published) => number> = {
  '-published_at': (a, b) =>
    (b.row.publishedAt?.getTime() ?? 0) - (a.row.publishedAt?.getTime() ?? 0) || a.row.id - b.row.id,
  title: (a, b) => a.row.title.localeCompare(b.row.title, 'en') || a.row.id - b.row.id,
  '-start_date': (a, b) => (b.row.startDate ?? '').localeCompare(a.row.startDate ?? '') || a.row.id - b.row.id,
};

export async function listPublicPractices(
  db: Db,
  query: PublicListQuery,
): Promise<{ data: PublicPracticeCard[]; total: number }> {
  const [rows, names] = await Promise.all([allPublished(db), categoryNames(db)]);
  const found = rows.filter((p) => matches(p, query)).sort(ORDERS[query.order]);
  const page = found.slice((query.page - 1) * query.per_page, query.page * query.per_page);
  return { data: page.map((p) => toPublicCard(p.row, p.country, names)), total: found.length };
}

function tally<K>(keys: Iterable<K>): Map<K, number> {
  const counts = new Map<K, number>();
  for (const key of keys) counts.set(key, (counts.get(key) ?? 0) + 1);
  return counts;
}

/** How many published practices each country, subregion, category, goal, period and start year has. */
export async function publicFacets(db: Db): Promise<PublicFacets> {
  const [rows, names] = await Promise.all([allPublished(db), categoryNames(db)]);
  const byCountry = tally(rows.map((p) => p.country.code));
  const countryRows = new Map(rows.map((p) => [p.country.code, p.country]));
  const bySubregion = tally(rows.map((p) => subregionOf(p.row.countryCode)));
  const byCategory = tally(rows.flatMap((p) => p.row.categories));
  const byGoal = tally(rows.flatMap((p) => [...new Set(p.row.sdgTargets.map(sdgGoalOf))]));
  const ongoing = rows.filter((p) => isOngoing(p.row)).length;
  const byYear = tally(rows.map((p) => startYear(p.row)).filter((y): y is number => y !== null));
  return {
    total: rows.length,
    countries: [...byCountry]
      .map(([code, n]) => {
        const c = countryRows.get(code)!;
        return { code, name: c.name, flag: c.flag, subregion: subregionOf(code), count: n };
      })
      .sort((a, b) => a.name.localeCompare(b.name, 'en')),
    subregions: [
      ...SUBREGIONS.map((s) => ({ id: s.id as string, name: s.name as string })),
      { id: 'other', name: 'Other' },
    ]
      .map((s) => ({ ...s, count: bySubregion.get(s.id) ?? 0 }))
      .filter((s) => s.count > 0),
    categories: [...names]
      .map(([slug, name]) => ({ slug, name, count: byCategory.get(slug) ?? 0 }))
      .filter((c) => c.count > 0),
    sdg_goals: SDG_GOALS.map((name, i) => ({ goal: i + 1, name, count: byGoal.get(i + 1) ?? 0 })).filter(
      (g) => g.count > 0,
    ),
    periods: [
      { key: 'ongoing' as const, label: 'Ongoing', count: ongoing },
      { key: 'completed' as const, label: 'Completed', count: rows.length - ongoing },
    ].filter((p) => p.count > 0),
    start_years: [...byYear].map(([year, n]) => ({ year, count: n })).sort((a, b) => b.year - a.year),
  };
}

/**
 * A published practice for its public page, and up to three related ones (shared themes first, then the same country).
 */
export async function findPublicPractice(
  db: Db,
  uuid: string,
): Promise<{ practice: PublicPractice; related: PublicPracticeCard[] } | null> {
  const [found] = await publicRows(db, uuid);
  if (!found) return null;
  const [rows, names] = await Promise.all([allPublished(db), categoryNames(db)]);
  const shared = (p: Published) => p.row.categories.filter((c) => found.row.categories.includes(c)).length;
  const related = rows
    .filter((p) => p.row.uuid !== uuid)
    .map((p) => ({ p, score: shared(p) * 2 + (p.row.countryCode === found.row.countryCode ? 1 : 0) }))
    .filter((r) => r.score > 0)
    .sort((a, b) => b.score - a.score || (b.p.row.publishedAt?.getTime() ?? 0) - (a.p.row.publishedAt?.getTime() ?? 0))
    .slice(0, 3)
    .map((r) => toPublicCard(r.p.row, r.p.country, names));
  return { practice: toPublicPractice(found.row, found.country, names), related };
}
