import { z } from 'zod';
import { CMS_UPLOAD_MAX_BYTES, CmsImageSchema } from '../cms/schema.ts';
import { CountryCodeSchema, CountryRefSchema } from '../countries/schema.ts';
import {
  blankIsAbsent,
  conflictResponse,
  dataResponse,
  EMAIL_MAX,
  GenericResponseSchema,
  itemResponse,
  oneOf,
  orderQuery,
  pagedFields,
  pagingQuery,
  searchQuery,
  text,
  transitionFields,
  VersionSchema,
} from '../http/schema.ts';
import {
  ANSWERS_PER_SAVE_MAX,
  AnswerInputSchema,
  AnswerSchema,
  AnswerValueSchema,
  CompletenessSchema,
  UserRefSchema,
} from '../questionnaires/schema.ts';
import { QuestionSchema, QuestionTierQuerySchema, SubcategorySchema, ThrustSchema } from './question-schema.ts';
import { nullableText } from '../questionnaires/text.ts';
import { NAME_MAX } from '../identity/schema.ts';
import { WrittenInInputSchema, WrittenInSchema } from '../i18n/written-languages.ts';
import { PdfSignatureSchema, type PdfSignature } from '../signatures/schema.ts';
import { LOCALES } from '../../i18n/locales.ts';
import { CycleSchema, YearSchema } from './cycle-schema.ts';
import { zodError } from '../i18n/said.ts';

/** The cycles have a file of their own; their schemas are served from here too, as before the split. */
export * from './cycle-schema.ts';

/** Report statuses in workflow order (workflow.ts moves between them). */
export const REPORT_STATUSES = [
  'not_started',
  'in_progress',
  'completed',
  'submitted',
  'accepted',
  'published',
] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

/** Actions of POST …/report/update. `save` (answers) and `submit` (upload) have their own calls. */
export const REPORT_UPDATE_ACTIONS = [
  'complete',
  'reopen',
  'return',
  'accept',
  'publish',
  'unpublish',
  'unlock',
] as const;
export type ReportUpdateAction = (typeof REPORT_UPDATE_ACTIONS)[number];
export const REPORT_ACTIONS = ['save', 'submit', ...REPORT_UPDATE_ACTIONS] as const;
export type ReportAction = (typeof REPORT_ACTIONS)[number];

/** Why a report's answers cannot be changed. */
export const LOCK_REASONS = ['submitted', 'accepted', 'published', 'cycle_closed'] as const;
export type LockReason = (typeof LOCK_REASONS)[number];

export const REPORT_TITLE_MAX = 200;
export const EXECUTIVE_SUMMARY_MAX = 10_000;
/** The report's contact person: a person's name (src/lib/identity) and an email address. */
export const CONTACT_NAME_MAX = NAME_MAX;
export const CONTACT_EMAIL_MAX = EMAIL_MAX;
export const CONTACT_PHONE_MAX = 40;
export const WORKFLOW_NOTE_MAX = 2000;
/** The cover picture: the rules of CMS images (sniffed JPEG, PNG or WebP, re-encoded); larger uploads get a 413. */
export const REPORT_COVER_MAX_BYTES = CMS_UPLOAD_MAX_BYTES;
export const REPORT_COVER_ALT_MAX = 250;
/** The signed report PDF: larger uploads get a 413. */
export const REPORT_UPLOAD_MAX_BYTES = 20 * 1024 * 1024;
export const REPORT_LIST_PAGE_SIZE_DEFAULT = 60;

export const ReportStatusSchema = oneOf(REPORT_STATUSES);
export const LockReasonSchema = z.enum(LOCK_REASONS);

/** `{year}/{country_code}` of the report paths. */
export const ReportPathSchema = z.object({ year: YearSchema, country_code: CountryCodeSchema });

/**
 * A country as shown beside a report; `subregion` is the id of src/lib/map/subregions.ts ('south-east-asia', or
 * 'other').
 */
export const ReportCountrySchema = CountryRefSchema.extend({ subregion: z.string() });

/** What names a report in every list of them: its uuid, country, year and status. */
const REPORT_KEY_FIELDS = {
  uuid: z.string(),
  country: ReportCountrySchema,
  year: z.number().int(),
  status: ReportStatusSchema,
};
export type ReportCountry = z.output<typeof ReportCountrySchema>;

