/**
 * The open-data files of national reports (/open-data/): every published answer of a cycle,
 * one row per country × question, as CSV and JSON. The columns are described on the page.
 */
import type { PublicAnswerRow } from '../../lib/national-reports/public-schema.ts';
import { toCsv } from '../../lib/open-data/csv.ts';
import type { TableColumn } from '../../lib/open-data/table-schema.ts';
import { subregionName } from './regional.ts';

/** A value in one CSV cell: numbers and yes/no as they are, choices joined by "; ", parts as JSON. */
export function csvValue(value: PublicAnswerRow['value']): string | number | boolean | null {
  if (value === null || typeof value === 'number' || typeof value === 'boolean' || typeof value === 'string')
    return value;
  if (Array.isArray(value)) return value.join('; ');
  return JSON.stringify(value);
}

export const OPEN_DATA_COLUMNS: readonly TableColumn<PublicAnswerRow>[] = [
  { name: 'cycle', type: 'year', required: true, value: (r) => r.year, description: 'The reporting cycle (year).' },
  {
    name: 'country_code',
    type: 'string',
    required: true,
    value: (r) => r.country_code,
    description: 'ISO 3166-1 alpha-2 code of the country or territory.',
  },
  { name: 'country', type: 'string', required: true, value: (r) => r.country, description: 'Its name.' },
  { name: 'subregion', type: 'string', value: (r) => subregionName(r.subregion), description: 'ESCAP subregion.' },
  {
    name: 'thrust',
    type: 'string',
    required: true,
    value: (r) => r.thrust,
    description: 'Code of the New Urban Agenda thrust (TC1–TC3, EI1–EI3, FR).',
  },
  {
    name: 'subcategory',
    type: 'string',
    required: true,
    value: (r) => r.subcategory,
    description: 'Code of the subcategory within the thrust (e.g. 1.2).',
  },
  {
    name: 'question_code',
    type: 'string',
    required: true,
    value: (r) => r.question_code,
    description: 'The question’s code in the questionnaire (Q01…).',
  },
  { name: 'question', type: 'string', required: true, value: (r) => r.question, description: 'The question as asked.' },
  {
    name: 'question_tier',
    type: 'integer',
    required: true,
    value: (r) => r.question_tier,
    description: '1: core figure, 2: extended figure, 3: policy question.',
  },
  {
    name: 'answer_type',
    type: 'string',
    required: true,
    value: (r) => r.answer_type,
    description: 'pct (percentage), num, int, yn (yes/no), single, multi (choices), txt, url.',
  },
  {
    name: 'unit',
    type: 'string',
    value: (r) => r.unit ?? (r.answer_type === 'pct' ? '%' : null),
    description: 'Unit of numeric values.',
  },
  {
    name: 'sdg_refs',
    type: 'string',
    value: (r) => r.sdg_refs.join('; '),
    description: 'SDG indicators the question relates to.',
  },
  {
    name: 'value',
    type: 'string',
    value: (r) => csvValue(r.value),
    description:
      'The answer: a number, true/false, text, choices joined by "; ", or a JSON object for questions in ' +
      'several parts.',
  },
  {
    name: 'value_text',
    type: 'string',
    value: (r) => r.display,
    description: 'The answer as the report shows it, with labels and unit.',
  },
  {
    name: 'narrative',
    type: 'string',
    value: (r) => r.text,
    description: 'The explanation or link given beside the answer, if any.',
  },
  { name: 'data_year', type: 'year', value: (r) => r.data_year, description: 'The year the figure refers to.' },
  {
    name: 'source',
    type: 'string',
    value: (r) => r.source,
    description: 'The source the country gives for the figure.',
  },
  {
    name: 'demo',
    type: 'boolean',
    required: true,
    value: (r) => r.demo,
    description: 'true for demonstration data (not an official submission).',
  },
];

/** Rows in a stable order: country, then question. */
export function sortRows(rows: readonly PublicAnswerRow[]): PublicAnswerRow[] {
  return [...rows].sort(
    (a, b) => a.country.localeCompare(b.country, 'en') || a.question_code.localeCompare(b.question_code, 'en'),
  );
}

/** One row per cycle, country and question. */
export const OPEN_DATA_KEY = ['cycle', 'country_code', 'question_code'] as const;

/** /open-data/national-reports-{year}.csv: the published answers of a cycle (its data package hashes these bytes). */
export function nationalReportsCsv(answers: readonly PublicAnswerRow[]): string {
  return toCsv(OPEN_DATA_COLUMNS, sortRows(answers));
}
