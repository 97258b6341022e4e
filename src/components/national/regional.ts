/**
 * The regional picture of one cycle (/regional-reports): for each question, the published
 * answers across countries turned into chart data. Numeric answers become bars sorted by value
 * with the regional median; yes/no answers become counts by subregion (or by part, for
 * multi-part questions); choices become counts per option; narratives a list of countries.
 */
import type { PublicAnswerRow } from '../../lib/national-reports/public-schema.ts';
import type { Question } from '../../lib/national-reports/question-schema.ts';
import { SUBREGIONS } from '../../lib/map/subregions.ts';
import { median } from '../charts/bars.ts';

/** What the charts need of a question: from a published report's questions, or guessed from the rows. */
export type QuestionInfo = Pick<
  Question,
  | 'code'
  | 'text'
  | 'thrust'
  | 'subcategory'
  | 'question_tier'
  | 'answer_type'
  | 'unit'
  | 'decimals'
  | 'options'
  | 'parts'
  | 'sdg_refs'
>;

export interface CountryValue {
  code: string;
  name: string;
  subregion: string;
  value: number;
  data_year: number | null;
  source: string | null;
}

export type RegionalChart =
  | { kind: 'bars'; id: string; title: string; values: CountryValue[]; median: number | null }
  | { kind: 'yes-no'; id: string; title: string; groupHeading: string; groups: CountGroupRow[] }
  | {
      kind: 'options';
      id: string;
      title: string;
      counts: { key: string; label: string; value: number; countries: string[] }[];
    }
  | { kind: 'text'; id: string; title: string; countries: { code: string; name: string; display: string }[] };

export interface CountGroupRow {
  key: string;
  label: string;
  /** [yes, no] */
  counts: [number, number];
  /** Countries that answered yes. */
  detail: string[];
}

export interface RegionalQuestion {
  question: QuestionInfo;
  /** Countries that answered. */
  answered: number;
  charts: RegionalChart[];
}

export const subregionName = (id: string) => SUBREGIONS.find((s) => s.id === id)?.name ?? 'Other';

/** The words the charts put around the answers, in a page's language (English for the CSV files). */
export interface RegionalWords {
  /** BCP 47 tag: names are sorted in its order. */
  lang: string;
  subregion: (id: string) => string;
  allCountries: string;
  bySubregion: string;
  byPart: string;
}

export const ENGLISH_WORDS: RegionalWords = {
  lang: 'en',
  subregion: subregionName,
  allCountries: 'All countries',
  bySubregion: 'Subregion',
  byPart: 'Part of the question',
};

const NUMERIC = new Set(['pct', 'num', 'int']);

/** A question's info from its rows alone (no published report carried its definition). */
export function infoFromRows(rows: readonly PublicAnswerRow[]): QuestionInfo {
  const first = rows[0]!;
  const partKeys = [
    ...new Set(
      rows.flatMap((r) =>
        r.value && typeof r.value === 'object' && !Array.isArray(r.value) ? Object.keys(r.value) : [],
      ),
    ),
  ];
  return {
    code: first.question_code,
    text: first.question,
    thrust: first.thrust,
    subcategory: first.subcategory,
    question_tier: first.question_tier === 1 || first.question_tier === 2 ? first.question_tier : 3,
    answer_type:
      (['pct', 'num', 'int', 'yn', 'single', 'multi', 'txt', 'url'] as const).find((t) => t === first.answer_type) ??
      'txt',
    unit: first.unit,
    decimals: null,
    options: [],
    parts: partKeys.map((key) => ({ key, label: key.replace(/_/g, ' ') })),
    sdg_refs: first.sdg_refs,
  };
}

/** A part's value (or the whole value for a one-part question). */
function partValue(value: PublicAnswerRow['value'], part: string | null): number | boolean | null {
  if (part === null) return typeof value === 'number' || typeof value === 'boolean' ? value : null;
  if (value && typeof value === 'object' && !Array.isArray(value)) return value[part] ?? null;
  return null;
}

function numericChart(
  q: QuestionInfo,
  rows: readonly PublicAnswerRow[],
  part: { key: string; label: string } | null,
): RegionalChart {
  const values: CountryValue[] = rows.flatMap((r) => {
    const v = partValue(r.value, part?.key ?? null);
    return typeof v === 'number'
      ? [
          {
            code: r.country_code,
            name: r.country,
            subregion: r.subregion,
            value: v,
            data_year: r.data_year,
            source: r.source,
          },
        ]
      : [];
  });
  const id = `${q.code.toLowerCase()}${part ? `-${part.key}` : ''}`;
  return {
    kind: 'bars',
    id,
    title: part ? `${q.text}: ${part.label}` : q.text,
    values,
    median: median(values.map((v) => v.value)),
  };
}

