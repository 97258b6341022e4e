import { z } from 'zod';
import { dataResponse, EditorSchema, itemResponse, statusChangeBody, VersionSchema } from '../http/schema.ts';

/** Country statuses: an inactive country is hidden from the profile form and the public site. */
export const COUNTRY_STATUS = { inactive: 0, active: 1 } as const;

export const CountryCodeSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z]{2}$/, 'must be a two-letter country code')
  .transform((code) => code.toUpperCase());

/** A country as named beside a record (a report, a practice): its code, name and flag. */
export const CountryRefSchema = z.object({ code: z.string(), name: z.string(), flag: z.string() });

/** A country as embedded in identities and user rows (spec §3). */
export const CountrySchema = CountryRefSchema.extend({ status: z.number().int(), continent: z.string() });
export type Country = z.output<typeof CountrySchema>;

/** A country of GET /api/countries/all: with the version a status change sends back. */
export const CountryListItemSchema = CountrySchema.extend({ version: VersionSchema, updated_at: z.string() });
export type CountryListItem = z.output<typeof CountryListItemSchema>;

/** A country as the back-office changes it: also who changed it last. */
export const CountryRecordSchema = CountryListItemSchema.extend({ updated_by: EditorSchema.nullable() });
export type CountryRecord = z.output<typeof CountryRecordSchema>;

/** GET /api/countries/all (public: no editor names). */
export const CountryListResponseSchema = dataResponse(CountryListItemSchema);
export type CountryListResponse = z.output<typeof CountryListResponseSchema>;

export const CountryListQuerySchema = z.object({
  status: z.enum(['0', '1', 'all'], { error: 'must be 0, 1 or all' }).optional(),
});

/** POST /api/country/{code}/update/status; `version` (or If-Match) is the version read. */
export const CountryStatusBodySchema = statusChangeBody(
  z.union([z.literal(COUNTRY_STATUS.inactive), z.literal(COUNTRY_STATUS.active)], {
    error: 'must be 0 (inactive) or 1 (active)',
  }),
);

/** The answer of POST /api/country/{code}/update/status: the country as saved. */
export const CountryStatusResponseSchema = itemResponse(CountryRecordSchema);
export type CountryStatusResponse = z.output<typeof CountryStatusResponseSchema>;
