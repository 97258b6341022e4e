import { z } from 'zod';
import { CmsImageSchema, HttpUrlSchema } from '../cms/schema.ts';
import { CountryRefSchema } from '../countries/schema.ts';
import {
  blankIsAbsent,
  clearableText,
  isCalendarDay,
  itemResponse,
  listQuery,
  oneOf,
  orderQuery,
  PAGE_SIZE_DEFAULT,
  pagedFields,
  text,
  transitionFields,
  VersionSchema,
} from '../http/schema.ts';
import { CropBoxSchema } from '../media/schema.ts';
import { WrittenInInputSchema, WrittenInSchema } from '../i18n/written-languages.ts';
import { AnswerInputSchema, AnswerSchema, CompletenessSchema } from '../questionnaires/schema.ts';
import { NUA_THRUST_CODES, SDG_TARGET_PATTERN } from './reference.ts';
import { countWords } from './words.ts';
import { zodError } from '../i18n/said.ts';

/** draft and changes_requested: the authors' turn; submitted: the reviewers'; published: public. */
export const PRACTICE_STATUSES = [
  'draft',
  'submitted',
  'changes_requested',
  'published',
  'rejected',
  'archived',
] as const;
export type PracticeStatus = (typeof PRACTICE_STATUSES)[number];
/** A practice's status; rows are read through it, so no status string is ever cast. */
export const PracticeStatusSchema = oneOf(PRACTICE_STATUSES);

export const SUPPORT_KINDS = ['financial', 'technical', 'political', 'administrative'] as const;
export type SupportKind = (typeof SUPPORT_KINDS)[number];

export const ORG_TYPES = [
  'national_government',
  'local_government',
  'civil_society',
  'private_sector',
  'academia',
  'international',
  'community',
  'other',
] as const;

/** The narrative headings of the award templates (reporting brief §3.3), in the form's order. */
export const NARRATIVE_KEYS = [
  'context',
  'objectives',
  'implementation',
  'resources',
  'results',
  'innovation',
  'sustainability',
  'transferability',
  'lessons',
] as const;
export type NarrativeKey = (typeof NARRATIVE_KEYS)[number];

export const PRACTICE_TITLE_MAX = 160;
export const PRACTICE_CITY_MAX = 120;
export const PRACTICE_ORG_MAX = 200;
export const PRACTICE_PARTNERS_MAX = 20;
export const PRACTICE_SUMMARY_WORDS_MAX = 250;
export const PRACTICE_SUMMARY_CHARS_MAX = 3000;
export const PRACTICE_NARRATIVE_MAX = 8000;
export const PRACTICE_FIGURES_MAX = 8;
export const PRACTICE_KEY_DATES_MAX = 5;
export const PRACTICE_LINKS_MAX = 10;
export const PRACTICE_IMAGES_MAX = 8;
export const PRACTICE_ATTACHMENTS_MAX = 5;
export const PRACTICE_CAPTION_MAX = 300;
export const PRACTICE_CREDIT_MAX = 160;
export const PRACTICE_CATEGORIES_MAX = 4;
export const PRACTICE_SDG_MAX = 10;
export const PRACTICE_COMMENT_MAX = 2000;
export const PRACTICE_NOTE_MAX = 2000;
/** The rows the back-office list asks for: as many as every list shows. */
export const PRACTICE_PAGE_SIZE_DEFAULT = PAGE_SIZE_DEFAULT;
/** Image uploads (JPEG, PNG, WebP) larger than this get a 413. */
export const PRACTICE_IMAGE_MAX_BYTES = 8 * 1024 * 1024;
/** PDF attachments larger than this get a 413. */
export const PRACTICE_PDF_MAX_BYTES = 10 * 1024 * 1024;
/** The public card's image ratio: the cover is cropped to it. */
export const CARD_RATIO = 16 / 9;

