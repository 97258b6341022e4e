import { z } from 'zod';

/** The generic response of spec §3, also the body of every error (with `errors` per field). */
export const GenericResponseSchema = z.object({
  status: z.number().int(),
  message: z.string(),
});
export type GenericResponse = z.output<typeof GenericResponseSchema>;

export const ErrorResponseSchema = GenericResponseSchema.extend({
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
export type ErrorResponse = z.output<typeof ErrorResponseSchema>;

/** A list wrapped in the generic response: `{status, message, data: [...]}`. */
export function dataResponse<T extends z.ZodType>(item: T) {
  return GenericResponseSchema.extend({ data: z.array(item) });
}

/** Query-string integers: absent or blank means the default; anything else must be a whole number. */
export function queryInt(options: { min: number; max: number; fallback: number }) {
  return z.preprocess(
    (value) => (value === undefined || value === '' ? options.fallback : Number(value)),
    z.number({ error: 'must be a whole number' }).int('must be a whole number').min(options.min).max(options.max),
  );
}
