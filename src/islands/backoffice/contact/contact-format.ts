import { INTL_TAG } from '../../i18n/page-locale.ts';

const momentFormat = new Intl.DateTimeFormat(INTL_TAG, {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});
const todayFormat = new Intl.DateTimeFormat(INTL_TAG, { hour: '2-digit', minute: '2-digit' });
const shortFormat = new Intl.DateTimeFormat(INTL_TAG, { day: 'numeric', month: 'short' });

/** "3 Mar 2026, 14:05". */
export function formatReceived(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : momentFormat.format(date);
}

/** For list rows: the time today, the day this year, else the full date. */
export function formatReceivedShort(iso: string, now = new Date()): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  if (date.toDateString() === now.toDateString()) return todayFormat.format(date);
  if (date.getFullYear() === now.getFullYear()) return shortFormat.format(date);
  return momentFormat.format(date).replace(/,.*$/, '');
}
