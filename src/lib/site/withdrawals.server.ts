import { and, eq, sql } from 'drizzle-orm';
import { pathWithoutLocale } from '../../i18n/locales.ts';
import type { DbOrTx } from '../audit/service.server.ts';
import type { Db } from '../db/client.server.ts';
import { bestPractices, cmsItems, countries, nationalReports, reportingCycles, siteWithdrawals } from '../db/schema.ts';
import type { ChangeEvent, ChangeType } from '../events/change-events.ts';
import { copyIsKept, publicView } from './publication-copies.server.ts';

/**
 * Withdrawal that cannot fail silently (issue 31, decision 053). The public site is a static
 * build, so a withdrawn report's page would stay until the next build goes live, and a build can
 * fail. Each withdrawal therefore names, in its own transaction, the public pages it takes off
 * (`site_withdrawals`); every instance keeps that list in memory (told by the change events the
 * instances share, and reading it again every few seconds) and answers those pages with 410 Gone
 * before any rebuild. Making the record public again lifts the block in the same way.
 */

/** A block of public pages: what was withdrawn, its pages (no language prefix), and how long it holds. */
export interface Withdrawal {
  key: string;
  paths: string[];
  /** True: the pages show other records too, and come back with the first build after the withdrawal. */
  untilRebuild: boolean;
}

/**
 * The events after which a record's pages may have to be blocked (it may have been public before)
 * or unblocked (it may be public after). Others (a submission, a return) never touch a public record.
 */
const REPORT_EVENTS: readonly ChangeType[] = ['report.published', 'report.unpublished', 'report.unlocked'];
const PRACTICE_EVENTS: readonly ChangeType[] = [
  'practice.published',
  'practice.archived',
  'practice.restored',
  'practice.deleted',
];
export const WITHDRAWAL_EVENTS: readonly ChangeType[] = [
  ...REPORT_EVENTS,
  ...PRACTICE_EVENTS,
  // A figure published again does not lift its country's block: another of its figures may have
  // been withdrawn too, and the block lasts only until the next build anyway.
  'profile.figure.withdrawn',
  'cms.item.unpublished',
  'country.saved',
];

const reportPath = (year: number, country: string) => `/national-reports/${year}/${country.toUpperCase()}`;
const practicePath = (uuid: string) => `/best-practices-overview/view/${uuid}`;
const countryProfilePath = (country: string) => `/urbanisation-profile/view/${country.toUpperCase()}`;

/** Whether a report is on the public site: published, or a published copy kept while it is revised (decision 026). */
async function reportIsPublic(tx: DbOrTx, year: number, country: string): Promise<boolean> {
  const [row] = await tx
    .select({ status: nationalReports.status, publishedSnapshot: copyIsKept(nationalReports) })
    .from(nationalReports)
    .where(and(eq(nationalReports.year, year), eq(nationalReports.countryCode, country)));
  return publicView(row ?? null) !== null;
}

/**
 * Whether a practice is in the public library: published, or a published copy kept while it is revised (decision 033).
 */
async function practiceIsPublic(tx: DbOrTx, uuid: string): Promise<boolean> {
  const [row] = await tx
    .select({ status: bestPractices.status, publishedSnapshot: copyIsKept(bestPractices) })
    .from(bestPractices)
    .where(eq(bestPractices.uuid, uuid));
  return row?.status !== 'archived' && publicView(row ?? null) !== null;
}

/** Every page of a country: its reports of every cycle, its report and profile pages, its practices. */
async function countryPaths(tx: DbOrTx, code: string): Promise<string[]> {
  const cycles = await tx.select({ year: reportingCycles.year }).from(reportingCycles);
  const practices = await tx
    .select({ uuid: bestPractices.uuid })
    .from(bestPractices)
    .where(eq(bestPractices.countryCode, code));
  return [
    `/national-reports/country/${code}`,
    `/national-reports/country/${code}/trends.csv`,
    countryProfilePath(code),
    ...cycles.map((cycle) => reportPath(cycle.year, code)),
    ...practices.map((practice) => practicePath(practice.uuid)),
  ];
}

type Decision = { block: Withdrawal } | { lift: string } | null;

