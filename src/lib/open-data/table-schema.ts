/**
 * What a column of an open-data CSV holds, written beside the function that fills its cells, so
 * that the file, its Data Package schema and its CSVW metadata are read from one list and cannot
 * disagree (issue 36).
 */
import type { CsvColumn } from './csv.ts';

/** Table Schema v2 field types the files use, and the CSVW (XML Schema) datatype of each. */
export const CSVW_DATATYPES = {
  string: 'string',
  integer: 'integer',
  // xsd:double: a number as JavaScript writes it (String(n)) is always one, exponent or not.
  number: 'number',
  boolean: 'boolean',
  year: 'gYear',
} as const;
export type FieldType = keyof typeof CSVW_DATATYPES;

/** A column as the file writes it and as its metadata describes it. */
export interface TableColumn<T> extends CsvColumn<T> {
  type: FieldType;
  /** What the column holds, in English (the metadata files are English). */
  description: string;
  /** Never empty. */
  required?: boolean;
  /** The only values the column may hold. */
  enum?: readonly string[];
}

/** A column's description without its cell function: what the metadata builders need. */
export type ColumnMeta = Omit<TableColumn<never>, 'value'>;

/** The Table Schema (Data Package v2) of a file with `columns`, keyed by `primaryKey`. */
export function tableSchema(columns: readonly ColumnMeta[], primaryKey: readonly string[]) {
  return {
    fields: columns.map((c) => ({
      name: c.name,
      type: c.type,
      description: c.description,
      ...(c.required || c.enum
        ? { constraints: { ...(c.required ? { required: true } : {}), ...(c.enum ? { enum: [...c.enum] } : {}) } }
        : {}),
    })),
    primaryKey: [...primaryKey],
    // An empty cell is a value the row does not have (toCsv writes null so).
    missingValues: [''],
  };
}

/** The CSVW `tableSchema.columns` of the same file: `titles` exactly its header cells. */
export function csvwColumns(columns: readonly ColumnMeta[]) {
  return columns.map((c) => ({
    name: c.name,
    titles: c.name,
    'dc:description': c.description,
    datatype: c.enum
      ? { base: CSVW_DATATYPES[c.type], format: c.enum.map(escapeRegExp).join('|') }
      : CSVW_DATATYPES[c.type],
    ...(c.required ? { required: true } : {}),
  }));
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
