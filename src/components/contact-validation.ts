/**
 * The contact form's checks in the browser, so people see a problem before they send, not
 * after; the server still checks everything. The limits are the server schema's
 * (contact-limits.ts): the form carries them as minlength/maxlength, and the script reads them
 * back from there, so zod never reaches the browser. The sentences are the page's: it writes them
 * in its language into `data-messages` (decision 041); English is the default.
 */
import { formatMessage } from '../lib/i18n/message-format.ts';

export const CONTACT_FIELDS = ['name', 'email', 'subject', 'message'] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];
export type ContactValues = Record<ContactField, string>;
export type ContactErrors = Partial<Record<ContactField, string>>;

export type ContactLimits = Record<ContactField, { min: number; max: number }>;

/** Everything the form's script says, in one language. */
export interface ContactMessages {
  /** The page's BCP 47 language, for numbers and lower case. */
  lang: string;
  labels: Record<ContactField, string>;
  required: string;
  email: string;
  tooShort: string;
  tooLong: string;
  checkField: string;
  /** Use the API's own field wording (English) after the label; otherwise `checkField`. */
  serverWording: boolean;
  rateLimited: string;
  invalidFields: string;
  invalid: string;
  fieldsMarked: string;
  notSent: string;
  notSentCorrect: string;
  tooMany: string;
  waitMinutes: string;
  failure: string;
  correct: string;
  sending: string;
  send: string;
}

export const ENGLISH: ContactMessages = {
  lang: 'en',
  labels: { name: 'Your name', email: 'Your email address', subject: 'Subject', message: 'Message' },
  required: '{label} is required.',
  email: 'Enter an email address like name@example.org.',
  tooShort: '{label} must be at least {min} characters.',
  tooLong: '{label} must be at most {max} characters.',
  checkField: 'Please check {label}.',
  serverWording: true,
  rateLimited: 'You have sent several messages in a short time. Please wait a few minutes, then try again.',
  invalidFields: 'Your message was not sent. Please check: {fields}.',
  invalid: 'Your message was not sent. Please check the form and try again.',
  fieldsMarked: 'The fields to check are marked below.',
  notSent: 'Your message was not sent.',
  notSentCorrect: 'Your message was not sent. Please correct the fields below.',
  tooMany: 'You have sent several messages in a short time.',
  waitMinutes: 'Please wait a few minutes, then try again.',
  failure: 'Your message could not be sent. Please check your connection and try again in a moment.',
  correct: 'Please correct the fields below.',
  sending: 'Sending…',
  send: 'Send message',
};

/** `text` (ICU MessageFormat) in the page's language, by the portal's one formatter (decision 064). */
function fillIn(messages: ContactMessages, text: string, params: Record<string, string | number>): string {
  return formatMessage(messages.lang, text, params, { markup: 'raw' });
}

/** A field's label inside a sentence ("Please check your email address."). */
function lowerLabel(messages: ContactMessages, field: ContactField): string {
  return messages.labels[field].toLocaleLowerCase(messages.lang);
}

// The shape the server's email check accepts, near enough: something@domain.tld, no spaces.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

/** Problems with the values, in words a person can act on; empty when all is well. */
export function validateContact(
  values: ContactValues,
  limits: ContactLimits,
  messages: ContactMessages = ENGLISH,
): ContactErrors {
  const errors: ContactErrors = {};
  for (const field of CONTACT_FIELDS) {
    const value = values[field].trim();
    const { min, max } = limits[field];
    const label = messages.labels[field];
    if (value === '') errors[field] = fillIn(messages, messages.required, { label });
    else if (field === 'email' && !EMAIL.test(value)) errors[field] = messages.email;
    else if (value.length < min) errors[field] = fillIn(messages, messages.tooShort, { label, min });
    else if (value.length > max) errors[field] = fillIn(messages, messages.tooLong, { label, max });
  }
  return errors;
}

/** Field errors of the API's 400 body (`errors: { name: ['must be …'] }`) as sentences. */
export function errorsFromApi(body: unknown, messages: ContactMessages = ENGLISH): ContactErrors {
  const errors: ContactErrors = {};
  const raw = (body as { errors?: Record<string, unknown> } | null)?.errors;
  if (!raw || typeof raw !== 'object') return errors;
  for (const field of CONTACT_FIELDS) {
    const list = raw[field];
    const first = Array.isArray(list) ? list.find((m): m is string => typeof m === 'string') : undefined;
    if (!first) continue;
    errors[field] = messages.serverWording
      ? `${messages.labels[field]} ${first.replace(/\.$/, '')}.`
      : fillIn(messages, messages.checkField, { label: lowerLabel(messages, field) });
  }
  return errors;
}

/** The sentence that asks to check one field (after a plain post came back). */
export function checkFieldMessage(messages: ContactMessages, field: ContactField): string {
  return fillIn(messages, messages.checkField, { label: lowerLabel(messages, field) });
}

/** What the page says after a plain form post came back with `?error=…&fields=…`. */
export function errorFromQuery(
  search: string,
  messages: ContactMessages = ENGLISH,
): { message: string; fields: ContactField[] } | null {
  const params = new URLSearchParams(search);
  const error = params.get('error');
  if (!error) return null;
  const fields = (params.get('fields') ?? '')
    .split(',')
    .filter((f): f is ContactField => (CONTACT_FIELDS as readonly string[]).includes(f));
  if (error === 'rate-limited') return { message: messages.rateLimited, fields: [] };
  if (error === 'invalid' && fields.length > 0) {
    // English keeps its "a, b"; the others join with their "and" ("a et b", "a и b", "a和b").
    const list = new Intl.ListFormat(messages.lang, { type: messages.lang === 'en' ? 'unit' : 'conjunction' }).format(
      fields.map((f) => lowerLabel(messages, f)),
    );
    return { message: fillIn(messages, messages.invalidFields, { fields: list }), fields };
  }
  return { message: messages.invalid, fields };
}
