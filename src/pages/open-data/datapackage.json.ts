/** /open-data/datapackage.json: every open-data CSV of the site as one Data Package v2 (issue 36). */
import type { APIRoute } from 'astro';
import { dataPackage } from '../../components/open-data/datapackage.ts';
import { nationalOpenFiles, profileOpenFiles } from '../../components/open-data/data.ts';
import { jsonFileResponse } from '../../components/open-data/response.ts';

export const GET: APIRoute = async ({ site }) =>
  jsonFileResponse(
    dataPackage([...(await profileOpenFiles()), ...(await nationalOpenFiles())], site ?? new URL('http://localhost')),
  );
