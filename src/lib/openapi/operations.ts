/**
 * Every public endpoint of the API (issue 36 item 4), described with the very zod schemas its route
 * validates with and answers by: the OpenAPI document (document.ts) and the /developers page are
 * made from this list, and tests/api/openapi.test.ts fails when a public route of the app is
 * missing from it. Words are message keys of the site's catalogues: the document takes the English.
 */
import type { ResponseConfig, RouteConfig } from '@asteasolutions/zod-to-openapi';
import type { z } from 'zod';
import {
  PublicFacetsResponseSchema,
  PublicListQuerySchema as PracticeListQuerySchema,
  PublicListResponseSchema as PracticeListResponseSchema,
  PublicShowPathSchema,
  PublicShowResponseSchema,
} from '../best-practices/public-schema.ts';
import { PublicCmsEventPathSchema, PublicCmsListResponseSchema, PublicCmsTypePathSchema } from '../cms/schema.ts';
import { ErrorResponseSchema } from '../http/schema.ts';
import { ReportPathSchema } from '../national-reports/schema.ts';
import {
  PublicAnswersQuerySchema,
  PublicAnswersResponseSchema,
  PublicCyclesResponseSchema,
  PublicListQuerySchema as ReportListQuerySchema,
  PublicReportListResponseSchema,
  PublicReportResponseSchema,
  PublicStatisticQuerySchema,
  PublicStatisticResponseSchema,
} from '../national-reports/public-schema.ts';
import { HealthResponseSchema } from '../ops/schema.ts';
import { PublicProgressResponseSchema } from '../progress/schema.ts';
import { SDMX_CSV_TYPE } from '../sdmx/csv.ts';
import { SDMX_JSON_DATA_TYPE } from '../sdmx/json-data.ts';
import { SDMX_JSON_STRUCTURE_TYPE } from '../sdmx/json-structure.ts';
import { SdmxDataPathSchema, SdmxDataQuerySchema } from '../sdmx/schema.ts';
import { PublicTranslationsPathSchema, PublicTranslationsResponseSchema } from '../translations/schema.ts';
import {
  CategoryPathSchema,
  CountryPathSchema,
  PublicCategoriesResponseSchema,
  PublicCategoryResponseSchema,
  PublicCountryResponseSchema,
} from '../urbanisation-profile/schema.ts';
import type { MessageKey } from '../../i18n/t.ts';

/** The groups of the reference, in the order the page shows them. */
export const API_TAGS = [
  { name: 'Urbanisation profile', key: 'developers.tag.profile' },
  { name: 'National reports', key: 'developers.tag.reports' },
  { name: 'SDMX', key: 'developers.tag.sdmx' },
  { name: 'Best practices', key: 'developers.tag.practices' },
  { name: 'Site content', key: 'developers.tag.content' },
  { name: 'Service', key: 'developers.tag.service' },
] as const satisfies readonly { name: string; key: MessageKey }[];
type TagName = (typeof API_TAGS)[number]['name'];

/** A public operation: its route config without words, what it does, and a request to try. */
export interface PublicOperation {
  route: Omit<RouteConfig, 'summary' | 'tags' | 'operationId'> & { operationId: string };
  tag: TagName;
  /** One sentence saying what the operation answers. */
  summary: MessageKey;
  /** A request that answers with published figures, as written after the site's address. */
  sample: string;
}

/** Headers of every public answer: the entity tag, how long it may be kept, and CORS. */
const CACHED_HEADERS = {
  ETag: {
    description: 'The answer’s entity tag: send it back in If-None-Match for a 304.',
    schema: { type: 'string' },
  },
  'Cache-Control': {
    description: 'no-cache: keep the answer, but ask again (a 304 is cheap).',
    schema: { type: 'string' },
  },
  'Access-Control-Allow-Origin': { description: 'Any origin may read the answer.', schema: { type: 'string' } },
} as const;

const json = (description: string, schema: z.ZodType): ResponseConfig => ({
  description,
  headers: CACHED_HEADERS,
  content: { 'application/json': { schema } },
});
/** Every error's one envelope, as one component of the document (zod's `id` names it). */
const ErrorEnvelopeSchema = ErrorResponseSchema.meta({ id: 'ErrorResponse' });
const error = (description: string): ResponseConfig => ({
  description,
  content: { 'application/json': { schema: ErrorEnvelopeSchema } },
});
const NOT_MODIFIED: ResponseConfig = { description: 'Not modified: the If-None-Match entity tag is current.' };
const BAD_REQUEST = error('A parameter is not valid: `errors` names each with its problems.');
const NOT_FOUND = error('Nothing published matches.');

/** A cached JSON answer, its 304, and the errors the operation can give. */
function answers(
  description: string,
  schema: z.ZodType,
  errors: { 400?: true; 404?: true } = {},
): RouteConfig['responses'] {
  return {
    200: json(description, schema),
    304: NOT_MODIFIED,
    ...(errors[400] && { 400: BAD_REQUEST }),
    ...(errors[404] && { 404: NOT_FOUND }),
  };
}

