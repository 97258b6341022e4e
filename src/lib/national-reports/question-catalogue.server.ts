import { asc, sql } from 'drizzle-orm';
import type { DbOrTx } from '../audit/service.server.ts';
import { questions } from '../db/schema.ts';
import type { ChangeBus } from '../events/change-bus.server.ts';
import {
  sourceCache,
  QuestionCatalogue,
  type CatalogueCache,
  type CatalogueQuestion,
} from '../questionnaires/catalogue.server.ts';
import { formQuestionOf, type Question, type Subcategory, type Thrust } from './question-schema.ts';
import { listSubcategories, listThrusts, toQuestion } from './questions.server.ts';
import { loadAllWordings } from './question-versions.server.ts';
import { withWording, type QuestionWording } from './question-versions.ts';

/**
 * The national report's question catalogue (decision 065): the engine's catalogue of the
 * questions table, each question with what the report keeps of it (the question as the API
 * serves it, its first cycle), and the thrusts, subcategories and kept wordings beside.
 */

/**
 * The stamp of the questions table: the count, the sum of the versions and the highest id. Every
 * write of a question raises a version or adds a row, so the stamp changes with each.
 */
const QUESTIONS_STAMP = sql<string>`(select count(*)::text || ':' || coalesce(sum(${questions.version}),
  0)::text || ':' || coalesce(max(${questions.id}), 0)::text from ${questions})`;

/** What the report keeps of a question besides the engine's view of it. */
interface ReportQuestion {
  /** The question as the API serves it (question/list, report views). */
  question: Question;
  /** The first cycle year whose form holds the question; null: every cycle. */
  firstCycle: number | null;
}

interface ReportCatalogueMeta {
  thrusts: readonly Thrust[];
  subcategories: readonly Subcategory[];
  /** Kept wordings by `${questionId}:${n}` (decision 026). */
  wordings: ReadonlyMap<string, QuestionWording>;
}

export type ReportCatalogue = QuestionCatalogue<ReportQuestion, ReportCatalogueMeta>;
export type ReportCatalogueQuestion = CatalogueQuestion<ReportQuestion>;

/** A question of the catalogue as the report's question `question` with wording number `n`. */
function entryOf(id: number, n: number, retiredAt: Date | null, question: Question, firstCycle: number | null) {
  return { id, n, retiredAt, question: formQuestionOf(question), own: { question, firstCycle } };
}

/** Loads the catalogue as `db` sees it (inside a transaction: with its own uncommitted changes). */
export async function loadCatalogue(db: DbOrTx): Promise<ReportCatalogue> {
  const [rows, thrusts, subcategories, wordings] = await Promise.all([
    db
      .select({ row: questions, stamp: QUESTIONS_STAMP })
      .from(questions)
      .orderBy(asc(questions.sort), asc(questions.id)),
    listThrusts(db),
    listSubcategories(db),
    loadAllWordings(db),
  ]);
  const stamp = rows[0]?.stamp ?? '0:0:0';
  const all = rows.map(({ row }) =>
    entryOf(row.id, row.wordingVersion, row.retiredAt, toQuestion(row), row.firstCycle),
  );
  return new QuestionCatalogue(stamp, all, { thrusts, subcategories, wordings });
}

const QUESTION_EVENTS = ['question.saved', 'question.retired', 'question.restored', 'question.reordered'] as const;

/**
 * The catalogue cache of the server whose change events run on `bus`: made on first use, and
 * dropped by every committed question event.
 */
export function catalogueCache(bus: ChangeBus): CatalogueCache<ReportCatalogue> {
  return sourceCache(bus, 'question-catalogue', QUESTION_EVENTS, { stamp: QUESTIONS_STAMP, load: loadCatalogue });
}

/**
 * The question with its wording number `n` (decision 026): itself when `n` is its current
 * wording or was never stored, otherwise one made once per catalogue.
 */
export function pinned(catalogue: ReportCatalogue, q: ReportCatalogueQuestion, n: number | undefined) {
  if (n === undefined || n === q.n) return q;
  const wording = catalogue.meta.wordings.get(`${q.id}:${n}`);
  if (!wording) return q;
  return catalogue.memo(`pinned:${q.id}:${n}`, () =>
    entryOf(q.id, n, q.retiredAt, withWording(q.own.question, wording), q.own.firstCycle),
  );
}
