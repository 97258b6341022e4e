import { toCsv, type CsvColumn } from '../open-data/csv.ts';
import { artefactRef, dimensionIds, OBS_VALUE, type Dataflow, type Observation } from './model.ts';

/**
 * SDMX-CSV 2.0 (sdmx-twg/sdmx-csv 2.0.0, for SDMX 3.0): the header row, then one row an
 * observation: the dataflow, the action (`I`, information), its code per dimension in DSD order
 * (time last), the value, then its attributes in DSD order, empty where it has none. Written by the
 * portal's one CSV writer (src/lib/open-data/csv.ts: RFC 4180, CRLF), so it quotes as the theme
 * files do.
 */

export const SDMX_CSV_TYPE = 'application/vnd.sdmx.data+csv;version=2.0.0';

export function sdmxCsv(flow: Dataflow, observations: readonly Observation[]): string {
  const structureId = artefactRef(flow.id);
  const columns: CsvColumn<Observation>[] = [
    { name: 'STRUCTURE', value: () => 'dataflow' },
    { name: 'STRUCTURE_ID', value: () => structureId },
    { name: 'ACTION', value: () => 'I' },
    ...dimensionIds(flow).map((id) => ({ name: id, value: (o: Observation) => o.key[id] })),
    { name: OBS_VALUE, value: (o) => o.value },
    ...flow.attributes.map((a) => ({ name: a.id, value: (o: Observation) => o.attributes[a.id] })),
  ];
  return toCsv(columns, observations);
}
