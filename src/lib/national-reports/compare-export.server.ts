import { toCsv, type CsvCell } from '../open-data/csv.ts';
import { writeXlsx } from '../urbanisation-profile/xlsx.server.ts';
import { narrativeOf, type CompareAnswer, type CompareData, type CompareQuestion } from './compare-schema.ts';

/**
 * The compare view as a file (decision 075): one row per country, with the columns the screen
 * shows. CSV as the open data writes it (formula-like text quoted with an apostrophe) and an
 * Excel workbook through the profile export's writer (text never a formula).
 */

interface ExportRow {
  question: CompareQuestion;
  answer: CompareAnswer;
}

/** The value as a cell: a figure as a number, yes/no, choices by their labels, parts as `label: value`. */
function valueCell(question: CompareQuestion, value: CompareAnswer['value']): CsvCell {
  const label = (v: string) => question.options.find((o) => o.value === v)?.label ?? v;
  if (value === null || typeof value === 'number') return value;
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'string') {
    if (question.answer_type === 'txt') return null; // the narrative is in `text`
    return question.answer_type === 'single' ? label(value) : value;
  }
  if (Array.isArray(value)) return value.map(label).join('; ');
  return question.parts
    .map((p) => {
      const part = value[p.key];
      return `${p.label}: ${typeof part === 'boolean' ? (part ? 'yes' : 'no') : (part ?? '')}`;
    })
    .join('; ');
}

const COLUMNS: readonly { name: string; width: number; value: (row: ExportRow) => CsvCell }[] = [
  { name: 'country_code', width: 12, value: (r) => r.answer.country_code },
  { name: 'country', width: 28, value: (r) => r.answer.country_name },
  { name: 'subregion', width: 10, value: (r) => r.answer.subregion },
  { name: 'report_status', width: 14, value: (r) => r.answer.report_status },
  { name: 'question_code', width: 12, value: (r) => r.question.code },
  { name: 'value', width: 24, value: (r) => valueCell(r.question, r.answer.value) },
  { name: 'unit', width: 16, value: (r) => r.question.unit },
  { name: 'text', width: 80, value: (r) => narrativeOf(r.question, r.answer) },
  { name: 'written_lang', width: 12, value: (r) => r.answer.written_lang },
  { name: 'updated_at', width: 22, value: (r) => r.answer.updated_at },
];

export interface CompareFile {
  body: string | Uint8Array;
  contentType: string;
  filename: string;
}

/** The view as CSV (`bom`: with a byte-order mark, for Excel) or an .xlsx workbook. */
export async function compareFile(data: CompareData, kind: 'csv' | 'xlsx', bom: boolean): Promise<CompareFile> {
  const rows = data.answers.map((answer) => ({ question: data.question, answer }));
  const name = `compare-${data.question.code.toLowerCase()}-${data.year}`;
  if (kind === 'xlsx') {
    return {
      body: await writeXlsx(`${data.question.code} ${data.year}`, COLUMNS, rows),
      contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      filename: `${name}.xlsx`,
    };
  }
  const csv = toCsv(COLUMNS, rows);
  return { body: bom ? `\uFEFF${csv}` : csv, contentType: 'text/csv; charset=utf-8', filename: `${name}.csv` };
}
