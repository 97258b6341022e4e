/** /urbanisation-profile/{category}.csv: every published figure of the theme, with its source and licence. */
import type { APIRoute, GetStaticPaths } from 'astro';
import { csvResponse } from '../../lib/open-data/csv.ts';
import { publicCategoryCsv } from '../../lib/urbanisation-profile/public-csv.ts';
import { profileCategories, type ProfileCategoryData } from '../../components/profile/data.ts';

export const getStaticPaths = (async () =>
  (await profileCategories()).map((category) => ({
    params: { category: category.slug },
    props: { category },
  }))) satisfies GetStaticPaths;

export const GET: APIRoute = ({ props }) =>
  csvResponse(publicCategoryCsv((props as { category: ProfileCategoryData }).category));
