import type { CmsRecord, CmsSaveBody, CmsStatus, CmsType, MediaKind } from '../../../lib/cms/schema.ts';
import type { CropBox } from '../../../lib/media/schema.ts';

/** What the CMS form holds while it is edited: every field as typed. */
export interface CmsDraft {
  title: string;
  description: string;
  link: string;
  display_order: string;
  status: CmsStatus;
  media_kind: MediaKind;
  video_url: string;
  event: string;
  /** A banner's crop of its stored picture, and its alt text. */
  image_crop: CropBox | null;
  image_alt: string;
}

export function draftOf(item: CmsRecord | null, newMediaKind: MediaKind): CmsDraft {
  return {
    title: item?.title ?? '',
    description: item?.description ?? '',
    link: item?.link ?? '',
    display_order: String(item?.display_order ?? 0),
    status: item?.status ?? 'draft',
    media_kind: item?.media_kind ?? newMediaKind,
    video_url: item?.video_url ?? '',
    event: item?.event ?? '',
    image_crop: item?.image_crop ?? null,
    image_alt: item?.image_alt ?? '',
  };
}

export function bodyOf(type: CmsType, draft: CmsDraft, item: CmsRecord | null): CmsSaveBody {
  const order = draft.display_order.trim();
  return {
    ...(item && { uuid: item.uuid }),
    cms_type: type,
    title: draft.title,
    description: draft.description,
    link: draft.link.trim(),
    // A malformed order becomes NaN, which the schema refuses with its own message.
    display_order: order === '' ? 0 : Number(order),
    status: draft.status,
    ...(type === 'video' && {
      media_kind: draft.media_kind,
      video_url: draft.media_kind === 'video' ? draft.video_url.trim() : null,
      event: draft.event,
    }),
    ...(type === 'banner' && { image_crop: draft.image_crop, image_alt: draft.image_alt.trim() }),
  };
}
