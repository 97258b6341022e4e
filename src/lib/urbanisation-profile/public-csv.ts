import { toCsv } from '../open-data/csv.ts';
import type { TableColumn } from '../open-data/table-schema.ts';
import type { PublicCategoryResponse } from './schema.ts';

type Category = PublicCategoryResponse['data'];
type Row = { indicator: Category['indicators'][number]; value: Category['indicators'][number]['values'][number] };

/** Who a figure comes from, in the words of the download. */
export const ORIGIN_WORDS = { country: 'reported by the country', open_data: 'open data' } as const;

/**
 * The columns of a theme's file, in order, with what each holds (its data package and CSVW
 * metadata are made from this list, src/components/open-data/).
 */
export const PROFILE_CSV_COLUMNS: readonly TableColumn<Row>[] = [
  {
    name: 'indicator_code',
    value: (r) => r.indicator.code,
    type: 'string',
    required: true,
    description: 'Code of the indicator (the INDICATOR of the SDMX data).',
  },
  { name: 'indicator', value: (r) => r.indicator.name, type: 'string', required: true, description: 'Its name.' },
  {
    name: 'sdg',
    value: (r) => r.indicator.sdg_ref,
    type: 'string',
    description: 'The SDG indicator it measures (e.g. 11.1.1), if any.',
  },
  {
    name: 'country_code',
    value: (r) => r.value.country_code,
    type: 'string',
    required: true,
    description: 'ISO 3166-1 alpha-2 code of the country or territory.',
  },
  { name: 'country', value: (r) => r.value.country_name, type: 'string', required: true, description: 'Its name.' },
  { name: 'year', value: (r) => r.value.year, type: 'year', required: true, description: 'The year of the figure.' },
  { name: 'value', value: (r) => r.value.value, type: 'number', required: true, description: 'The figure, in unit.' },
  { name: 'unit', value: (r) => r.indicator.unit, type: 'string', description: 'Its unit.' },
  {
    name: 'is_estimate',
    value: (r) => r.value.is_estimate,
    type: 'boolean',
    required: true,
    description: 'true when the figure is an estimate.',
  },
  {
    name: 'note',
    value: (r) => r.value.note,
    type: 'string',
    description: 'Notes of the source on the figure: series breaks, the nature of the value, the cities measured.',
  },
  { name: 'source', value: (r) => r.value.source ?? r.indicator.source, type: 'string', description: 'Its source.' },
  {
    name: 'licence',
    value: (r) => r.value.licence ?? r.indicator.licence,
    type: 'string',
    description:
      "Its licence: the figure's own, else the indicator's (a figure the country reported has none of its own).",
  },
  {
    name: 'origin',
    value: (r) => ORIGIN_WORDS[r.value.origin],
    type: 'string',
    required: true,
    enum: Object.values(ORIGIN_WORDS),
    description: 'Who the figure comes from: the open data, or the country itself (its figure wins for a year).',
  },
  {
    name: 'demo',
    value: (r) => r.value.demo,
    type: 'boolean',
    required: true,
    description: 'true for demonstration data (not an official figure).',
  },
];

/** One row per indicator, country and year: the public profile keeps one figure for each (the country's first). */
export const PROFILE_CSV_KEY = ['indicator_code', 'country_code', 'year'] as const;

/**
 * /urbanisation-profile/{category}.csv: every published figure of a theme, one row each, with
 * the figure's own source, licence and origin (the country's figure where both exist).
 */
export function publicCategoryCsv(category: Category): string {
  const rows: Row[] = category.indicators.flatMap((indicator) =>
    indicator.values.map((value) => ({ indicator, value })),
  );
  return toCsv<Row>(PROFILE_CSV_COLUMNS, rows);
}
