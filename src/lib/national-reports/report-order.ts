import { formatAnswer } from '../questionnaires/engine.ts';
import type { Answer } from '../questionnaires/schema.ts';
import type { Question, Subcategory, Thrust } from './question-schema.ts';
import type { ReportGroup } from './schema.ts';

/**
 * A report as it is printed (the preview and the PDF, decision 060): thrust by thrust in the
 * thrusts' order, and within a thrust every question in the questionnaire's order (the order
 * administrators give the questions, which their numbers follow), under the heading of its
 * subcategory — a heading again wherever the subcategory changes. Grouping the questions by
 * subcategory first printed Q26, Q28, Q27 … Q32, Q30, Q33, Q31: the seed's Q27 belongs to 4.3 and
 * Q28 to 4.2, as in the reporting brief.
 */
export function questionnaireGroups(
  qs: readonly Question[],
  answers: readonly Answer[],
  thrusts: readonly Thrust[],
  subcategories: readonly Subcategory[],
  tier?: number,
): ReportGroup[] {
  const byQuestion = new Map(answers.map((a) => [a.question_uuid, a]));
  const subcategoryOf = new Map(subcategories.map((s) => [s.code, s]));
  const shown = (tier ? qs.filter((q) => q.question_tier === tier) : [...qs]).sort((a, b) => a.sort - b.sort);
  const groups: ReportGroup[] = [];
  for (const thrust of [...thrusts].sort((a, b) => a.sort - b.sort)) {
    const group: ReportGroup = { thrust, subcategories: [] };
    for (const question of shown) {
      const subcategory = subcategoryOf.get(question.subcategory);
      if (question.thrust !== thrust.code || subcategory?.thrust !== thrust.code) continue;
      let run = group.subcategories.at(-1);
      if (run?.subcategory.code !== subcategory.code) group.subcategories.push((run = { subcategory, items: [] }));
      const answer = byQuestion.get(question.uuid) ?? null;
      run.items.push({ question, answer, display: answer ? formatAnswer(question, answer.value) : '' });
    }
    if (group.subcategories.length > 0) groups.push(group);
  }
  return groups;
}
