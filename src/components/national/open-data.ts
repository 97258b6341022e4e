/**
 * The open-data files of national reports (/open-data/): every published answer of a cycle,
 * one row per country × question, as CSV and JSON. The columns are described on the page.
 */
import type { PublicAnswerRow } from '../../lib/national-reports/public-schema.ts';
import type { CsvColumn } from '../../lib/open-data/csv.ts';
import { subregionName } from './regional.ts';

/** A value in one CSV cell: numbers and yes/no as they are, choices joined by "; ", parts as JSON. */
export function csvValue(value: PublicAnswerRow['value']): string | number | boolean | null {
  if (value === null || typeof value === 'number' || typeof value === 'boolean' || typeof value === 'string')
    return value;
  if (Array.isArray(value)) return value.join('; ');
  return JSON.stringify(value);
}

export const OPEN_DATA_COLUMNS: readonly (CsvColumn<PublicAnswerRow> & { description: string })[] = [
  { name: 'cycle', value: (r) => r.year, description: 'The reporting cycle (year).' },
  {
    name: 'country_code',
    value: (r) => r.country_code,
    description: 'ISO 3166-1 alpha-2 code of the country or territory.',
  },
  { name: 'country', value: (r) => r.country, description: 'Its name.' },
  { name: 'subregion', value: (r) => subregionName(r.subregion), description: 'ESCAP subregion.' },
  {
    name: 'thrust',
    value: (r) => r.thrust,
    description: 'Code of the New Urban Agenda thrust (TC1–TC3, EI1–EI3, FR).',
  },
  {
    name: 'subcategory',
    value: (r) => r.subcategory,
    description: 'Code of the subcategory within the thrust (e.g. 1.2).',
  },
  {
    name: 'question_code',
    value: (r) => r.question_code,
    description: 'The question’s code in the questionnaire (Q01…).',
  },
  { name: 'question', value: (r) => r.question, description: 'The question as asked.' },
  {
    name: 'question_tier',
    value: (r) => r.question_tier,
    description: '1: core figure, 2: extended figure, 3: policy question.',
  },
  {
    name: 'answer_type',
    value: (r) => r.answer_type,
    description: 'pct (percentage), num, int, yn (yes/no), single, multi (choices), txt, url.',
  },
  {
    name: 'unit',
    value: (r) => r.unit ?? (r.answer_type === 'pct' ? '%' : null),
    description: 'Unit of numeric values.',
  },
  { name: 'sdg_refs', value: (r) => r.sdg_refs.join('; '), description: 'SDG indicators the question relates to.' },
  {
    name: 'value',
    value: (r) => csvValue(r.value),
    description:
      'The answer: a number, true/false, text, choices joined by "; ", or a JSON object for questions in ' +
      'several parts.',
  },
  {
    name: 'value_text',
    value: (r) => r.display,
    description: 'The answer as the report shows it, with labels and unit.',
  },
  { name: 'narrative', value: (r) => r.text, description: 'The explanation or link given beside the answer, if any.' },
  { name: 'data_year', value: (r) => r.data_year, description: 'The year the figure refers to.' },
  { name: 'source', value: (r) => r.source, description: 'The source the country gives for the figure.' },
  { name: 'demo', value: (r) => r.demo, description: 'true for demonstration data (not an official submission).' },
];

/** Rows in a stable order: country, then question. */
export function sortRows(rows: readonly PublicAnswerRow[]): PublicAnswerRow[] {
  return [...rows].sort(
    (a, b) => a.country.localeCompare(b.country, 'en') || a.question_code.localeCompare(b.question_code, 'en'),
  );
}
