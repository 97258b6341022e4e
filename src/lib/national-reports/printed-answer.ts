import { isAnswered } from '../questionnaires/engine.ts';
import type { Answer, AnswerValue } from '../questionnaires/schema.ts';
import type { Question } from './question-schema.ts';

/** What a printed report (the preview and the PDF) shows of one answer. */
export interface PrintedAnswer {
  /** By the engine's one rule (`isAnswered`), as the form and completeness count it. */
  answered: boolean;
  /** The value as the reader reads it; '' when there is none. */
  value: string;
  /** The country's description or narrative beside the value, when written. */
  description: string | null;
}

/**
 * One answer as a printed report shows it: "Not answered" only where the form and completeness
 * say so, so a choice described in words without a ticked option prints its description as an
 * answer. `display` writes the value in the reader's language.
 */
export function printedAnswer(
  question: Question,
  answer: Pick<Answer, 'value' | 'text'> | null,
  display: (question: Question, value: AnswerValue | undefined) => string,
): PrintedAnswer {
  if (!answer) return { answered: false, value: '', description: null };
  const description = answer.text && answer.text.trim() !== '' ? answer.text : null;
  return { answered: isAnswered(question, answer), value: display(question, answer.value), description };
}
