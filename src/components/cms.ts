/// <reference types="astro/client" />
/** Reading the CMS collections the way the public pages show them. */
import { readCollection } from './page-data.ts';
import type { CmsItem } from '../lib/cms/schema.ts';

const byOrder = (a: CmsItem, b: CmsItem) => a.display_order - b.display_order || a.title.localeCompare(b.title, 'en');

/** Published items of a CMS collection, in the editors' display order. */
export async function cmsItems(collection: 'banners' | 'media' | 'partners'): Promise<CmsItem[]> {
  const entries: { data: CmsItem }[] = await readCollection(collection);
  return entries.map((entry) => entry.data).sort(byOrder);
}

/** Whether a CMS link leaves the site (then it is marked as such). */
export function isExternal(href: string): boolean {
  return /^https?:\/\//i.test(href);
}
