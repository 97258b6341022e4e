import { parentPort, Worker, workerData } from 'node:worker_threads';
import { ApiError } from '../http/errors.server.ts';
import { fromWire, say, toWire, type WireMessage } from '../i18n/said.ts';

/**
 * Work on an uploaded file that could be slow or greedy (parsing a workbook) runs in a worker
 * thread, off the event loop that answers every other request, with a heap of its own that V8
 * caps and a time limit after which it is stopped (decision 054). A file that reaches either
 * limit ends its worker, never the instance. At most WORKERS_MAX such workers run at once; the
 * next waits for a free one, up to WAITING_MAX waiting (more are refused with a 503).
 */

export interface WorkerLimits {
  /** The worker's old-generation heap, in MB (V8 stops the worker past it). */
  heapMb: number;
  /** Wall time, in ms, after which the worker is stopped. */
  timeoutMs: number;
}

/** The worker was stopped at a limit: its file needs more memory or time than it may have. */
export class WorkerLimitError extends Error {
  readonly limit: 'memory' | 'time';
  constructor(limit: 'memory' | 'time') {
    super(`the worker reached its ${limit} limit`);
    this.limit = limit;
  }
}

/** An error the worker's task threw, as it crosses to the caller: its class name, message and line. */
export interface WorkerFailure {
  name: string;
  message: string;
  line?: number;
  /** The message as said (by key and values, decision 064), to be said again on this side. */
  said?: WireMessage;
  /** An ApiError's status and field errors, so the caller can answer it as thrown. */
  status?: number;
  errors?: Record<string, WireMessage[]>;
}

/** The failure's message and field errors as said in the worker. */
export function saidOf(failure: WorkerFailure): { said: string; errors: Record<string, string[]> | undefined } {
  const errors = failure.errors
    ? Object.fromEntries(Object.entries(failure.errors).map(([field, list]) => [field, list.map(fromWire)]))
    : undefined;
  return { said: fromWire(failure.said ?? failure.message), errors };
}

/** The error a worker's task threw, for the caller to turn back into its own error classes. */
export class WorkerTaskError extends Error {
  readonly failure: WorkerFailure;
  constructor(failure: WorkerFailure) {
    super(failure.message);
    this.failure = failure;
  }
}

type Answer<T> = { ok: true; value: T } | { ok: false; failure: WorkerFailure };

const WORKERS_MAX = 2;
/** Tasks that may wait for a worker; one more is refused at once (503) rather than queued without end. */
export const WAITING_MAX = 8;
let running = 0;
const waiting: (() => void)[] = [];

async function slot(): Promise<() => void> {
  if (running >= WORKERS_MAX) {
    if (waiting.length >= WAITING_MAX)
      throw new ApiError(503, say('The portal is busy making other documents; try again in a minute'));
    await new Promise<void>((resolve) => waiting.push(resolve));
  }
  running++;
  return () => {
    running--;
    waiting.shift()?.();
  };
}

/** The smallest heap a worker is given: with a few MB, V8 cannot even start it and aborts the whole process. */
const HEAP_MIN_MB = 16;

function run<T>(script: URL, input: unknown, limits: WorkerLimits): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const heapMb = Math.max(HEAP_MIN_MB, limits.heapMb);
    const worker = new Worker(script, {
      workerData: input,
      resourceLimits: {
        maxOldGenerationSizeMb: heapMb,
        maxYoungGenerationSizeMb: Math.round(heapMb / 8),
        stackSizeMb: 4,
      },
    });
    let settled = false;
    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      outcome();
      void worker.terminate();
    };
    const timer = setTimeout(() => settle(() => reject(new WorkerLimitError('time'))), limits.timeoutMs);
    worker.once('message', (answer: Answer<T>) =>
      settle(() => (answer.ok ? resolve(answer.value) : reject(new WorkerTaskError(answer.failure)))),
    );
    worker.once('error', (error: Error & { code?: string }) => {
      settle(() => reject(error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? new WorkerLimitError('memory') : error));
    });
    worker.once('exit', (code) =>
      settle(() => reject(new Error(`The worker stopped (exit code ${code}) before it answered`))),
    );
  });
}

/**
 * Runs the worker module `script` on `input` within `limits`; its answer, or the error it threw (WorkerTaskError) or
 * WorkerLimitError.
 */
export async function runInWorker<T>(script: URL, input: unknown, limits: WorkerLimits): Promise<T> {
  const release = await slot();
  try {
    return await run<T>(script, input, limits);
  } finally {
    release();
  }
}

/** In a worker module: runs `task` on the worker's input and sends its answer (or what it threw) back. */
export function answerInWorker<T>(task: (input: unknown) => Promise<T>): void {
  if (!parentPort) throw new Error('answerInWorker runs in a worker thread only');
  const port = parentPort;
  task(workerData).then(
    (value) => port.postMessage({ ok: true, value } satisfies Answer<T>),
    (error: unknown) => {
      const { name, message, line, status, errors, said } = error as Error & {
        line?: number;
        status?: number;
        errors?: Record<string, string[]>;
        said?: string;
      };
      const wired = errors && typeof errors === 'object' ? Object.entries(errors) : null;
      const failure: WorkerFailure = {
        name: (error as object)?.constructor?.name ?? name,
        message: String(message),
        ...(said !== undefined ? { said: toWire(said) } : {}),
        ...(typeof line === 'number' ? { line } : {}),
        ...(typeof status === 'number' ? { status } : {}),
        ...(wired ? { errors: Object.fromEntries(wired.map(([field, list]) => [field, list.map(toWire)])) } : {}),
      };
      port.postMessage({ ok: false, failure } satisfies Answer<T>);
    },
  );
}
