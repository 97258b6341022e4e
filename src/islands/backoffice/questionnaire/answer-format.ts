/**
 * Answers and the engine's words in the page's language (issue 17): numbers, percentages and
 * yes/no as the language writes them; the shared engine's problem fragments ("must be a number")
 * and out-of-range warnings said again from the catalogue. English reads as the engine writes it.
 * What a question's parts and choices are called comes from the database and stays as written.
 */
import { withUnit } from '../../../components/charts/format.ts';
import { formatAnswer, type ScalarFormat } from '../../../lib/questionnaires/engine.ts';
import type { AnswerValue, FormQuestion } from '../../../lib/questionnaires/schema.ts';
import type { Translate } from '../../i18n/messages.ts';
import { INTL_TAG, PAGE_LOCALE } from '../../i18n/page-locale.ts';
import { m } from './messages.ts';

type Rules = Parameters<typeof formatAnswer>[0];
type WarningRules = Pick<FormQuestion, 'answer_type' | 'unit' | 'expected_min' | 'expected_max' | 'parts'>;

const unitOf = (q: Pick<FormQuestion, 'unit' | 'answer_type'>) => q.unit ?? (q.answer_type === 'pct' ? '%' : null);

/** A number with the question's unit: "58.3 %" in English (the engine's way), "58,3 %" in French. */
export function numberWithUnit(q: Pick<FormQuestion, 'unit' | 'answer_type'>, n: number): string {
  const unit = unitOf(q);
  if (PAGE_LOCALE === 'en')
    return `${n.toLocaleString('en-GB', { maximumFractionDigits: 6 })}${unit ? ` ${unit}` : ''}`;
  return withUnit(n.toLocaleString(INTL_TAG, { maximumFractionDigits: 6 }), unit, INTL_TAG);
}

function scalarOf(q: Rules): ScalarFormat {
  return (v) => {
    if (v === null || v === undefined) return '–';
    if (typeof v === 'boolean') return v ? m('answer.yes') : m('answer.no');
    return numberWithUnit(q, v);
  };
}

/** A value as a person reads it, in the page's language: '58.3 %', 'Yes', option labels. */
export function answerDisplay(q: Rules, value: AnswerValue | undefined): string {
  return formatAnswer(q, value, scalarOf(q));
}

/** The engine's warning for a valid value outside the question's expected range, in the page's language. */
export function answerWarningTexts(q: WarningRules, value: AnswerValue | undefined): string[] {
  if (!(q.answer_type === 'pct' || q.answer_type === 'num' || q.answer_type === 'int')) return [];
  if (q.expected_min === null && q.expected_max === null) return [];
  const range =
    q.expected_min !== null && q.expected_max !== null
      ? m('range.between', {
          min: q.expected_min.toLocaleString(INTL_TAG, { maximumFractionDigits: 6 }),
          max: numberWithUnit(q, q.expected_max),
        })
      : q.expected_min !== null
        ? m('range.atLeast', { min: numberWithUnit(q, q.expected_min) })
        : m('range.atMost', { max: numberWithUnit(q, q.expected_max!) });
  const check = (n: unknown, part: string | null): string[] => {
    if (typeof n !== 'number') return [];
    const below = q.expected_min !== null && n < q.expected_min;
    const above = q.expected_max !== null && n > q.expected_max;
    if (!below && !above) return [];
    const text = m(below ? 'warning.below' : 'warning.above', { value: numberWithUnit(q, n), range });
    return [part === null ? text : m('problem.part', { part, problem: text })];
  };
  if (q.parts.length > 0 && value !== null && typeof value === 'object' && !Array.isArray(value)) {
    return q.parts.flatMap((p) => check(value[p.key], p.label));
  }
  return check(value, null);
}

type Key = Parameters<typeof m>[0];
const number = (text: string) =>
  Number.isFinite(Number(text)) ? Number(text).toLocaleString(INTL_TAG, { maximumFractionDigits: 6 }) : text;

/** The engine's fragments (src/lib/questionnaires/engine.ts, text.ts), most particular first. */
const FRAGMENTS: [RegExp, Key, (match: RegExpExecArray) => Record<string, string | number>][] = [
  [/^must be a year$/, 'problem.year', () => ({})],
  [/^must be (\d+) or later$/, 'problem.yearFrom', (x) => ({ year: x[1]! })],
  [/^must be (\d+) or earlier$/, 'problem.yearTo', (x) => ({ year: x[1]! })],
  [/^must be yes or no \(true or false\)$/, 'problem.yesNo', () => ({})],
  [/^must be a percentage \(a number\)$/, 'problem.percentage', () => ({})],
  [/^must be a number$/, 'problem.number', () => ({})],
  [/^must be a whole number$/, 'problem.whole', () => ({})],
  [/^must be at most (\d+) characters$/, 'problem.maxChars', (x) => ({ count: Number(x[1]) })],
  [
    /^must be at least (\S+)(?: (.+))?$/,
    'problem.atLeast',
    (x) => ({ min: `${number(x[1]!)}${x[2] ? ` ${x[2]}` : ''}` }),
  ],
  [
    /^must be at most (\S+)(?: (.+))?$/,
    'problem.atMost',
    (x) => ({ max: `${number(x[1]!)}${x[2] ? ` ${x[2]}` : ''}` }),
  ],
  [/^must have at most (\d+) decimal places?$/, 'problem.decimals', (x) => ({ count: Number(x[1]) })],
  [/^must give a value for each of: (.+)$/, 'problem.eachPart', (x) => ({ list: x[1]! })],
  [/^must be one of the choices$/, 'problem.oneOfChoices', () => ({})],
  [/^must be one of: (.+)$/, 'problem.oneOf', (x) => ({ list: x[1]! })],
  [/^must be a list of choices$/, 'problem.listOfChoices', () => ({})],
  [/^must have at most (\d+) choices$/, 'problem.atMostChoices', (x) => ({ count: Number(x[1]) })],
  [/^each choice must be one of: (.+)$/, 'problem.eachChoice', (x) => ({ list: x[1]! })],
  [/^must not repeat a choice$/, 'problem.repeat', () => ({})],
  [/^this question takes no narrative$/, 'problem.noNarrative', () => ({})],
  [/^is required for a core \(tier 1\) figure$/, 'problem.sourceRequired', () => ({})],
  [/^no longer meets the rules of this question$/, 'problem.noLongerMeets', () => ({})],
  [/^must be text$/, 'problem.text', () => ({})],
  [/^must be an http:\/\/ or https:\/\/ address$/, 'problem.url', () => ({})],
];

/**
 * One of the engine's fragments in the page's language (`t`, the catalogue's; English as it is); anything else as it
 * came.
 */
export function problemText(message: string, t: Translate<Key> = m, locale: string = PAGE_LOCALE): string {
  if (locale === 'en') return message;
  for (const [pattern, key, params] of FRAGMENTS) {
    const match = pattern.exec(message);
    if (match) return t(key, params(match));
  }
  return message;
}
