/** /national-reports/status/{year}/countries.csv: every country's report status in a cycle. */
import type { APIRoute, GetStaticPaths } from 'astro';
import { csvResponse, toCsv } from '../../../../lib/open-data/csv.ts';
import { cyclePaths } from '../../../../components/national/data.ts';
import { subregionName } from '../../../../components/national/regional.ts';
import type { CycleBundle } from '../../../../lib/public-api/national-reports.ts';

export const getStaticPaths = cyclePaths satisfies GetStaticPaths;

export const GET: APIRoute = ({ props }) => {
  const { bundle } = props as { bundle: CycleBundle };
  const countries = [...(bundle.statistic?.countries ?? [])].sort((a, b) => a.name.localeCompare(b.name, 'en'));
  return csvResponse(
    toCsv(
      [
        { name: 'cycle', value: () => bundle.cycle.year },
        { name: 'country_code', value: (c) => c.code },
        { name: 'country', value: (c) => c.name },
        { name: 'subregion', value: (c) => subregionName(c.subregion) },
        { name: 'status', value: (c) => c.status },
        { name: 'completeness_pct', value: (c) => c.completeness_pct },
        { name: 'submitted_at', value: (c) => c.submitted_at },
        { name: 'on_time', value: (c) => c.on_time },
        { name: 'demo', value: (c) => c.demo },
      ],
      countries,
    ),
  );
};
