import * as pkijs from 'pkijs';
import { answerInWorker } from '../storage/bounded-worker.server.ts';
import { inspectPdf } from './pdf-check.server.ts';
import type { PdfJob } from './pdf-inspect.server.ts';

/** The worker thread that reads and checks an uploaded PDF (pdf-inspect.server.ts starts it, decision 054). */
answerInWorker(async (input) => {
  const { bytes, trusted } = input as PdfJob;
  return inspectPdf(
    bytes,
    trusted.map((authority) => ({
      name: authority.name,
      certificate: pkijs.Certificate.fromBER(new Uint8Array(authority.der)),
    })),
  );
});
