/**
 * A notification's title, body and email in the reader's language (decision 043): the bell's
 * list writes them in the request's language, the email in the recipient's (their account's
 * language, English until they choose one). The texts are in
 * `src/lib/i18n/notification-messages/{en,zh,fr,ru}.json`; what people wrote (a practice's
 * title, a reason, a name) is kept as written, and isolated in the HTML so that its own
 * direction holds.
 */
import en from '../i18n/notification-messages/en.json' with { type: 'json' };
import fr from '../i18n/notification-messages/fr.json' with { type: 'json' };
import ru from '../i18n/notification-messages/ru.json' with { type: 'json' };
import zh from '../i18n/notification-messages/zh.json' with { type: 'json' };
import { LOCALE_INFO, type Locale } from '../../i18n/locales.ts';
import { countryNameIn, escapeHtml, fillMessage, formatDay, type TextCatalogue, type Values } from '../i18n/format.ts';
import type { NotificationKind } from './kinds.ts';
import type { NotificationFacts } from './texts.ts';

export const NOTIFICATION_CATALOGUES: Record<Locale, TextCatalogue> = { en, zh, fr, ru };

type Text = { title: string; body: string };

const term = (locale: Locale, key: string, fallback: string): string => {
  const message = NOTIFICATION_CATALOGUES[locale][key] ?? NOTIFICATION_CATALOGUES.en[key];
  return typeof message === 'string' ? message : fallback;
};

/**
 * The values a kind's texts are filled with, in `locale`: names of countries, sections and roles translated, dates in
 * words.
 */
function valuesOf(f: NotificationFacts, locale: Locale): Values {
  const roles = (f.roles ?? '')
    .split(', ')
    .filter(Boolean)
    .map((role) => term(locale, `role.${role}`, role));
  return {
    country: countryNameIn(locale, f.countryCode, f.country ?? ''),
    year: f.year,
    practice: f.practice ?? term(locale, 'practice.untitled', 'untitled'),
    section: f.section ? term(locale, `section.${f.section}`, f.section) : undefined,
    user: f.user,
    roles: roles.join(locale === 'zh' ? '、' : ', '),
    date: f.due ? formatDay(locale, f.due) : term(locale, 'report.reminder.noDate', 'its closing date'),
    count: f.daysLeft,
    failures: f.failures,
    subject: f.subject,
  };
}

/** Which messages make a kind's title and body, given its facts. */
function keysOf(kind: NotificationKind, f: NotificationFacts): { title: string; body: string } {
  if (kind === 'report.reminder') {
    const left = f.daysLeft ?? 0;
    if (left < 0) return { title: 'report.reminder.overdue.title', body: 'report.reminder.overdue.body' };
    const title =
      left === 0
        ? 'report.reminder.today.title'
        : left === 1
          ? 'report.reminder.tomorrow.title'
          : 'report.reminder.due.title';
    return { title, body: 'report.reminder.due.body' };
  }
  if (kind === 'practice.commented' && f.section)
    return { title: 'practice.commented.title', body: 'practice.commented.sectionBody' };
  if (kind === 'account.role.changed' && !f.roles)
    return { title: 'account.role.changed.title', body: 'account.role.none.body' };
  return { title: `${kind}.title`, body: `${kind}.body` };
}

function render(kind: NotificationKind, f: NotificationFacts, locale: Locale, html: boolean): Text {
  const keys = keysOf(kind, f);
  const values = valuesOf(f, locale);
  return {
    title: fillMessage(NOTIFICATION_CATALOGUES, locale, keys.title, values, html),
    body: fillMessage(NOTIFICATION_CATALOGUES, locale, keys.body, values, html),
  };
}

/** The title and body shown in the list (plain text). */
export function notificationText(kind: NotificationKind, facts: NotificationFacts, locale: Locale = 'en'): Text {
  return render(kind, facts, locale, false);
}

/**
 * The body as the bell lists it: with the reason given with a decision (a return, an unlock), as the email gives it.
 */
export function listedBody(kind: NotificationKind, facts: NotificationFacts, locale: Locale = 'en'): string {
  const { body } = notificationText(kind, facts, locale);
  return facts.note
    ? `${body} ${fillMessage(NOTIFICATION_CATALOGUES, locale, 'reasonLine', { note: facts.note })}`
    : body;
}

/**
 * "<strong>Reason:</strong> …": the words before the note in bold, the note isolated (it may be written right to left).
 */
function reasonHtml(locale: Locale, note: string): string {
  const line = term(locale, 'reasonLine', 'Reason: {note}');
  const [before = '', after = ''] = line.split('{note}');
  return (
    `<strong>${escapeHtml(before.trimEnd())}</strong>${before.endsWith(' ') ? ' ' : ''}<bdi ` +
    `dir="auto">${escapeHtml(note)}</bdi>${escapeHtml(after)}`
  );
}

const paragraph = (html: string, style = '') =>
  `<p${style ? ` style="${style}"` : ''}>${html.replaceAll('\n', '<br>')}</p>`;

/**
 * The email of a notification in `locale`: subject, plain text, and simple HTML with `lang` and every value escaped.
 */
export function notificationEmail(input: {
  kind: NotificationKind;
  facts: NotificationFacts;
  recipient: string | null;
  url: string;
  siteName: string;
  locale?: Locale;
}): { subject: string; text: string; html: string } {
  const locale = input.locale ?? 'en';
  const m = (key: string, values: Values = {}, html = false) =>
    fillMessage(NOTIFICATION_CATALOGUES, locale, key, values, html);
  const plain = render(input.kind, input.facts, locale, false);
  const rich = render(input.kind, input.facts, locale, true);
  const greeting = (html: boolean) =>
    input.recipient ? m('email.greeting', { name: input.recipient }, html) : m('email.greetingNoName', {}, html);
  const note = input.facts.note ?? null;
  const footer = (html: boolean) => m('email.footer', { site: input.siteName }, html);
  const text = [
    greeting(false),
    '',
    plain.body,
    ...(note ? ['', m('reasonLine', { note })] : []),
    '',
    m('email.openText', { url: input.url }),
    '',
    '—',
    footer(false),
  ];
  // The programme's name is a proper name: English inside a page in another language.
  const siteInHtml =
    locale === 'en'
      ? footer(true)
      : footer(true).replace(
          `<bdi>${escapeHtml(input.siteName)}</bdi>`,
          `<bdi lang="en">${escapeHtml(input.siteName)}</bdi>`,
        );
  const html = [
    `<!doctype html><html lang="${LOCALE_INFO[locale].tag}" dir="ltr"><head><meta ` +
      `charset="utf-8"><title>${escapeHtml(plain.title)}</title></head>`,
    '<body style="font-family:sans-serif;line-height:1.5;color:#1f2937">',
    paragraph(greeting(true)),
    paragraph(rich.body),
    note ? paragraph(reasonHtml(locale, note)) : '',
    `<p><a href="${escapeHtml(input.url)}">${m('email.openLink', {}, true)}</a></p>`,
    paragraph(siteInHtml, 'color:#6b7280;font-size:0.875em'),
    '</body></html>',
  ].join('');
  return { subject: `${plain.title} · ${input.siteName}`, text: text.join('\n'), html };
}