/** What a committed change means for the public pages: block some, lift a block, or nothing. */
export async function withdrawalOf(tx: DbOrTx, event: ChangeEvent): Promise<Decision> {
  const kind = event.type.slice(0, event.type.indexOf('.'));
  if (kind === 'report') {
    const { year, country } = event.data as { year: number; country: string };
    const key = `report:${year}:${country}`;
    if (await reportIsPublic(tx, year, country)) return { lift: key };
    return { block: { key, paths: [reportPath(year, country)], untilRebuild: false } };
  }
  if (kind === 'practice') {
    const { uuid } = event.data as { uuid: string };
    const key = `practice:${uuid}`;
    if (await practiceIsPublic(tx, uuid)) return { lift: key };
    return { block: { key, paths: [practicePath(uuid)], untilRebuild: false } };
  }
  if (event.type === 'profile.figure.withdrawn') {
    const { country } = event.data as { country: string };
    return { block: { key: `figures:${country}`, paths: [countryProfilePath(country)], untilRebuild: true } };
  }
  if (event.type === 'cms.item.unpublished') return cmsWithdrawal(tx, (event.data as { uuid: string }).uuid);
  if (event.type === 'country.saved') return countryWithdrawal(tx, (event.data as { code: string }).code);
  return null;
}

/** A media-gallery item taken down: its event's page shows the others, so it is off until the next build. */
async function cmsWithdrawal(tx: DbOrTx, uuid: string): Promise<Decision> {
  const [row] = await tx.select({ slug: cmsItems.eventSlug }).from(cmsItems).where(eq(cmsItems.uuid, uuid));
  if (!row?.slug) return null;
  return { block: { key: `cms:${uuid}`, paths: [`/media-gallery/event/${row.slug}`], untilRebuild: true } };
}

async function countryWithdrawal(tx: DbOrTx, code: string): Promise<Decision> {
  const [row] = await tx.select({ status: countries.status }).from(countries).where(eq(countries.code, code));
  const key = `country:${code}`;
  if (!row || row.status === 1) return { lift: key };
  return { block: { key, paths: await countryPaths(tx, code), untilRebuild: false } };
}

/** Records each withdrawal (and each lifted one) in the change's own transaction; returns what it decided. */
async function recordWithdrawal(event: ChangeEvent, tx: DbOrTx): Promise<Decision> {
  const decision = await withdrawalOf(tx, event);
  if (!decision) return null;
  if ('lift' in decision) {
    await tx.delete(siteWithdrawals).where(eq(siteWithdrawals.key, decision.lift));
    return decision;
  }
  const { key, paths, untilRebuild } = decision.block;
  await tx
    .insert(siteWithdrawals)
    .values({ key, paths, untilRebuild, reason: event.type })
    .onConflictDoUpdate({
      target: siteWithdrawals.key,
      set: { paths, untilRebuild, reason: event.type, withdrawnAt: sql`clock_timestamp()` },
    });
  return decision;
}

/** A public address as the withdrawal list names pages: no language prefix, no `index.html`, no trailing slash. */
export function pagePathOf(pathname: string): string | null {
  let path: string;
  try {
    path = decodeURIComponent(pathname);
  } catch {
    return null;
  }
  path = pathWithoutLocale(path)
    .replace(/\/index\.html$/, '')
    .replace(/\.html$/, '');
  if (path.length > 1 && path.at(-1) === '/') path = path.slice(0, -1);
  return path === '' ? '/' : path;
}

/** How often an instance reads the list again besides being told (a missed event, a restored backup). */
const POLL_MS = 3_000;

interface Blocked {
  key: string;
  untilRebuild: boolean;
  at: number;
}

/**
 * The withdrawn pages on this instance: loaded from `site_withdrawals`, and read again when a
 * withdrawal event of any instance commits, when events may have been missed, and every few
 * seconds. `blocked(path, liveStarted)` is a map look-up, made for every page served.
 */
export class WithdrawnPages {
  readonly #db: Db;
  /** What each of this instance's withdrawal events decided in its transaction. */
  readonly #decided = new WeakMap<ChangeEvent, Decision>();
  #pages = new Map<string, Blocked[]>();
  #loading: Promise<void> | null = null;
  #again = false;
  #timer: NodeJS.Timeout | null = null;

