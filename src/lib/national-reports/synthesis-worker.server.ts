import { answerInWorker } from '../storage/bounded-worker.server.ts';
import { synthesisDocx } from './synthesis-docx.server.ts';
import { synthesisPdf } from './synthesis-pdf.server.ts';
import type { SynthesisJob } from './synthesis-schema.ts';

/** The worker thread that draws the regional synthesis (synthesis.server.ts starts it, decision 079). */
answerInWorker(async (input) => {
  const { doc, format } = input as SynthesisJob;
  return format === 'pdf' ? synthesisPdf(doc) : synthesisDocx(doc);
});
