import { and, asc, eq, isNull, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../audit/service.server.ts';
import { questions, subcategories, thrusts } from '../db/schema.ts';
import { CheckSchema } from '../questionnaires/schema.ts';
import type { Question, QuestionTier, Subcategory, Thrust } from './question-schema.ts';

/** Reads of the national report's questions, thrusts and subcategories. */

export type QuestionRow = typeof questions.$inferSelect;

/** The stored checks as the engine reads them (a row written before they existed holds []). */
const CheckListSchema = CheckSchema.array();

export function toQuestion(row: QuestionRow): Question {
  return {
    uuid: row.uuid,
    code: row.code,
    thrust: row.thrustCode,
    subcategory: row.subcategoryCode,
    question_tier: row.questionTier as QuestionTier,
    text: row.text,
    help: row.help,
    answer_type: row.answerType as Question['answer_type'],
    unit: row.unit,
    options: row.options,
    min: row.min,
    max: row.max,
    expected_min: row.expectedMin,
    expected_max: row.expectedMax,
    decimals: row.decimals,
    parts: row.parts,
    with_text: row.withText,
    text_label: row.textLabel,
    compulsory: row.compulsory,
    sdg_refs: row.sdgRefs,
    sdg_tier: (row.sdgTier as QuestionTier | null) ?? null,
    nua_paragraphs: row.nuaParagraphs,
    source_hint: row.sourceHint,
    expected_change: row.expectedChange,
    checks: CheckListSchema.catch([]).parse(row.checks),
    sort: row.sort,
    retired_at: row.retiredAt?.toISOString() ?? null,
    version: row.version,
  };
}

export async function listThrusts(db: DbOrTx): Promise<Thrust[]> {
  const rows = await db.select().from(thrusts).orderBy(asc(thrusts.sort), asc(thrusts.code));
  return rows.map((r) => ({ code: r.code, name: r.name, nua_paragraphs: r.nuaParagraphs, sort: r.sort }));
}

export async function listSubcategories(db: DbOrTx, thrust?: string): Promise<Subcategory[]> {
  const rows = await db
    .select()
    .from(subcategories)
    .where(thrust ? eq(subcategories.thrustCode, thrust) : undefined)
    .orderBy(asc(subcategories.sort), asc(subcategories.code));
  return rows.map((r) => ({ code: r.code, thrust: r.thrustCode, name: r.name, sort: r.sort }));
}

export async function listQuestions(
  db: DbOrTx,
  filter: {
    question_tier?: number | undefined;
    thrust?: string | undefined;
    subcategory?: string | undefined;
    includeRetired: boolean;
  },
): Promise<Question[]> {
  const conditions: (SQL | undefined)[] = [];
  if (filter.question_tier) conditions.push(eq(questions.questionTier, filter.question_tier));
  if (filter.thrust) conditions.push(eq(questions.thrustCode, filter.thrust));
  if (filter.subcategory) conditions.push(eq(questions.subcategoryCode, filter.subcategory));
  if (!filter.includeRetired) conditions.push(isNull(questions.retiredAt));
  const rows = await db
    .select()
    .from(questions)
    .where(and(...conditions))
    .orderBy(asc(questions.sort), asc(questions.id));
  return rows.map(toQuestion);
}
