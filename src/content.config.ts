/**
 * The public site's content (DESIGN.md §3): Markdown pages that editors change in
 * src/content/pages/, and lists pulled from the running server's public API at build time.
 * The API lists are reloaded on every build; if the API cannot be reached the build fails
 * and the live site stays as it was.
 */
import { defineCollection } from 'astro/content/config';
import { glob } from 'astro/loaders';
import { z } from 'astro/zod';
import { CmsItemSchema, PublicCmsListResponseSchema } from './lib/cms/schema.ts';
import { CountryListResponseSchema, CountrySchema } from './lib/countries/schema.ts';
import { apiListLoader } from './lib/public-api/loader.ts';
import {
  CycleBundleSchema,
  entriesLoader,
  fetchCycleBundles,
  fetchLatestReports,
  fetchPublishedReports,
  PublicReportListItemSchema,
  PublicReportSchema,
  reportId,
} from './lib/public-api/national-reports.ts';
import {
  fetchLibrary,
  fetchPracticePages,
  LibrarySchema,
  PracticePageSchema,
} from './lib/public-api/best-practices.ts';
import { fetchProfileCategories, fetchProfileCountries } from './lib/public-api/urbanisation-profile.ts';
import { PublicCategoryResponseSchema, PublicCountryResponseSchema } from './lib/urbanisation-profile/schema.ts';

/** The urbanisation profile (issue 8): one entry per published category, one per country with figures. */
const profileCategories = defineCollection({
  loader: entriesLoader('profile categories', async () =>
    (await fetchProfileCategories()).map((c) => ({ id: c.slug, data: c })),
  ),
  schema: PublicCategoryResponseSchema.shape.data,
});
const profileCountries = defineCollection({
  loader: entriesLoader('country profiles', async () => {
    const categories = await fetchProfileCategories();
    const codes = [
      ...new Set(categories.flatMap((c) => c.indicators.flatMap((i) => i.values.map((v) => v.country_code)))),
    ].sort();
    return (await fetchProfileCountries(codes)).map((c) => ({ id: c.country_code, data: c }));
  }),
  schema: PublicCountryResponseSchema.shape.data,
});

const pages = defineCollection({
  loader: glob({ pattern: '**/*.md', base: './src/content/pages' }),
  schema: z.object({
    title: z.string(),
    /** The page's meta description (about 150 characters). */
    description: z.string().max(200),
    /** A one-paragraph lead shown under the heading. */
    lead: z.string().optional(),
    /** Shown as "Last updated" (the privacy policy). */
    updated: z.coerce.date().optional(),
  }),
});

const countries = defineCollection({
  loader: apiListLoader({ path: 'countries/all', response: CountryListResponseSchema, idOf: (c) => c.code }),
  schema: CountrySchema,
});

const cms = (type: 'banner' | 'video' | 'partner') =>
  defineCollection({
    loader: apiListLoader({
      path: `public/cms/${type}`,
      response: PublicCmsListResponseSchema,
      idOf: (item) => item.uuid,
    }),
    schema: CmsItemSchema,
  });

/** National reports (issue 7): one entry per reporting cycle, one per published report. */
const nationalCycles = defineCollection({
  loader: entriesLoader('national report cycles', async () =>
    (await fetchCycleBundles()).map((b) => ({ id: String(b.cycle.year), data: b })),
  ),
  schema: CycleBundleSchema,
});
const nationalReports = defineCollection({
  loader: entriesLoader('published national reports', async () =>
    (await fetchPublishedReports()).map((r) => ({ id: reportId(r.report.year, r.report.country.code), data: r })),
  ),
  schema: PublicReportSchema,
});
const latestNationalReports = defineCollection({
  loader: entriesLoader('latest national reports', async () =>
    (await fetchLatestReports()).map((r) => ({ id: reportId(r.year, r.country.code), data: r })),
  ),
  schema: PublicReportListItemSchema,
});

/** Best practices (issue 9): the library (cards and facets) and one entry per published practice. */
let library: ReturnType<typeof fetchLibrary> | null = null;
const loadLibrary = () => (library ??= fetchLibrary());
const practiceLibrary = defineCollection({
  loader: entriesLoader('best-practice library', async () => {
    library = null;
    return [{ id: 'library', data: await loadLibrary() }];
  }),
  schema: LibrarySchema,
});
const bestPractices = defineCollection({
  loader: entriesLoader('published best practices', async () =>
    (await fetchPracticePages((await loadLibrary()).cards.map((c) => c.uuid))).map((p) => ({
      id: p.practice.uuid,
      data: p,
    })),
  ),
  schema: PracticePageSchema,
});

export const collections = {
  pages,
  countries,
  banners: cms('banner'),
  /** The media gallery: photos and hosted videos, grouped by event. */
  media: cms('video'),
  partners: cms('partner'),
  nationalCycles,
  nationalReports,
  latestNationalReports,
  practiceLibrary,
  bestPractices,
  profileCategories,
  profileCountries,
};
