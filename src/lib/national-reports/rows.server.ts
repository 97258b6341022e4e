import { SUBREGIONS } from '../map/subregions.ts';
import { answerFields } from '../questionnaires/save-plan.server.ts';
import type { nationalReports, reportAnswers, reportingCycles } from '../db/schema.ts';
import { answerState, answerWarnings } from '../questionnaires/engine.ts';
import type { Answer } from '../questionnaires/schema.ts';
import { formQuestionOf, type Question } from './question-schema.ts';
export { toQuestion } from './questions.server.ts';
import type { Cycle, CycleStatus, LockReason, ReportCountry, ReportCover, ReportStatus } from './schema.ts';
import { lockReasonOf } from './workflow.ts';

/** Row types and row → API mappers shared by the queries and the service. */

export type CycleRow = typeof reportingCycles.$inferSelect;
export type ReportRow = typeof nationalReports.$inferSelect;
export type AnswerRow = typeof reportAnswers.$inferSelect;
export interface CountryRow {
  code: string;
  name: string;
  flag: string;
}

const DAY = 86_400_000;

export function subregionOf(code: string): string {
  return SUBREGIONS.find((s) => (s.codes as readonly string[]).includes(code))?.id ?? 'other';
}

export function toCountry(row: CountryRow): ReportCountry {
  return { code: row.code, name: row.name, flag: row.flag, subregion: subregionOf(row.code) };
}

/** closes_at + days, as a Date at 00:00 UTC. */
export function dayAfter(date: string, days: number): Date {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY);
}

/** Answers lock at the start of the day after closes_at + expiry_days. */
export function locksAtOf(cycle: CycleRow): Date {
  return dayAfter(cycle.closesAt, cycle.expiryDays + 1);
}

/** Why the report's answers are locked at `now` (its status first, then its cycle's lock date), or null. */
export function reportLockOf(
  report: Pick<ReportRow, 'status' | 'unlocked'>,
  cycle: CycleRow,
  now: Date,
): LockReason | null {
  return lockReasonOf(
    report.status as ReportStatus,
    { status: cycle.status, locksAt: locksAtOf(cycle) },
    now,
    report.unlocked,
  );
}

export function toCycle(row: CycleRow): Cycle {
  return {
    year: row.year,
    opens_at: row.opensAt,
    closes_at: row.closesAt,
    expiry_days: row.expiryDays,
    timely_days: row.timelyDays,
    guideline_version: row.guidelineVersion,
    status: row.status as CycleStatus,
    locks_at: locksAtOf(row).toISOString(),
    reminder_days: [...row.reminderDays].sort((a, b) => b - a),
    version: row.version,
  };
}

export function toCover(row: Pick<ReportRow, 'cover' | 'coverAlt'>): ReportCover | null {
  return row.cover ? { image: row.cover, alt: row.coverAlt } : null;
}

export function toAnswer(row: AnswerRow, question: Question, cycleYear: number, updatedBy: string | null): Answer {
  const fields = answerFields(row);
  const rules = formQuestionOf(question);
  const state = answerState(rules, fields, { dataYearMax: cycleYear });
  return {
    question_uuid: question.uuid,
    ...fields,
    state,
    warnings: state === 'invalid' ? [] : answerWarnings(rules, fields.value),
    version: row.version,
    updated_at: row.updatedAt.toISOString(),
    updated_by: updatedBy === null ? null : { name: updatedBy },
  };
}

/** How a user is named beside a change. */
export function personName(user: { name: string | null; username: string } | null | undefined): string | null {
  if (!user) return null;
  return user.name?.trim() || user.username;
}

/** Who made an audited change, as the API names them: null when no user did (a system change). */
export function actorOf(row: { name: string | null; username: string | null }): { name: string } | null {
  return row.username === null ? null : { name: personName({ name: row.name, username: row.username })! };
}

const REPORT_TIMES = ['submitted_at', 'published_at', 'published_snapshot_at', 'created_at', 'updated_at'];

/** A row as `row_to_json` gives it, in Drizzle's shape: camelCase fields, timestamps as dates. */
function fromJson<T>(row: Record<string, unknown>, times: readonly string[]): T {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) {
    out[key.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase())] =
      times.includes(key) && typeof value === 'string' ? new Date(value) : value;
  }
  return out as T;
}

/**
 * A report, its cycle and country as one JSON value gives them (`{report: row_to_json(…), cycle:
 * row_to_json(…), country: {code, name, flag}}`, as text or parsed): one value is far cheaper for
 * the drivers to hand over than the rows' forty columns.
 */
export function bundleFromJson(json: unknown): { report: ReportRow; cycle: CycleRow; country: CountryRow } {
  const read = (typeof json === 'string' ? JSON.parse(json) : json) as {
    report: Record<string, unknown>;
    cycle: Record<string, unknown>;
    country: CountryRow;
  };
  return {
    report: fromJson<ReportRow>(read.report, REPORT_TIMES),
    cycle: fromJson<CycleRow>(read.cycle, ['updated_at']),
    country: read.country,
  };
}
