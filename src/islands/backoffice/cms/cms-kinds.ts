import type { CmsRecord, CmsType } from '../../../lib/cms/schema.ts';
import type { AppRoute } from '../router.ts';
import { m } from './messages.ts';

/** What one item is called: a banner, a partner, or a photo or video of the media gallery. */
export type ItemNoun = 'banner' | 'partner' | 'photo' | 'video';
/** The same, or "media item" while a gallery item is not loaded yet. */
export type FormNoun = ItemNoun | 'mediaItem';

export interface CmsKind {
  type: CmsType;
  listRoute: AppRoute;
  formRoute: AppRoute;
  /** What one item is called: "banner", "media item", "partner". */
  noun: FormNoun;
}

export const CMS_KINDS: Record<CmsType, CmsKind> = {
  banner: {
    type: 'banner',
    listRoute: 'cmsBanner',
    formRoute: 'cmsBannerForm',
    noun: 'banner',
  },
  video: {
    type: 'video',
    listRoute: 'cmsVideo',
    formRoute: 'cmsVideoForm',
    noun: 'mediaItem',
  },
  partner: {
    type: 'partner',
    listRoute: 'cmsPartner',
    formRoute: 'cmsPartnerForm',
    noun: 'partner',
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
export function itemNoun(item: Pick<CmsRecord, 'cms_type' | 'media_kind'>): ItemNoun {
  if (item.cms_type === 'video') return item.media_kind === 'video' ? 'video' : 'photo';
  return item.cms_type;
}

type KindText =
  | 'title'
  | 'description'
  | 'back'
  | 'filter'
  | 'search'
  | 'loadFailed'
  | 'loading'
  | 'noMatch'
  | 'none'
  | 'addFirst'
  | 'pagesNoun'
  | 'caption';

/** A list screen's words for its kind of item ("Back to banners", "No partners yet"). */
export const kindText = (type: CmsType, key: KindText): string => m(`kind.${type}.${key}`);

/** The status labels of CMS items, in the page's language. */
export const CMS_STATUS_TEXT: Record<CmsRecord['status'], string> = {
  draft: m('status.draft'),
  published: m('status.published'),
  unpublished: m('status.unpublished'),
};

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
