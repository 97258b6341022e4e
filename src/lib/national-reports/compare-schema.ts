import { z } from 'zod';
import { CountryCodeSchema } from '../countries/schema.ts';
import { blankIsAbsent, GenericResponseSchema, itemResponse, oneOf } from '../http/schema.ts';
import { zodError } from '../i18n/said.ts';
import { WrittenInSchema } from '../i18n/written-languages.ts';
import { AnswerTypeSchema, AnswerValueSchema } from '../questionnaires/schema.ts';
import { YearSchema } from './cycle-schema.ts';
import { ReportStatusSchema } from './schema.ts';

/**
 * One question across the region (issue 34 item 1, decision 075): every country's answer to a
 * question in a cycle, and the secretariat's choice of quotes for the regional synthesis.
 */

/** ESCAP's subregions by their codes (src/lib/progress/method.ts SUBREGION_CODES). */
export const COMPARE_SUBREGIONS = ['ENEA', 'NCA', 'PACIFIC', 'SEA', 'SSWA'] as const;
export type CompareSubregion = (typeof COMPARE_SUBREGIONS)[number];

/** The synthesis quotes at most five narrative answers per question and cycle. */
export const SYNTHESIS_QUOTES_MAX = 5;

export const COMPARE_FORMATS = ['json', 'csv', 'xlsx'] as const;

/** `{year}/{question_uuid}` of the compare and quotes paths. */
export const ComparePathSchema = z.object({ year: YearSchema, question_uuid: z.uuid('must be a question id') });

/**
 * GET …/compare/{year}/{question_uuid}?subregion&status&format&bom: `subregion` one of ESCAP's five
 * (ENEA, NCA, PACIFIC, SEA, SSWA), `status` one report status (within what the caller may see),
 * `format` json (default), csv or xlsx; `bom=1` starts the CSV with a byte-order mark for Excel.
 */
export const CompareQuerySchema = z.object({
  subregion: blankIsAbsent(oneOf(COMPARE_SUBREGIONS).optional()),
  status: blankIsAbsent(ReportStatusSchema.optional()),
  format: blankIsAbsent(oneOf(COMPARE_FORMATS).optional()),
  bom: blankIsAbsent(oneOf(['0', '1']).optional()),
});
export type CompareQuery = z.output<typeof CompareQuerySchema>;

/** The question as worded for the cycle, in the caller's language where translated (`text` is the shown text). */
export const CompareQuestionSchema = z.object({
  uuid: z.string(),
  code: z.string(),
  text: z.string(),
  answer_type: AnswerTypeSchema,
  unit: z.string().nullable(),
  decimals: z.number().int().nullable(),
  options: z.array(z.object({ value: z.string(), label: z.string() })),
  parts: z.array(z.object({ key: z.string(), label: z.string() })),
  /** Whether `text` is a translation (false: the English, for want of one). */
  translated: z.boolean(),
});
export type CompareQuestion = z.output<typeof CompareQuestionSchema>;

/** One country's answer: figures and choices in `value`, the narrative in `text` (a txt answer's value too). */
export const CompareAnswerSchema = z.object({
  country_code: z.string(),
  country_name: z.string(),
  subregion: z.enum(COMPARE_SUBREGIONS).nullable(),
  report_status: ReportStatusSchema,
  value: AnswerValueSchema,
  text: z.string().nullable(),
  /** The language the country wrote its report in (decision 048); null: not stated. */
  written_lang: WrittenInSchema,
  updated_at: z.string(),
});
export type CompareAnswer = z.output<typeof CompareAnswerSchema>;

export const CompareDataSchema = z.object({
  year: z.number().int(),
  question: CompareQuestionSchema,
  answers: z.array(CompareAnswerSchema),
});
export type CompareData = z.output<typeof CompareDataSchema>;

export const CompareResponseSchema = itemResponse(CompareDataSchema);
export type CompareResponse = z.output<typeof CompareResponseSchema>;

/** PUT …/synthesis/{year}/quotes/{question_uuid}: the quoted countries in order (replaces the set). */
export const QuotesBodySchema = z.object({
  country_codes: z
    .array(CountryCodeSchema, { error: 'is required' })
    .max(SYNTHESIS_QUOTES_MAX, { error: zodError('must have at most {max} values', { max: SYNTHESIS_QUOTES_MAX }) }),
});

export const QuotesResponseSchema = GenericResponseSchema.extend({
  data: z.object({ country_codes: z.array(z.string()) }),
});
export type QuotesResponse = z.output<typeof QuotesResponseSchema>;

/** The narrative of an answer: a text answer's value, else its description; null: none. */
export function narrativeOf(
  question: { answer_type: string },
  answer: { value: unknown; text: string | null },
): string | null {
  if (question.answer_type === 'txt' && typeof answer.value === 'string' && answer.value.trim()) return answer.value;
  return answer.text?.trim() ? answer.text : null;
}
