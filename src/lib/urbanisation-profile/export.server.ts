import { z } from 'zod';
import type { DbOrTx } from '../audit/service.server.ts';
import { notFound } from '../http/errors.server.ts';
import { toCsv } from '../open-data/csv.ts';
import { IndicatorCodeSchema } from './indicator-schema.ts';
import { exportRows, listIndicators, loadCategory } from './queries.server.ts';
import { SlugSchema } from './schema.ts';
import { writeXlsx, type SheetColumn } from './xlsx.server.ts';

/**
 * The back-office export of figures (profile/export.csv and profile/export.xlsx): the columns the
 * import reads, so that a downloaded file, corrected, can be imported again. CSV is comma
 * separated UTF-8; with `bom=1` it starts with a byte-order mark, so that Excel shows the
 * accents and scripts of sources and notes rightly when it opens the file.
 */

export const ExportQuerySchema = z.strictObject({
  category: SlugSchema.optional(),
  indicator: IndicatorCodeSchema.optional(),
  bom: z.enum(['0', '1'], { error: 'must be 0 or 1' }).optional(),
});
export type ExportQuery = z.output<typeof ExportQuerySchema>;

type Row = Awaited<ReturnType<typeof exportRows>>[number];

const COLUMNS: readonly SheetColumn<Row>[] = [
  { name: 'country_code', value: (r) => r.country_code, width: 14 },
  { name: 'indicator', value: (r) => r.indicator, width: 22 },
  { name: 'year', value: (r) => r.year, width: 8 },
  { name: 'value', value: (r) => r.value, width: 12 },
  { name: 'source', value: (r) => r.source, width: 48 },
  { name: 'is_estimate', value: (r) => r.is_estimate, width: 12 },
  { name: 'note', value: (r) => r.note, width: 40 },
  { name: 'category', value: (r) => r.category, width: 24 },
  { name: 'status', value: (r) => r.status, width: 11 },
  { name: 'licence', value: (r) => r.licence, width: 24 },
  { name: 'origin', value: (r) => r.origin, width: 11 },
];

export interface ExportFile {
  body: string | Uint8Array;
  contentType: string;
  filename: string;
}

/** The figures the person may see, of one theme or one indicator when asked, as CSV or a workbook. */
export async function exportFigures(
  db: DbOrTx,
  scopeCountry: string | null,
  query: ExportQuery,
  kind: 'csv' | 'xlsx',
): Promise<ExportFile> {
  if (query.category && !(await loadCategory(db, query.category, { includeRetired: true })))
    throw notFound('There is no such profile category');
  if (
    query.indicator &&
    !(await listIndicators(db, undefined, { includeRetired: true })).some((i) => i.code === query.indicator)
  ) {
    throw notFound('There is no such indicator');
  }
  const rows = await exportRows(db, scopeCountry, query);
  const name = ['urbanisation-profile', query.category, query.indicator?.toLowerCase().replace(/_/g, '-')]
    .filter(Boolean)
    .join('-');
  if (kind === 'xlsx') {
    return {
      body: await writeXlsx('Figures', COLUMNS, rows),
      contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      filename: `${name}.xlsx`,
    };
  }
  const csv = toCsv(
    COLUMNS.map((c) => ({ name: c.name, value: c.value })),
    rows,
  );
  return {
    body: query.bom === '1' ? `\uFEFF${csv}` : csv,
    contentType: 'text/csv; charset=utf-8',
    filename: `${name}.csv`,
  };
}
