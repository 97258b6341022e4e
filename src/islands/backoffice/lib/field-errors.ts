import type { z } from 'zod';
import { ApiError } from './api.ts';

/** Messages per form field, as the API sends them in `errors` (nested fields joined by dots). */
export type FieldErrors = Record<string, string[]>;

export function fieldErrorsOf(issues: readonly z.core.$ZodIssue[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const field = issue.path.length > 0 ? issue.path.join('.') : '_';
    (errors[field] ??= []).push(String(issue.message)); // a message said by key (decision 064): its English
  }
  return errors;
}

/** The field errors a failed save carries, if it was a validation error of the server. */
export function serverFieldErrors(error: unknown): FieldErrors {
  return error instanceof ApiError ? error.errors : {};
}

/** Props that tie an input to its error message for assistive tech. */
export function invalidProps(errors: FieldErrors, field: string, errorId: string) {
  const invalid = (errors[field]?.length ?? 0) > 0;
  return invalid ? { 'aria-invalid': true as const, 'aria-describedby': errorId } : {};
}

/**
 * A form's own check before it sends: `body`'s errors against `schema` are shown (`show`) and the
 * first bad field of `fields` (the form's order; its input's id is `<idPrefix>-<field>`) takes the
 * focus. True when no field of the form is wrong, so the form may send.
 */
export function checkForm(
  schema: z.ZodType,
  body: unknown,
  fields: readonly string[],
  idPrefix: string,
  show: (errors: FieldErrors) => void,
): boolean {
  const checked = schema.safeParse(body);
  const found = checked.success ? {} : fieldErrorsOf(checked.error.issues);
  show(found);
  const first = fields.find((field) => found[field]);
  if (first) document.getElementById(`${idPrefix}-${first}`)?.focus();
  return first === undefined;
}
