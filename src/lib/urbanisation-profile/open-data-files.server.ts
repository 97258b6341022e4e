import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { readCsv, type CsvRow } from './csv.ts';
import { OPEN_DATA_SERIES, OPEN_DATA_SERIES_SKIPPED } from './open-data-series.ts';
import { median } from './rows.ts';
import { VALUE_NOTE_MAX, type DatasetValue, type Indicator } from './schema.ts';

/**
 * Reading the curated open data (data/manifest.json and one CSV per series, issue 18) into
 * profile figures: each file checked against its manifest checksum, each row against its
 * indicator's range. Nothing here writes; open-data-import.server.ts does.
 */

/** The project's data/ folder. */
export const OPEN_DATA_DIR = fileURLToPath(new URL('../../../data/', import.meta.url));

const ManifestSchema = z.array(
  z.object({
    file: z.string(),
    series_id: z.string(),
    source: z.string(),
    licence: z.string(),
    sha256: z.string(),
  }),
);

/** One open-data figure, ready to be stored in the dataset of its theme, country and year. */
export interface OpenFigure {
  category: string;
  countryCode: string;
  year: number;
  value: DatasetValue;
}

/** A curated file that cannot be imported: the file, the row and what is wrong. */
export class OpenDataError extends Error {}

const NATURE_ESTIMATED = /nature: (estimated|modelled)/;

/** The cities of a country and year as one figure: their median, the note naming them. */
function cityMedian(rows: { value: number; note: string }[]): { value: number; note: string } {
  const names = rows.map((r) => /city: ([^;]+)/.exec(r.note)?.[1]?.trim() ?? '?');
  const list = names.length > 12 ? `${names.slice(0, 12).join(', ')} and ${names.length - 12} more` : names.join(', ');
  const note = `Median of ${rows.length} ${rows.length === 1 ? 'city' : 'cities'}: ${list}`;
  return { value: median(rows.map((r) => r.value))!, note: note.slice(0, VALUE_NOTE_MAX) };
}

/**
 * The records of a curated file: split by hand when nothing is quoted (the usual case, ten times faster), else by
 * csv-parse.
 */
function rowsOf(text: string): CsvRow[] {
  if (text.includes('"')) return readCsv(text).rows;
  return text
    .split(/\r?\n/)
    .map((line, i) => ({ line: i + 1, cells: line.split(',') }))
    .filter((r) => r.cells.some((c) => c.trim() !== ''));
}

interface SeriesFile {
  file: string;
  text: string;
  source: string;
  licence: string;
  indicator: Indicator;
  cities: boolean;
}

/** The rows of one series file as figures (cities merged into their median, with the note saying so). */
function figuresOf(series: SeriesFile, countries: ReadonlySet<string>): OpenFigure[] {
  const { file, indicator } = series;
  const [header, ...rows] = rowsOf(series.text);
  // As the forms check it (questionnaire engine): a percentage is between 0 and 100.
  const lower = indicator.min ?? (indicator.answer_type === 'pct' ? 0 : null);
  const upper = indicator.max ?? (indicator.answer_type === 'pct' ? 100 : null);
  if (header?.cells.join(',') !== 'iso3,iso2,year,value,note')
    throw new OpenDataError(`${file}: row 1 must be iso3,iso2,year,value,note`);
  const groups = new Map<string, { countryCode: string; year: number; rows: { value: number; note: string }[] }>();
  for (const { line, cells } of rows) {
    const [, iso2 = '', yearText = '', valueText = '', note = ''] = cells;
    const where = `${file}, row ${line}`;
    if (!countries.has(iso2)) throw new OpenDataError(`${where}: ${iso2} is not a country of the portal`);
    const year = Number(yearText);
    const value = Number(valueText);
    if (!/^\d{4}$/.test(yearText)) throw new OpenDataError(`${where}: the year ${yearText} is not a year`);
    if (!/^-?\d+(\.\d+)?$/.test(valueText) || !Number.isFinite(value))
      throw new OpenDataError(`${where}: the value ${valueText} is not a number`);
    if ((lower !== null && value < lower) || (upper !== null && value > upper)) {
      throw new OpenDataError(
        `${where}: ${value} is outside the range of ${indicator.code} (${lower ?? '…'} to ${upper ?? '…'})`,
      );
    }
    const key = `${iso2}|${year}`;
    const group = groups.get(key) ?? { countryCode: iso2, year, rows: [] };
    if (group.rows.length > 0 && !series.cities) throw new OpenDataError(`${where}: a second row for ${iso2} ${year}`);
    group.rows.push({ value, note });
    groups.set(key, group);
  }
  return [...groups.values()].map((g) => {
    const { value, note } = series.cities ? cityMedian(g.rows) : { value: g.rows[0]!.value, note: g.rows[0]!.note };
    return {
      category: indicator.category,
      countryCode: g.countryCode,
      year: g.year,
      value: {
        indicator: indicator.code,
        value,
        data_year: g.year,
        source: series.source,
        is_estimate: NATURE_ESTIMATED.test(note),
        note: note || null,
        licence: series.licence,
      },
    };
  });
}

/**
 * Every figure of the curated files. Throws OpenDataError when a file differs from its manifest
 * checksum, a series has no indicator, or a row is not a figure of the portal.
 */
export async function readOpenData(
  indicators: readonly Indicator[],
  countries: ReadonlySet<string>,
  dir = OPEN_DATA_DIR,
) {
  const byCode = new Map(indicators.map((i) => [i.code, i]));
  const manifest = ManifestSchema.parse(JSON.parse(await readFile(join(dir, 'manifest.json'), 'utf8')));
  const figures: OpenFigure[] = [];
  const skipped: string[] = [];
  for (const entry of manifest) {
    const reason = OPEN_DATA_SERIES_SKIPPED[entry.series_id];
    if (reason) {
      skipped.push(`${entry.file}: ${reason}`);
      continue;
    }
    const mapping = OPEN_DATA_SERIES[entry.series_id];
    if (!mapping)
      throw new OpenDataError(
        `${entry.file}: the series ${entry.series_id} fills no indicator: add it to OPEN_DATA_SERIES ` +
          `(open-data-series.ts)`,
      );
    const indicator = byCode.get(mapping.indicator);
    if (!indicator)
      throw new OpenDataError(`${entry.file}: the indicator ${mapping.indicator} is not in the profile's catalogue`);
    const bytes = await readFile(join(dir, entry.file));
    if (createHash('sha256').update(bytes).digest('hex') !== entry.sha256) {
      throw new OpenDataError(
        `${entry.file} differs from its checksum in manifest.json: run scripts/data-refresh.ts again instead ` +
          `of editing it`,
      );
    }
    const text = bytes.toString('utf8');
    figures.push(
      ...figuresOf(
        {
          file: entry.file,
          text,
          source: entry.source,
          licence: entry.licence,
          indicator,
          cities: mapping.cities === true,
        },
        countries,
      ),
    );
  }
  return { figures, files: manifest.length - skipped.length, skipped };
}