/** An SDMX data message, as SDMX-JSON 2.0 (the default) or SDMX-CSV 2.0 (by Accept or `format=csv`). */
const SDMX_DATA: ResponseConfig = {
  description: 'The observations that match, as an SDMX-JSON 2.0 data message or SDMX-CSV 2.0.',
  headers: CACHED_HEADERS,
  content: {
    [SDMX_JSON_DATA_TYPE]: { schema: { type: 'object', description: 'An SDMX-JSON 2.0 data message.' } },
    [SDMX_CSV_TYPE]: { schema: { type: 'string', description: 'SDMX-CSV 2.0: one observation a line.' } },
  },
};
const sdmxData = (operationId: string, path: string, params: z.ZodObject, sample: string): PublicOperation => ({
  route: {
    method: 'get',
    path,
    operationId,
    request: { params, query: SdmxDataQuerySchema },
    responses: { 200: SDMX_DATA, 304: NOT_MODIFIED, 400: BAD_REQUEST, 404: error('No such dataflow, or no figure.') },
  },
  tag: 'SDMX',
  summary: 'developers.op.sdmxData',
  sample,
});

const REPORTS = '/report/type/national/public';
const PROFILE = '/profile/public';

export const PUBLIC_OPERATIONS: readonly PublicOperation[] = [
  {
    route: {
      method: 'get',
      path: `${PROFILE}/categories`,
      operationId: 'profileCategories',
      responses: answers('The published themes.', PublicCategoriesResponseSchema),
    },
    tag: 'Urbanisation profile',
    summary: 'developers.op.profileCategories',
    sample: `/api${PROFILE}/categories`,
  },
  {
    route: {
      method: 'get',
      path: `${PROFILE}/category/{slug}`,
      operationId: 'profileCategory',
      request: { params: CategoryPathSchema },
      responses: answers('The theme with its indicators and every published figure.', PublicCategoryResponseSchema, {
        400: true,
        404: true,
      }),
    },
    tag: 'Urbanisation profile',
    summary: 'developers.op.profileCategory',
    sample: `/api${PROFILE}/category/basic-services`,
  },
  {
    route: {
      method: 'get',
      path: `${PROFILE}/country/{country_code}`,
      operationId: 'profileCountry',
      request: { params: CountryPathSchema },
      responses: answers('The country’s published figures, by theme.', PublicCountryResponseSchema, {
        400: true,
        404: true,
      }),
    },
    tag: 'Urbanisation profile',
    summary: 'developers.op.profileCountry',
    sample: `/api${PROFILE}/country/PH`,
  },
  {
    route: {
      method: 'get',
      path: `${PROFILE}/progress`,
      operationId: 'profileProgress',
      responses: answers('Each indicator’s progress towards 2030, as in progress.csv.', PublicProgressResponseSchema),
    },
    tag: 'Urbanisation profile',
    summary: 'developers.op.profileProgress',
    sample: `/api${PROFILE}/progress`,
  },
  {
    route: {
      method: 'get',
      path: `${REPORTS}/list`,
      operationId: 'reportList',
      request: { query: ReportListQuerySchema },
      responses: answers('The published national reports.', PublicReportListResponseSchema, { 400: true }),
    },
    tag: 'National reports',
    summary: 'developers.op.reportList',
    sample: `/api${REPORTS}/list?latest_4=true`,
  },
  {
    route: {
      method: 'get',
      path: `${REPORTS}/cycles`,
      operationId: 'reportCycles',
      responses: answers('The reporting cycles.', PublicCyclesResponseSchema),
    },
    tag: 'National reports',
    summary: 'developers.op.reportCycles',
    sample: `/api${REPORTS}/cycles`,
  },
  {
    route: {
      method: 'get',
      path: `${REPORTS}/statistic`,
      operationId: 'reportStatistic',
      request: { query: PublicStatisticQuerySchema },
      responses: answers('Who has reported in the cycle.', PublicStatisticResponseSchema, { 400: true, 404: true }),
    },
    tag: 'National reports',
    summary: 'developers.op.reportStatistic',
    sample: `/api${REPORTS}/statistic?year=2026`,
  },
  {
    route: {
      method: 'get',
      path: `${REPORTS}/answers`,
      operationId: 'reportAnswers',
      request: { query: PublicAnswersQuerySchema },
      responses: answers('Every published answer of the cycle.', PublicAnswersResponseSchema, { 400: true, 404: true }),
    },
    tag: 'National reports',
    summary: 'developers.op.reportAnswers',
    sample: `/api${REPORTS}/answers?year=2026`,
  },
  {
    route: {
      method: 'get',
      path: `${REPORTS}/report/{year}/{country_code}`,
      operationId: 'reportShow',
      request: { params: ReportPathSchema },
      responses: answers('The published report with its answers.', PublicReportResponseSchema, {
        400: true,
        404: true,
      }),
    },
    tag: 'National reports',
    summary: 'developers.op.reportShow',
    sample: `/api${REPORTS}/report/2026/ID`,
  },
  {
    route: {
      method: 'get',
      path: '/sdmx/dataflow',
      operationId: 'sdmxDataflow',
      responses: {
        200: {
          description: 'The dataflows with their codelists and concepts, as an SDMX-JSON 2.0 structure message.',
          headers: CACHED_HEADERS,
          content: { [SDMX_JSON_STRUCTURE_TYPE]: { schema: { type: 'object' } } },
        },
        304: NOT_MODIFIED,
      },
    },
    tag: 'SDMX',
    summary: 'developers.op.sdmxDataflow',
    sample: '/api/sdmx/dataflow',
  },
  sdmxData(
    'sdmxFlow',
    '/sdmx/data/{flow}',
    SdmxDataPathSchema.pick({ flow: true }),
    '/api/sdmx/data/DF_URBAN_PROFILE?format=csv',
  ),
  sdmxData(
    'sdmxData',
    '/sdmx/data/{flow}/{key}',
    SdmxDataPathSchema.pick({ flow: true, key: true }).required(),
    '/api/sdmx/data/DF_URBAN_PROFILE/A.608..?startPeriod=2015',
  ),
  sdmxData(
    'sdmxProvider',
    '/sdmx/data/{flow}/{key}/{provider}',
    SdmxDataPathSchema.required(),
    '/api/sdmx/data/DF_NATIONAL_REPORTS/all/APUA?format=csv',
  ),
  {
    route: {
      method: 'get',
      path: '/best-practice/public/list',
      operationId: 'practiceList',
      request: { query: PracticeListQuerySchema },
      responses: answers('A page of published practices.', PracticeListResponseSchema, { 400: true }),
    },
    tag: 'Best practices',
    summary: 'developers.op.practiceList',
    sample: '/api/best-practice/public/list?country_code=PH',
  },
  {
    route: {
      method: 'get',
      path: '/best-practice/public/facets',
      operationId: 'practiceFacets',
      responses: answers('Published practices counted by facet.', PublicFacetsResponseSchema),
    },
    tag: 'Best practices',
    summary: 'developers.op.practiceFacets',
    sample: '/api/best-practice/public/facets',
  },
  {
    route: {
      method: 'get',
      path: '/best-practice/public/show/{uuid}',
      operationId: 'practiceShow',
      request: { params: PublicShowPathSchema },
      responses: answers('The practice and up to three related ones.', PublicShowResponseSchema, {
        400: true,
        404: true,
      }),
    },
    tag: 'Best practices',
    summary: 'developers.op.practiceShow',
    sample: '/api/best-practice/public/show/{uuid}',
  },
  {
    route: {
      method: 'get',
      path: '/public/cms/{cms_type}',
      operationId: 'cmsList',
      request: { params: PublicCmsTypePathSchema },
      responses: answers('The published items, in display order.', PublicCmsListResponseSchema, { 400: true }),
    },
    tag: 'Site content',
    summary: 'developers.op.cmsList',
    sample: '/api/public/cms/partner',
  },
  {
    route: {
      method: 'get',
      path: '/public/cms/video/event/{slug}',
      operationId: 'cmsEvent',
      request: { params: PublicCmsEventPathSchema },
      responses: answers('The published photos and videos of the event.', PublicCmsListResponseSchema, { 400: true }),
    },
    tag: 'Site content',
    summary: 'developers.op.cmsEvent',
    sample: '/api/public/cms/video/event/{slug}',
  },
  {
    route: {
      method: 'get',
      path: '/translation/public/{locale}',
      operationId: 'translations',
      request: { params: PublicTranslationsPathSchema },
      responses: answers('Every published translation into the language.', PublicTranslationsResponseSchema, {
        400: true,
      }),
    },
    tag: 'Site content',
    summary: 'developers.op.translations',
    sample: '/api/translation/public/fr',
  },
  {
    route: {
      method: 'get',
      path: '/health',
      operationId: 'health',
      responses: {
        200: {
          description: 'The portal answers; how far the public site is behind. Never kept (no-store).',
          headers: { 'Cache-Control': { schema: { type: 'string' } } },
          content: { 'application/json': { schema: HealthResponseSchema } },
        },
        503: error('The database does not answer, or no site is loaded yet.'),
      },
    },
    tag: 'Service',
    summary: 'developers.op.health',
    sample: '/api/health',
  },
  {
    route: {
      method: 'get',
      path: '/openapi.json',
      operationId: 'openapi',
      responses: {
        200: {
          description: 'This document.',
          headers: CACHED_HEADERS,
          content: { 'application/json': { schema: { type: 'object' } } },
        },
        304: NOT_MODIFIED,
      },
    },
    tag: 'Service',
    summary: 'developers.op.openapi',
    sample: '/api/openapi.json',
  },
];
