/** /national-reports/country/{code}/trends.csv: the country's numeric answers, cycle by cycle (its trend charts). */
import type { APIRoute, GetStaticPaths } from 'astro';
import { csvResponse, toCsv } from '../../../../lib/open-data/csv.ts';
import { publishedReports } from '../../../../components/national/data.ts';
import type { PublicReport } from '../../../../lib/national-reports/public-schema.ts';

export const getStaticPaths = (async () => {
  const byCountry = Map.groupBy(await publishedReports(), (r) => r.report.country.code);
  return [...byCountry].map(([code, reports]) => ({ params: { code }, props: { reports } }));
}) satisfies GetStaticPaths;

export const GET: APIRoute = ({ props }) => {
  const { reports } = props as { reports: PublicReport[] };
  const rows = reports.flatMap((r) =>
    r.groups.flatMap((g) =>
      g.subcategories.flatMap((s) =>
        s.items.flatMap((item) =>
          typeof item.answer?.value === 'number'
            ? [{ report: r.report, question: item.question, answer: item.answer, value: item.answer.value }]
            : [],
        ),
      ),
    ),
  );
  rows.sort((a, b) => a.question.sort - b.question.sort || a.report.year - b.report.year);
  return csvResponse(
    toCsv(
      [
        { name: 'country_code', value: (r) => r.report.country.code },
        { name: 'country', value: (r) => r.report.country.name },
        { name: 'cycle', value: (r) => r.report.year },
        { name: 'question_code', value: (r) => r.question.code },
        { name: 'question', value: (r) => r.question.text },
        { name: 'value', value: (r) => r.value },
        { name: 'unit', value: (r) => r.question.unit ?? (r.question.answer_type === 'pct' ? '%' : null) },
        { name: 'data_year', value: (r) => r.answer.data_year },
        { name: 'source', value: (r) => r.answer.source },
      ],
      rows,
    ),
  );
};