  constructor(db: Db) {
    this.#db = db;
  }

  /**
   * Records a withdrawal (one of WITHDRAWAL_EVENTS) in its change's transaction (subscribed in
   * src/lib/events/subscribers.server.ts).
   */
  async record(event: ChangeEvent, tx: DbOrTx): Promise<void> {
    this.#decided.set(event, await recordWithdrawal(event, tx));
  }

  /**
   * After a withdrawal event committed: this instance applies its own at once (the next request
   * already sees it); another instance's makes it read the list again.
   */
  committed(event: ChangeEvent): void {
    if (this.#decided.has(event)) this.#apply(this.#decided.get(event) ?? null, Date.now());
    else void this.reload();
  }

  /**
   * Reads the list now, then (`poll`: where other instances share the database) again every few
   * seconds, should one of their events be missed. One instance alone hears all its own changes.
   */
  async start(options: { poll?: boolean } = {}): Promise<void> {
    await this.reload();
    if (this.#timer || options.poll === false) return;
    this.#timer = setInterval(() => void this.reload(), POLL_MS);
    this.#timer.unref();
  }

  /** One decision of this instance's own commit, applied to the list in memory. */
  #apply(decision: Decision, at: number): void {
    if (!decision) return;
    const pages = new Map(this.#pages);
    const key = 'lift' in decision ? decision.lift : decision.block.key;
    for (const [path, blocks] of pages) {
      const rest = blocks.filter((block) => block.key !== key);
      if (rest.length) pages.set(path, rest);
      else pages.delete(path);
    }
    if ('block' in decision) {
      for (const path of decision.block.paths)
        pages.set(path, [...(pages.get(path) ?? []), { key, untilRebuild: decision.block.untilRebuild, at }]);
    }
    this.#pages = pages;
    // A read under way began before this commit: read once more after it.
    if (this.#loading) this.#again = true;
  }

  stop(): void {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = null;
  }

  /** Reads the list again (calls while one read runs make one more read after it). */
  reload(): Promise<void> {
    if (this.#loading) {
      this.#again = true;
      return this.#loading;
    }
    this.#loading = (async () => {
      do {
        this.#again = false;
        try {
          this.#pages = await readBlocked(this.#db);
        } catch {
          // The database is away: keep the list as it was (the health check says why).
        }
      } while (this.#again);
    })().finally(() => (this.#loading = null));
    return this.#loading;
  }

  /**
   * The withdrawal that takes `pathname` off the site, or null. A block that lasts until a
   * rebuild no longer holds once the live build started after it.
   */
  blocked(pathname: string, liveStarted: number | null): string | null {
    if (this.#pages.size === 0) return null;
    const path = pagePathOf(pathname);
    const blocks = path ? this.#pages.get(path) : undefined;
    if (!blocks) return null;
    // A build started in the very millisecond of the commit started after it (its start runs later in the event loop).
    const holding = blocks.find((block) => !block.untilRebuild || liveStarted === null || liveStarted < block.at);
    return holding?.key ?? null;
  }

  /** How many pages are blocked now (metrics). */
  get size(): number {
    return this.#pages.size;
  }
}

async function readBlocked(db: Db): Promise<Map<string, Blocked[]>> {
  const rows = await db.select().from(siteWithdrawals);
  const pages = new Map<string, Blocked[]>();
  for (const row of rows) {
    for (const path of row.paths) {
      const list = pages.get(path) ?? [];
      list.push({ key: row.key, untilRebuild: row.untilRebuild, at: row.withdrawnAt.getTime() });
      pages.set(path, list);
    }
  }
  return pages;
}

/** Forgets the blocks that lasted until a rebuild once a build that started after them is live. */
export async function pruneWithdrawals(db: DbOrTx, liveStarted: Date): Promise<void> {
  await db
    .delete(siteWithdrawals)
    .where(
      and(eq(siteWithdrawals.untilRebuild, true), sql`${siteWithdrawals.withdrawnAt} < ${liveStarted.toISOString()}`),
    );
}
