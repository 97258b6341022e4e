import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../audit/service.server.ts';
import { countries, nationalReports, reportingCycles } from '../db/schema.ts';
import type { AppDeps, AuthedUser } from '../deps.server.ts';
import { ApiError, StaleWriteError } from '../http/errors.server.ts';
import { completeness } from '../questionnaires/engine.ts';
import { cycleQuestions } from './queries.server.ts';
import { formQuestionOf } from './question-schema.ts';
import { toCycle } from './rows.server.ts';
import type { Cycle, CycleSaveBodySchema } from './schema.ts';
import { say } from '../i18n/said.ts';

/** The writes of reporting cycles (DESIGN.md §13, §15): one transaction with the audit and change event. */

type CleanCycle = z.output<typeof CycleSaveBodySchema>;

/** Creates the not-started report of every active country that has none in the cycle. */
export async function createCycleReports(tx: DbOrTx, year: number, options: { demo?: boolean } = {}): Promise<number> {
  const active = await tx.select({ code: countries.code }).from(countries).where(eq(countries.status, 1));
  const [cycle] = await tx.select().from(reportingCycles).where(eq(reportingCycles.year, year));
  if (active.length === 0 || !cycle) return 0;
  // An empty report's completeness still says how many questions it has.
  const empty = completeness((await cycleQuestions(tx, cycle)).map(formQuestionOf), [], { dataYearMax: year });
  const rows = await tx
    .insert(nationalReports)
    .values(active.map((c) => ({ year, countryCode: c.code, demo: options.demo ?? false, completeness: empty })))
    .onConflictDoNothing()
    .returning({ id: nationalReports.id });
  return rows.length;
}

/**
 * POST cycles/saved (admin): creates the cycle of `year`, or updates it against the version
 * read. Opening it creates a report per active country.
 */
export async function saveCycle(deps: AppDeps, auth: AuthedUser, body: CleanCycle): Promise<Cycle> {
  return deps.changes.write(deps.db, async (w) => {
    const { tx } = w;
    const [current] = await tx.select().from(reportingCycles).where(eq(reportingCycles.year, body.year)).for('update');
    const values = {
      opensAt: body.opens_at,
      closesAt: body.closes_at,
      expiryDays: body.expiry_days,
      timelyDays: body.timely_days,
      guidelineVersion: body.guideline_version,
      status: body.status,
      reminderDays: body.reminder_days,
      updatedAt: new Date(),
      updatedBy: auth.user.id,
    };
    let after;
    if (current) {
      if (body.version === undefined) {
        throw new ApiError(400, say('Invalid {what}: check {fields}', { what: 'body', fields: 'version' }), {
          version: ['is required to change a cycle'],
        });
      }
      if (body.version !== current.version) throw new StaleWriteError(toCycle(current));
      if (body.status === 'draft' && current.status !== 'draft') {
        // Draft means "being prepared": a cycle whose reports countries already have cannot hide them again.
        const [report] = await tx
          .select({ id: nationalReports.id })
          .from(nationalReports)
          .where(eq(nationalReports.year, body.year))
          .limit(1);
        if (report) {
          throw new ApiError(400, say('Invalid {what}: check {fields}', { what: 'body', fields: 'status' }), {
            status: [
              say('cannot go back to draft: countries already have their {year} reports (close the cycle instead)', {
                year: body.year,
              }),
            ],
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
      [after] = await tx
        .insert(reportingCycles)
        .values({ year: body.year, ...values })
        .onConflictDoNothing()
        .returning();
      if (!after) {
        const [created] = await tx.select().from(reportingCycles).where(eq(reportingCycles.year, body.year));
        throw new StaleWriteError(
          toCycle(created!),
          say('Someone else created the {year} cycle meanwhile', { year: body.year }),
        );
      }
    }
    await w.audit({
      actorId: auth.user.id,
      entity: 'reporting_cycle',
      entityId: body.year,
      action: current ? 'update' : 'create',
      before: current ? toCycle(current) : null,
      after: toCycle(after!),
    });
    if (after!.status === 'open') await createCycleReports(tx, body.year);
    // Cycles past draft are on the public site (their dates, status and reporting status page).
    const site = (current !== undefined && current.status !== 'draft') || after!.status !== 'draft';
    await w.emit({
      type: 'cycle.saved',
      data: { year: body.year, status: after!.status },
      actorId: auth.user.id,
      site,
    });
    return toCycle(after!);
  });
}
