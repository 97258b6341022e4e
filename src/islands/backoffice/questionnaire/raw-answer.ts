import {
  answerSchema,
  answerWarnings,
  type CleanAnswer,
  type EngineOptions,
} from '../../../lib/questionnaires/engine.ts';
import type { Answer, AnswerValue, FormQuestion } from '../../../lib/questionnaires/schema.ts';
import { PAGE_LOCALE } from '../../i18n/page-locale.ts';
import { problemText } from './answer-format.ts';
import type { AnswerErrors } from './autosave-queue.ts';
import { m } from './messages.ts';

/**
 * An answer as the inputs hold it: numbers as typed ('58.3', '1,200', '' for none), yes/no as
 * 'yes' | 'no' | '', choices as option values, parts by key. Kept in the browser as typed, so a
 * half-typed number survives a reload.
 */
export type RawValue = string | string[] | Record<string, string>;

export interface RawAnswer {
  value: RawValue;
  text: string;
  data_year: string;
  source: string;
  comment: string;
  /** Why a flagged answer stands (decision 078); absent in a draft kept before explanations. */
  explanation?: string;
}

/** The answer as the save call takes it. */
export interface AnswerSend extends CleanAnswer {
  question_uuid: string;
  version?: number;
}

/**
 * Languages that write the decimal point as a comma ("58,3"): there a comma is a decimal point, never a thousands
 * separator.
 */
const DECIMAL_COMMA = PAGE_LOCALE === 'fr' || PAGE_LOCALE === 'ru';

const isNumeric = (type: FormQuestion['answer_type']) => type === 'pct' || type === 'num' || type === 'int';

/** A stored number as the input shows it: "58.3", or "58,3" where the language writes a decimal comma. */
function rawScalar(value: number | boolean | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  const text = String(value);
  return DECIMAL_COMMA && /^-?\d+\.\d+$/.test(text) ? text.replace('.', ',') : text;
}

/** What the inputs show for a stored answer (or for none). */
export function rawOf(
  question: FormQuestion,
  answer: Pick<Answer, 'value' | 'text' | 'data_year' | 'source' | 'comment' | 'explanation'> | null | undefined,
): RawAnswer {
  const value = answer?.value ?? null;
  let raw: RawValue;
  if (question.parts.length > 0) {
    const object = value !== null && typeof value === 'object' && !Array.isArray(value) ? value : {};
    raw = Object.fromEntries(question.parts.map((part) => [part.key, rawScalar(object[part.key])]));
  } else if (question.answer_type === 'multi') {
    raw = Array.isArray(value) ? value : [];
  } else if (typeof value === 'number' || typeof value === 'boolean') {
    raw = rawScalar(value);
  } else {
    raw = typeof value === 'string' ? value : '';
  }
  return {
    value: raw,
    text: answer?.text ?? '',
    data_year: answer?.data_year == null ? '' : String(answer.data_year),
    source: answer?.source ?? '',
    comment: answer?.comment ?? '',
    explanation: answer?.explanation ?? '',
  };
}

/**
 * '1,200.5' and ' 58.3 ' read as numbers (and '58,3' on a French or Russian page); '' is no value; anything else is not
 * a number.
 */
export function parseNumber(text: string, decimalComma = DECIMAL_COMMA): number | null | typeof NaN {
  const spaced = text.trim().replace(/\s/g, '');
  const trimmed = decimalComma && /^-?\d*,\d+$/.test(spaced) ? spaced.replace(',', '.') : spaced;
  if (trimmed === '') return null;
  const plain = /^-?\d{1,3}(,\d{3})+(\.\d+)?$/.test(trimmed) ? trimmed.replace(/,/g, '') : trimmed;
  if (!/^-?(\d+\.?\d*|\.\d+)(e-?\d+)?$/i.test(plain)) return Number.NaN;
  return Number(plain);
}

function scalarOf(question: FormQuestion, text: string): number | boolean | null {
  if (question.answer_type === 'yn') return text === 'yes' ? true : text === 'no' ? false : null;
  return parseNumber(text);
}

const NOT_A_NUMBER: Partial<
  Record<FormQuestion['answer_type'], 'check.enterPercentage' | 'check.enterNumber' | 'check.enterWhole'>
> = {
  pct: 'check.enterPercentage',
  num: 'check.enterNumber',
  int: 'check.enterWhole',
};
const notANumber = (type: FormQuestion['answer_type']) => m(NOT_A_NUMBER[type] ?? 'check.enterAnyNumber');

