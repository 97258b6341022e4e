/**
 * A worker thread that saves a draft CMS item again and again as an admin would, and times each
 * save. It runs beside the load generator, not in it: autocannon keeps the bench's own event loop
 * busy with 50 connections, and a save timed there would wait for that loop as well as for the
 * portal. Started by `timedWrites`; stops when told to and answers with its latencies.
 */
import { once } from 'node:events';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';

export interface TimedWritesConfig {
  url: string;
  token: string;
  uuid: string;
  /** The version the item has now; each save sends the one the previous save answered. */
  version: number;
  /**
   * Saves made and not timed before the load starts: the first saves of a fresh server (and the
   * worker's first requests) pay for compiling and connecting, which the load's warm-up does not
   * cover for them.
   */
  primeSaves: number;
  /** Wait this long before the first timed save (the load's warm-up). */
  startAfterMs: number;
  /** The pause between one save's answer and the next save. */
  pauseMs: number;
}

export interface TimedWritesResult {
  latencies: number[];
  /** How many saves answered each HTTP status (a Map crosses to the parent thread as it is). */
  statuses: Map<number, number>;
}

/**
 * Starts the writer: `primed` resolves once its untimed saves are made (start the load then, and
 * the timed saves begin `startAfterMs` after that); `stop()` ends it and gives the latencies of
 * the timed saves.
 */
export function timedWrites(config: TimedWritesConfig): { primed: Promise<void>; stop(): Promise<TimedWritesResult> } {
  const worker = new Worker(new URL(import.meta.url), { workerData: config });
  // `once` also rejects when the worker fails before the message it waits for.
  const primed = once(worker, 'message').then(() => undefined);
  return {
    primed,
    stop: async () => {
      worker.postMessage('stop');
      const [result] = (await once(worker, 'message')) as [TimedWritesResult];
      await worker.terminate();
      return result;
    },
  };
}

async function writeUntilStopped(config: TimedWritesConfig): Promise<void> {
  let writing = true;
  const latencies: number[] = [];
  const statuses = new Map<number, number>();
  let version = config.version;
  const save = async (edit: string) => {
    const response = await fetch(`${config.url}/api/cms/saved`, {
      method: 'POST',
      headers: { authorization: `Bearer ${config.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        uuid: config.uuid,
        cms_type: 'partner',
        title: `Bench draft partner, ${edit}`,
        display_order: 0,
        version,
      }),
    });
    const answer = (await response.json().catch(() => null)) as { data?: { version?: number } } | null;
    if (typeof answer?.data?.version === 'number') version = answer.data.version;
    return response.status;
  };
  for (let n = 1; n <= config.primeSaves; n++) await save(`warm-up ${n}`);
  parentPort!.once('message', () => (writing = false));
  parentPort!.postMessage('primed');
  await new Promise((resolve) => setTimeout(resolve, config.startAfterMs));
  for (let n = 1; writing; n++) {
    const started = performance.now();
    const status = await save(`edit ${n}`);
    if (!writing) break;
    latencies.push(performance.now() - started);
    statuses.set(status, (statuses.get(status) ?? 0) + 1);
    await new Promise((resolve) => setTimeout(resolve, config.pauseMs));
  }
  parentPort!.postMessage({ latencies, statuses } satisfies TimedWritesResult);
}

if (!isMainThread && parentPort) await writeUntilStopped(workerData as TimedWritesConfig);
