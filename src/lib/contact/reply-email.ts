/**
 * The email of a reply to a contact message: the secretariat's words as written, signed with the
 * sender's name, with the visitor's own message quoted below. The words around them (greeting,
 * "On …, you wrote:") are in the language the visitor's browser asked for when they wrote
 * (decision 043). Plain text, and simple HTML with `lang` and every value escaped.
 */
import { LOCALE_INFO, type Locale } from '../../i18n/locales.ts';
import { escapeHtml, fillMessage, formatDay, type Values } from '../i18n/format.ts';
import { isolated } from '../http/safe-text.ts';
import { NOTIFICATION_CATALOGUES } from '../notifications/messages.ts';

/** "Re: …" once, however often the subject was answered already. */
export function replySubject(subject: string): string {
  return /^re:/i.test(subject.trim()) ? subject.trim() : `Re: ${subject.trim()}`;
}

/**
 * The subject as the email carries it: what was written inside FSI … PDI when it holds
 * right-to-left writing, after the "Re:" that may come first (decision 057).
 */
export function isolatedSubject(subject: string): string {
  const [, re = '', rest = ''] = /^(re:\s*)?([\s\S]*)$/i.exec(subject.trim()) ?? [];
  return `${re}${isolated(rest)}`;
}

export function contactReplyEmail(input: {
  message: { name: string; subject: string; message: string; createdAt: Date };
  reply: { subject: string; message: string };
  sender: string;
  siteName: string;
  locale?: Locale;
}): { subject: string; text: string; html: string } {
  const locale = input.locale ?? 'en';
  const m = (key: string, values: Values, html = false) =>
    fillMessage(NOTIFICATION_CATALOGUES, locale, key, values, html);
  const greeting = { name: input.message.name };
  const signature = `${input.sender}\n${input.siteName}`;
  const wrote = { date: formatDay(locale, input.message.createdAt) };
  const quoted = input.message.message.split('\n').map((line) => `> ${isolated(line)}`);
  const subject = isolatedSubject(input.reply.subject);
  const text = [
    m('contactReply.greeting', greeting),
    '',
    input.reply.message,
    '',
    signature,
    '',
    m('contactReply.wrote', wrote),
    ...quoted,
  ].join('\n');
  const p = (html: string, attributes = '') => `<p${attributes}>${html.replaceAll('\n', '<br>')}</p>`;
  const html = [
    `<!doctype html><html lang="${LOCALE_INFO[locale].tag}" dir="ltr"><head><meta ` +
      `charset="utf-8"><title>${escapeHtml(subject)}</title></head>`,
    '<body style="font-family:sans-serif;line-height:1.5;color:#1f2937">',
    p(m('contactReply.greeting', greeting, true)),
    // What people write keeps its own direction (a reply or a message in Arabic script).
    p(escapeHtml(input.reply.message), ' dir="auto"'),
    p(`<bdi>${escapeHtml(input.sender)}</bdi>\n${escapeHtml(input.siteName)}`),
    p(m('contactReply.wrote', wrote, true), ' style="color:#6b7280"'),
    `<blockquote style="margin:0;padding-left:1em;border-left:3px solid ` +
      `#d1d5db;color:#4b5563">${p(escapeHtml(input.message.message), ' dir="auto"')}</blockquote>`,
    '</body></html>',
  ].join('');
  return { subject, text, html };
}
