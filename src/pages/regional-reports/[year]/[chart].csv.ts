/** /regional-reports/{year}/{chart}.csv: the data of one regional chart, as its table shows it. */
import type { APIRoute, GetStaticPaths } from 'astro';
import { csvResponse, toCsv } from '../../../lib/open-data/csv.ts';
import { regionalCycles } from '../../../components/national/regional-data.ts';
import { subregionName, type RegionalChart, type RegionalQuestion } from '../../../components/national/regional.ts';

export const getStaticPaths = (async () =>
  (await regionalCycles()).flatMap(({ bundle, questions }) =>
    questions.flatMap((question) => question.charts.map((chart) => ({ params: { year: String(bundle.cycle.year), chart: chart.id }, props: { year: bundle.cycle.year, question, chart } }))),
  )) satisfies GetStaticPaths;

export const GET: APIRoute = ({ props }) => {
  const { year, question, chart } = props as { year: number; question: RegionalQuestion; chart: RegionalChart };
  const q = question.question;
  const unit = q.unit ?? (q.answer_type === 'pct' ? '%' : null);
  const common = [
    { name: 'cycle', value: () => year },
    { name: 'question_code', value: () => q.code },
    { name: 'question', value: () => chart.title },
  ];
  switch (chart.kind) {
    case 'bars':
      return csvResponse(
        toCsv(
          [
            ...common,
            { name: 'country_code', value: (v: (typeof chart.values)[number]) => v.code },
            { name: 'country', value: (v) => v.name },
            { name: 'subregion', value: (v) => subregionName(v.subregion) },
            { name: 'value', value: (v) => v.value },
            { name: 'unit', value: () => unit },
            { name: 'data_year', value: (v) => v.data_year },
            { name: 'source', value: (v) => v.source },
            { name: 'regional_median', value: () => chart.median },
          ],
          [...chart.values].sort((a, b) => b.value - a.value || a.name.localeCompare(b.name, 'en')),
        ),
      );
    case 'yes-no':
      return csvResponse(
        toCsv(
          [
            ...common,
            { name: 'group', value: (g: (typeof chart.groups)[number]) => g.label },
            { name: 'yes', value: (g) => g.counts[0] },
            { name: 'no', value: (g) => g.counts[1] },
            { name: 'countries_answering', value: (g) => g.counts[0] + g.counts[1] },
            { name: 'countries_yes', value: (g) => g.detail.join('; ') },
          ],
          chart.groups,
        ),
      );
    case 'options':
      return csvResponse(
        toCsv(
          [
            ...common,
            { name: 'answer', value: (c: (typeof chart.counts)[number]) => c.label },
            { name: 'countries', value: (c) => c.value },
            { name: 'which_countries', value: (c) => c.countries.join('; ') },
          ],
          chart.counts,
        ),
      );
    case 'text':
      return csvResponse(
        toCsv(
          [
            ...common,
            { name: 'country_code', value: (c: (typeof chart.countries)[number]) => c.code },
            { name: 'country', value: (c) => c.name },
            { name: 'answer', value: (c) => c.display },
          ],
          chart.countries,
        ),
      );
  }
};
