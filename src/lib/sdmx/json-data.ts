import { AGENCY, AGENCY_NAME, dimensionIds, TIME_PERIOD, urn, type Attribute, type FlowData } from './model.ts';
import type { Observation } from './model.ts';

/**
 * The SDMX-JSON 2.0 data message (sdmx-twg/sdmx-json 2.0.0, for SDMX 3.0; names on the structure
 * and every component as 2.1 requires them too). Dimension values are listed once and referred to
 * by index; the observations are grouped in series by the dimensions not at observation level
 * (none: a flat list). An attribute that varies only with series dimensions is given per series,
 * the others per observation; coded values by index, free text as it is.
 */

export const SDMX_JSON_DATA_TYPE = 'application/vnd.sdmx.data+json;version=2.0.0';
export const DATA_SCHEMA =
  'https://raw.githubusercontent.com/sdmx-twg/sdmx-json/v2.0.0/data-message/tools/schemas/2.0.0/' +
  'sdmx-json-data-schema.json';

/** Who prepared a message and when, and the portal's address for its links. */
export interface MessageMeta {
  id: string;
  prepared: string;
  baseUrl: string;
}

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

/** Cross-domain concepts a component stands for (`roles`), which visualisation tools look for. */
const ROLES = new Set(['FREQ', 'REF_AREA', TIME_PERIOD, 'UNIT_MEASURE', 'UNIT_MULT', 'OBS_STATUS', 'COMMENT_OBS']);
const roles = (id: string): JsonObject => (ROLES.has(id) ? { roles: [id] } : {});

export function messageHeader(meta: MessageMeta, schema: string): JsonObject {
  return {
    schema,
    id: meta.id,
    prepared: meta.prepared,
    test: false,
    contentLanguages: ['en'],
    sender: { id: AGENCY, name: AGENCY_NAME },
  };
}

/** An attribute's level in this message: per series when it varies only with series dimensions. */
function levelOf(attribute: Attribute, seriesDims: readonly string[]): 'series' | 'observation' {
  const dims = 'dimensions' in attribute.relationship ? attribute.relationship.dimensions : null;
  return dims && seriesDims.length > 0 && dims.every((d) => seriesDims.includes(d)) ? 'series' : 'observation';
}

/** A component's values (in codelist order, or ascending for time) and each one's index. */
function valuesOf(data: FlowData, id: string, codelist: string | undefined, used: ReadonlySet<string>) {
  const codes = codelist
    ? (data.codelists.get(codelist)?.codes.filter((c) => used.has(c.id)) ?? [])
    : [...used].sort().map((value) => ({ id: value, name: value }));
  // A year says when it starts and ends, for the time axis of a chart.
  const values = codes.map((c): JsonObject => {
    const year = id === TIME_PERIOD && /^\d{4}$/.test(c.id);
    return year
      ? { id: c.id, name: c.name, start: `${c.id}-01-01T00:00:00Z`, end: `${c.id}-12-31T23:59:59Z` }
      : { id: c.id, name: c.name };
  });
  return { values, index: new Map(codes.map((c, i) => [c.id, i])) };
}

const usedValues = (observations: readonly Observation[], read: (o: Observation) => string | number | null) =>
  new Set(observations.flatMap((o) => (read(o) === null ? [] : [String(read(o))])));

/** Drops the trailing nulls of an observation's or series' values (SDMX-JSON allows leaving them out). */
function trimmed(values: Json[]): Json[] {
  let end = values.length;
  while (end > 1 && values[end - 1] === null) end--;
  return values.slice(0, end);
}

