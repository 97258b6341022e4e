import { afterAll } from 'vitest';
import { MailSink } from '../../src/lib/mail/sink.server.ts';

/** A real SMTP sink on 127.0.0.1 (any free port), stopped after the file. */
export async function startMailSink(): Promise<MailSink> {
  const sink = new MailSink();
  await sink.listen(0);
  afterAll(() => sink.close());
  return sink;
}
