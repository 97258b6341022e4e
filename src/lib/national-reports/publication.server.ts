import type { DbOrTx } from '../audit/service.server.ts';
import type { nationalReports } from '../db/schema.ts';
import { copyColumns, type PublicationChange } from '../site/publication-copies.server.ts';
import { publicReport } from './public-queries.server.ts';
import type { ReportBundle } from './queries.server.ts';
import { locksAtOf } from './rows.server.ts';
import type { ReportAction, ReportStatus } from './schema.ts';
import { lockReasonOf } from './workflow.ts';

/**
 * What a workflow action changes of a report beyond its status (decision 026):
 * - unlock lifts the cycle's lock;
 * - a report whose answers are no longer locked after the action drops the wordings it kept, so
 *   it is revised against the questions as they are now (it keeps them again once locked);
 * - a published report that leaves "published" other than by unpublishing (unlock) keeps its
 *   public view as published: the public site shows that copy until a new version is published;
 *   publishing or unpublishing drops the copy (the report itself is public, or nothing is). The
 *   rule is the publication copies' (src/lib/site/publication-copies.server.ts, decision 066).
 */
export async function actionChanges(
  tx: DbOrTx,
  bundle: ReportBundle,
  action: ReportAction | undefined,
  next: ReportStatus,
  now: Date,
): Promise<Partial<typeof nationalReports.$inferInsert>> {
  if (!action) return {};
  const { report, cycle } = bundle;
  const out: Partial<typeof nationalReports.$inferInsert> = {};
  const unlocked = report.unlocked || action === 'unlock';
  if (action === 'unlock') out.unlocked = true;
  if (
    report.questionPins &&
    lockReasonOf(next, { status: cycle.status, locksAt: locksAtOf(cycle) }, now, unlocked) === null
  )
    out.questionPins = null;
  const change: PublicationChange | null =
    action === 'publish' ? 'publish' : action === 'unpublish' ? 'withdraw' : next !== 'published' ? 'revise' : null;
  if (change)
    Object.assign(out, await copyColumns(report, change, () => publicReport(tx, report.year, report.countryCode), now));
  return out;
}
