/** /open-data/sdmx/{flow}.json: the whole dataflow as an SDMX-JSON 2.0 data message (decision 073). */
import type { APIRoute, GetStaticPaths } from 'astro';
import { sdmxFlowPaths, sdmxJsonFile, type SdmxFileFlow } from '../../../components/sdmx/files.ts';
import { SDMX_JSON_DATA_TYPE } from '../../../lib/sdmx/json-data.ts';

export const getStaticPaths = sdmxFlowPaths satisfies GetStaticPaths;

export const GET: APIRoute = async ({ params, site }) =>
  new Response(await sdmxJsonFile(params['flow'] as SdmxFileFlow, site), {
    headers: { 'Content-Type': SDMX_JSON_DATA_TYPE },
  });
