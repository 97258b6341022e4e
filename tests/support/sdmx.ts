import { readFileSync } from 'node:fs';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { parse } from 'csv-parse/sync';
import { expect } from 'vitest';

/**
 * Reading SDMX messages back in tests: the portal's own JSON Schemas of SDMX-JSON 2.0
 * (tests/fixtures/sdmx/), a decoder of SDMX-JSON data messages (npm has no SDMX-JSON reader: the
 * indexes are turned back into codes here) and SDMX-CSV parsed as any CSV reader would.
 */

const fixture = (name: string) =>
  JSON.parse(readFileSync(new URL(`../fixtures/sdmx/${name}`, import.meta.url), 'utf8')) as object;

function validator(name: string): ValidateFunction {
  const ajv = new Ajv({ allErrors: true, strict: false });
  addFormats.default(ajv);
  return ajv.compile(fixture(name));
}

export const validSdmxData = validator('sdmx-json-data.schema.json');
export const validSdmxStructure = validator('sdmx-json-structure.schema.json');

/** Asserts that `message` passes `validate`, naming the schema's complaints when it does not. */
export function expectValid(validate: ValidateFunction, message: unknown): void {
  const valid = validate(message);
  expect(validate.errors ?? [], 'the message breaks the schema').toEqual([]);
  expect(valid).toBe(true);
}

/** One observation as text, keyed by column (dimension, OBS_VALUE or attribute id): what SDMX-CSV has in a row. */
export type SdmxRow = Record<string, string>;

/** A value as the portal's CSV writer puts it in a cell (src/lib/open-data/csv.ts), before quoting. */
function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return String(value);
  const text = String(value);
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

interface Component {
  id: string;
  values?: { id?: string; value?: unknown }[];
}
interface Structure {
  dimensions: { series?: Component[]; observation?: Component[] };
  attributes?: { series?: Component[]; observation?: Component[] };
}
type Cells = unknown[];
interface DataSet {
  series?: Record<string, { attributes?: Cells; observations: Record<string, Cells> }>;
  observations?: Record<string, Cells>;
}

const codeAt = (component: Component, index: number) => {
  const value = component.values?.[index];
  expect(value, `${component.id} has a value at ${index}`).toBeDefined();
  return value!.id ?? String(value!.value);
};
const attributeValue = (component: Component, cell: unknown) =>
  cell === null || cell === undefined ? '' : component.values ? codeAt(component, cell as number) : cellText(cell);

/** The observations of an SDMX-JSON data message, indexes resolved, as SDMX-CSV rows have them. */
export function decodeDataMessage(message: unknown): SdmxRow[] {
  const { data } = message as { data: { structures: Structure[]; dataSets: DataSet[] } };
  const structure = data.structures[0]!;
  const dataSet = data.dataSets[0]!;
  const seriesDims = structure.dimensions.series ?? [];
  const obsDims = structure.dimensions.observation ?? [];
  const seriesAttrs = structure.attributes?.series ?? [];
  const obsAttrs = structure.attributes?.observation ?? [];
  const rows: SdmxRow[] = [];
  const read = (key: string, dims: Component[]) => {
    const indexes = key === '' ? [] : key.split(':').map(Number);
    expect(indexes.length, `key ${key}`).toBe(dims.length);
    return Object.fromEntries(dims.map((d, i) => [d.id, codeAt(d, indexes[i]!)]));
  };
  const add = (own: SdmxRow, observations: Record<string, Cells>) => {
    for (const [key, cells] of Object.entries(observations)) {
      const row: SdmxRow = { ...own, ...read(key, obsDims), OBS_VALUE: cellText(cells[0]) };
      obsAttrs.forEach((a, i) => (row[a.id] = attributeValue(a, cells[i + 1])));
      rows.push(row);
    }
  };
  if (dataSet.series) {
    for (const [key, series] of Object.entries(dataSet.series)) {
      const own = read(key, seriesDims);
      seriesAttrs.forEach((a, i) => (own[a.id] = attributeValue(a, series.attributes?.[i])));
      add(own, series.observations);
    }
  } else {
    add({}, dataSet.observations ?? {});
  }
  return rows;
}

/** A CSV text as rows keyed by its header (RFC 4180). */
export function parseCsv(text: string): SdmxRow[] {
  return parse(text, { columns: true, skip_empty_lines: true }) as SdmxRow[];
}

/** Rows in a stable order, to compare two lists of rows whatever order each came in. */
export function sortedRows(rows: readonly SdmxRow[], keys: readonly string[]): SdmxRow[] {
  const of = (row: SdmxRow) => keys.map((k) => row[k] ?? '').join('\u0000');
  return [...rows].sort((a, b) => (of(a) < of(b) ? -1 : of(a) > of(b) ? 1 : 0));
}
