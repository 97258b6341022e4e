/** /open-data/national-reports-{year}.csv: every published answer of a cycle (columns: OPEN_DATA_COLUMNS). */
import type { APIRoute, GetStaticPaths } from 'astro';
import { csvResponse } from '../../lib/open-data/csv.ts';
import { cyclePaths } from '../../components/national/data.ts';
import { nationalReportsCsv } from '../../components/national/open-data.ts';
import type { CycleBundle } from '../../lib/public-api/national-reports.ts';

export const getStaticPaths = cyclePaths satisfies GetStaticPaths;

export const GET: APIRoute = ({ props }) =>
  csvResponse(nationalReportsCsv((props as { bundle: CycleBundle }).bundle.answers));
