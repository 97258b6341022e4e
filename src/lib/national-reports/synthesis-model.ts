import { countryNameIn } from '../i18n/format.ts';
import { isRightToLeft } from '../i18n/written-languages.ts';
import type { Locale } from '../../i18n/locales.ts';
import type { AnswerValue } from '../questionnaires/schema.ts';
import type { Question, Thrust } from './question-schema.ts';
import { synthesisWords } from './synthesis-words.ts';

/**
 * The regional synthesis as a document model (decision 079): what the cycle's submitted-or-later
 * reports answered, question by question under their thrusts, with the portal's words in the
 * chosen language and the countries' as written. Pure: the PDF and the .docx are drawn from it
 * (synthesis-pdf.server.ts, synthesis-docx.server.ts), and it is tested without a database.
 */

/** Quotations the secretariat may choose per question. */
export const SYNTHESIS_QUOTES_MAX = 5;

/** What the query reads for a cycle: questions and thrusts already in the chosen language. */
export interface SynthesisInput {
  year: number;
  locale: Locale;
  /** When the document is made (its date). */
  at: Date;
  thrusts: readonly Thrust[];
  /** The cycle's questions as worded for it, in the questionnaire's order. */
  questions: readonly Question[];
  /** The cycle's reports submitted, accepted or published. */
  reports: readonly { id: number; country_code: string; country_name: string; written_in: string | null }[];
  answers: readonly { report_id: number; question_uuid: string; value: AnswerValue; text: string | null }[];
  /** The secretariat's chosen quotations (synthesis_quotes). */
  quotes: readonly { question_uuid: string; report_id: number; sort: number }[];
  /** The portal's texts left in English for want of a translation (any: the document says so). */
  partlyEnglish: boolean;
}

export interface FigureValue {
  country_code: string;
  country: string;
  value: number;
  /** The value in words, with its unit. */
  shown: string;
}

export interface FigureSeries {
  /** The part's name, for a question in parts; null for a question of one figure. */
  label: string | null;
  /** Highest first (then by country). */
  values: FigureValue[];
  median: string | null;
  medianValue: number | null;
  min: FigureValue | null;
  max: FigureValue | null;
}

export interface ChoiceTable {
  label: string | null;
  counts: { label: string; count: number }[];
}

export interface Quote {
  country_code: string;
  country: string;
  text: string;
  /** The language the country wrote in (BCP 47), when stated. */
  lang: string | null;
  rtl: boolean;
}

export interface SynthesisQuestion {
  uuid: string;
  code: string;
  text: string;
  kind: 'figures' | 'choices' | 'narrative';
  /** How many of the reports answered it. */
  answered: number;
  figures: FigureSeries[];
  choices: ChoiceTable[];
  quotes: Quote[];
}

export interface SynthesisDoc {
  year: number;
  locale: Locale;
  /** The chosen language's BCP 47 tag. */
  tag: string;
  title: string;
  cycle: string;
  generated: string;
  reportsLine: string;
  reportCount: number;
  partlyEnglish: boolean;
  thrusts: { code: string; name: string; questions: SynthesisQuestion[] }[];
}

type Answered = { value: AnswerValue; text: string | null; report: SynthesisInput['reports'][number] };

