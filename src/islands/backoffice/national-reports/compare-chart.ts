import type { CompareAnswer, CompareQuestion } from '../../../lib/national-reports/compare-schema.ts';

/** What the Compare screen draws of the answers: pure, so the chart and its table agree. */

/** The median of some numbers (the mean of the middle two for an even count); null for none. */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** The kind of view a question's answers take. */
export type CompareView = 'figures' | 'choices' | 'parts' | 'narratives';

export function viewOf(question: Pick<CompareQuestion, 'answer_type' | 'parts'>): CompareView {
  if (question.parts.length > 0) return 'parts';
  if (['pct', 'num', 'int'].includes(question.answer_type)) return 'figures';
  if (['yn', 'single', 'multi'].includes(question.answer_type)) return 'choices';
  return 'narratives';
}

/** The figures of the answers, in the API's order (highest first). */
export function figuresOf(answers: readonly CompareAnswer[]): { answer: CompareAnswer; value: number }[] {
  return answers.flatMap((answer) =>
    typeof answer.value === 'number' && Number.isFinite(answer.value) ? [{ answer, value: answer.value }] : [],
  );
}

/** How many countries gave each choice (yes/no as `yes` and `no`), in the question's order. */
export function choiceCounts(
  question: Pick<CompareQuestion, 'answer_type' | 'options'>,
  answers: readonly CompareAnswer[],
): { value: string; count: number; countries: string[] }[] {
  const values = question.answer_type === 'yn' ? ['yes', 'no'] : question.options.map((o) => o.value);
  const byValue = new Map(values.map((v) => [v, [] as string[]]));
  for (const answer of answers) {
    const given =
      typeof answer.value === 'boolean'
        ? [answer.value ? 'yes' : 'no']
        : Array.isArray(answer.value)
          ? answer.value
          : typeof answer.value === 'string'
            ? [answer.value]
            : [];
    for (const v of given) byValue.get(v)?.push(answer.country_name);
  }
  return [...byValue.entries()].map(([value, countries]) => ({ value, count: countries.length, countries }));
}

/** A text cut to at most `max` characters (by grapheme), with an ellipsis when cut. */
export function clipped(text: string, max: number): string {
  const graphemes = [...new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(text)].map((s) => s.segment);
  return graphemes.length <= max ? text : `${graphemes.slice(0, Math.max(1, max - 1)).join('')}…`;
}

/** The scale of a bar chart: from 0 (or the lowest negative figure) to the highest figure. */
export function scaleOf(values: readonly number[]): { min: number; max: number } {
  const min = Math.min(0, ...values);
  const max = Math.max(0, ...values);
  return { min, max: max === min ? min + 1 : max };
}
