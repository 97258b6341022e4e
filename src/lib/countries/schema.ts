import { z } from 'zod';
import { dataResponse, GenericResponseSchema } from '../http/schema.ts';

export const CountryCodeSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z]{2}$/, 'must be a two-letter country code')
  .transform((code) => code.toUpperCase());

/** A country as embedded in identities and user rows (spec §3). */
export const CountrySchema = z.object({
  code: z.string(),
  name: z.string(),
  flag: z.string(),
  status: z.number().int(),
  continent: z.string(),
});
export type Country = z.output<typeof CountrySchema>;

export const CountryListResponseSchema = dataResponse(CountrySchema);
export type CountryListResponse = z.output<typeof CountryListResponseSchema>;

export const COUNTRY_STATUSES = [0, 1] as const;

export const CountryStatusBodySchema = z.object({
  status: z.union([z.literal(0), z.literal(1)], { error: 'must be 0 (inactive) or 1 (active)' }),
});
export type CountryStatusBody = z.output<typeof CountryStatusBodySchema>;

/** The answer of POST /api/country/{code}/update/status: the country as saved. */
export const CountryStatusResponseSchema = GenericResponseSchema.extend({ data: CountrySchema });
export type CountryStatusResponse = z.output<typeof CountryStatusResponseSchema>;
