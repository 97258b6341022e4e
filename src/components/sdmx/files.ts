/// <reference types="astro/client" />
/**
 * The SDMX files of the build (issue 36): /open-data/sdmx/{flow}.json and .csv, each a whole
 * dataflow, made from the collections the pages read through the API's own path
 * (src/lib/sdmx/sources.ts and messages.ts), so that a file and GET /api/sdmx/data/{flow}/all hold
 * the same observations. A message's `prepared` time is the date its figures last changed (the
 * build that first wrote the present CSV, open-data/changes.ts), not the build's: a build of the
 * same figures writes the same bytes.
 */
import { createHash } from 'node:crypto';
import { PROFILE_FLOW, REPORTS_FLOW } from '../../lib/sdmx/flows.ts';
import type { MessageMeta } from '../../lib/sdmx/json-data.ts';
import { wholeFlowCsv, wholeFlowJson } from '../../lib/sdmx/messages.ts';
import type { FlowData } from '../../lib/sdmx/model.ts';
import { cycleAnswersOf, profileSource, reportsSource } from '../../lib/sdmx/sources.ts';
import { cycleBundles } from '../national/data.ts';
import { recordChanges } from '../open-data/changes.ts';
import { perBuild } from '../page-data.ts';
import { profileCategories } from '../profile/data.ts';

export const SDMX_FILE_FLOWS = [PROFILE_FLOW, REPORTS_FLOW] as const;
export type SdmxFileFlow = (typeof SDMX_FILE_FLOWS)[number];

export const sdmxFilePath = (flow: string, format: 'json' | 'csv') => `/open-data/sdmx/${flow}.${format}`;

interface FlowFile {
  data: FlowData;
  csv: string;
  sha256: string;
  /** The day (YYYY-MM-DD) the figures last changed. */
  changed: string;
}

function flowFile(data: FlowData): FlowFile {
  const csv = wholeFlowCsv(data);
  const sha256 = createHash('sha256').update(csv, 'utf8').digest('hex');
  const path = sdmxFilePath(data.flow.id, 'csv');
  // One group per flow: a build that renders one flow's files only keeps the other's record.
  const changed = recordChanges(`sdmx:${data.flow.id}`, [{ path, sha256 }])[path]!.changed;
  return { data, csv, sha256, changed };
}

const FILES: Record<SdmxFileFlow, () => Promise<FlowFile>> = {
  [PROFILE_FLOW]: perBuild(['profileCategories'], async () => flowFile(profileSource(await profileCategories()).data)),
  [REPORTS_FLOW]: perBuild(['nationalCycles'], async () =>
    flowFile(reportsSource((await cycleBundles()).map(cycleAnswersOf)).data),
  ),
};

/** A flow's whole SDMX-CSV. */
export async function sdmxCsvFile(flow: SdmxFileFlow): Promise<string> {
  return (await FILES[flow]()).csv;
}

/** A flow's whole SDMX-JSON data message, its links on `site`. */
export async function sdmxJsonFile(flow: SdmxFileFlow, site: URL | undefined): Promise<string> {
  const file = await FILES[flow]();
  const meta: MessageMeta = {
    id: `${flow}-${file.sha256.slice(0, 12)}`,
    prepared: `${file.changed}T00:00:00Z`,
    baseUrl: (site?.origin ?? 'http://localhost:4321').replace(/\/+$/, ''),
  };
  return wholeFlowJson(file.data, meta);
}

/** One static path per flow. */
export const sdmxFlowPaths = () => SDMX_FILE_FLOWS.map((flow) => ({ params: { flow } }));
