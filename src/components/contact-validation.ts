/**
 * The contact form's checks in the browser, so people see a problem before they send, not
 * after; the server still checks everything. The limits are the server schema's
 * (contact-limits.ts): the form carries them as minlength/maxlength, and the script reads them
 * back from there, so zod never reaches the browser.
 */

export const CONTACT_FIELDS = ['name', 'email', 'subject', 'message'] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];
export type ContactValues = Record<ContactField, string>;
export type ContactErrors = Partial<Record<ContactField, string>>;

export type ContactLimits = Record<ContactField, { min: number; max: number }>;

export const LABELS: Record<ContactField, string> = {
  name: 'Your name',
  email: 'Your email address',
  subject: 'Subject',
  message: 'Message',
};

// The shape the server's email check accepts, near enough: something@domain.tld, no spaces.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

/** Problems with the values, in words a person can act on; empty when all is well. */
export function validateContact(values: ContactValues, limits: ContactLimits): ContactErrors {
  const errors: ContactErrors = {};
  for (const field of CONTACT_FIELDS) {
    const value = values[field].trim();
    const { min, max } = limits[field];
    const label = LABELS[field];
    if (value === '') errors[field] = `${label} is required.`;
    else if (field === 'email' && !EMAIL.test(value)) errors[field] = 'Enter an email address like name@example.org.';
    else if (value.length < min) errors[field] = `${label} must be at least ${min} characters.`;
    else if (value.length > max) errors[field] = `${label} must be at most ${max.toLocaleString('en')} characters.`;
  }
  return errors;
}

/** Field errors of the API's 400 body (`errors: { name: ['must be …'] }`) as sentences. */
export function errorsFromApi(body: unknown): ContactErrors {
  const errors: ContactErrors = {};
  const raw = (body as { errors?: Record<string, unknown> } | null)?.errors;
  if (!raw || typeof raw !== 'object') return errors;
  for (const field of CONTACT_FIELDS) {
    const messages = raw[field];
    const first = Array.isArray(messages) ? messages.find((m): m is string => typeof m === 'string') : undefined;
    if (first) errors[field] = `${LABELS[field]} ${first.replace(/\.$/, '')}.`;
  }
  return errors;
}

/** What the page says after a plain form post came back with `?error=…&fields=…`. */
export function errorFromQuery(search: string): { message: string; fields: ContactField[] } | null {
  const params = new URLSearchParams(search);
  const error = params.get('error');
  if (!error) return null;
  const fields = (params.get('fields') ?? '').split(',').filter((f): f is ContactField => (CONTACT_FIELDS as readonly string[]).includes(f));
  if (error === 'rate-limited') {
    return { message: 'You have sent several messages in a short time. Please wait a few minutes, then try again.', fields: [] };
  }
  if (error === 'invalid' && fields.length > 0) {
    return { message: `Your message was not sent. Please check: ${fields.map((f) => LABELS[f].toLowerCase()).join(', ')}.`, fields };
  }
  return { message: 'Your message was not sent. Please check the form and try again.', fields };
}
