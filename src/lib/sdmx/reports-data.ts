import type { PublicAnswersResponse } from '../national-reports/public-schema.ts';
import { NUMERIC_ANSWER_TYPES } from '../questionnaires/schema.ts';
import { areaCode, type QuestionEntry } from './flows.ts';
import type { Observation } from './model.ts';
import { unitOf } from './series.ts';

/** One cycle's published answers, as the open-data files of national reports are written from. */
export type CycleAnswers = Pick<PublicAnswersResponse, 'year' | 'questions' | 'data'>;

/**
 * A question (or one part of it) as a QUESTION code: SDMX codes take no dot, so `Q1.2` is `Q1_2`,
 * and a part follows after `_` (`Q12_female`). Question codes have no `_` nor lower case
 * (question-schema.ts) and part keys start with a lower-case letter, so no two answers share a code.
 */
export function questionCode(code: string, part?: string): string {
  const own = code.replaceAll('.', '_');
  return part === undefined ? own : `${own}_${part}`;
}

const isNumeric = (type: string) => (NUMERIC_ANSWER_TYPES as readonly string[]).includes(type);
/** The unit of a question as the open-data CSV of national reports writes it. */
const unitOfQuestion = (q: { unit: string | null; answer_type: string }) =>
  q.unit ?? (q.answer_type === 'pct' ? '%' : null);

/**
 * The national-reports flow's questions and observations: every numeric answer (each numeric part
 * of an answer in parts) of the published reports of the given cycles, as the public answers
 * endpoint and the open-data CSV have them. The latest cycle's wording names a question.
 */
export function reportsData(cycles: readonly CycleAnswers[]): {
  questions: QuestionEntry[];
  observations: Observation[];
} {
  const questions = new Map<string, QuestionEntry>();
  const observations: Observation[] = [];
  for (const cycle of [...cycles].sort((a, b) => a.year - b.year)) {
    const meta = new Map(cycle.questions.map((q) => [q.code, q]));
    for (const q of cycle.questions) {
      if (!isNumeric(q.answer_type)) continue;
      const unit = unitOfQuestion(q);
      if (q.parts.length === 0) questions.set(questionCode(q.code), { id: questionCode(q.code), name: q.text, unit });
      for (const part of q.parts) {
        const id = questionCode(q.code, part.key);
        questions.set(id, { id, name: `${q.text}: ${part.label}`, unit });
      }
    }
    for (const row of cycle.data) {
      const area = areaCode(row.country_code);
      if (!area || !isNumeric(row.answer_type)) continue;
      const unitText = unitOfQuestion(meta.get(row.question_code) ?? row);
      const unit = unitOf(unitText).code;
      const values: [string, unknown][] =
        row.value !== null && typeof row.value === 'object' && !Array.isArray(row.value)
          ? Object.entries(row.value).map(([part, value]) => [questionCode(row.question_code, part), value])
          : [[questionCode(row.question_code), row.value]];
      for (const [question, value] of values) {
        if (typeof value !== 'number' || !Number.isFinite(value)) continue;
        // A part the question no longer lists (its parts changed since) is still a code of its own.
        if (!questions.has(question)) questions.set(question, { id: question, name: row.question, unit: unitText });
        observations.push({
          key: { REF_AREA: area, QUESTION: question, CYCLE: String(cycle.year) },
          value,
          attributes: {
            UNIT_MEASURE: unit,
            REF_PERIOD: row.data_year,
            SOURCE_DETAIL: row.source,
            COMMENT_OBS: row.text,
            DEMO: row.demo ? 'Y' : null,
          },
        });
      }
    }
  }
  return { questions: [...questions.values()], observations };
}
