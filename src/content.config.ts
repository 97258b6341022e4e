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
    loader: apiListLoader({ path: `public/cms/${type}`, response: PublicCmsListResponseSchema, idOf: (item) => item.uuid }),
    schema: CmsItemSchema,
  });

export const collections = {
  pages,
  countries,
  banners: cms('banner'),
  /** The media gallery: photos and hosted videos, grouped by event. */
  media: cms('video'),
  partners: cms('partner'),
};
