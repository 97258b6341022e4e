import nodemailer from 'nodemailer';
import type { MailSender } from './worker.server.ts';

/**
 * How long a send waits for the SMTP server before it counts as unreachable: to connect, for
 * its greeting, and for any answer afterwards (nodemailer's defaults are 2 min, 30 s and 10 min,
 * which let a server that drops packets hold the outbox for minutes). SMTP_URL's own
 * `?connectionTimeout=…` and the like still win.
 */
const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 60_000 };

/** A nodemailer SMTP transport for `SMTP_URL` (smtp://user:pass@host:587, smtps://…). */
export function smtpSender(url: string): MailSender & { close(): void } {
  const transport = nodemailer.createTransport({ url, ...TIMEOUTS });
  return {
    send: async (message) => {
      // `from` and `to` go as { name, address }: nodemailer writes and encodes the address lines.
      await transport.sendMail(message);
    },
    verify: async () => {
      await transport.verify();
    },
    close: () => transport.close(),
  };
}
