import { z } from 'zod';
import { CropBoxSchema, MediaImageSchema, type MediaImage } from '../media/schema.ts';
import {
  blankIsAbsent,
  blankIsNull,
  clearableText,
  dataResponse,
  EditorSchema,
  itemResponse,
  listQuery,
  oneOf,
  PAGE_SIZE_DEFAULT,
  pagedFields,
  statusChangeBody,
  text,
  VersionOnlyBodySchema,
  VersionSchema,
  wholeNumber,
} from '../http/schema.ts';

/** The CMS's kinds of item; `video` is the media gallery (photos and hosted videos). */
export const CMS_TYPES = ['banner', 'video', 'partner'] as const;
export type CmsType = (typeof CMS_TYPES)[number];

/** draft: never public; published: on the public site after the next build; unpublished: taken down. */
export const CMS_STATUSES = ['draft', 'published', 'unpublished'] as const;
export type CmsStatus = (typeof CMS_STATUSES)[number];

export const MEDIA_KINDS = ['photo', 'video'] as const;
export type MediaKind = (typeof MEDIA_KINDS)[number];

export const CMS_TITLE_MAX = 160;
export const CMS_DESCRIPTION_MAX = 2000;
export const CMS_EVENT_MAX = 120;
export const CMS_EVENT_SLUG_MAX = 100;
export const CMS_ORDER_MAX = 9999;
/** The rows the back-office list asks for: as many as every list shows. */
export const CMS_PAGE_SIZE_DEFAULT = PAGE_SIZE_DEFAULT;
export const CMS_URL_MAX = 2000;
export const CMS_ALT_MAX = 300;
/** A banner's shape on the home page (width ÷ height): its crop has this ratio. */
export const BANNER_RATIO = 16 / 9;
/** Uploads larger than this get a 413. */
export const CMS_UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
export const CMS_UPLOAD_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

export const CmsTypeSchema = oneOf(CMS_TYPES);
export const CmsStatusSchema = oneOf(CMS_STATUSES);

/** A CMS item's image: the shape of every uploaded image (src/lib/media). */
export const CmsImageSchema = MediaImageSchema;
export type CmsImage = MediaImage;

