import { z } from 'zod';
import { CmsImageSchema } from '../cms/schema.ts';
import { GenericResponseSchema, queryInt, text } from '../http/schema.ts';
import { WrittenInSchema } from '../i18n/written-languages.ts';
import { CategoryRefSchema, CountryRefSchema, PRACTICE_PAGE_SIZE_MAX, PublicPracticeSchema } from './schema.ts';

/** A published practice as a card of the public library. */
export const PublicPracticeCardSchema = z.object({
  uuid: z.string(),
  title: z.string(),
  country: CountryRefSchema,
  subregion: z.string(),
  city: z.string().nullable(),
  categories: z.array(CategoryRefSchema),
  sdg_targets: z.array(z.string()),
  summary: z.string().nullable(),
  /** The language the practice is written in (a BCP 47 tag); null: not stated (decision 048). */
  written_in: WrittenInSchema,
  /** The cover cropped to the card's ratio, with its caption and credit. */
  cover: z.object({ image: CmsImageSchema, caption: z.string().nullable(), credit: z.string().nullable() }).nullable(),
  start_date: z.string().nullable(),
  end_date: z.string().nullable(),
  ongoing: z.boolean(),
  featured: z.boolean(),
  published_at: z.string().nullable(),
});
export type PublicPracticeCard = z.output<typeof PublicPracticeCardSchema>;

export const PUBLIC_PERIODS = ['ongoing', 'completed'] as const;
export const PUBLIC_ORDERS = ['-published_at', 'title', '-start_date'] as const;
const blank = (v: unknown) => (v === '' ? undefined : v);

/** GET /api/best-practice/public/list: every filter is optional; all of them combine. */
export const PublicListQuerySchema = z.object({
  q: text({ max: 100 }).optional(),
  country_code: z.preprocess(blank, z.string().regex(/^[A-Za-z]{2}$/, 'must be a two-letter country code').transform((c) => c.toUpperCase()).optional()),
  subregion: z.preprocess(blank, z.string().regex(/^[a-z-]{1,40}$/, 'must be a subregion id').optional()),
  category: z.preprocess(blank, z.string().regex(/^[a-z0-9-]{1,60}$/, 'must be a category slug').optional()),
  sdg: z.preprocess(blank, queryInt({ min: 1, max: 17, fallback: 0 }).optional()),
  period: z.preprocess(blank, z.enum(PUBLIC_PERIODS, { error: 'must be ongoing or completed' }).optional()),
  /** Started in this year. */
  year: z.preprocess(blank, queryInt({ min: 1900, max: 2100, fallback: 0 }).optional()),
  featured: z.preprocess(blank, z.enum(['true', 'false'], { error: 'must be true or false' }).transform((v) => v === 'true').optional()),
  order: z.preprocess(blank, z.enum(PUBLIC_ORDERS, { error: `must be one of ${PUBLIC_ORDERS.join(', ')}` }).default('-published_at')),
  page: queryInt({ min: 1, max: 100_000, fallback: 1 }),
  per_page: queryInt({ min: 1, max: PRACTICE_PAGE_SIZE_MAX, fallback: 24 }),
});
export type PublicListQuery = z.output<typeof PublicListQuerySchema>;

export const PublicListResponseSchema = GenericResponseSchema.extend({
  data: z.array(PublicPracticeCardSchema),
  page: z.number().int(),
  per_page: z.number().int(),
  total: z.number().int(),
});
export type PublicListResponse = z.output<typeof PublicListResponseSchema>;

const facet = <T extends z.ZodRawShape>(shape: T) => z.array(z.object({ ...shape, count: z.number().int() }));

/** GET /api/best-practice/public/facets: counts of published practices per value (zeros left out). */
export const PublicFacetsResponseSchema = GenericResponseSchema.extend({
  data: z.object({
    total: z.number().int(),
    countries: facet({ code: z.string(), name: z.string(), flag: z.string(), subregion: z.string() }),
    subregions: facet({ id: z.string(), name: z.string() }),
    categories: facet({ slug: z.string(), name: z.string() }),
    sdg_goals: facet({ goal: z.number().int(), name: z.string() }),
    periods: facet({ key: z.enum(PUBLIC_PERIODS), label: z.string() }),
    start_years: facet({ year: z.number().int() }),
  }),
});
export type PublicFacetsResponse = z.output<typeof PublicFacetsResponseSchema>;
export type PublicFacets = PublicFacetsResponse['data'];

/** GET /api/best-practice/public/show/{uuid}: the practice and up to three related ones. */
export const PublicShowResponseSchema = GenericResponseSchema.extend({
  data: PublicPracticeSchema,
  related: z.array(PublicPracticeCardSchema),
});
export type PublicShowResponse = z.output<typeof PublicShowResponseSchema>;