export interface Checked {
  /** The answer to send, or null when it is invalid. */
  send: AnswerSend | null;
  errors: AnswerErrors | null;
  warnings: string[];
}

/**
 * Reads what the person typed with the shared engine (the same rules the server applies): the
 * answer to send, or the reasons it cannot be sent, and the out-of-range warnings.
 */
export function checkRaw(question: FormQuestion, raw: RawAnswer, engine: EngineOptions): Checked {
  const errors: AnswerErrors = {};
  let value: unknown;
  if (question.parts.length > 0) {
    const parts = raw.value && typeof raw.value === 'object' && !Array.isArray(raw.value) ? raw.value : {};
    const out: Record<string, number | boolean | null> = {};
    for (const part of question.parts) {
      const scalar = scalarOf(question, parts[part.key] ?? '');
      if (typeof scalar === 'number' && Number.isNaN(scalar))
        (errors[`value.${part.key}`] ??= []).push(notANumber(question.answer_type));
      out[part.key] = scalar;
    }
    value = out;
  } else if (isNumeric(question.answer_type) || question.answer_type === 'yn') {
    const scalar = scalarOf(question, typeof raw.value === 'string' ? raw.value : '');
    if (typeof scalar === 'number' && Number.isNaN(scalar)) errors['value'] = [notANumber(question.answer_type)];
    value = scalar;
  } else if (question.answer_type === 'multi') {
    value = Array.isArray(raw.value) ? raw.value : [];
  } else {
    value = typeof raw.value === 'string' ? raw.value : '';
  }

  const yearText = raw.data_year.trim();
  const dataYear = yearText === '' ? null : /^\d{4}$/.test(yearText) ? Number(yearText) : Number.NaN;
  if (Number.isNaN(dataYear)) errors['data_year'] = [m('check.enterYear')];

  if (Object.keys(errors).length > 0) return { send: null, errors, warnings: [] };

  const fields = {
    value,
    text: raw.text,
    data_year: dataYear,
    source: raw.source,
    comment: raw.comment,
    explanation: raw.explanation ?? '',
  };
  if (!question.with_text) fields.text = '';
  const parsed = answerSchema(question, engine).safeParse(fields);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const key = issue.path.length > 0 ? issue.path.map(String).join('.') : 'value';
      (errors[key] ??= []).push(String(issue.message)); // a message said by key: its English text
    }
    return { send: null, errors, warnings: [] };
  }
  return {
    send: { question_uuid: question.uuid, ...parsed.data },
    errors: null,
    warnings: answerWarnings(question, parsed.data.value),
  };
}

/** Whether a clean answer says the same as the stored one (then nothing needs saving). */
export function sameAnswer(
  send: Pick<AnswerSend, 'value' | 'text' | 'data_year' | 'source' | 'comment' | 'explanation'>,
  stored: Pick<Answer, 'value' | 'text' | 'data_year' | 'source' | 'comment' | 'explanation'> | null | undefined,
): boolean {
  const empty = (v: AnswerValue | undefined) => v === null || v === undefined;
  if (!stored)
    return (
      empty(send.value) && !send.text && send.data_year === null && !send.source && !send.comment && !send.explanation
    );
  return (
    JSON.stringify(send.value ?? null) === JSON.stringify(stored.value ?? null) &&
    (send.text ?? null) === (stored.text ?? null) &&
    (send.data_year ?? null) === (stored.data_year ?? null) &&
    (send.source ?? null) === (stored.source ?? null) &&
    (send.comment ?? null) === (stored.comment ?? null) &&
    (send.explanation ?? null) === (stored.explanation ?? null)
  );
}

/**
 * Field errors as a person reads them: engine fragments get the field's name in front
 * ("Source is required for a core (tier 1) figure."), our own sentences stay as they are.
 */
export function errorText(messages: readonly string[] | undefined, label: string): string | null {
  if (!messages || messages.length === 0) return null;
  const end = PAGE_LOCALE === 'zh' ? '。' : '.';
  return messages
    .map((message) => {
      const text = /^[a-z]/.test(message) ? m('problem.sentence', { label, problem: problemText(message) }) : message;
      return /[.!?。]$/.test(text) ? text : `${text}${end}`;
    })
    .join(PAGE_LOCALE === 'zh' ? '' : ' ');
}
