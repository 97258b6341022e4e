/**
 * The email of a reply to a contact message: the secretariat's words as written, signed with the
 * sender's name, with the visitor's own message quoted below. Plain text, and simple HTML with
 * every value escaped.
 */

const receivedFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/** "Re: …" once, however often the subject was answered already. */
export function replySubject(subject: string): string {
  return /^re:/i.test(subject.trim()) ? subject.trim() : `Re: ${subject.trim()}`;
}

export function contactReplyEmail(input: {
  message: { name: string; subject: string; message: string; createdAt: Date };
  reply: { subject: string; message: string };
  sender: string;
  siteName: string;
}): { subject: string; text: string; html: string } {
  const greeting = `Dear ${input.message.name},`;
  const signature = `${input.sender}\n${input.siteName}`;
  const wrote = `On ${receivedFormat.format(input.message.createdAt)}, you wrote:`;
  const quoted = input.message.message.split('\n').map((line) => `> ${line}`);
  const text = [greeting, '', input.reply.message, '', signature, '', wrote, ...quoted].join('\n');
  const p = (value: string, style = '') => `<p${style ? ` style="${style}"` : ''}>${escapeHtml(value).replaceAll('\n', '<br>')}</p>`;
  const html = [
    '<!doctype html><html><body style="font-family:sans-serif;line-height:1.5;color:#1f2937">',
    p(greeting),
    p(input.reply.message),
    p(signature),
    p(wrote, 'color:#6b7280'),
    `<blockquote style="margin:0;padding-left:1em;border-left:3px solid #d1d5db;color:#4b5563">${p(input.message.message)}</blockquote>`,
    '</body></html>',
  ].join('');
  return { subject: input.reply.subject.trim(), text, html };
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}
