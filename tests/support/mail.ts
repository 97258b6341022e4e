import { afterAll } from 'vitest';
import { MailSink, type MailSinkOptions } from '../../src/lib/mail/sink.server.ts';

/** A real SMTP sink on 127.0.0.1 (any free port, or `port`), stopped after the file. */
export async function startMailSink(options: MailSinkOptions = {}, port = 0): Promise<MailSink> {
  const sink = new MailSink(options);
  await sink.listen(port);
  afterAll(() => sink.close());
  return sink;
}
