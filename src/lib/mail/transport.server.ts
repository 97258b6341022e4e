import nodemailer from 'nodemailer';
import type { MailSender } from './worker.server.ts';

/** A nodemailer SMTP transport for `SMTP_URL` (smtp://user:pass@host:587, smtps://…). */
export function smtpSender(url: string): MailSender & { close(): void } {
  const transport = nodemailer.createTransport(url);
  return {
    send: async (message) => {
      await transport.sendMail(message);
    },
    close: () => transport.close(),
  };
}
