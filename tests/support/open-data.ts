/**
 * Checks of the open-data metadata (issue 36) as the standards state them: the Data Package v2
 * profile (JSON Schema, tests/fixtures/datapackage-v2/), CSVW's titles and datatypes against the
 * CSV itself, and JSON-LD expanded by a JSON-LD processor.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import { parse } from 'csv-parse/sync';
import jsonld from 'jsonld';

const PROFILE = JSON.parse(
  readFileSync(new URL('../fixtures/datapackage-v2/datapackage.json', import.meta.url), 'utf8'),
) as object;

const ajv = new Ajv({ allErrors: true, strict: false });
addFormats.default(ajv);
// The profile's editors' hint for a text box, not a constraint.
ajv.addFormat('textarea', true);
const validatePackage = ajv.compile(PROFILE);

/** The Data Package v2 profile's complaints about `descriptor` (none: valid). */
export function dataPackageErrors(descriptor: unknown): string[] {
  return validatePackage(descriptor)
    ? []
    : (validatePackage.errors ?? []).map((e) => `${e.instancePath || '(package)'} ${e.message ?? ''}`);
}

export const sha256 = (text: string) => createHash('sha256').update(Buffer.from(text, 'utf8')).digest('hex');

/** The rows of a CSV as a CSVW processor reads them (RFC 4180, first row the header). */
export function csvRows(text: string): string[][] {
  return parse(text, { bom: false, relax_column_count: false }) as string[][];
}

/** XML Schema lexical forms of the datatypes the files use (CSVW §4.6 maps them). */
const LEXICAL: Record<string, RegExp> = {
  string: /^[\s\S]*$/,
  integer: /^[+-]?\d+$/,
  number: /^(?:[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?|[+-]?INF|NaN)$/,
  decimal: /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)$/,
  boolean: /^(?:true|false|1|0)$/,
  gYear: /^-?\d{4,}(?:Z|[+-]\d{2}:\d{2})?$/,
};

interface CsvwColumn {
  name: string;
  titles: string;
  datatype: string | { base: string; format?: string };
  required?: boolean;
}

/**
 * What a CSVW processor would refuse in `csv` given its `metadata`: titles that are not the
 * header, cells that do not parse with their column's datatype, empty required cells, repeated
 * primary keys. Empty: the file is what its metadata says.
 */
export function csvwProblems(
  metadata: { tableSchema: { columns: readonly CsvwColumn[]; primaryKey: string | readonly string[] } },
  csv: string,
): string[] {
  const problems: string[] = [];
  const [header, ...rows] = csvRows(csv);
  const columns = metadata.tableSchema.columns;
  const titles = columns.map((c) => c.titles);
  if (JSON.stringify(titles) !== JSON.stringify(header)) problems.push(`titles ${titles} ≠ header ${header}`);
  const key = [metadata.tableSchema.primaryKey].flat();
  const index = (name: string) => columns.findIndex((c) => c.name === name);
  if (key.some((k) => index(k) < 0)) problems.push(`primary key ${key} names no column`);
  const seen = new Set<string>();
  rows.forEach((row, r) => {
    columns.forEach((column, i) => {
      const cell = row[i] ?? '';
      // CSVW's default null is the empty string.
      if (cell === '') {
        if (column.required) problems.push(`row ${r + 2}, ${column.name}: empty but required`);
        return;
      }
      const type = typeof column.datatype === 'string' ? column.datatype : column.datatype.base;
      const lexical = LEXICAL[type];
      if (!lexical) problems.push(`${column.name}: datatype ${type} not checked here`);
      else if (!lexical.test(cell)) problems.push(`row ${r + 2}, ${column.name}: "${cell}" is no ${type}`);
      const format = typeof column.datatype === 'string' ? undefined : column.datatype.format;
      if (format && !new RegExp(`^(?:${format})$`).test(cell))
        problems.push(`row ${r + 2}, ${column.name}: "${cell}" does not match ${format}`);
    });
    const id = JSON.stringify(key.map((k) => row[index(k)]));
    if (seen.has(id)) problems.push(`row ${r + 2}: key ${id} repeats`);
    seen.add(id);
  });
  return problems;
}

/**
 * `doc` expanded by jsonld.js. Its only remote context, schema.org's, is given as the vocabulary
 * it declares (the machine reaches no web site): every term is then a schema.org IRI.
 */
export async function expand(doc: object): Promise<jsonld.JsonLdDocument[]> {
  const documentLoader = async (url: string) => {
    if (url.replace(/\/$/, '') !== 'https://schema.org') throw new Error(`No remote context here: ${url}`);
    return { document: { '@context': { '@vocab': 'https://schema.org/' } }, documentUrl: url, contextUrl: undefined };
  };
  return (await jsonld.expand(doc as jsonld.JsonLdDocument, { documentLoader })) as jsonld.JsonLdDocument[];
}

/** The nodes of an expanded document (and of every node within it) of `type`. */
export function nodesOfType(expanded: unknown, type: string): Record<string, unknown>[] {
  const found: Record<string, unknown>[] = [];
  const visit = (value: unknown) => {
    if (Array.isArray(value)) value.forEach(visit);
    else if (value && typeof value === 'object') {
      const node = value as Record<string, unknown>;
      if ((node['@type'] as string[] | undefined)?.includes(type)) found.push(node);
      Object.values(node).forEach(visit);
    }
  };
  visit(expanded);
  return found;
}

/** The language tags of an expanded property's literals. */
export const languagesOf = (values: unknown) =>
  [...new Set((values as { '@language'?: string }[]).map((v) => v['@language']))].sort();
