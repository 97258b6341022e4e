/** /open-data/national-reports-{year}.csv-metadata.json: the CSVW metadata of the cycle's CSV, beside it. */
import type { APIRoute, GetStaticPaths } from 'astro';
import { cyclePaths } from '../../components/national/data.ts';
import { csvwMetadata } from '../../components/open-data/csvw.ts';
import { nationalOpenFiles } from '../../components/open-data/data.ts';
import { jsonFileResponse } from '../../components/open-data/response.ts';

export const getStaticPaths = (async () =>
  (await cyclePaths()).map(({ params }) => ({ params }))) satisfies GetStaticPaths;

export const GET: APIRoute = async ({ params, site }) => {
  const file = (await nationalOpenFiles()).find((f) => f.key === params['year'])!;
  return jsonFileResponse(csvwMetadata(file, site ?? new URL('http://localhost')), 'application/csvm+json');
};
