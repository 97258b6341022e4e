/** The contact form's limits, taken from the server's schema (read at build time, never bundled). */
import {
  CONTACT_MESSAGE_MAX,
  CONTACT_MESSAGE_MIN,
  CONTACT_NAME_MAX,
  CONTACT_SUBJECT_MAX,
} from '../lib/contact/schema.ts';
import type { ContactLimits } from './contact-validation.ts';

/** The minimums not named as constants are the schema's own (name 2, subject 3); the test checks them against it. */
export const CONTACT_LIMITS: ContactLimits = {
  name: { min: 2, max: CONTACT_NAME_MAX },
  email: { min: 3, max: 254 },
  subject: { min: 3, max: CONTACT_SUBJECT_MAX },
  message: { min: CONTACT_MESSAGE_MIN, max: CONTACT_MESSAGE_MAX },
};
