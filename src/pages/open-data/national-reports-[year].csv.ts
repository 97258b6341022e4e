/** /open-data/national-reports-{year}.csv: every published answer of a cycle (columns: OPEN_DATA_COLUMNS). */
import type { APIRoute, GetStaticPaths } from 'astro';
import { csvResponse, toCsv } from '../../lib/open-data/csv.ts';
import { cyclePaths } from '../../components/national/data.ts';
import { OPEN_DATA_COLUMNS, sortRows } from '../../components/national/open-data.ts';
import type { CycleBundle } from '../../lib/public-api/national-reports.ts';

export const getStaticPaths = cyclePaths satisfies GetStaticPaths;

export const GET: APIRoute = ({ props }) => {
  const { bundle } = props as { bundle: CycleBundle };
  return csvResponse(toCsv(OPEN_DATA_COLUMNS, sortRows(bundle.answers)));
};