/** Where a report stands against its deadline: how complete it is, and whether (and why) it is locked. */
const REPORT_STATE_FIELDS = {
  completeness: CompletenessSchema,
  locked: z.boolean(),
  lock_reason: LockReasonSchema.nullable(),
  /** The cycle's closes_at (YYYY-MM-DD). */
  deadline: z.string(),
};

/** How a cycle's reports stand across the region (the admins' dashboard, the public statistic). */
export const REGION_PROGRESS_FIELDS = {
  countries_total: z.number().int(),
  by_status: z.record(z.string(), z.number().int()),
  average_completeness: z.number().int(),
};

// ---- cycles, with their reports (cycle-schema.ts has the cycles alone) ----

/** Who returned a report for revision, when and why; shown until it is submitted again. */
export const ReturnedSchema = z.object({
  note: z.string().nullable(),
  by: UserRefSchema.nullable(),
  at: z.string(),
});
export type Returned = z.output<typeof ReturnedSchema>;

/** A country role's own report in a cycle (summary). */
export const OwnReportSummarySchema = z.object({
  ...REPORT_KEY_FIELDS,
  ...REPORT_STATE_FIELDS,
  updated_at: z.string(),
  /** The last return for revision while the report is not submitted again; null otherwise. */
  returned: ReturnedSchema.nullable(),
});
export type OwnReportSummary = z.output<typeof OwnReportSummarySchema>;

export const CycleListItemSchema = CycleSchema.extend({
  /** Reports per status in the cycle (admins: the whole region; country roles: their own). */
  counts: z.record(z.string(), z.number().int()),
  /** A country role's own report in this cycle; null for admins. */
  report: OwnReportSummarySchema.nullable(),
});
export type CycleListItem = z.output<typeof CycleListItemSchema>;

/** GET /api/report/type/national/cycles: newest first. */
export const CycleListResponseSchema = dataResponse(CycleListItemSchema);
export type CycleListResponse = z.output<typeof CycleListResponseSchema>;

// ---- reports ----

export const ContactSchema = z.object({
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
});

/** A PDF's digital signature as the portal checked it (decision 056): src/lib/signatures. */
export { PdfSignatureSchema, type PdfSignature };

/** What the server found in a PDF (POST …/report/upload/inspect, and every stored file). */
export const SignedPdfFactsSchema = z.object({
  name: z.string(),
  size: z.number().int(),
  pages: z.number().int(),
  /** null: the file carries no digital signature; with none, or an invalid one, the upload needs confirm_unsigned. */
  signature: PdfSignatureSchema.nullable(),
});
export type SignedPdfFacts = z.output<typeof SignedPdfFactsSchema>;
export const SignedPdfFactsResponseSchema = z.object({
  status: z.number(),
  message: z.string(),
  data: SignedPdfFactsSchema,
});
export type SignedPdfFactsResponse = z.output<typeof SignedPdfFactsResponseSchema>;

export const ReportFileSchema = z.object({
  /** 1 for the first upload, then 2, 3 … (GET …/report/file?v=n). */
  v: z.number().int(),
  name: z.string(),
  size: z.number().int(),
  uploaded_at: z.string(),
  uploaded_by: UserRefSchema.nullable(),
  /** Where to fetch it (authorised; public once the report is published). */
  url: z.string(),
  /** Pages counted at upload; null for files stored before the portal counted them. */
  pages: z.number().int().nullable(),
  /** The check of the file's digital signature; null: it carries none (or was stored before the portal looked). */
  signature: PdfSignatureSchema.nullable(),
});
export type ReportFile = z.output<typeof ReportFileSchema>;

/** One entry of a report's timeline: a workflow action or status change. */
export const ReportEventSchema = z.object({
  ...transitionFields(ReportStatusSchema),
  by: UserRefSchema.nullable(),
  at: z.string(),
  note: z.string().nullable(),
});
export type ReportEvent = z.output<typeof ReportEventSchema>;

