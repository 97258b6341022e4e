import type { CmsRecord, CmsType } from '../../../lib/cms/schema.ts';
import type { AppRoute } from '../router.ts';

export interface CmsKind {
  type: CmsType;
  listRoute: AppRoute;
  formRoute: AppRoute;
  /** Lower-case name of one item: "banner", "media item", "partner". */
  noun: string;
  /** Lower-case plural: "banners". */
  plural: string;
  /** The list screen, as in "Back to …". */
  listName: string;
  description: string;
}

export const CMS_KINDS: Record<CmsType, CmsKind> = {
  banner: {
    type: 'banner',
    listRoute: 'cmsBanner',
    formRoute: 'cmsBannerForm',
    noun: 'banner',
    plural: 'banners',
    listName: 'banners',
    description: 'The highlights at the top of the public home page, in display order.',
  },
  video: {
    type: 'video',
    listRoute: 'cmsVideo',
    formRoute: 'cmsVideoForm',
    noun: 'media item',
    plural: 'media items',
    listName: 'the media gallery',
    description: 'Photos and hosted videos of the programme’s events, shown in the public media gallery.',
  },
  partner: {
    type: 'partner',
    listRoute: 'cmsPartner',
    formRoute: 'cmsPartnerForm',
    noun: 'partner',
    plural: 'partners',
    listName: 'partners',
    description: 'The partner organisations whose logos the public site shows.',
  },
};

/** The CMS type a list or form route is about; null for other routes. */
export function cmsTypeOfRoute(route: AppRoute | undefined): CmsType | null {
  for (const kind of Object.values(CMS_KINDS)) {
    if (kind.listRoute === route || kind.formRoute === route) return kind.type;
  }
  return null;
}

/** What one item is called in messages: "banner", or "photo"/"video" in the media gallery. */
export function itemNoun(item: Pick<CmsRecord, 'cms_type' | 'media_kind'>): string {
  if (item.cms_type === 'video') return item.media_kind === 'video' ? 'video' : 'photo';
  return CMS_KINDS[item.cms_type].noun;
}

export function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The smallest WebP rendition of an item's image (list thumbnails), else its fallback. */
export function thumbnailUrl(item: Pick<CmsRecord, 'image'>): string | null {
  if (!item.image) return null;
  const webp = item.image.variants.filter((v) => v.format === 'webp').sort((a, b) => a.width - b.width);
  return webp[0]?.url ?? item.image.url;
}

/** The smallest WebP rendition at least `width` wide (or the largest there is), for previews. */
export function previewUrl(item: Pick<CmsRecord, 'image'>, width: number): string | null {
  if (!item.image) return null;
  const webp = item.image.variants.filter((v) => v.format === 'webp').sort((a, b) => a.width - b.width);
  return (webp.find((v) => v.width >= width) ?? webp.at(-1))?.url ?? item.image.url;
}
