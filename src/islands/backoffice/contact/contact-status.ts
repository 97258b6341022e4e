import type { ContactStatus } from '../../../lib/contact/schema.ts';
import { m } from './messages.ts';

/**
 * The messages' statuses in the page's language (src/lib's CONTACT_STATUS_LABELS stays English,
 * for the server). Apart from contact-format.ts, which the dashboard uses: the dashboard does not
 * load the contact screens' catalogue.
 */
export const CONTACT_STATUS_TEXTS: Record<ContactStatus, string> = {
  new: m('status.new'),
  answered: m('status.answered'),
  archived: m('status.archived'),
};