export const CmsItemSchema = z.object({
  id: z.number().int(),
  uuid: z.string(),
  cms_type: CmsTypeSchema,
  title: z.string(),
  description: z.string().nullable(),
  link: z.string().nullable(),
  display_order: z.number().int(),
  status: CmsStatusSchema,
  media_kind: z.enum(MEDIA_KINDS),
  /** A hosted video's page URL (YouTube or Vimeo) for media-gallery videos. */
  video_url: z.string().nullable(),
  /** The event a media-gallery item belongs to, and its URL slug. */
  event: z.string().nullable(),
  event_slug: z.string().nullable(),
  image: CmsImageSchema.nullable(),
  /** A banner's crop of its image, as the home page shows it (null: the centre of the picture). */
  image_crop: CropBoxSchema.nullable(),
  /** What the image shows, read out in its place; null: the image is decorative. */
  image_alt: z.string().nullable(),
  published_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type CmsItem = z.output<typeof CmsItemSchema>;

/** An item as the back-office sees it: also its version (writes send it back) and its last editor. */
export const CmsRecordSchema = CmsItemSchema.extend({ version: VersionSchema, updated_by: EditorSchema.nullable() });
export type CmsRecord = z.output<typeof CmsRecordSchema>;

export const CMS_ORDERS = ['display_order', 'title', 'updated_at', '-updated_at'] as const;

/** GET /api/cms/{cms_type}/list */
export const CmsListQuerySchema = listQuery(
  {
    status: blankIsAbsent(CmsStatusSchema.optional()),
    media_kind: blankIsAbsent(z.enum(MEDIA_KINDS).optional()),
    order: blankIsAbsent(z.enum(CMS_ORDERS).default('display_order')),
  },
  { unit: 'per page' },
);
export type CmsListQuery = z.output<typeof CmsListQuerySchema>;

export const CmsListResponseSchema = z.object(pagedFields(CmsRecordSchema));
export type CmsListResponse = z.output<typeof CmsListResponseSchema>;

export const HttpUrlSchema = text({ max: CMS_URL_MAX }).refine(
  (v) => /^https?:\/\/[^\s]+$/i.test(v) && URL.canParse(v),
  'must be an http:// or https:// address',
);

/** POST /api/cms/saved: creates an item, or updates the one named by `uuid`. */
export const CmsSaveBodySchema = z
  .object({
    uuid: z.uuid('must be a UUID').optional(),
    cms_type: CmsTypeSchema,
    title: text({ min: 1, max: CMS_TITLE_MAX }),
    description: clearableText(CMS_DESCRIPTION_MAX, true),
    link: blankIsNull(HttpUrlSchema).optional(),
    /** Left out: 0 for a new item, unchanged for an existing one. */
    display_order: wholeNumber({ min: 0, max: CMS_ORDER_MAX }).optional(),
    status: CmsStatusSchema.optional(),
    media_kind: z.enum(MEDIA_KINDS).optional(),
    video_url: blankIsNull(HttpUrlSchema).optional(),
    event: clearableText(CMS_EVENT_MAX),
    /** A banner's crop of its current image; null goes back to the picture's centre. */
    image_crop: CropBoxSchema.nullable().optional(),
    image_alt: clearableText(CMS_ALT_MAX),
    /** The version read, required with `uuid`; `If-Match` may carry it instead. */
    version: VersionSchema.optional(),
  })
  .superRefine((body, ctx) => {
    if (body.media_kind === 'video' && body.cms_type !== 'video') {
      ctx.addIssue({ code: 'custom', path: ['media_kind'], message: 'only media-gallery items can be videos' });
    }
    if (body.image_crop && body.cms_type !== 'banner') {
      ctx.addIssue({ code: 'custom', path: ['image_crop'], message: 'only banners have a crop' });
    }
    if (body.cms_type === 'video' && body.media_kind === 'video' && !body.video_url) {
      ctx.addIssue({ code: 'custom', path: ['video_url'], message: 'is required for a video' });
    }
  });
export type CmsSaveBody = z.input<typeof CmsSaveBodySchema>;
export type CmsSave = z.output<typeof CmsSaveBodySchema>;

export const CmsItemResponseSchema = itemResponse(CmsRecordSchema);
export type CmsItemResponse = z.output<typeof CmsItemResponseSchema>;

/** POST /api/cms/status/{uuid} */
export const CmsStatusBodySchema = statusChangeBody(CmsStatusSchema);

/** POST /api/cms/delete/{uuid}: the version read (or `If-Match`), so nothing changed unseen is deleted. */
export const CmsDeleteBodySchema = VersionOnlyBodySchema;

/** GET /api/video/list and POST /api/video/create: the media gallery's hosted videos. */
export const VideoListResponseSchema = dataResponse(CmsRecordSchema);
export type VideoListResponse = z.output<typeof VideoListResponseSchema>;
export const VideoCreateBodySchema = z.object({
  title: text({ min: 1, max: CMS_TITLE_MAX }),
  video_url: HttpUrlSchema,
  description: clearableText(CMS_DESCRIPTION_MAX, true),
  event: clearableText(CMS_EVENT_MAX),
  status: CmsStatusSchema.default('draft'),
});

/** The paths of GET /api/public/cms/{cms_type} and /api/public/cms/video/event/{slug}. */
export const PublicCmsTypePathSchema = z.object({ cms_type: CmsTypeSchema });
export const PublicCmsEventPathSchema = z.object({ slug: text({ min: 1, max: CMS_EVENT_SLUG_MAX }) });

/** What the public site build reads: published items only (GET /api/public/cms/{cms_type}). */
export const PublicCmsListResponseSchema = dataResponse(CmsItemSchema);
export type PublicCmsListResponse = z.output<typeof PublicCmsListResponseSchema>;