/** The sections of the form: the progress indicator counts them, review comments name them. */
export const FORM_SECTIONS = [
  { key: 'basics', label: 'Title and place' },
  { key: 'organisations', label: 'Organisations' },
  { key: 'period', label: 'Period and key dates' },
  { key: 'themes', label: 'Themes' },
  { key: 'summary', label: 'Summary' },
  { key: 'context', label: 'Context: the situation before' },
  { key: 'objectives', label: 'Objectives' },
  { key: 'implementation', label: 'Implementation' },
  { key: 'resources', label: 'Resources and budget' },
  { key: 'results', label: 'Results' },
  { key: 'innovation', label: 'Innovation' },
  { key: 'sustainability', label: 'Sustainability' },
  { key: 'transferability', label: 'Transferability' },
  { key: 'lessons', label: 'Lessons learned' },
  { key: 'media', label: 'Images, documents and links' },
  { key: 'contact', label: 'Contact person' },
] as const;
export type SectionKey = (typeof FORM_SECTIONS)[number]['key'];
export const SECTION_KEYS = FORM_SECTIONS.map((s) => s.key) as [SectionKey, ...SectionKey[]];

const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date such as 2024-03-31')
  .refine(isCalendarDay, 'must be a real date');
const optionalDate = z
  .union([isoDate, z.literal(''), z.null()])
  .optional()
  .transform((v) => (v === '' ? null : v));

/** A country's ISO code in a query or a body, upper-cased (not trimmed: ' PH' is refused). */
export const CountryCodeParamSchema = z
  .string()
  .regex(/^[A-Za-z]{2}$/, 'must be a two-letter country code')
  .transform((c) => c.toUpperCase());
/** A category's slug in a query or a body. */
export const CategorySlugSchema = z.string().regex(/^[a-z0-9-]{1,60}$/, 'must be a category slug');

export const PartnerSchema = z.object({
  name: text({ max: PRACTICE_ORG_MAX, min: 1 }),
  type: oneOf(ORG_TYPES).nullable().default(null),
  support: z.array(oneOf(SUPPORT_KINDS)).max(SUPPORT_KINDS.length).default([]),
});
export type Partner = z.output<typeof PartnerSchema>;

export const KeyDateSchema = z.object({ date: isoDate, label: text({ max: 200, min: 1 }) });
export const FigureSchema = z.object({
  label: text({ max: 160, min: 1 }),
  value: text({ max: 40, min: 1 }),
  unit: text({ max: 40 }).nullable().default(null),
});
export const LinkSchema = z.object({ label: text({ max: 160, min: 1 }), url: HttpUrlSchema });

export const NarrativeSchema = z.object(
  Object.fromEntries(NARRATIVE_KEYS.map((key) => [key, z.string().nullable()])) as Record<
    NarrativeKey,
    z.ZodNullable<z.ZodString>
  >,
);
export type Narrative = z.output<typeof NarrativeSchema>;

/** A rectangle of a picture, in fractions of its width and height (0–1). */
export const CropRectSchema = z.object({ x: z.number(), y: z.number(), width: z.number(), height: z.number() });

export const PracticeImageSchema = z.object({
  id: z.string(),
  caption: z.string().nullable(),
  credit: z.string().nullable(),
  is_cover: z.boolean(),
  /** The whole picture, in responsive renditions. */
  image: CmsImageSchema,
  /** The picture cropped to the public card's ratio (CARD_RATIO). */
  card: CmsImageSchema,
  /** The rectangle the card was cut from, as chosen; null: the centre of the picture. */
  crop: CropRectSchema.nullable(),
});
export type PracticeImage = z.output<typeof PracticeImageSchema>;

export const AttachmentSchema = z.object({
  id: z.string(),
  title: z.string(),
  file_name: z.string(),
  size: z.number().int(),
  url: z.string(),
});
export type Attachment = z.output<typeof AttachmentSchema>;

export const ContactSchema = z.object({
  name: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
});

export const CategoryRefSchema = z.object({ slug: z.string(), name: z.string() });

