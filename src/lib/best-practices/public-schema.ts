import { z } from 'zod';
import { CmsImageSchema } from '../cms/schema.ts';
import {
  blankIsAbsent,
  GenericResponseSchema,
  itemResponse,
  listQuery,
  orderQuery,
  pagedResponse,
  queryInt,
} from '../http/schema.ts';
import { CountryRefSchema } from '../countries/schema.ts';
import { CategorySlugSchema, CountryCodeParamSchema, PublicPracticeSchema } from './schema.ts';

/** A published practice as a card of the public library. */
export const PublicPracticeCardSchema = PublicPracticeSchema.pick({
  uuid: true,
  title: true,
  country: true,
  subregion: true,
  city: true,
  categories: true,
  sdg_targets: true,
  summary: true,
  written_in: true,
  start_date: true,
  end_date: true,
  ongoing: true,
  featured: true,
  published_at: true,
}).extend({
  /** The cover cropped to the card's ratio, with its caption and credit. */
  cover: z.object({ image: CmsImageSchema, caption: z.string().nullable(), credit: z.string().nullable() }).nullable(),
});
export type PublicPracticeCard = z.output<typeof PublicPracticeCardSchema>;

export const PUBLIC_PERIODS = ['ongoing', 'completed'] as const;
export const PUBLIC_ORDERS = ['-published_at', 'title', '-start_date'] as const;

/** GET /api/best-practice/public/list: every filter is optional; all of them combine. */
export const PublicListQuerySchema = listQuery(
  {
    country_code: blankIsAbsent(CountryCodeParamSchema.optional()),
    subregion: blankIsAbsent(
      z
        .string()
        .regex(/^[a-z-]{1,40}$/, 'must be a subregion id')
        .optional(),
    ),
    category: blankIsAbsent(CategorySlugSchema.optional()),
    sdg: blankIsAbsent(queryInt({ min: 1, max: 17, fallback: 0 }).optional()),
    period: blankIsAbsent(z.enum(PUBLIC_PERIODS, { error: 'must be ongoing or completed' }).optional()),
    /** Started in this year. */
    year: blankIsAbsent(queryInt({ min: 1900, max: 2100, fallback: 0 }).optional()),
    featured: blankIsAbsent(
      z
        .enum(['true', 'false'], { error: 'must be true or false' })
        .transform((v) => v === 'true')
        .optional(),
    ),
    order: orderQuery(PUBLIC_ORDERS, '-published_at'),
  },
  { fallback: 24 },
);
export type PublicListQuery = z.output<typeof PublicListQuerySchema>;

export const PublicListResponseSchema = pagedResponse(PublicPracticeCardSchema);
export type PublicListResponse = z.output<typeof PublicListResponseSchema>;

const facet = <T extends z.ZodRawShape>(shape: T) => z.array(z.object({ ...shape, count: z.number().int() }));

/** GET /api/best-practice/public/facets: counts of published practices per value (zeros left out). */
export const PublicFacetsResponseSchema = itemResponse(
  z.object({
    total: z.number().int(),
    countries: facet({ ...CountryRefSchema.shape, subregion: z.string() }),
    subregions: facet({ id: z.string(), name: z.string() }),
    categories: facet({ slug: z.string(), name: z.string() }),
    sdg_goals: facet({ goal: z.number().int(), name: z.string() }),
    periods: facet({ key: z.enum(PUBLIC_PERIODS), label: z.string() }),
    start_years: facet({ year: z.number().int() }),
  }),
);
export type PublicFacetsResponse = z.output<typeof PublicFacetsResponseSchema>;
export type PublicFacets = PublicFacetsResponse['data'];

/** The path of GET /api/best-practice/public/show/{uuid}. */
export const PublicShowPathSchema = z.object({ uuid: z.uuid('must be a UUID') });

/** GET /api/best-practice/public/show/{uuid}: the practice and up to three related ones. */
export const PublicShowResponseSchema = GenericResponseSchema.extend({
  data: PublicPracticeSchema,
  related: z.array(PublicPracticeCardSchema),
});
export type PublicShowResponse = z.output<typeof PublicShowResponseSchema>;
