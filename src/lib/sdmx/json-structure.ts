import { messageHeader, type MessageMeta } from './json-data.ts';
import {
  AGENCY,
  CONCEPT_SCHEME,
  OBS_VALUE,
  TIME_PERIOD,
  urn,
  VERSION,
  type Attribute,
  type Dataflow,
  type SdmxStructure,
} from './model.ts';

/**
 * The SDMX-JSON 2.0 structure message (sdmx-twg/sdmx-json 2.0.0, for SDMX 3.0): the dataflows,
 * their data structure definitions, every codelist they use and the concept scheme their
 * components take their identity from, all of agency APUA, referring to each other by URN.
 */

export const SDMX_JSON_STRUCTURE_TYPE = 'application/vnd.sdmx.structure+json;version=2.0.0';
const STRUCTURE_SCHEMA =
  'https://raw.githubusercontent.com/sdmx-twg/sdmx-json/v2.0.0/structure-message/tools/schemas/2.0.0/' +
  'sdmx-json-structure-schema.json';

const maintained = (id: string, name: string) => ({ id, agencyID: AGENCY, version: VERSION, name });

function attributeOf(attribute: Attribute) {
  const relationship = attribute.relationship;
  return {
    id: attribute.id,
    usage: 'optional',
    attributeRelationship:
      'dimensions' in relationship ? { dimensions: [...relationship.dimensions] } : { observation: {} },
    conceptIdentity: urn.concept(attribute.id),
    localRepresentation: attribute.codelist
      ? { enumeration: urn.codelist(attribute.codelist) }
      : { format: { dataType: attribute.dataType ?? 'String' } },
  };
}

function dataStructureOf(flow: Dataflow) {
  return {
    ...maintained(flow.dsd.id, flow.dsd.name),
    dataStructureComponents: {
      attributeList: { id: 'AttributeDescriptor', attributes: flow.attributes.map(attributeOf) },
      dimensionList: {
        id: 'DimensionDescriptor',
        dimensions: flow.dimensions.map((d, position) => ({
          id: d.id,
          position,
          conceptIdentity: urn.concept(d.id),
          localRepresentation: { enumeration: urn.codelist(d.codelist) },
        })),
        ...(flow.time
          ? {
              timeDimension: {
                id: TIME_PERIOD,
                conceptIdentity: urn.concept(TIME_PERIOD),
                localRepresentation: { format: { dataType: 'ObservationalTimePeriod' } },
              },
            }
          : {}),
      },
      measureList: {
        id: 'MeasureDescriptor',
        measures: [
          {
            id: OBS_VALUE,
            usage: 'mandatory',
            conceptIdentity: urn.concept(OBS_VALUE),
            localRepresentation: { format: { dataType: 'Double' } },
          },
        ],
      },
    },
  };
}

/** The structure message of everything the portal publishes as SDMX. */
export function structureMessage(structure: SdmxStructure, meta: MessageMeta) {
  const self = `${meta.baseUrl}/api/sdmx/dataflow`;
  return {
    meta: messageHeader(meta, STRUCTURE_SCHEMA),
    data: {
      dataflows: structure.flows.map((flow) => ({
        ...maintained(flow.id, flow.name),
        description: flow.description,
        isExternalReference: false,
        links: [
          { href: self, rel: 'self', urn: urn.dataflow(flow.id) },
          { href: `${meta.baseUrl}/api/sdmx/data/${flow.id}/all`, rel: 'data', type: 'application/json' },
        ],
        structure: urn.dsd(flow.dsd.id),
      })),
      dataStructures: structure.flows.map(dataStructureOf),
      codelists: [...structure.codelists.values()].map((list) => ({
        ...maintained(list.id, list.name),
        isPartial: false,
        // An empty codelist (no cycle published yet) lists no codes: SDMX-JSON takes no empty list.
        ...(list.codes.length > 0 ? { codes: list.codes.map((c) => ({ id: c.id, name: c.name })) } : {}),
      })),
      conceptSchemes: [
        {
          ...maintained(CONCEPT_SCHEME, 'Concepts of the Asia-Pacific Urban Agenda portal'),
          isPartial: false,
          concepts: structure.concepts.map((c) => ({ id: c.id, name: c.name, description: c.description })),
        },
      ],
    },
  };
}
