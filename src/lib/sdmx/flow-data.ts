import { TIME_PERIOD, type Dataflow, type FlowData, type Observation, type SdmxStructure } from './model.ts';

/**
 * A flow's data ready to answer queries: its observations in a stable order (each key dimension
 * in its codelist's order, then time), so that the same figures always make the same message and
 * the same ETag. An observation with a code its codelist lacks cannot be written as SDMX: it is
 * left out (the codelists are made from the same public data, so none is expected).
 */
export function flowData(structure: SdmxStructure, flow: Dataflow, observations: readonly Observation[]): FlowData {
  const positions = flow.dimensions.map((d) => {
    const codes = structure.codelists.get(d.codelist)?.codes ?? [];
    return { id: d.id, position: new Map(codes.map((c, i) => [c.id, i])) };
  });
  const coded = observations.filter((o) => positions.every((p) => p.position.has(o.key[p.id]!)));
  const sorted = [...coded].sort((a, b) => {
    for (const p of positions) {
      const order = p.position.get(a.key[p.id]!)! - p.position.get(b.key[p.id]!)!;
      if (order !== 0) return order;
    }
    return compareTime(a, b);
  });
  return { flow, codelists: structure.codelists, observations: sorted };
}

function compareTime(a: Observation, b: Observation): number {
  const x = a.key[TIME_PERIOD] ?? '';
  const y = b.key[TIME_PERIOD] ?? '';
  return x < y ? -1 : x > y ? 1 : 0;
}
