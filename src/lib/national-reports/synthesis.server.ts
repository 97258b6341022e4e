import type { Db } from '../db/client.server.ts';
import { ApiError, notFound } from '../http/errors.server.ts';
import { say } from '../i18n/said.ts';
import { runInWorker, WorkerLimitError } from '../storage/bounded-worker.server.ts';
import { loadCycleRow } from './queries.server.ts';
import { synthesisDoc } from './synthesis-model.ts';
import { synthesisInput } from './synthesis-queries.server.ts';
import type { SynthesisBody, SynthesisJob } from './synthesis-schema.ts';

/**
 * Drawing the document (shaping every line, subsetting the fonts, deflating) is seconds of work:
 * it runs in a worker thread with its own heap and time (decision 054's bounded workers, at most
 * two at once in an instance), so the event loop keeps answering; past either limit the request is
 * refused, never the instance.
 */
export const SYNTHESIS_WORKER_LIMITS = { heapMb: 512, timeoutMs: 90_000 } as const;

/** The regional synthesis of `year` in `lang` as `format`; 404 for a cycle that does not exist. */
export async function synthesisFile(db: Db, year: number, body: SynthesisBody): Promise<Uint8Array> {
  const cycle = await loadCycleRow(db, year);
  if (!cycle) throw notFound(say('There is no {year} reporting cycle', { year }));
  const job: SynthesisJob = { doc: synthesisDoc(await synthesisInput(db, cycle, body.lang)), format: body.format };
  try {
    return await runInWorker<Uint8Array>(
      new URL('./synthesis-worker.server.ts', import.meta.url),
      job,
      SYNTHESIS_WORKER_LIMITS,
    );
  } catch (error) {
    if (error instanceof WorkerLimitError)
      throw new ApiError(503, say('The regional synthesis took too long or too much memory to make; try again later'));
    throw error;
  }
}
