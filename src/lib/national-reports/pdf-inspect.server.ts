import { ApiError } from '../http/errors.server.ts';
import type { TrustedAuthority } from '../signatures/cms-verify.server.ts';
import { runInWorker, saidOf, WorkerLimitError, WorkerTaskError } from '../storage/bounded-worker.server.ts';
import { isPdf, objectCount, PDF_OBJECTS_MAX, PDF_PROBLEMS, type PdfFacts } from './pdf-check.server.ts';

/** What the PDF worker is given: the file, and each trusted authority's certificate as DER. */
export interface PdfJob {
  bytes: Uint8Array;
  trusted: { name: string; der: Uint8Array }[];
}

/**
 * Reading a PDF builds an object per PDF object: a 12 MB file of 200,000 tiny objects took 4.7 s
 * of the event loop and 400 MB. So a PDF is read and checked in a worker thread with its own heap
 * and time (decision 054), after its objects are counted (PDF_OBJECTS_MAX): a legitimate signed
 * report (a few thousand objects, however large its scanned pages) takes milliseconds; a file past
 * any limit is refused, never the instance.
 */
export const PDF_WORKER_LIMITS = { heapMb: 64, timeoutMs: 10_000 } as const;

/**
 * inspectPdf (pdf-check.server.ts), off the event loop and within PDF_WORKER_LIMITS; its refusals as it throws them.
 */
export async function inspectUploadedPdf(bytes: Uint8Array, trusted: readonly TrustedAuthority[]): Promise<PdfFacts> {
  // What is refused by a look at the bytes (a memchr scan: milliseconds for 20 MB) needs no worker.
  if (!isPdf(bytes)) throw PDF_PROBLEMS.notPdf();
  if (objectCount(bytes) > PDF_OBJECTS_MAX) throw PDF_PROBLEMS.tooComplex();
  const job: PdfJob = {
    bytes,
    trusted: trusted.map((authority) => ({
      name: authority.name,
      der: new Uint8Array(authority.certificate.toSchema().toBER()),
    })),
  };
  try {
    return await runInWorker<PdfFacts>(
      new URL('./pdf-check-worker.server.ts', import.meta.url),
      job,
      PDF_WORKER_LIMITS,
    );
  } catch (error) {
    if (error instanceof WorkerLimitError) throw PDF_PROBLEMS.tooComplex();
    if (error instanceof WorkerTaskError && error.failure.name === 'ApiError' && error.failure.status) {
      const { said, errors } = saidOf(error.failure);
      throw new ApiError(error.failure.status as 415 | 422, said, errors);
    }
    throw error;
  }
}
