/** /open-data/catalog.jsonld: the DCAT-AP catalogue of the portal's open data (issue 36). */
import type { APIRoute } from 'astro';
import { dcatCatalogue } from '../../components/open-data/catalog.ts';
import { catalogueDatasets, catalogueWords } from '../../components/open-data/data.ts';
import { jsonFileResponse } from '../../components/open-data/response.ts';

export const GET: APIRoute = async ({ site }) =>
  jsonFileResponse(
    dcatCatalogue(catalogueWords(), await catalogueDatasets(), site ?? new URL('http://localhost')),
    'application/ld+json',
  );
