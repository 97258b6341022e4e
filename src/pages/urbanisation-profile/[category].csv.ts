/** /urbanisation-profile/{category}.csv: every published figure of the theme. */
import type { APIRoute, GetStaticPaths } from 'astro';
import { csvResponse, toCsv } from '../../components/charts/csv.ts';
import { profileCategories, type ProfileCategoryData } from '../../components/profile/data.ts';

export const getStaticPaths = (async () =>
  (await profileCategories()).map((category) => ({ params: { category: category.slug }, props: { category } }))) satisfies GetStaticPaths;

export const GET: APIRoute = ({ props }) => {
  const { category } = props as { category: ProfileCategoryData };
  const rows = category.indicators.flatMap((indicator) => indicator.values.map((value) => ({ indicator, value })));
  return csvResponse(
    toCsv(
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
        { name: 'licence', value: (r) => r.indicator.licence },
        { name: 'demo', value: (r) => r.value.demo },
      ],
      rows,
    ),
  );
};
