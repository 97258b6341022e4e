import { toCsv } from '../open-data/csv.ts';
import type { PublicCategoryResponse } from './schema.ts';

type Category = PublicCategoryResponse['data'];
type Row = { indicator: Category['indicators'][number]; value: Category['indicators'][number]['values'][number] };

/** Who a figure comes from, in the words of the download. */
export const ORIGIN_WORDS = { country: 'reported by the country', open_data: 'open data' } as const;

/**
 * /urbanisation-profile/{category}.csv: every published figure of a theme, one row each, with
 * the figure's own source, licence and origin (the country's figure where both exist).
 */
export function publicCategoryCsv(category: Category): string {
  const rows: Row[] = category.indicators.flatMap((indicator) =>
    indicator.values.map((value) => ({ indicator, value })),
  );
  return toCsv<Row>(
    [
      { name: 'indicator_code', value: (r) => r.indicator.code },
      { name: 'indicator', value: (r) => r.indicator.name },
      { name: 'sdg', value: (r) => r.indicator.sdg_ref },
      { name: 'country_code', value: (r) => r.value.country_code },
      { name: 'country', value: (r) => r.value.country_name },
      { name: 'year', value: (r) => r.value.year },
      { name: 'value', value: (r) => r.value.value },
      { name: 'unit', value: (r) => r.indicator.unit },
      { name: 'is_estimate', value: (r) => r.value.is_estimate },
      { name: 'note', value: (r) => r.value.note },
      { name: 'source', value: (r) => r.value.source ?? r.indicator.source },
      { name: 'licence', value: (r) => r.value.licence ?? r.indicator.licence },
      { name: 'origin', value: (r) => ORIGIN_WORDS[r.value.origin] },
      { name: 'demo', value: (r) => r.value.demo },
    ],
    rows,
  );
}