/** Everything a published practice shows on the public site: no contact, no review. */
export const PublicPracticeSchema = z.object({
  uuid: z.string(),
  title: z.string(),
  country: CountryRefSchema,
  subregion: z.string(),
  city: z.string().nullable(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  lead_organisation: z.string().nullable(),
  org_type: z.string().nullable(),
  partners: z.array(PartnerSchema),
  start_date: z.string().nullable(),
  end_date: z.string().nullable(),
  ongoing: z.boolean(),
  categories: z.array(CategoryRefSchema),
  sdg_targets: z.array(z.string()),
  nua_thrusts: z.array(z.string()),
  summary: z.string().nullable(),
  /** The language the practice is written in (a BCP 47 tag); null: not stated (decision 048). */
  written_in: WrittenInSchema,
  narrative: NarrativeSchema,
  figures: z.array(FigureSchema),
  key_dates: z.array(KeyDateSchema),
  images: z.array(PracticeImageSchema),
  attachments: z.array(AttachmentSchema),
  links: z.array(LinkSchema),
  featured: z.boolean(),
  demo: z.boolean(),
  published_at: z.string().nullable(),
  updated_at: z.string(),
});
export type PublicPractice = z.output<typeof PublicPracticeSchema>;

export const ReviewCommentSchema = z.object({
  id: z.number().int(),
  section: z.enum(SECTION_KEYS),
  body: z.string(),
  author_name: z.string().nullable(),
  created_at: z.string(),
  /** When the comment was marked resolved; null while it is open. */
  resolved_at: z.string().nullable(),
  resolved_by_name: z.string().nullable(),
  version: z.number().int(),
});
export type ReviewComment = z.output<typeof ReviewCommentSchema>;

export const TimelineEntrySchema = z.object({
  ...transitionFields(PracticeStatusSchema),
  note: z.string().nullable(),
  actor_name: z.string().nullable(),
  at: z.string(),
});
export type TimelineEntry = z.output<typeof TimelineEntrySchema>;

/** A practice as the back-office sees it: the public fields, the private contact and the review. */
export const BestPracticeSchema = PublicPracticeSchema.extend({
  id: z.number().int(),
  version: z.number().int(),
  status: PracticeStatusSchema,
  contact: ContactSchema,
  created_by: z.object({ id: z.number().int(), name: z.string().nullable() }).nullable(),
  submitted_at: z.string().nullable(),
  created_at: z.string(),
  comments: z.array(ReviewCommentSchema),
  timeline: z.array(TimelineEntrySchema),
  /**
   * Since when the public library keeps the published version while the practice is revised (decision 033); null: it
   * shows the practice as it is, or not at all.
   */
  public_copy_kept_at: z.string().nullable(),
  /**
   * The narrative sections as answers of the questionnaire engine (decision 047), each with its
   * own version: the editor saves them through `best-practice/{uuid}/sections`. Sections never
   * written are left out; `narrative` holds the same texts.
   */
  sections: z.array(AnswerSchema),
});
export type BestPractice = z.output<typeof BestPracticeSchema>;

export const PracticeResponseSchema = itemResponse(BestPracticeSchema);
export type PracticeResponse = z.output<typeof PracticeResponseSchema>;

/** One row of the back-office list. */
export const PracticeListItemSchema = BestPracticeSchema.pick({
  uuid: true,
  title: true,
  written_in: true,
  country: true,
  city: true,
  status: true,
  featured: true,
  demo: true,
  submitted_at: true,
  updated_at: true,
  version: true,
  public_copy_kept_at: true,
}).extend({
  /** The category slugs, and the cover's URL: enough for a row. */
  categories: z.array(z.string()),
  cover: z.string().nullable(),
  sections_filled: z.number().int(),
  author_name: z.string().nullable(),
});
export type PracticeListItem = z.output<typeof PracticeListItemSchema>;

export const PRACTICE_ORDERS = ['-updated_at', 'updated_at', 'title', '-submitted_at', 'country'] as const;

/** GET /api/best-practice/list */
export const PracticeListQuerySchema = listQuery({
  status: blankIsAbsent(PracticeStatusSchema.optional()),
  category: blankIsAbsent(CategorySlugSchema.optional()),
  country_code: blankIsAbsent(CountryCodeParamSchema.optional()),
  order: orderQuery(PRACTICE_ORDERS, '-updated_at'),
});
export type PracticeListQuery = z.output<typeof PracticeListQuerySchema>;

export const PracticeListResponseSchema = z.object(pagedFields(PracticeListItemSchema));
export type PracticeListResponse = z.output<typeof PracticeListResponseSchema>;

const summarySchema = clearableText(PRACTICE_SUMMARY_CHARS_MAX, true).refine(
  (v) => countWords(v) <= PRACTICE_SUMMARY_WORDS_MAX,
  { error: zodError('must be at most {max} words', { max: PRACTICE_SUMMARY_WORDS_MAX }) },
);

/**
 * POST /api/best-practice/saved: creates a practice (no uuid; title and country required) or
 * updates the one `uuid` names (with its `version`). Fields left out keep their value.
 */
export const PracticeSaveBodySchema = z.object({
  uuid: z.uuid('must be a UUID').optional(),
  version: VersionSchema.optional(),
  title: text({ max: PRACTICE_TITLE_MAX, min: 1 }).optional(),
  country_code: CountryCodeParamSchema.optional(),
  city: clearableText(PRACTICE_CITY_MAX),
  lat: z
    .union([z.number().min(-90, 'must be between -90 and 90').max(90, 'must be between -90 and 90'), z.null()])
    .optional(),
  lng: z
    .union([z.number().min(-180, 'must be between -180 and 180').max(180, 'must be between -180 and 180'), z.null()])
    .optional(),
  lead_organisation: clearableText(PRACTICE_ORG_MAX),
  org_type: z.union([oneOf(ORG_TYPES), z.null()]).optional(),
  partners: z
    .array(PartnerSchema)
    .max(PRACTICE_PARTNERS_MAX, { error: zodError('must list at most {max} partners', { max: PRACTICE_PARTNERS_MAX }) })
    .optional(),
  start_date: optionalDate,
  end_date: optionalDate,
  ongoing: z.boolean().optional(),
  categories: z
    .array(CategorySlugSchema)
    .max(PRACTICE_CATEGORIES_MAX, {
      error: zodError('must list at most {max} categories', { max: PRACTICE_CATEGORIES_MAX }),
    })
    .optional(),
  sdg_targets: z
    .array(z.string().trim().regex(SDG_TARGET_PATTERN, 'must be an SDG target such as 11.1 or 11.b'))
    .max(PRACTICE_SDG_MAX, { error: zodError('must list at most {max} targets', { max: PRACTICE_SDG_MAX }) })
    .optional(),
  nua_thrusts: z.array(oneOf(NUA_THRUST_CODES)).max(NUA_THRUST_CODES.length).optional(),
  summary: summarySchema,
  /** The language the practice is written in (src/lib/i18n/written-languages.ts); null or '': not stated. */
  written_in: WrittenInInputSchema,
  narrative: z
    .object(
      Object.fromEntries(NARRATIVE_KEYS.map((key) => [key, clearableText(PRACTICE_NARRATIVE_MAX, true)])) as Record<
        NarrativeKey,
        ReturnType<typeof clearableText>
      >,
    )
    .partial()
    .optional(),
  figures: z
    .array(FigureSchema)
    .max(PRACTICE_FIGURES_MAX, { error: zodError('must list at most {max} figures', { max: PRACTICE_FIGURES_MAX }) })
    .optional(),
  key_dates: z
    .array(KeyDateSchema)
    .max(PRACTICE_KEY_DATES_MAX, {
      error: zodError('must list at most {max} key dates', { max: PRACTICE_KEY_DATES_MAX }),
    })
    .optional(),
  links: z
    .array(LinkSchema)
    .max(PRACTICE_LINKS_MAX, { error: zodError('must list at most {max} links', { max: PRACTICE_LINKS_MAX }) })
    .optional(),
  /** The uploaded images to keep, in order, with their captions; the cover is the one marked. */
  images: z
    .array(
      z.object({
        id: text({ max: 40, min: 1 }),
        caption: clearableText(PRACTICE_CAPTION_MAX),
        credit: clearableText(PRACTICE_CREDIT_MAX),
        is_cover: z.boolean().default(false),
      }),
    )
    .max(PRACTICE_IMAGES_MAX)
    .optional(),
  /** The uploaded documents to keep, in order, with their titles. */
  attachments: z
    .array(z.object({ id: text({ max: 40, min: 1 }), title: text({ max: 160, min: 1 }) }))
    .max(PRACTICE_ATTACHMENTS_MAX)
    .optional(),
  contact: z
    .object({
      name: clearableText(120),
      email: z
        .union([z.email('must be an email address').max(200), z.literal(''), z.null()])
        .optional()
        .transform((v) => (v === '' ? null : v)),
      phone: clearableText(40),
    })
    .optional(),
});
export type PracticeSaveBody = z.input<typeof PracticeSaveBodySchema>;
export type PracticeSaveInput = z.output<typeof PracticeSaveBodySchema>;

/**
 * `revise` (decision 033) sends a published practice back to draft; the public library keeps the published version
 * meanwhile.
 */
export const PRACTICE_ACTIONS = [
  'submit',
  'withdraw',
  'request_changes',
  'publish',
  'reject',
  'archive',
  'unarchive',
  'feature',
  'unfeature',
  'revise',
] as const;
export type PracticeAction = (typeof PRACTICE_ACTIONS)[number];

/** POST /api/best-practice/{uuid}/transition */
export const PracticeTransitionBodySchema = z.object({
  action: oneOf(PRACTICE_ACTIONS),
  note: clearableText(PRACTICE_NOTE_MAX, true),
  version: VersionSchema.optional(),
});

/** POST /api/best-practice/{uuid}/comment: a reviewer's comment on one section. */
export const PracticeCommentBodySchema = z.object({
  section: z.enum(SECTION_KEYS, { error: 'must be a section of the form' }),
  body: text({ max: PRACTICE_COMMENT_MAX, min: 1, multiline: true }),
});

/** POST /api/best-practice/{uuid}/comment/{id}/resolve: mark a comment resolved, or open it again. */
export const CommentResolveBodySchema = z.object({
  resolved: z.boolean({ error: 'must be true (resolved) or false (open again)' }),
  version: VersionSchema.optional(),
});

/** The crop rectangle sent with an upload, in fractions of the picture (0–1): every image's crop (src/lib/media). */
export const CropSchema = CropBoxSchema;
export type Crop = z.output<typeof CropSchema>;

/** POST /api/best-practice/{uuid}/image/{id}/crop: cut the image's card again, from the uploaded picture. */
export const ImageCropBodySchema = z.object({
  crop: CropSchema,
  version: VersionSchema.optional(),
});

/** GET /api/best-practice/ref: what the form's pickers offer. */
export const PracticeRefResponseSchema = itemResponse(
  z.object({
    categories: z.array(CategoryRefSchema),
    nua_thrusts: z.array(z.object({ code: z.string(), name: z.string() })),
    sdg_goals: z.array(z.object({ goal: z.number().int(), name: z.string() })),
  }),
);
export type PracticeRef = z.output<typeof PracticeRefResponseSchema>['data'];

/** GET /api/best-practice/dashboard */
export const PracticeDashboardResponseSchema = itemResponse(
  z.object({
    /** Practices in each status, inside the user's scope. */
    counts: z.record(z.enum(PRACTICE_STATUSES), z.number().int()),
    /** Administrators: submitted practices, oldest first. Authors: their own that need them. */
    attention: z.array(PracticeListItemSchema),
    reviewer: z.boolean(),
  }),
);
export type PracticeDashboard = z.output<typeof PracticeDashboardResponseSchema>['data'];

/**
 * POST /api/best-practice/{uuid}/sections: narrative sections, each with the version it replaces (none for a first
 * answer).
 */
export const PracticeSectionsBodySchema = z.object({
  answers: z
    .array(AnswerInputSchema)
    .min(1, 'must hold at least one section')
    .max(NARRATIVE_KEYS.length, {
      error: zodError('must hold at most {max} sections', { max: NARRATIVE_KEYS.length }),
    }),
});

export const PracticeSectionsResponseSchema = itemResponse(
  z.object({
    /** The practice's version after the save (every other write sends it), its status and time. */
    practice: z.object({ version: z.number().int(), status: PracticeStatusSchema, updated_at: z.string() }),
    completeness: CompletenessSchema,
    answers: z.array(AnswerSchema),
  }),
);
export type PracticeSectionsResponse = z.output<typeof PracticeSectionsResponseSchema>;
