import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A message as the sink received it. */
export interface SunkMail {
  messageId: string | undefined;
  from: string | undefined;
  to: string | undefined;
  subject: string | undefined;
  text: string | undefined;
  html: string | undefined;
}

/**
 * A local SMTP server that accepts every message and keeps it in memory (local mode and tests):
 * the portal sends through SMTP exactly as in production, and nothing leaves the machine.
 */
export class MailSink {
  readonly received: SunkMail[] = [];
  readonly #server: SMTPServer;
  readonly #onMail: ((mail: SunkMail) => void) | undefined;
  #port = 0;

  constructor(options: { onMail?: (mail: SunkMail) => void } = {}) {
    this.#onMail = options.onMail;
    this.#server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      // Stopping the sink should not wait for idle clients.
      closeTimeout: 1000,
      onData: (stream, _session, callback) => {
        simpleParser(stream)
          .then((parsed) => {
            const mail: SunkMail = {
              messageId: parsed.messageId,
              from: parsed.from?.text,
              to: Array.isArray(parsed.to) ? parsed.to.map((a) => a.text).join(', ') : parsed.to?.text,
              subject: parsed.subject,
              text: parsed.text,
              html: typeof parsed.html === 'string' ? parsed.html : undefined,
            };
            this.received.push(mail);
            this.#onMail?.(mail);
            callback();
          })
          .catch((error: unknown) => callback(error instanceof Error ? error : new Error(String(error))));
      },
    });
  }

  /** Listens on `host:port` (port 0: any free port); resolves with the SMTP URL to send to. */
  async listen(port = 0, host = '127.0.0.1'): Promise<string> {
    await new Promise<void>((resolve, reject) => {
      this.#server.server.once('error', reject);
      this.#server.listen(port, host, () => resolve());
    });
    this.#port = (this.#server.server.address() as AddressInfo).port;
    return this.url;
  }

  get url(): string {
    return `smtp://127.0.0.1:${this.#port}`;
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.#server.close(() => resolve()));
  }
}
