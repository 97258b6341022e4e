/** Dates and numbers in the page's language (issue 17): `Intl` with its tag, British English for English. */
import { countryName } from '../../i18n/countries.ts';
import { INTL_TAG, PAGE_LOCALE } from '../../i18n/page-locale.ts';
import { m } from './messages.ts';

const dateFormat = new Intl.DateTimeFormat(INTL_TAG, { day: 'numeric', month: 'short', year: 'numeric' });
const numberFormat = new Intl.NumberFormat(INTL_TAG);

/**
 * French and Russian join a date's abbreviations and numbers with no-break spaces ("30 дек. 2026 г.",
 * "30 déc. 2026"), so a narrow screen never leaves "г." or the year alone on the next line.
 */
const keepTogether = PAGE_LOCALE === 'en' ? (text: string) => text : (text: string) => text.replace(/ /g, '\u00a0');

/** "30 Dec 2026", "30 дек. 2026 г." */
export function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : keepTogether(dateFormat.format(date));
}

const timeFormat = new Intl.DateTimeFormat(INTL_TAG, { hour: '2-digit', minute: '2-digit' });

/** "14:02": when something was saved today. */
export function formatTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : timeFormat.format(date);
}

const dateTimeFormat = new Intl.DateTimeFormat(INTL_TAG, {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/** "23 Nov 2026, 10:42": when someone changed a record (the date kept on one line, the time may go to the next). */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : keepTogether(dateTimeFormat.format(date)).replace(/,\u00a0/, ', ');
}

/**
 * "Aiko Tanaka changed this on 23 Nov 2026, 10:42" in the page's language, or "Someone else …"
 * when no name is known. `what` ("this user", "“Annual report”") comes from the caller's own
 * catalogue, in the page's language; without it the sentence says "this".
 */
export function changedBy(
  record: { updated_at: string | null; updated_by: { name: string } | null },
  what?: string,
): string {
  const who = record.updated_by?.name ?? m('conflict.someoneElse');
  const when = record.updated_at ? formatDateTime(record.updated_at) : null;
  if (what === undefined || what === 'this')
    return when ? m('conflict.changedThis', { who, when }) : m('conflict.changedThisNoDate', { who });
  return when ? m('conflict.changedWhat', { who, what, when }) : m('conflict.changedWhatNoDate', { who, what });
}

export function formatNumber(value: number): string {
  return numberFormat.format(value);
}

const WITH_THE = new RegExp(
  '^(Philippines|Maldives|Netherlands|Russian Federation|Republic of |Democratic People|Lao People|United |' +
    'Islamic Republic)|Islands$',
);

/** A country's name as it reads inside a sentence: "in the Philippines", "in Thailand". */
export function countryInSentence(name: string): string {
  return WITH_THE.test(name) ? `the ${name}` : name;
}

/** A country's name in the page's language; in English as it reads inside a sentence ("the Philippines"). */
export function countryInText(country: { code: string; name: string }): string {
  return PAGE_LOCALE === 'en' ? countryInSentence(country.name) : countryName(country.code, country.name);
}

const ROLE_LABELS: Record<string, string> = {
  tuxuri: m('role.tuxuri'),
  admin: m('role.admin'),
  state_admin: m('role.state_admin'),
  state_member: m('role.state_member'),
};

/**
 * A role's name in the page's language, by its `name`; its description (from the database) for a role the catalogue
 * does not know.
 */
export function roleLabel(role: { name: string; description: string }): string {
  return ROLE_LABELS[role.name] ?? role.description;
}

/** A list's introduction that counts what is unread; the plain one until the count is known. */
export function unreadIntro(
  unread: number | undefined,
  texts: { intro: string; allRead: string; unread: (count: number) => string },
): string {
  if (unread === undefined) return texts.intro;
  return unread === 0 ? texts.allRead : texts.unread(unread);
}