function median(sorted: readonly number[]): number | null {
  if (sorted.length === 0) return null;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

function figureSeries(
  input: SynthesisInput,
  q: Question,
  answered: readonly Answered[],
  part: { key: string; label: string } | null,
): FigureSeries {
  const words = synthesisWords(input.locale);
  const unit = q.unit ?? (q.answer_type === 'pct' ? '%' : null);
  const values: FigureValue[] = [];
  for (const { value, report } of answered) {
    const n = part && value && typeof value === 'object' && !Array.isArray(value) ? value[part.key] : value;
    if (typeof n !== 'number' || !Number.isFinite(n)) continue;
    const country = countryNameIn(input.locale, report.country_code, report.country_name);
    values.push({ country_code: report.country_code, country, value: n, shown: words.number(n, unit) });
  }
  values.sort((a, b) => b.value - a.value || a.country.localeCompare(b.country, words.tag));
  const mid = median(values.map((v) => v.value).sort((a, b) => a - b));
  return {
    label: part?.label ?? null,
    values,
    median: mid === null ? null : words.number(mid, unit),
    medianValue: mid,
    min: values.at(-1) ?? null,
    max: values[0] ?? null,
  };
}

function choiceTable(
  input: SynthesisInput,
  q: Question,
  answered: readonly Answered[],
  part: { key: string; label: string } | null,
): ChoiceTable {
  const words = synthesisWords(input.locale);
  const of = (value: AnswerValue) =>
    part && value && typeof value === 'object' && !Array.isArray(value) ? value[part.key] : value;
  if (q.answer_type === 'yn') {
    const yes = answered.filter((a) => of(a.value) === true).length;
    const no = answered.filter((a) => of(a.value) === false).length;
    return {
      label: part?.label ?? null,
      counts: [
        { label: words.t('yes'), count: yes },
        { label: words.t('no'), count: no },
      ],
    };
  }
  const counts = q.options.map((option) => ({
    label: option.label,
    count: answered.filter(({ value }) =>
      Array.isArray(value) ? value.includes(option.value) : value === option.value,
    ).length,
  }));
  return { label: null, counts };
}

/** The text a quotation gives: a narrative answer's value, else the text written beside a choice. */
function quoteText(q: Question, value: AnswerValue, text: string | null): string | null {
  if ((q.answer_type === 'txt' || q.answer_type === 'url') && typeof value === 'string' && value.trim()) return value;
  return text?.trim() ? text : null;
}

function kindOf(q: Question): SynthesisQuestion['kind'] {
  if (q.answer_type === 'pct' || q.answer_type === 'num' || q.answer_type === 'int') return 'figures';
  if (q.answer_type === 'yn' || q.answer_type === 'single' || q.answer_type === 'multi') return 'choices';
  return 'narrative';
}

function isAnswered(value: AnswerValue): boolean {
  if (value === null || value === undefined) return false;
  if (typeof value === 'string') return value.trim() !== '';
  if (Array.isArray(value)) return value.length > 0;
  if (typeof value === 'object') return Object.values(value).some((v) => v !== null);
  return true;
}

function synthesisQuestion(
  input: SynthesisInput,
  q: Question,
  answered: readonly Answered[],
  chosen: readonly Answered[],
): SynthesisQuestion {
  const kind = kindOf(q);
  const parts = q.parts.length > 0 ? q.parts.map((p) => ({ key: p.key, label: p.label })) : [null];
  const quotes = chosen.flatMap(({ value, text, report }) => {
    const said = quoteText(q, value, text);
    if (!said) return [];
    const lang = report.written_in;
    return [
      {
        country_code: report.country_code,
        country: countryNameIn(input.locale, report.country_code, report.country_name),
        text: said,
        lang,
        rtl: isRightToLeft(lang) || /^[\s\d\p{P}]*[\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Thaana}]/u.test(said),
      },
    ];
  });
  return {
    uuid: q.uuid,
    code: q.code,
    text: q.text,
    kind,
    answered: answered.length,
    figures: kind === 'figures' ? parts.map((part) => figureSeries(input, q, answered, part)) : [],
    choices: kind === 'choices' ? parts.map((part) => choiceTable(input, q, answered, part)) : [],
    quotes: quotes.slice(0, SYNTHESIS_QUOTES_MAX),
  };
}

/** The document model of a cycle's regional synthesis. */
export function synthesisDoc(input: SynthesisInput): SynthesisDoc {
  const words = synthesisWords(input.locale);
  const reports = new Map(input.reports.map((r) => [r.id, r]));
  const byQuestion = new Map<string, Map<number, Answered>>();
  for (const a of input.answers) {
    const report = reports.get(a.report_id);
    if (!report) continue;
    let answers = byQuestion.get(a.question_uuid);
    if (!answers) byQuestion.set(a.question_uuid, (answers = new Map()));
    answers.set(a.report_id, { value: a.value, text: a.text, report });
  }
  const quotesOf = (uuid: string) =>
    input.quotes
      .filter((quote) => quote.question_uuid === uuid)
      .sort((a, b) => a.sort - b.sort)
      .flatMap((quote) => byQuestion.get(uuid)?.get(quote.report_id) ?? []);
  const thrusts = [...input.thrusts]
    .sort((a, b) => a.sort - b.sort)
    .map((thrust) => ({
      code: thrust.code,
      name: thrust.name,
      questions: input.questions
        .filter((q) => q.thrust === thrust.code)
        .map((q) => {
          const answered = [...(byQuestion.get(q.uuid)?.values() ?? [])].filter((a) => isAnswered(a.value));
          return synthesisQuestion(input, q, answered, quotesOf(q.uuid));
        }),
    }))
    .filter((thrust) => thrust.questions.length > 0);
  return {
    year: input.year,
    locale: input.locale,
    tag: words.tag,
    title: words.t('title'),
    cycle: words.t('cycle', { year: String(input.year) }),
    generated: words.t('generated', { date: words.date(input.at) }),
    reportsLine: words.t('reports', { count: input.reports.length }),
    reportCount: input.reports.length,
    partlyEnglish: input.partlyEnglish,
    thrusts,
  };
}
