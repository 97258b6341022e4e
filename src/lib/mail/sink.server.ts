import type { AddressInfo } from 'node:net';
import type { Readable } from 'node:stream';
import { simpleParser, type AddressObject } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A message as the sink received it. */
export interface SunkMail {
  messageId: string | undefined;
  from: string | undefined;
  to: string | undefined;
  subject: string | undefined;
  text: string | undefined;
  html: string | undefined;
  /** The To header's mailboxes as the parser read them back. */
  toMailboxes: { name: string; address: string }[];
  /** The addresses of the SMTP envelope (RCPT TO): where the message really went. */
  envelopeTo: string[];
  /** The message's header block as it arrived, before any decoding. */
  headers: string;
}

/** How the sink answers a recipient it refuses: an SMTP code (550: for good; 450: for now) and words. */
export interface SinkRefusal {
  code: number;
  message: string;
}

export interface MailSinkOptions {
  onMail?: (mail: SunkMail) => void;
  /** Refuses some recipients at RCPT TO (tests of mail the server will not take); null takes it. */
  refuse?: (address: string) => SinkRefusal | null;
}

function mailboxesOf(header: AddressObject | AddressObject[] | undefined): { name: string; address: string }[] {
  return (Array.isArray(header) ? header : header ? [header] : []).flatMap((h) =>
    h.value.map((a) => ({ name: a.name, address: a.address ?? '' })),
  );
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** What the sink keeps of a message: its parsed fields, its envelope and its raw headers. */
async function sunk(raw: Buffer, envelopeTo: string[]): Promise<SunkMail> {
  const parsed = await simpleParser(raw);
  const end = raw.indexOf('\r\n\r\n');
  return {
    messageId: parsed.messageId,
    from: parsed.from?.text,
    to: Array.isArray(parsed.to) ? parsed.to.map((a) => a.text).join(', ') : parsed.to?.text,
    subject: parsed.subject,
    text: parsed.text,
    html: typeof parsed.html === 'string' ? parsed.html : undefined,
    toMailboxes: mailboxesOf(parsed.to),
    envelopeTo,
    headers: raw.subarray(0, end < 0 ? raw.length : end).toString('utf8'),
  };
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

  constructor(options: MailSinkOptions = {}) {
    this.#onMail = options.onMail;
    const refuse = options.refuse;
    this.#server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      // Stopping the sink should not wait for idle clients.
      closeTimeout: 1000,
      onRcptTo: (address, _session, callback) => {
        const refusal = refuse?.(address.address);
        if (!refusal) return callback();
        callback(Object.assign(new Error(refusal.message), { responseCode: refusal.code }));
      },
      onData: (stream, session, callback) => {
        readAll(stream)
          .then((raw) =>
            sunk(
              raw,
              session.envelope.rcptTo.map((r) => r.address),
            ),
          )
          .then((mail) => {
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
