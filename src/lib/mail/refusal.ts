/**
 * What a failed send means for the message (decision 058), read from nodemailer's error: its
 * `command` (the SMTP step that failed: CONN, EHLO, AUTH …, MAIL FROM, RCPT TO, DATA, or API when
 * nodemailer refused before asking the server) and the server's `responseCode`.
 *
 * - `permanent`: the server refused this message or its recipient for good (a 5xx answer to
 *   RCPT TO or DATA), or the message cannot be sent at all (no valid recipient, too large).
 *   Trying again cannot help: it is marked failed and the administrators are told.
 * - `temporary`: a 4xx answer to RCPT TO or DATA (mailbox busy, greylisting, the server's queue
 *   full): tried again after a short wait.
 * - `server`: no session could be had (connection refused or cut, a timeout, TLS, login, a
 *   refused sender). It says nothing about this message; the worker asks the server whether it
 *   answers (a probe) before deciding that the whole outbox waits for it.
 */
export type RefusalKind = 'permanent' | 'temporary' | 'server';

export interface Refusal {
  kind: RefusalKind;
  /**
   * What went wrong: the server's answer when it gave one, else the network's or nodemailer's words (shown under "Last
   * problem").
   */
  reason: string;
}

interface SmtpError {
  message?: unknown;
  code?: unknown;
  command?: unknown;
  responseCode?: unknown;
  response?: unknown;
}

/** The SMTP steps whose answer is about this message and its recipient, not the server. */
const MESSAGE_STEPS = new Set(['RCPT TO', 'DATA']);

function isMessageFault(code: unknown, command: unknown, message: string): boolean {
  // nodemailer's own refusals of what it was given (never of its configuration: a bad sender is
  // the same for every message, and would otherwise drop the whole outbox).
  if (code === 'EENVELOPE' && command === 'API') return /^(Invalid recipient|No recipients)/.test(message);
  return (
    code === 'EMESSAGE' &&
    (command === 'API' || command === 'MAIL FROM') &&
    /^(Empty message|Message size)/.test(message)
  );
}

/** How a failed send is handled; see RefusalKind. */
export function classifyRefusal(error: unknown): Refusal {
  const e = (typeof error === 'object' && error !== null ? error : {}) as SmtpError;
  const message = typeof e.message === 'string' ? e.message : String(error);
  const reason = (typeof e.response === 'string' && e.response.trim() ? e.response.trim() : message).slice(0, 1000);
  const code = typeof e.responseCode === 'number' ? e.responseCode : null;
  if (code !== null && typeof e.command === 'string' && MESSAGE_STEPS.has(e.command)) {
    if (code >= 500) return { kind: 'permanent', reason };
    if (code >= 400) return { kind: 'temporary', reason };
  }
  if (isMessageFault(e.code, e.command, message)) return { kind: 'permanent', reason };
  return { kind: 'server', reason };
}
