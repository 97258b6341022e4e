import { z } from 'zod';
import { CountryCodeSchema } from '../countries/schema.ts';
import { blankIsAbsent, dataResponse, GenericResponseSchema, itemResponse } from '../http/schema.ts';
import { WrittenInSchema } from '../i18n/written-languages.ts';
import { AnswerSchema, AnswerValueSchema } from '../questionnaires/schema.ts';
import { QuestionSchema, SubcategorySchema, ThrustSchema } from './question-schema.ts';
import { CycleSchema, YearSchema } from './cycle-schema.ts';
import { REGION_PROGRESS_FIELDS, ReportCountrySchema, ReportCoverSchema, ReportStatusSchema } from './schema.ts';

/** The national reports as the public site and the open-data files read them: published reports only, no sign-in. */

export const PublicListQuerySchema = z.object({
  country_code: blankIsAbsent(CountryCodeSchema.optional()),
  year: blankIsAbsent(YearSchema.optional()),
  latest_4: blankIsAbsent(z.enum(['true', 'false']).optional()),
});

export const PublicReportListItemSchema = z.object({
  uuid: z.string(),
  country: ReportCountrySchema,
  year: z.number().int(),
  title: z.string().nullable(),
  executive_summary: z.string().nullable(),
  /** The language the country wrote the report in (a BCP 47 tag); null: not stated (decision 048). */
  written_in: WrittenInSchema,
  published_at: z.string(),
  completeness_pct: z.number().int(),
  /** The cover picture, or null. */
  cover: ReportCoverSchema.nullable(),
  /** The signed PDF (absolute path under /api/), or null. */
  file_url: z.string().nullable(),
  demo: z.boolean(),
});
export type PublicReportListItem = z.output<typeof PublicReportListItemSchema>;
export const PublicReportListResponseSchema = dataResponse(PublicReportListItemSchema);
export type PublicReportListResponse = z.output<typeof PublicReportListResponseSchema>;

export const PublicStatisticQuerySchema = z.object({ year: YearSchema });
export const PublicStatisticSchema = z.object({
  year: z.number().int(),
  ...REGION_PROGRESS_FIELDS,
  /** The cycle holds demonstration reports. */
  demo: z.boolean(),
  /** Reports submitted within closes_at + timely_days. */
  on_time: z.number().int(),
  /** Reports that reached submitted (or later). */
  submitted: z.number().int(),
  published: z.number().int(),
  countries: z.array(
    z.object({
      code: z.string(),
      name: z.string(),
      subregion: z.string(),
      status: ReportStatusSchema,
      completeness_pct: z.number().int(),
      submitted_at: z.string().nullable(),
      on_time: z.boolean().nullable(),
      demo: z.boolean(),
    }),
  ),
});
export type PublicStatistic = z.output<typeof PublicStatisticSchema>;
export const PublicStatisticResponseSchema = itemResponse(PublicStatisticSchema);
export type PublicStatisticResponse = z.output<typeof PublicStatisticResponseSchema>;

export const PublicCycleSchema = CycleSchema.pick({ year: true, status: true, opens_at: true, closes_at: true }).extend(
  {
    countries_total: z.number().int(),
    published: z.number().int(),
    /** The cycle holds demonstration reports. */
    demo: z.boolean(),
  },
);
export const PublicCyclesResponseSchema = dataResponse(PublicCycleSchema);
export type PublicCyclesResponse = z.output<typeof PublicCyclesResponseSchema>;

/** A published answer: no comment, state, warnings or who changed it (internal). */
export const PublicAnswerSchema = AnswerSchema.pick({
  question_uuid: true,
  value: true,
  text: true,
  data_year: true,
  source: true,
});
export const PublicReportGroupSchema = z.object({
  thrust: ThrustSchema,
  subcategories: z.array(
    z.object({
      subcategory: SubcategorySchema,
      items: z.array(
        z.object({ question: QuestionSchema, answer: PublicAnswerSchema.nullable(), display: z.string() }),
      ),
    }),
  ),
});
export type PublicReportGroup = z.output<typeof PublicReportGroupSchema>;

/** GET public/report/{year}/{country_code}: a published report with its grouped answers. */
export const PublicReportSchema = z.object({
  report: PublicReportListItemSchema,
  groups: z.array(PublicReportGroupSchema),
});
export type PublicReport = z.output<typeof PublicReportSchema>;
export const PublicReportResponseSchema = itemResponse(PublicReportSchema);
export type PublicReportResponse = z.output<typeof PublicReportResponseSchema>;

export const PublicAnswersQuerySchema = z.object({ year: YearSchema });
/** One published answer: one row per country × question that has an answer (open data). */
export const PublicAnswerRowSchema = z.object({
  country_code: z.string(),
  /** The country's name. */
  country: z.string(),
  subregion: z.string(),
  year: z.number().int(),
  question_code: z.string(),
  question: z.string(),
  thrust: z.string(),
  subcategory: z.string(),
  question_tier: z.number().int(),
  answer_type: z.string(),
  unit: z.string().nullable(),
  sdg_refs: z.array(z.string()),
  value: AnswerValueSchema,
  /** The value as a person reads it (for CSV). */
  display: z.string(),
  text: z.string().nullable(),
  data_year: z.number().int().nullable(),
  source: z.string().nullable(),
  demo: z.boolean(),
});
export type PublicAnswerRow = z.output<typeof PublicAnswerRowSchema>;
/** The question metadata once, then the rows (the build joins them for the CSV). */
export const PublicAnswersResponseSchema = GenericResponseSchema.extend({
  year: z.number().int(),
  demo: z.boolean(),
  questions: z.array(
    QuestionSchema.pick({
      code: true,
      text: true,
      thrust: true,
      subcategory: true,
      question_tier: true,
      answer_type: true,
      unit: true,
      decimals: true,
      options: true,
      parts: true,
      sort: true,
      sdg_refs: true,
    }),
  ),
  thrusts: z.array(ThrustSchema),
  subcategories: z.array(SubcategorySchema),
  data: z.array(PublicAnswerRowSchema),
});
export type PublicAnswersResponse = z.output<typeof PublicAnswersResponseSchema>;