/** The report's cover picture: its responsive renditions and what it shows. */
export const ReportCoverSchema = z.object({
  image: CmsImageSchema,
  /** The description for people who cannot see it; null: none given (pages then say whose cover it is). */
  alt: z.string().nullable(),
});
export type ReportCover = z.output<typeof ReportCoverSchema>;

export const ReportSchema = z.object({
  uuid: z.string(),
  country_code: z.string(),
  country: ReportCountrySchema,
  year: z.number().int(),
  status: ReportStatusSchema,
  ...REPORT_STATE_FIELDS,
  title: z.string().nullable(),
  executive_summary: z.string().nullable(),
  /**
   * The language the country wrote the title, summary and answers in (a BCP 47 tag); null: not stated (decision 048).
   */
  written_in: WrittenInSchema,
  contact: ContactSchema.nullable(),
  cover: ReportCoverSchema.nullable(),
  /** The latest signed PDF. */
  file: ReportFileSchema.nullable(),
  /** Every upload, newest first. */
  files: z.array(ReportFileSchema),
  /** The timeline, oldest first. */
  events: z.array(ReportEventSchema),
  /** The last return for revision while the report is not submitted again; null otherwise. */
  returned: ReturnedSchema.nullable(),
  submitted_at: z.string().nullable(),
  published_at: z.string().nullable(),
  /**
   * While a published report is revised (decision 026): when its published version was kept for
   * the public site, which keeps showing it until a new version is published; null otherwise.
   */
  public_copy_kept_at: z.string().nullable(),
  /** Demonstration data (npm start), shown as such on public pages. */
  demo: z.boolean(),
  updated_at: z.string(),
  updated_by: UserRefSchema.nullable(),
  version: z.number().int(),
});
export type Report = z.output<typeof ReportSchema>;
export const ReportResponseSchema = itemResponse(ReportSchema);
export type ReportResponse = z.output<typeof ReportResponseSchema>;

export const REPORT_LIST_SORTS = [
  'country',
  '-country',
  'status',
  '-status',
  'completeness',
  '-completeness',
  'updated_at',
  '-updated_at',
] as const;

/** GET /api/report/type/national/{year}?status&subregion&q&sort&page&per_page */
export const ReportListQuerySchema = z.object({
  status: blankIsAbsent(ReportStatusSchema.optional()),
  subregion: blankIsAbsent(text({ max: 40 }).optional()),
  q: searchQuery(),
  sort: orderQuery(REPORT_LIST_SORTS, 'country'),
  ...pagingQuery({ fallback: REPORT_LIST_PAGE_SIZE_DEFAULT }),
});
export type ReportListQuery = z.output<typeof ReportListQuerySchema>;

export const ReportListItemSchema = z.object({
  ...REPORT_KEY_FIELDS,
  completeness_pct: z.number().int(),
  updated_at: z.string(),
  deadline: z.string(),
  locked: z.boolean(),
  demo: z.boolean(),
});
export type ReportListItem = z.output<typeof ReportListItemSchema>;

export const ReportListResponseSchema = GenericResponseSchema.extend({
  cycle: CycleSchema,
  ...pagedFields(ReportListItemSchema),
  /** Reports per status over the whole scope (ignoring the status filter). */
  counts: z.record(z.string(), z.number().int()),
});
export type ReportListResponse = z.output<typeof ReportListResponseSchema>;

/** GET …/{year}/{country_code}/view: everything the data-entry screen needs, in one request. */
export const ReportViewSchema = z.object({
  report: ReportSchema,
  cycle: CycleSchema,
  /** The cycle's questions (retired ones left out unless they hold an answer), in order. */
  questions: z.array(QuestionSchema),
  /** Stored answers only; a question without one is unanswered. */
  answers: z.array(AnswerSchema),
  thrusts: z.array(ThrustSchema),
  subcategories: z.array(SubcategorySchema),
  /**
   * The same country's answers of its previous cycle (decision 078): the kit checks the expected change against them
   * as the person types, offline too. `year` null: no earlier report.
   */
  previous: z
    .object({
      year: z.number().int().nullable(),
      answers: z.array(z.object({ question_uuid: z.string(), value: AnswerValueSchema })),
    })
    .optional(),
});
export type ReportView = z.output<typeof ReportViewSchema>;
export const ReportViewResponseSchema = itemResponse(ReportViewSchema);
export type ReportViewResponse = z.output<typeof ReportViewResponseSchema>;

