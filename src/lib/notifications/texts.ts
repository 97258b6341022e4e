/**
 * Every text a person reads about a notification: on screen, in the preferences and in the
 * email. Kept in one module so that the translation work can move them into catalogues.
 */
import { dueLabel } from '../national-reports/deadlines.ts';
import type { NotificationKind } from './kinds.ts';

/** What a notification's text is made from. */
export interface NotificationFacts {
  country?: string | undefined;
  year?: number | undefined;
  practice?: string | undefined;
  section?: string | undefined;
  user?: string | undefined;
  /** The roles a person holds now, as named in the portal. */
  roles?: string | undefined;
  note?: string | null | undefined;
  /** A reminder's due date (YYYY-MM-DD) and the days left then (negative: overdue). */
  due?: string | undefined;
  daysLeft?: number | undefined;
}

/** The label of each kind in the email choices of the account screen. */
export const KIND_LABELS: Record<NotificationKind, string> = {
  'report.submitted': 'A national report is submitted',
  'report.returned': 'A national report is returned for changes',
  'report.accepted': 'A national report is accepted',
  'report.published': 'A national report is published',
  'report.unlocked': 'A national report is unlocked',
  'report.reminder': 'A national report’s deadline is near or has passed',
  'practice.submitted': 'A best practice is submitted for review',
  'practice.returned': 'A best practice is returned for changes',
  'practice.published': 'A best practice is published',
  'practice.commented': 'A reviewer comments on a best practice',
  'contact.received': 'A message arrives through the contact form',
  'account.awaiting': 'A new account awaits activation',
  'account.activated': 'My account is activated',
  'account.role.changed': 'My role changes',
};

const report = (f: NotificationFacts) => `The national report of ${f.country ?? 'your country'} for ${f.year ?? 'this cycle'}`;
const practice = (f: NotificationFacts) => `The best practice “${f.practice ?? 'untitled'}”`;

/** The title and body shown in the list and used for the email. */
export function notificationText(kind: NotificationKind, f: NotificationFacts): { title: string; body: string } {
  switch (kind) {
    case 'report.submitted':
      return { title: `Report submitted: ${f.country} ${f.year}`, body: `${report(f)} was submitted for review.` };
    case 'report.returned':
      return { title: `Report returned: ${f.country} ${f.year}`, body: `${report(f)} was returned for changes.` };
    case 'report.accepted':
      return { title: `Report accepted: ${f.country} ${f.year}`, body: `${report(f)} was accepted by the regional secretariat.` };
    case 'report.published':
      return { title: `Report published: ${f.country} ${f.year}`, body: `${report(f)} is now published on the public site.` };
    case 'report.unlocked':
      return { title: `Report unlocked: ${f.country} ${f.year}`, body: `${report(f)} was unlocked and can be edited again.` };
    case 'report.reminder':
      return reminderText(f);
    case 'practice.submitted':
      return { title: `Practice to review: ${f.practice}`, body: `${practice(f)} from ${f.country} was submitted for review.` };
    case 'practice.returned':
      return { title: `Practice returned: ${f.practice}`, body: `${practice(f)} was returned for changes.` };
    case 'practice.published':
      return { title: `Practice published: ${f.practice}`, body: `${practice(f)} is now published on the public site.` };
    case 'practice.commented':
      return {
        title: `New comment: ${f.practice}`,
        body: `A reviewer commented on ${f.section ? `the section “${f.section}” of ` : ''}the best practice “${f.practice}”.`,
      };
    case 'contact.received':
      return { title: 'New contact message', body: 'A new message arrived through the contact form.' };
    case 'account.awaiting':
      return { title: 'New account awaiting activation', body: `${f.user} created an account and awaits activation.` };
    case 'account.activated':
      return { title: 'Your account is active', body: 'Your account was activated: you can now sign in and use the back-office.' };
    case 'account.role.changed':
      return {
        title: 'Your role changed',
        body: f.roles ? `Your role in the portal is now: ${f.roles}.` : 'You no longer hold a role in the portal.',
      };
  }
}

const longDate = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
const dueDate = (f: NotificationFacts) => (f.due ? longDate.format(new Date(`${f.due}T00:00:00Z`)) : 'its closing date');

/** "Report due in 7 days: Philippines 2026", "Report overdue: Philippines 2026". */
function reminderText(f: NotificationFacts): { title: string; body: string } {
  const left = f.daysLeft ?? 0;
  const where = `${f.country} ${f.year}`;
  if (left < 0) {
    return {
      title: `Report overdue: ${where}`,
      body: `${report(f)} was due on ${dueDate(f)} and has not been submitted yet. Please submit it as soon as you can.`,
    };
  }
  return {
    title: `${dueLabel(left).replace(/^Due/, 'Report due')}: ${where}`,
    body: `${report(f)} is due on ${dueDate(f)} and has not been submitted yet.`,
  };
}

/** How a reason given with a decision is introduced. */
export const REASON_LABEL = 'Reason';

/** The email made of a notification: plain text, and simple HTML with every value escaped. */
export function notificationEmail(input: {
  recipient: string | null;
  title: string;
  body: string;
  note: string | null;
  url: string;
  siteName: string;
}): { subject: string; text: string; html: string } {
  const greeting = input.recipient ? `Dear ${input.recipient},` : 'Hello,';
  const reason = input.note ? `${REASON_LABEL}: ${input.note}` : null;
  const footer = `You receive this email because of your choices in your account on the ${input.siteName} portal.`;
  const text = [greeting, '', input.body, ...(reason ? ['', reason] : []), '', `Open it: ${input.url}`, '', '—', footer].join('\n');
  const p = (value: string) => `<p>${escapeHtml(value).replaceAll('\n', '<br>')}</p>`;
  const html = [
    '<!doctype html><html><body style="font-family:sans-serif;line-height:1.5;color:#1f2937">',
    p(greeting),
    p(input.body),
    reason ? `<p><strong>${escapeHtml(REASON_LABEL)}:</strong> ${escapeHtml(input.note ?? '')}</p>` : '',
    `<p><a href="${escapeHtml(input.url)}">Open it in the portal</a></p>`,
    `<p style="color:#6b7280;font-size:0.875em">${escapeHtml(footer)}</p>`,
    '</body></html>',
  ].join('');
  return { subject: `${input.title} · ${input.siteName}`, text, html };
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}
