import { z } from 'zod';
import { itemResponse } from '../http/schema.ts';
import { CategorySchema, DatasetStatusSchema, IndicatorSchema } from './schema.ts';

/**
 * `GET /api/profile/coverage` (issue 35 item 5, decision 081): for the back-office's analytics, the
 * countries × indicators of every theme, and per pair the latest year with a figure the country
 * entered (with its dataset's status: drafts count here) and the latest year of open data. The
 * public /urbanisation-profile/coverage shows the same matrix from the published figures.
 */
const CoverageCellSchema = z.object({
  country_code: z.string(),
  indicator: z.string(),
  /** The country's own figures: the latest year, and whether that year's figures are published. */
  country: z.object({ year: z.number().int(), status: DatasetStatusSchema }).nullable(),
  /** The open data's latest year. */
  open_data: z.object({ year: z.number().int() }).nullable(),
});
export type CoverageCell = z.output<typeof CoverageCellSchema>;

const CoverageSchema = z.object({
  /** The themes in their order, each with its indicators (retired ones left out). */
  categories: z.array(CategorySchema.extend({ indicators: z.array(IndicatorSchema) })),
  /** The countries the person may see: all of them, or their own. */
  countries: z.array(z.object({ code: z.string(), name: z.string() })),
  /** Only the pairs with a figure: a pair not listed has none. */
  cells: z.array(CoverageCellSchema),
});
export type Coverage = z.output<typeof CoverageSchema>;
export const CoverageResponseSchema = itemResponse(CoverageSchema);
export type CoverageResponse = z.output<typeof CoverageResponseSchema>;