/** POST …/{year}/{country_code}/saved: only the changed answers; atomic. */
export const SaveAnswersBodySchema = z.object({
  answers: z
    .array(AnswerInputSchema, { error: 'must be a list of answers' })
    .min(1, 'must hold at least one answer')
    .max(ANSWERS_PER_SAVE_MAX, { error: zodError('must hold at most {max} answers', { max: ANSWERS_PER_SAVE_MAX }) }),
});

export const SaveAnswersResponseSchema = itemResponse(
  z.object({
    report: z.object({ status: ReportStatusSchema, completeness: CompletenessSchema, version: z.number().int() }),
    /** The saved answers as stored now. */
    answers: z.array(AnswerSchema),
  }),
);
export type SaveAnswersResponse = z.output<typeof SaveAnswersResponseSchema>;

/** 409 of …/saved: the stale answers as they are now. */
export const AnswersConflictResponseSchema = conflictResponse(z.array(AnswerSchema));

/** 423 of any write to a locked report. */
export const LockedResponseSchema = GenericResponseSchema.extend({ reason: LockReasonSchema });

export const ContactInputSchema = z
  .object({
    name: text({ max: CONTACT_NAME_MAX, min: 1 }),
    email: z.email('must be an email address').max(CONTACT_EMAIL_MAX),
    phone: nullableText({ max: CONTACT_PHONE_MAX }),
  })
  .nullable();

/** POST …/{year}/{country_code}/report/update: header fields and/or one workflow action. */
export const ReportUpdateBodySchema = z.object({
  version: VersionSchema.optional(),
  title: nullableText({ max: REPORT_TITLE_MAX }).optional(),
  executive_summary: nullableText({ max: EXECUTIVE_SUMMARY_MAX, multiline: true }).optional(),
  /** The language of the report's texts (src/lib/i18n/written-languages.ts); null or '' : not stated. */
  written_in: WrittenInInputSchema,
  contact: ContactInputSchema.optional(),
  /** What the cover picture shows (null: no description). */
  cover_alt: nullableText({ max: REPORT_COVER_ALT_MAX }).optional(),
  /** null removes the cover picture; a picture is sent to …/{uuid}/report/cover. */
  cover: z.null({ error: 'can only be null, which removes the cover: upload a picture to change it' }).optional(),
  action: oneOf(REPORT_UPDATE_ACTIONS).optional(),
  /** Required for return and unlock. */
  note: nullableText({ max: WORKFLOW_NOTE_MAX, multiline: true }).optional(),
});
export type ReportUpdateBody = z.input<typeof ReportUpdateBodySchema>;

/** 409 of …/report/update: the report as it is now. */
export const ReportConflictResponseSchema = conflictResponse(ReportSchema);

/** GET …/report/file?v=n */

// ---- grouped views (preview, view-report, public report) ----

export const GroupedItemSchema = z.object({
  question: QuestionSchema,
  answer: AnswerSchema.nullable(),
  /** The answer as a person reads it ('58.3 %', 'Yes', …); '' when unanswered. */
  display: z.string(),
});
export const ReportGroupSchema = z.object({
  thrust: ThrustSchema,
  subcategories: z.array(z.object({ subcategory: SubcategorySchema, items: z.array(GroupedItemSchema) })),
});
export type ReportGroup = z.output<typeof ReportGroupSchema>;

/** GET …/preview?tier= and …/view-report */
export const PreviewQuerySchema = z.object({
  tier: QuestionTierQuerySchema,
});
/** GET …/view-report?format=json|pdf&lang=en|zh|fr|ru (the reader's language; English when not given). */
export const ViewReportQuerySchema = z.object({
  format: z.enum(['json', 'pdf'], { error: 'must be json or pdf' }).optional(),
  lang: z.enum(LOCALES, { error: 'must be en, zh, fr or ru' }).optional(),
});
export const ReportGroupsResponseSchema = itemResponse(
  z.object({ report: ReportSchema, groups: z.array(ReportGroupSchema) }),
);
export type ReportGroupsResponse = z.output<typeof ReportGroupsResponseSchema>;
