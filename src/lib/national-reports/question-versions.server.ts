import { and, eq, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../audit/service.server.ts';
import { questionVersions } from '../db/schema.ts';
import type { Question } from './question-schema.ts';
import { withWording, wordingOf, type QuestionPins, type QuestionWording } from './question-versions.ts';

/** The stored wordings of questions (decision 026): written when a question is made or reworded. */

/** Keeps a question's wording as version `n` (kept as it is when already stored). */
export async function keepWording(
  tx: DbOrTx,
  questionId: number,
  n: number,
  question: Question,
  actorId: number | null,
): Promise<void> {
  await tx
    .insert(questionVersions)
    .values({ questionId, n, wording: wordingOf(question) as unknown as Record<string, unknown>, createdBy: actorId })
    .onConflictDoNothing({ target: [questionVersions.questionId, questionVersions.n] });
}

/** Stored wordings by `${questionId}:${n}`. */
export async function loadWordings(
  db: DbOrTx,
  wanted: readonly { questionId: number; n: number }[],
): Promise<Map<string, QuestionWording>> {
  const unique = [...new Map(wanted.map((w) => [`${w.questionId}:${w.n}`, w])).values()];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select({ questionId: questionVersions.questionId, n: questionVersions.n, wording: questionVersions.wording })
    .from(questionVersions)
    .where(or(...unique.map((w) => and(eq(questionVersions.questionId, w.questionId), eq(questionVersions.n, w.n)))));
  return new Map(rows.map((r) => [`${r.questionId}:${r.n}`, r.wording as unknown as QuestionWording]));
}

/** Every stored wording (the catalogue holds them: a few per question). */
export async function loadAllWordings(db: DbOrTx): Promise<Map<string, QuestionWording>> {
  const rows = await db
    .select({ questionId: questionVersions.questionId, n: questionVersions.n, wording: questionVersions.wording })
    .from(questionVersions)
    .where(sql`true`);
  return new Map(rows.map((r) => [`${r.questionId}:${r.n}`, r.wording as unknown as QuestionWording]));
}

/** A question with its row id and the number of its current wording. */
export interface VersionedQuestion {
  id: number;
  n: number;
  question: Question;
}

/** The questions as an instance pinned them: each pinned to an older wording shows that wording. */
export async function pinnedQuestions<Q extends VersionedQuestion>(
  db: DbOrTx,
  list: readonly Q[],
  pins: QuestionPins,
): Promise<Q[]> {
  if (!pins) return [...list];
  const wanted = list.flatMap((q) =>
    pins[q.id] !== undefined && pins[q.id] !== q.n ? [{ questionId: q.id, n: pins[q.id]! }] : [],
  );
  if (wanted.length === 0) return [...list];
  const wordings = await loadWordings(db, wanted);
  return list.map((q) => {
    const n = pins[q.id];
    const wording = n === undefined ? undefined : wordings.get(`${q.id}:${n}`);
    return wording ? { ...q, n: n!, question: withWording(q.question, wording) } : q;
  });
}
