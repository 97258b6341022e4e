import { z } from 'zod';
import { CMS_UPLOAD_MAX_BYTES, CmsImageSchema } from '../cms/schema.ts';
import { CountryCodeSchema } from '../countries/schema.ts';
import { GenericResponseSchema, isCalendarDay, pagedFields, pagingQuery, queryInt, text, VersionSchema, wholeNumber } from '../http/schema.ts';
import {
  ANSWERS_PER_SAVE_MAX,
  AnswerInputSchema,
  AnswerSchema,
  CompletenessSchema,
  QuestionSchema,
  QuestionTierSchema,
  SubcategorySchema,
  ThrustSchema,
  UserRefSchema,
} from '../questionnaires/schema.ts';
import { nullableText } from '../questionnaires/text.ts';
import { WrittenInInputSchema, WrittenInSchema } from '../i18n/written-languages.ts';

/** Report statuses in workflow order (workflow.ts moves between them). */
export const REPORT_STATUSES = ['not_started', 'in_progress', 'completed', 'submitted', 'accepted', 'published'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

/** Actions of POST …/report/update. `save` (answers) and `submit` (upload) have their own calls. */
export const REPORT_UPDATE_ACTIONS = ['complete', 'reopen', 'return', 'accept', 'publish', 'unpublish', 'unlock'] as const;
export type ReportUpdateAction = (typeof REPORT_UPDATE_ACTIONS)[number];
export const REPORT_ACTIONS = ['save', 'submit', ...REPORT_UPDATE_ACTIONS] as const;
export type ReportAction = (typeof REPORT_ACTIONS)[number];

/** Why a report's answers cannot be changed. */
export const LOCK_REASONS = ['submitted', 'accepted', 'published', 'cycle_closed'] as const;
export type LockReason = (typeof LOCK_REASONS)[number];

/** draft: being prepared · open: countries report · closed: reporting over · archived. */
export const CYCLE_STATUSES = ['draft', 'open', 'closed', 'archived'] as const;
export type CycleStatus = (typeof CYCLE_STATUSES)[number];

export const REPORT_TITLE_MAX = 200;
export const EXECUTIVE_SUMMARY_MAX = 10_000;
export const CONTACT_NAME_MAX = 120;
export const CONTACT_EMAIL_MAX = 254;
export const CONTACT_PHONE_MAX = 40;
export const WORKFLOW_NOTE_MAX = 2000;
export const GUIDELINE_VERSION_MAX = 60;
/** The cover picture: the rules of CMS images (sniffed JPEG, PNG or WebP, re-encoded); larger uploads get a 413. */
export const REPORT_COVER_MAX_BYTES = CMS_UPLOAD_MAX_BYTES;
export const REPORT_COVER_ALT_MAX = 250;
/** The signed report PDF: larger uploads get a 413. */
export const REPORT_UPLOAD_MAX_BYTES = 20 * 1024 * 1024;
export const REPORT_LIST_PAGE_SIZE_DEFAULT = 60;
export const REPORT_LIST_PAGE_SIZE_MAX = 100;
export const CYCLE_YEAR_MIN = 2015;
export const CYCLE_YEAR_MAX = 2100;
export const CYCLE_DAYS_MAX = 366;
/** The reminders a new cycle sends: this many days before its closing date (and one the day after it). */
export const DEFAULT_REMINDER_DAYS: readonly number[] = [14, 7, 1];
/** At most this many reminders before a cycle's closing date. */
export const REMINDER_DAYS_COUNT_MAX = 6;

export const ReportStatusSchema = z.enum(REPORT_STATUSES, { error: `must be one of ${REPORT_STATUSES.join(', ')}` });
export const CycleStatusSchema = z.enum(CYCLE_STATUSES, { error: `must be one of ${CYCLE_STATUSES.join(', ')}` });
export const LockReasonSchema = z.enum(LOCK_REASONS);

/** A year in a path or query: four digits. */
export const YearSchema = z.coerce
  .number({ error: 'must be a year' })
  .int('must be a year')
  .min(CYCLE_YEAR_MIN, `must be ${CYCLE_YEAR_MIN} or later`)
  .max(CYCLE_YEAR_MAX, `must be ${CYCLE_YEAR_MAX} or earlier`);

/** `{year}/{country_code}` of the report paths. */
export const ReportPathSchema = z.object({ year: YearSchema, country_code: CountryCodeSchema });

/** A country as shown beside a report; `subregion` is the id of src/lib/map/subregions.ts ('south-east-asia', or 'other'). */
export const ReportCountrySchema = z.object({
  code: z.string(),
  name: z.string(),
  flag: z.string(),
  subregion: z.string(),
});

/** What names a report in every list of them: its uuid, country, year and status. */
const REPORT_KEY_FIELDS = {
  uuid: z.string(),
  country: ReportCountrySchema,
  year: z.number().int(),
  status: ReportStatusSchema,
};
export type ReportCountry = z.output<typeof ReportCountrySchema>;

// ---- cycles ----

/** The earliest and latest dates a cycle may open or close on. */
export const CYCLE_DATE_MIN = `${CYCLE_YEAR_MIN - 1}-01-01`;
export const CYCLE_DATE_MAX = `${CYCLE_YEAR_MAX + 1}-12-31`;

/** A day of the calendar (YYYY-MM-DD): 2026-02-31 is no date, and the database would refuse it. */
const DateSchema = z
  .string({ error: (issue) => (issue.input === undefined ? 'is required' : 'must be a date (YYYY-MM-DD)') })
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date (YYYY-MM-DD)')
  .refine(isCalendarDay, 'must be a real date')
  .refine((v) => v >= CYCLE_DATE_MIN && v <= CYCLE_DATE_MAX, `must be between ${CYCLE_DATE_MIN} and ${CYCLE_DATE_MAX}`);

/** The days before the closing date that reminders go: whole days, each once, largest first once saved. */
export const ReminderDaysSchema = z
  .array(wholeNumber({ min: 0, max: CYCLE_DAYS_MAX, unit: 'days', invalid: 'must be a whole number of days' }), {
    error: 'must be a list of days before the closing date',
  })
  .max(REMINDER_DAYS_COUNT_MAX, `must hold at most ${REMINDER_DAYS_COUNT_MAX} days`)
  .refine((days) => new Set(days).size === days.length, 'must not name the same day twice')
  .transform((days) => [...days].sort((a, b) => b - a));

export const CycleSchema = z.object({
  year: z.number().int(),
  opens_at: z.string(),
  closes_at: z.string(),
  /** Answers lock `expiry_days` after closes_at. */
  expiry_days: z.number().int(),
  /** A submission is on time within closes_at + timely_days. */
  timely_days: z.number().int(),
  guideline_version: z.string().nullable(),
  status: CycleStatusSchema,
  /** When answers lock (closes_at + expiry_days), ISO date. */
  locks_at: z.string(),
  /** Reports not yet submitted are reminded this many days before closes_at (and once the day after it), largest first. */
  reminder_days: z.array(z.number().int()),
  version: z.number().int(),
});
export type Cycle = z.output<typeof CycleSchema>;

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
  completeness: CompletenessSchema,
  locked: z.boolean(),
  lock_reason: LockReasonSchema.nullable(),
  deadline: z.string(),
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
export const CycleListResponseSchema = GenericResponseSchema.extend({ data: z.array(CycleListItemSchema) });
export type CycleListResponse = z.output<typeof CycleListResponseSchema>;

/**
 * POST /api/report/type/national/cycles/saved (admin): creates the cycle of `year` or updates it
 * (then `version` is required). Setting status `open` creates a not_started report per active country.
 * Fields left out of an update keep their value (the server lays the body over the stored cycle
 * before this schema reads it); the defaults are for a new cycle.
 */
export const CycleSaveBodySchema = z
  .object({
    year: wholeNumber({ min: CYCLE_YEAR_MIN, max: CYCLE_YEAR_MAX, invalid: 'must be a year' }),
    version: VersionSchema.optional(),
    opens_at: DateSchema,
    closes_at: DateSchema,
    expiry_days: wholeNumber({ min: 0, max: CYCLE_DAYS_MAX, unit: 'days', invalid: 'must be a number of days' }).default(30),
    timely_days: wholeNumber({ min: 0, max: CYCLE_DAYS_MAX, unit: 'days', invalid: 'must be a number of days' }).default(0),
    guideline_version: nullableText({ max: GUIDELINE_VERSION_MAX }),
    status: CycleStatusSchema.default('draft'),
    reminder_days: ReminderDaysSchema.default([...DEFAULT_REMINDER_DAYS]),
  })
  .refine((c) => c.opens_at <= c.closes_at, { path: ['closes_at'], message: 'must not be before the opening date' });
export type CycleSaveBody = z.input<typeof CycleSaveBodySchema>;
export const CycleResponseSchema = GenericResponseSchema.extend({ data: CycleSchema });
export type CycleResponse = z.output<typeof CycleResponseSchema>;

// ---- reports ----

export const ContactSchema = z.object({
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
});
export type Contact = z.output<typeof ContactSchema>;

/** A digital signature as the PDF records it (its /Sig field): not checked against any certificate authority. */
export const PdfSignatureSchema = z.object({
  /** The field's /Name, or the common name of the certificate in the signature; null: neither is recorded. */
  signer: z.string().nullable(),
  /** The field's /M signing time (ISO 8601); null: not recorded. */
  signed_at: z.string().nullable(),
});
export type PdfSignature = z.output<typeof PdfSignatureSchema>;

/** What the server found in a PDF (POST …/report/upload/inspect, and every stored file). */
export const SignedPdfFactsSchema = z.object({
  name: z.string(),
  size: z.number().int(),
  pages: z.number().int(),
  /** null: the file carries no digital signature (the upload then needs confirm_unsigned). */
  signature: PdfSignatureSchema.nullable(),
});
export type SignedPdfFacts = z.output<typeof SignedPdfFactsSchema>;
export const SignedPdfFactsResponseSchema = z.object({ status: z.number(), message: z.string(), data: SignedPdfFactsSchema });
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
  /** The digital signature the file records; null: none (or a file stored before the portal looked). */
  signature: PdfSignatureSchema.nullable(),
});
export type ReportFile = z.output<typeof ReportFileSchema>;

