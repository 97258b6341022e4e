/**
 * The portal's SDMX structures as plain data (issue 36): every message writer (SDMX-JSON 2.0
 * structure and data, SDMX-CSV 2.0) reads these and nothing else, so the formats cannot disagree
 * (as Open SDG's outputs share one indicator object). SDMX 3.0 names: a dataflow, its data
 * structure definition (DSD), codelists and one concept scheme, all maintained by the portal's
 * own agency.
 */

/** The maintenance agency of every artefact, and the sender of every message. */
export const AGENCY = 'APUA';
export const AGENCY_NAME = 'Asia-Pacific Urban Agenda portal';
/** One version for every artefact: codelists grow with the catalogue, the structure does not change. */
export const VERSION = '1.0.0';
/** The concept scheme every component takes its identity from. */
export const CONCEPT_SCHEME = 'CS_APUA';
export const TIME_PERIOD = 'TIME_PERIOD';
export const OBS_VALUE = 'OBS_VALUE';

export interface Code {
  id: string;
  name: string;
  description?: string;
}

export interface Codelist {
  id: string;
  name: string;
  codes: readonly Code[];
}

export interface Concept {
  id: string;
  name: string;
  description: string;
}

export interface Dimension {
  id: string;
  name: string;
  /** The codelist that enumerates its values. */
  codelist: string;
}

/**
 * How an attribute's value varies: with some dimensions only (a series attribute when those are
 * all series dimensions), or with each observation.
 */
export type AttributeRelationship = { dimensions: readonly string[] } | { observation: Record<string, never> };

export interface Attribute {
  id: string;
  name: string;
  relationship: AttributeRelationship;
  /** Coded attributes name their codelist; the others carry free text or a number. */
  codelist?: string;
  /** The data type of an uncoded attribute. */
  dataType?: 'String' | 'Integer';
}

export interface Dataflow {
  id: string;
  name: string;
  description: string;
  dsd: { id: string; name: string };
  /** The key's dimensions, in DSD order (the order of a REST key's parts). */
  dimensions: readonly Dimension[];
  /** The time dimension's name, or null for a flow without one. */
  time: { name: string } | null;
  /** The dimension whose years `startPeriod` and `endPeriod` select: TIME_PERIOD, or a flow's year-like one. */
  periodDimension: string;
  measure: { id: typeof OBS_VALUE; name: string };
  attributes: readonly Attribute[];
}

/** One observation: its code per dimension (TIME_PERIOD too), its value and its attribute values. */
export interface Observation {
  key: Readonly<Record<string, string>>;
  value: number;
  attributes: Readonly<Record<string, string | number | null>>;
}

/** A dataflow with the codelists it uses and its observations: what a data message is written from. */
export interface FlowData {
  flow: Dataflow;
  codelists: ReadonlyMap<string, Codelist>;
  observations: readonly Observation[];
}

/** Everything the structure message describes. */
export interface SdmxStructure {
  flows: readonly Dataflow[];
  codelists: ReadonlyMap<string, Codelist>;
  concepts: readonly Concept[];
}

/** `APUA:ID(1.0.0)`, the identification SDMX-CSV and the URNs use. */
export const artefactRef = (id: string) => `${AGENCY}:${id}(${VERSION})`;

export const urn = {
  dataflow: (id: string) => `urn:sdmx:org.sdmx.infomodel.datastructure.Dataflow=${artefactRef(id)}`,
  dsd: (id: string) => `urn:sdmx:org.sdmx.infomodel.datastructure.DataStructure=${artefactRef(id)}`,
  codelist: (id: string) => `urn:sdmx:org.sdmx.infomodel.codelist.Codelist=${artefactRef(id)}`,
  conceptScheme: () => `urn:sdmx:org.sdmx.infomodel.conceptscheme.ConceptScheme=${artefactRef(CONCEPT_SCHEME)}`,
  concept: (id: string) => `urn:sdmx:org.sdmx.infomodel.conceptscheme.Concept=${artefactRef(CONCEPT_SCHEME)}.${id}`,
};

/** The ids of a flow's dimensions in DSD order, the time dimension last. */
export function dimensionIds(flow: Dataflow): string[] {
  return [...flow.dimensions.map((d) => d.id), ...(flow.time ? [TIME_PERIOD] : [])];
}
