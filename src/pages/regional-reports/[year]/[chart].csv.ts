/** /regional-reports/{year}/{chart}.csv: the data of one regional chart, as its table shows it. */
import type { APIRoute, GetStaticPaths } from 'astro';
import { csvResponse, toCsv, type CsvColumn } from '../../../lib/open-data/csv.ts';
import { regionalCycles } from '../../../components/national/regional-data.ts';
import { subregionName, type RegionalChart, type RegionalQuestion } from '../../../components/national/regional.ts';

export const getStaticPaths = (async () =>
  (await regionalCycles()).flatMap(({ bundle, questions }) =>
    questions.flatMap((question) =>
      question.charts.map((chart) => ({
        params: { year: String(bundle.cycle.year), chart: chart.id },
        props: { year: bundle.cycle.year, question, chart },
      })),
    ),
  )) satisfies GetStaticPaths;

export const GET: APIRoute = ({ props }) => {
  const { year, question, chart } = props as { year: number; question: RegionalQuestion; chart: RegionalChart };
  const q = question.question;
  const unit = q.unit ?? (q.answer_type === 'pct' ? '%' : null);
  const common: readonly CsvColumn<unknown>[] = [
    { name: 'cycle', value: () => year },
    { name: 'question_code', value: () => q.code },
    { name: 'question', value: () => chart.title },
  ];
  /** The chart's rows as CSV, each led by the cycle and the question. */
  const csvOf = <T>(rows: readonly T[], columns: readonly CsvColumn<T>[]) =>
    csvResponse(toCsv([...common, ...columns], rows));
  switch (chart.kind) {
    case 'bars':
      return csvOf(
        [...chart.values].sort((a, b) => b.value - a.value || a.name.localeCompare(b.name, 'en')),
        [
          { name: 'country_code', value: (v) => v.code },
          { name: 'country', value: (v) => v.name },
          { name: 'subregion', value: (v) => subregionName(v.subregion) },
          { name: 'value', value: (v) => v.value },
          { name: 'unit', value: () => unit },
          { name: 'data_year', value: (v) => v.data_year },
          { name: 'source', value: (v) => v.source },
          { name: 'regional_median', value: () => chart.median },
        ],
      );
    case 'yes-no':
      return csvOf(chart.groups, [
        { name: 'group', value: (g) => g.label },
        { name: 'yes', value: (g) => g.counts[0] },
        { name: 'no', value: (g) => g.counts[1] },
        { name: 'countries_answering', value: (g) => g.counts[0] + g.counts[1] },
        { name: 'countries_yes', value: (g) => g.detail.join('; ') },
      ]);
    case 'options':
      return csvOf(chart.counts, [
        { name: 'answer', value: (c) => c.label },
        { name: 'countries', value: (c) => c.value },
        { name: 'which_countries', value: (c) => c.countries.join('; ') },
      ]);
    case 'text':
      return csvOf(chart.countries, [
        { name: 'country_code', value: (c) => c.code },
        { name: 'country', value: (c) => c.name },
        { name: 'answer', value: (c) => c.display },
      ]);
  }
};