/** One entry of a report's timeline: a workflow action or status change. */
export const ReportEventSchema = z.object({
  action: z.string(),
  from: ReportStatusSchema.nullable(),
  to: ReportStatusSchema.nullable(),
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
  completeness: CompletenessSchema,
  locked: z.boolean(),
  lock_reason: LockReasonSchema.nullable(),
  /** The cycle's closes_at (YYYY-MM-DD). */
  deadline: z.string(),
  title: z.string().nullable(),
  executive_summary: z.string().nullable(),
  /** The language the country wrote the title, summary and answers in (a BCP 47 tag); null: not stated (decision 048). */
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
export const ReportResponseSchema = GenericResponseSchema.extend({ data: ReportSchema });
export type ReportResponse = z.output<typeof ReportResponseSchema>;

export const REPORT_LIST_SORTS = ['country', '-country', 'status', '-status', 'completeness', '-completeness', 'updated_at', '-updated_at'] as const;

/** GET /api/report/type/national/{year}?status&subregion&q&sort&page&per_page */
export const ReportListQuerySchema = z.object({
  status: z.preprocess((v) => (v === '' ? undefined : v), ReportStatusSchema.optional()),
  subregion: z.preprocess((v) => (v === '' ? undefined : v), text({ max: 40 }).optional()),
  q: text({ max: 100 }).optional(),
  sort: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.enum(REPORT_LIST_SORTS, { error: `must be one of ${REPORT_LIST_SORTS.join(', ')}` }).default('country'),
  ),
  ...pagingQuery({ max: REPORT_LIST_PAGE_SIZE_MAX, fallback: REPORT_LIST_PAGE_SIZE_DEFAULT }),
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
});
export type ReportView = z.output<typeof ReportViewSchema>;
export const ReportViewResponseSchema = GenericResponseSchema.extend({ data: ReportViewSchema });
export type ReportViewResponse = z.output<typeof ReportViewResponseSchema>;

/** POST …/{year}/{country_code}/saved: only the changed answers; atomic. */
export const SaveAnswersBodySchema = z.object({
  answers: z
    .array(AnswerInputSchema, { error: 'must be a list of answers' })
    .min(1, 'must hold at least one answer')
    .max(ANSWERS_PER_SAVE_MAX, `must hold at most ${ANSWERS_PER_SAVE_MAX} answers`),
});
export type SaveAnswersBody = z.input<typeof SaveAnswersBodySchema>;

export const SaveAnswersResponseSchema = GenericResponseSchema.extend({
  data: z.object({
    report: z.object({ status: ReportStatusSchema, completeness: CompletenessSchema, version: z.number().int() }),
    /** The saved answers as stored now. */
    answers: z.array(AnswerSchema),
  }),
});
export type SaveAnswersResponse = z.output<typeof SaveAnswersResponseSchema>;

/** 409 of …/saved: the stale answers as they are now. */
export const AnswersConflictResponseSchema = GenericResponseSchema.extend({ current: z.array(AnswerSchema) });
export type AnswersConflictResponse = z.output<typeof AnswersConflictResponseSchema>;

/** 423 of any write to a locked report. */
export const LockedResponseSchema = GenericResponseSchema.extend({ reason: LockReasonSchema });
export type LockedResponse = z.output<typeof LockedResponseSchema>;

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
  action: z.enum(REPORT_UPDATE_ACTIONS, { error: `must be one of ${REPORT_UPDATE_ACTIONS.join(', ')}` }).optional(),
  /** Required for return and unlock. */
  note: nullableText({ max: WORKFLOW_NOTE_MAX, multiline: true }).optional(),
});
export type ReportUpdateBody = z.input<typeof ReportUpdateBodySchema>;

/** 409 of …/report/update: the report as it is now. */
export const ReportConflictResponseSchema = GenericResponseSchema.extend({ current: ReportSchema });

/** GET …/report/file?v=n */
export const ReportFileQuerySchema = z.object({ v: queryInt({ min: 1, max: 10_000, fallback: 0 }) });

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
  tier: z.preprocess((v) => (v === '' || v === undefined ? undefined : Number(v)), QuestionTierSchema.optional()),
});
/** GET …/view-report?format=json|pdf */
export const ViewReportQuerySchema = z.object({
  format: z.enum(['json', 'pdf'], { error: 'must be json or pdf' }).optional(),
});
export const ReportGroupsResponseSchema = GenericResponseSchema.extend({
  data: z.object({ report: ReportSchema, groups: z.array(ReportGroupSchema) }),
});
export type ReportGroupsResponse = z.output<typeof ReportGroupsResponseSchema>;
