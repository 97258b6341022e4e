import { sdmxCsv } from './csv.ts';
import { DATA_SCHEMA, dataMessage, messageHeader, type MessageMeta } from './json-data.ts';
import type { FlowData } from './model.ts';
import { parseDataQuery, selectObservations, type DataQuery } from './query.ts';

/**
 * The text of a data message, for the API's answers and the site's static files alike: the
 * observations a query selects, as SDMX-CSV 2.0 or SDMX-JSON 2.0.
 */

/** The message of `query` over `data`; null when no observation matches (the API's 404). */
export function dataBody(data: FlowData, query: DataQuery, csv: boolean, meta: MessageMeta): string | null {
  const observations = selectObservations(data.flow, query, data.observations);
  if (observations.length === 0) return null;
  if (csv) return sdmxCsv(data.flow, observations);
  return JSON.stringify(dataMessage(data, observations, query.atObservation, meta));
}

/**
 * The whole flow as /open-data/sdmx/{flow}.json and .csv: what GET /api/sdmx/data/{flow}/all
 * answers. A flow without figures yet is still a file (the catalogue names it): the JSON says so
 * with SDMX's error 100, "No results found", as the API's 404 does (a data message cannot list a
 * dimension without values), and the CSV is its header alone.
 */
export function wholeFlowJson(data: FlowData, meta: MessageMeta): string {
  const body = dataBody(data, wholeFlow(data), false, meta);
  if (body !== null) return body;
  const detail = `${data.flow.name}: no figure is published yet`;
  return JSON.stringify({
    meta: messageHeader(meta, DATA_SCHEMA),
    errors: [{ code: 100, title: 'No results found', detail }],
  });
}

/** The whole flow as SDMX-CSV (it carries no time of preparation: the same figures, the same bytes). */
export function wholeFlowCsv(data: FlowData): string {
  const all = wholeFlow(data);
  return sdmxCsv(data.flow, selectObservations(data.flow, all, data.observations));
}

/** The query `all`, as the API reads GET /api/sdmx/data/{flow}/all. */
const wholeFlow = (data: FlowData) => parseDataQuery(data.flow, data.codelists, { key: 'all' });
