import { eq } from 'drizzle-orm';
import { recordAudit } from '../audit/service.server.ts';
import { countries, nationalReports, reportingCycles } from '../db/schema.ts';
import type { AppDeps, AuthedUser } from '../http/context.server.ts';
import { ApiError, StaleWriteError } from '../http/errors.server.ts';
import { completeness } from '../questionnaires/engine.ts';
import { NATIONAL_REPORTS_CACHE_DOMAIN } from './public-queries.server.ts';
import { overStored } from '../http/schema.ts';
import { cycleQuestions, loadCycleRow } from './queries.server.ts';
import { toCycle } from './rows.server.ts';
import { CYCLE_YEAR_MAX, CYCLE_YEAR_MIN, type Cycle, type CycleSaveBody } from './schema.ts';
import type { DbOrTx } from '../audit/service.server.ts';
import type { z } from 'zod';
import type { CycleSaveBodySchema } from './schema.ts';

type CleanCycle = z.output<typeof CycleSaveBodySchema>;

/** Creates the not-started report of every active country that has none in the cycle. */
export async function createCycleReports(tx: DbOrTx, year: number, options: { demo?: boolean } = {}): Promise<number> {
  const active = await tx.select({ code: countries.code }).from(countries).where(eq(countries.status, 1));
  const [cycle] = await tx.select().from(reportingCycles).where(eq(reportingCycles.year, year));
  if (active.length === 0 || !cycle) return 0;
  // An empty report's completeness still says how many questions it has.
  const empty = completeness(await cycleQuestions(tx, cycle), [], { cycleYear: year });
  const rows = await tx
    .insert(nationalReports)
    .values(active.map((c) => ({ year, countryCode: c.code, demo: options.demo ?? false, completeness: empty })))
    .onConflictDoNothing()
    .returning({ id: nationalReports.id });
  return rows.length;
}

/** What a cycle's save may change: every field of the body but the key and the version. */
const CYCLE_FIELDS = ['opens_at', 'closes_at', 'expiry_days', 'timely_days', 'guideline_version', 'status'] as const;

/**
 * The body of POST cycles/saved laid over the stored cycle of its year, if there is one: fields an
 * update leaves out keep their value (DESIGN.md §12) instead of falling back to a new cycle's
 * defaults (status draft!). Checked by CycleSaveBodySchema afterwards.
 */
export async function overStoredCycle(db: DbOrTx, body: Record<string, unknown>): Promise<Record<string, unknown>> {
  const year = body['year'];
  if (typeof year !== 'number' || !Number.isInteger(year) || year < CYCLE_YEAR_MIN || year > CYCLE_YEAR_MAX) return body;
  const row = await loadCycleRow(db, year);
  return row ? overStored(CYCLE_FIELDS, toCycle(row), body) : body;
}

/**
 * POST cycles/saved (admin): creates the cycle of `year`, or updates it against the version
 * read. Opening it creates a report per active country.
 */
export async function saveCycle(deps: AppDeps, auth: AuthedUser, body: CleanCycle): Promise<Cycle> {
  const result = await deps.db.transaction(async (tx) => {
    const [current] = await tx.select().from(reportingCycles).where(eq(reportingCycles.year, body.year)).for('update');
    const values = {
      opensAt: body.opens_at,
      closesAt: body.closes_at,
      expiryDays: body.expiry_days,
      timelyDays: body.timely_days,
      guidelineVersion: body.guideline_version,
      status: body.status,
      updatedAt: new Date(),
      updatedBy: auth.user.id,
    };
    let after;
    if (current) {
      if (body.version === undefined) {
        throw new ApiError(400, 'Invalid body: check version', { version: ['is required to change a cycle'] });
      }
      if (body.version !== current.version) throw new StaleWriteError(toCycle(current));
      if (body.status === 'draft' && current.status !== 'draft') {
        // Draft means "being prepared": a cycle whose reports countries already have cannot hide them again.
        const [report] = await tx.select({ id: nationalReports.id }).from(nationalReports).where(eq(nationalReports.year, body.year)).limit(1);
        if (report) {
          throw new ApiError(400, 'Invalid body: check status', {
            status: [`cannot go back to draft: countries already have their ${body.year} reports (close the cycle instead)`],
          });
        }
      }
      [after] = await tx
        .update(reportingCycles)
        .set({ ...values, version: current.version + 1 })
        .where(eq(reportingCycles.year, body.year))
        .returning();
    } else {
      // Two creations of one year at once (a double click, two administrators): one wins, the other is told.
      [after] = await tx.insert(reportingCycles).values({ year: body.year, ...values }).onConflictDoNothing().returning();
      if (!after) {
        const [created] = await tx.select().from(reportingCycles).where(eq(reportingCycles.year, body.year));
        throw new StaleWriteError(toCycle(created!), `Someone else created the ${body.year} cycle meanwhile`);
      }
    }
    await recordAudit(tx, {
      actorId: auth.user.id,
      entity: 'reporting_cycle',
      entityId: body.year,
      action: current ? 'update' : 'create',
      before: current ? toCycle(current) : null,
      after: toCycle(after!),
    });
    if (after!.status === 'open') await createCycleReports(tx, body.year);
    return toCycle(after!);
  });
  deps.publicCache.invalidate(NATIONAL_REPORTS_CACHE_DOMAIN);
  return result;
}

export type { CycleSaveBody };
