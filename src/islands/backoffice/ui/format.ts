/** Dates and numbers in the page's language (issue 17): `Intl` with its tag, British English for English. */
import { INTL_TAG } from '../../i18n/page-locale.ts';

const dateFormat = new Intl.DateTimeFormat(INTL_TAG, { day: 'numeric', month: 'short', year: 'numeric' });
const numberFormat = new Intl.NumberFormat(INTL_TAG);

export function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateFormat.format(date);
}

const dateTimeFormat = new Intl.DateTimeFormat(INTL_TAG, {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/** "23 Nov 2026, 10:42": when someone changed a record. */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateTimeFormat.format(date);
}

/** "Aiko Tanaka changed this on 23 Nov 2026, 10:42", or without a name when none is known. */
export function changedBy(record: { updated_at: string | null; updated_by: { name: string } | null }, what = 'this'): string {
  const who = record.updated_by?.name ?? 'Someone else';
  return record.updated_at ? `${who} changed ${what} on ${formatDateTime(record.updated_at)}` : `${who} changed ${what}`;
}

export function formatNumber(value: number): string {
  return numberFormat.format(value);
}

/** "1 user", "3 users". */
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${formatNumber(count)} ${count === 1 ? one : many}`;
}

/** A country's name as it reads inside a sentence: "in the Philippines", "in Thailand". */
export function countryInSentence(name: string): string {
  return /^(Philippines|Maldives|Netherlands|Russian Federation|Republic of |Democratic People|Lao People|United |Islamic Republic)|Islands$/.test(name)
    ? `the ${name}`
    : name;
}