/** The data message of `observations` (of `data.flow`), with `atObservation` at observation level. */
export function dataMessage(
  data: FlowData,
  observations: readonly Observation[],
  atObservation: readonly string[],
  meta: MessageMeta,
): JsonObject {
  const { flow } = data;
  const dims = dimensionIds(flow);
  const seriesDims = dims.filter((d) => !atObservation.includes(d));
  const obsDims = dims.filter((d) => atObservation.includes(d));
  const codelistOf = (id: string) => flow.dimensions.find((d) => d.id === id)?.codelist;

  const dimension = Object.fromEntries(
    dims.map((id, position) => {
      const name = id === TIME_PERIOD ? flow.time!.name : flow.dimensions.find((d) => d.id === id)!.name;
      const { values, index } = valuesOf(
        data,
        id,
        codelistOf(id),
        usedValues(observations, (o) => o.key[id]!),
      );
      return [id, { component: { id, name, keyPosition: position, ...roles(id), values }, index }];
    }),
  );
  const keyOf = (o: Observation, ids: readonly string[]) => ids.map((id) => dimension[id]!.index.get(o.key[id]!));

  const attributes = flow.attributes.map((attribute) => {
    const level = levelOf(attribute, seriesDims);
    const byIndex = attribute.codelist !== undefined || level === 'series';
    const read = (o: Observation) => o.attributes[attribute.id] ?? null;
    const { values, index } = valuesOf(data, attribute.id, attribute.codelist, usedValues(observations, read));
    const component: JsonObject = {
      id: attribute.id,
      name: attribute.name,
      ...roles(attribute.id),
      relationship:
        'dimensions' in attribute.relationship
          ? { dimensions: [...attribute.relationship.dimensions] }
          : { observation: {} },
      ...(attribute.dataType ? { format: { dataType: attribute.dataType } } : {}),
      // Values are listed (and referred to by index) only when coded or given per series, and some are used.
      ...(byIndex && values.length > 0
        ? { values: attribute.codelist ? values : values.map((v) => ({ value: v.id! })) }
        : {}),
    };
    const valueOf = (o: Observation): Json => {
      const value = read(o);
      if (value === null) return null;
      return byIndex ? index.get(String(value))! : value;
    };
    return { level, component, valueOf };
  });
  const seriesAttributes = attributes.filter((a) => a.level === 'series');
  const obsAttributes = attributes.filter((a) => a.level === 'observation');
  const observationOf = (o: Observation) => trimmed([o.value, ...obsAttributes.map((a) => a.valueOf(o))]);

  const dataSet: JsonObject = {
    structure: 0,
    action: 'Information',
    links: [{ href: `${meta.baseUrl}/api/sdmx/dataflow`, rel: 'dataflow', urn: urn.dataflow(flow.id) }],
  };
  if (seriesDims.length === 0) {
    dataSet['observations'] = Object.fromEntries(
      observations.map((o) => [keyOf(o, obsDims).join(':'), observationOf(o)]),
    );
  } else {
    const series: Record<string, { attributes: Json[]; observations: JsonObject }> = {};
    for (const o of observations) {
      const key = keyOf(o, seriesDims).join(':');
      const one = (series[key] ??= { attributes: seriesAttributes.map((a) => a.valueOf(o)), observations: {} });
      one.observations[keyOf(o, obsDims).join(':')] = observationOf(o);
    }
    dataSet['series'] = series;
  }

  const atLevel = (level: 'series' | 'observation', list: readonly JsonObject[]) =>
    list.length > 0 ? { [level]: [...list] } : {};
  return {
    meta: messageHeader(meta, DATA_SCHEMA),
    data: {
      structures: [
        {
          name: flow.name,
          description: flow.description,
          links: [{ href: `${meta.baseUrl}/api/sdmx/dataflow`, rel: 'dataflow', urn: urn.dataflow(flow.id) }],
          dimensions: {
            ...atLevel(
              'series',
              seriesDims.map((id) => dimension[id]!.component),
            ),
            ...atLevel(
              'observation',
              obsDims.map((id) => dimension[id]!.component),
            ),
          },
          measures: { observation: [{ id: flow.measure.id, name: flow.measure.name, format: { dataType: 'Double' } }] },
          attributes: {
            ...atLevel(
              'series',
              seriesAttributes.map((a) => a.component),
            ),
            ...atLevel(
              'observation',
              obsAttributes.map((a) => a.component),
            ),
          },
        },
      ],
      dataSets: [dataSet],
    },
  };
}