function yesNoBySubregion(q: QuestionInfo, rows: readonly PublicAnswerRow[], words: RegionalWords): RegionalChart {
  const answers = rows.flatMap((r) =>
    typeof r.value === 'boolean' ? [{ name: r.country, subregion: r.subregion, yes: r.value }] : [],
  );
  const group = (key: string, label: string, list: typeof answers): CountGroupRow => ({
    key,
    label,
    counts: [list.filter((a) => a.yes).length, list.filter((a) => !a.yes).length],
    detail: list
      .filter((a) => a.yes)
      .map((a) => a.name)
      .sort((a, b) => a.localeCompare(b, words.lang)),
  });
  const subregions = [...SUBREGIONS.map((s) => s.id), 'other']
    .map((id) =>
      group(
        id,
        words.subregion(id),
        answers.filter((a) => (SUBREGIONS.some((s) => s.id === a.subregion) ? a.subregion : 'other') === id),
      ),
    )
    .filter((g) => g.counts[0] + g.counts[1] > 0);
  return {
    kind: 'yes-no',
    id: q.code.toLowerCase(),
    title: q.text,
    groupHeading: words.bySubregion,
    groups: [group('all', words.allCountries, answers), ...subregions],
  };
}

function yesNoByPart(q: QuestionInfo, rows: readonly PublicAnswerRow[], words: RegionalWords): RegionalChart {
  const groups = q.parts.map((p): CountGroupRow => {
    const answers = rows.flatMap((r) => {
      const v = partValue(r.value, p.key);
      return typeof v === 'boolean' ? [{ name: r.country, yes: v }] : [];
    });
    return {
      key: p.key,
      label: p.label,
      counts: [answers.filter((a) => a.yes).length, answers.filter((a) => !a.yes).length],
      detail: answers
        .filter((a) => a.yes)
        .map((a) => a.name)
        .sort((a, b) => a.localeCompare(b, words.lang)),
    };
  });
  return { kind: 'yes-no', id: q.code.toLowerCase(), title: q.text, groupHeading: words.byPart, groups };
}

function optionCounts(q: QuestionInfo, rows: readonly PublicAnswerRow[], words: RegionalWords): RegionalChart {
  const chosen = (r: PublicAnswerRow): string[] =>
    Array.isArray(r.value) ? r.value : typeof r.value === 'string' ? [r.value] : [];
  const keys = [...new Set([...q.options.map((o) => o.value), ...rows.flatMap(chosen)])];
  const counts = keys.map((key) => {
    const countries = rows
      .filter((r) => chosen(r).includes(key))
      .map((r) => r.country)
      .sort((a, b) => a.localeCompare(b, words.lang));
    return { key, label: q.options.find((o) => o.value === key)?.label ?? key, value: countries.length, countries };
  });
  return { kind: 'options', id: q.code.toLowerCase(), title: q.text, counts };
}

/** The regional charts of one question from its published answers. */
export function regionalQuestion(
  q: QuestionInfo,
  rows: readonly PublicAnswerRow[],
  words: RegionalWords = ENGLISH_WORDS,
): RegionalQuestion {
  let charts: RegionalChart[];
  if (NUMERIC.has(q.answer_type))
    charts = q.parts.length > 0 ? q.parts.map((p) => numericChart(q, rows, p)) : [numericChart(q, rows, null)];
  else if (q.answer_type === 'yn')
    charts = [q.parts.length > 0 ? yesNoByPart(q, rows, words) : yesNoBySubregion(q, rows, words)];
  else if (q.answer_type === 'single' || q.answer_type === 'multi') charts = [optionCounts(q, rows, words)];
  else
    charts = [
      {
        kind: 'text',
        id: q.code.toLowerCase(),
        title: q.text,
        countries: rows
          .filter((r) => r.display.trim() !== '')
          .map((r) => ({ code: r.country_code, name: r.country, display: r.display }))
          .sort((a, b) => a.name.localeCompare(b.name, words.lang)),
      },
    ];
  return { question: q, answered: new Set(rows.map((r) => r.country_code)).size, charts };
}

/**
 * Every question answered in a cycle, in the questionnaire's order: `known` holds the questions'
 * definitions where a published report carried them (code → question).
 */
export function regionalPicture(
  rows: readonly PublicAnswerRow[],
  known: ReadonlyMap<string, QuestionInfo & { sort?: number }>,
  words: RegionalWords = ENGLISH_WORDS,
): RegionalQuestion[] {
  const byCode = new Map<string, PublicAnswerRow[]>();
  for (const r of rows) byCode.set(r.question_code, [...(byCode.get(r.question_code) ?? []), r]);
  const order = (code: string) => known.get(code)?.sort ?? Number.MAX_SAFE_INTEGER;
  return [...byCode.entries()]
    .sort(([a], [b]) => order(a) - order(b) || a.localeCompare(b, 'en'))
    .map(([code, list]) => regionalQuestion(known.get(code) ?? infoFromRows(list), list, words));
}
