import { and, asc, desc, eq, gt, lt } from 'drizzle-orm';
import type { DbOrTx } from '../audit/service.server.ts';
import { auditEvents, nationalReports, users } from '../db/schema.ts';
import { say } from '../i18n/said.ts';
import {
  answerChanges,
  changesSince,
  factsOf,
  type AnswerEvent,
  type AnswerFacts,
  type StampedAnswer,
} from '../questionnaires/changes.ts';
import type { ChangesSince, ReportChangesResponse } from './changes-schema.ts';
import { reportQuestions, storedAnswers, type ReportBundle } from './queries.server.ts';
import { actorOf } from './rows.server.ts';

type Person = { name: string } | null;

/** The audited workflow action each point of comparison starts from. */
const POINT_ACTION = { return: 'return', submission: 'submit' } as const;

/** The message when there is nothing to compare against, by point. */
const NO_POINT = {
  return: 'This report has not been returned: there is nothing to compare since a return',
  submission: 'This report has not been submitted: there is nothing to compare since a submission',
  previous_cycle: 'This country has no report of an earlier cycle to compare with',
} as const;

type Changes = Omit<ReportChangesResponse, 'status'>;

/** The last audited `action` of the report: the point the changes start after. */
async function lastAction(db: DbOrTx, uuid: string, action: string) {
  const [row] = await db
    .select({ id: auditEvents.id, at: auditEvents.at })
    .from(auditEvents)
    .where(
      and(eq(auditEvents.entity, 'national_report'), eq(auditEvents.entityId, uuid), eq(auditEvents.action, action)),
    )
    .orderBy(desc(auditEvents.id))
    .limit(1);
  return row ?? null;
}

/**
 * The report's answer changes audited after event `afterId`, oldest first. Audit ids follow the
 * order of the writes: every write of a report's answers or status locks its row first.
 */
async function answerEventsAfter(db: DbOrTx, uuid: string, afterId: number): Promise<AnswerEvent<Person>[]> {
  const rows = await db
    .select({ event: auditEvents, name: users.name, username: users.username })
    .from(auditEvents)
    .leftJoin(users, eq(users.id, auditEvents.actorId))
    .where(
      and(
        eq(auditEvents.entity, 'national_report_answer'),
        eq(auditEvents.entityId, uuid),
        gt(auditEvents.id, afterId),
      ),
    )
    .orderBy(asc(auditEvents.id));
  return rows.flatMap((r) => {
    const before = r.event.before as { question_uuid?: string } | null;
    const after = r.event.after as { question_uuid?: string } | null;
    const question = after?.question_uuid ?? before?.question_uuid;
    if (!question) return [];
    return [{ question, at: r.event.at.toISOString(), by: actorOf(r), before: factsOf(before), after: factsOf(after) }];
  });
}

/** The same country's report of the latest earlier cycle, if any. */
async function previousReport(db: DbOrTx, bundle: ReportBundle) {
  const [row] = await db
    .select({ id: nationalReports.id, year: nationalReports.year, updatedAt: nationalReports.updatedAt })
    .from(nationalReports)
    .where(
      and(eq(nationalReports.countryCode, bundle.report.countryCode), lt(nationalReports.year, bundle.report.year)),
    )
    .orderBy(desc(nationalReports.year))
    .limit(1);
  return row ?? null;
}

/** This report's answers against the previous cycle's, on this report's questions. */
async function previousCycleChanges(db: DbOrTx, bundle: ReportBundle, order: string[]): Promise<Changes> {
  const previous = await previousReport(db, bundle);
  if (!previous) return { message: NO_POINT.previous_cycle, data: [], since_at: null, since_year: null };
  const asked = new Set(order);
  const before = new Map<string, AnswerFacts | null>();
  for (const s of await storedAnswers(db, previous.id))
    if (asked.has(s.questionUuid)) before.set(s.questionUuid, factsOf({ ...s.row, data_year: s.row.dataYear }));
  const after = new Map<string, StampedAnswer<Person>>();
  for (const s of await storedAnswers(db, bundle.report.id)) {
    if (!asked.has(s.questionUuid)) continue;
    after.set(s.questionUuid, {
      answer: factsOf({ ...s.row, data_year: s.row.dataYear }),
      by: s.by === null ? null : { name: s.by },
      at: s.row.updatedAt.toISOString(),
    });
  }
  return {
    message: say('Changes since the {year} report', { year: previous.year }),
    data: answerChanges(before, after, order),
    since_at: previous.updatedAt.toISOString(),
    since_year: previous.year,
  };
}

/**
 * GET …/{year}/{cc}/changes?since=: the answers of the report that say something else than they
 * did at its last return, at its last submission, or in the country's report of the previous
 * cycle. Nothing to compare against is no error: an empty list, and a message that says why.
 */
export async function reportChanges(db: DbOrTx, bundle: ReportBundle, since: ChangesSince): Promise<Changes> {
  const order = (await reportQuestions(db, bundle)).map((q) => q.uuid);
  if (since === 'previous_cycle') return previousCycleChanges(db, bundle, order);
  const point = await lastAction(db, bundle.report.uuid, POINT_ACTION[since]);
  if (!point) return { message: NO_POINT[since], data: [], since_at: null, since_year: null };
  const data = changesSince(await answerEventsAfter(db, bundle.report.uuid, point.id), order);
  return {
    message: since === 'return' ? 'Changes since the report was returned' : 'Changes since the report was submitted',
    data,
    since_at: point.at.toISOString(),
    since_year: null,
  };
}
