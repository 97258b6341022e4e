/**
 * What a notification is made from, and the English labels of the kinds that the account
 * screen's email choices show (the screen translates them on the client). The titles, bodies
 * and emails in the portal's four languages are in messages.ts (decision 043).
 */
import type { NotificationKind } from './kinds.ts';

/** What a notification's text is made from. */
export interface NotificationFacts {
  /** The country's name as stored (English), and its code: each language names it its own way. */
  country?: string | undefined;
  countryCode?: string | undefined;
  year?: number | undefined;
  practice?: string | undefined;
  user?: string | undefined;
  /** The roles a person holds now: their names (`state_admin, admin`), each language gives its label. */
  roles?: string | undefined;
  /** The section of a practice a comment is on: its key (`summary`). */
  section?: string | undefined;
  note?: string | null | undefined;
  /** A reminder's due date (YYYY-MM-DD) and the days left then (negative: overdue). */
  due?: string | undefined;
  daysLeft?: number | undefined;
  /** How many updates of the public site failed in a row. */
  failures?: number | undefined;
  /** The subject of an email the mail server refused (`user` names its recipient, `note` gives the server's answer). */
  subject?: string | undefined;
}

/** The label of each kind in the email choices of the account screen. */
export const KIND_LABELS: Record<NotificationKind, string> = {
  'report.submitted': 'A national report is submitted',
  'report.returned': 'A national report is returned for changes',
  'report.accepted': 'A national report is accepted',
  'report.published': 'A national report is published',
  'report.unlocked': 'A national report is unlocked',
  'report.reminder': 'A national report’s deadline is near or has passed',
  'report.commented': 'A reviewer comments on an answer of a national report',
  'report.comment.replied': 'A country replies to a comment on an answer',
  'practice.submitted': 'A best practice is submitted for review',
  'practice.returned': 'A best practice is returned for changes',
  'practice.published': 'A best practice is published',
  'practice.commented': 'A reviewer comments on a best practice',
  'contact.received': 'A message arrives through the contact form',
  'site.build.failing': 'The public site cannot be updated',
  'mail.failed': 'An email cannot be delivered',
  'account.awaiting': 'A new account awaits activation',
  'account.activated': 'My account is activated',
  'account.role.changed': 'My role changes',
};
