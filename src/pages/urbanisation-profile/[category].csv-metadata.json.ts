/** /urbanisation-profile/{category}.csv-metadata.json: the CSVW metadata of the theme's CSV, beside it. */
import type { APIRoute, GetStaticPaths } from 'astro';
import { csvwMetadata } from '../../components/open-data/csvw.ts';
import { profileOpenFiles } from '../../components/open-data/data.ts';
import { jsonFileResponse } from '../../components/open-data/response.ts';
import { profileCategories } from '../../components/profile/data.ts';

export const getStaticPaths = (async () =>
  (await profileCategories()).map((category) => ({ params: { category: category.slug } }))) satisfies GetStaticPaths;

export const GET: APIRoute = async ({ params, site }) => {
  const file = (await profileOpenFiles()).find((f) => f.key === params['category'])!;
  return jsonFileResponse(csvwMetadata(file, site ?? new URL('http://localhost')), 'application/csvm+json');
};
