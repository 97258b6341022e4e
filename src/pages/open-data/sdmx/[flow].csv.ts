/** /open-data/sdmx/{flow}.csv: the whole dataflow as SDMX-CSV 2.0 (decision 073). */
import type { APIRoute, GetStaticPaths } from 'astro';
import { sdmxCsvFile, sdmxFlowPaths, type SdmxFileFlow } from '../../../components/sdmx/files.ts';
import { csvResponse } from '../../../lib/open-data/csv.ts';

export const getStaticPaths = sdmxFlowPaths satisfies GetStaticPaths;

export const GET: APIRoute = async ({ params }) => csvResponse(await sdmxCsvFile(params['flow'] as SdmxFileFlow));
