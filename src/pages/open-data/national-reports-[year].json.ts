/** /open-data/national-reports-{year}.json: the same rows as the CSV, values in their JSON types. */
import type { APIRoute, GetStaticPaths } from 'astro';
import { cyclePaths } from '../../components/national/data.ts';
import { sortRows } from '../../components/national/open-data.ts';
import { subregionName } from '../../components/national/regional.ts';
import type { CycleBundle } from '../../lib/public-api/national-reports.ts';

export const getStaticPaths = cyclePaths satisfies GetStaticPaths;

export const GET: APIRoute = ({ props, site }) => {
  const { bundle } = props as { bundle: CycleBundle };
  const body = {
    title: `National reports ${bundle.cycle.year}: published answers`,
    cycle: bundle.cycle.year,
    description:
      `Every answer of the ${bundle.cycle.year} national reports published on the Asia-Pacific Urban Agenda ` +
      `portal, one row per country and question.`,
    documentation: new URL('/open-data', site ?? 'http://localhost:4321').href,
    data: sortRows(bundle.answers).map((r) => ({
      cycle: r.year,
      country_code: r.country_code,
      country: r.country,
      subregion: subregionName(r.subregion),
      thrust: r.thrust,
      subcategory: r.subcategory,
      question_code: r.question_code,
      question: r.question,
      question_tier: r.question_tier,
      answer_type: r.answer_type,
      unit: r.unit ?? (r.answer_type === 'pct' ? '%' : null),
      sdg_refs: r.sdg_refs,
      value: r.value,
      value_text: r.display,
      narrative: r.text,
      data_year: r.data_year,
      source: r.source,
      demo: r.demo,
    })),
  };
  return new Response(`${JSON.stringify(body, null, 1)}\n`, {
    headers: { 'Content-Type': 'application/json; charset=utf-8' },
  });
};
