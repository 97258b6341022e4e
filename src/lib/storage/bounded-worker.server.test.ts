import { describe, expect, test } from 'vitest';
import { ApiError } from '../http/errors.server.ts';
import { runInWorker, WAITING_MAX } from './bounded-worker.server.ts';

const FIXTURE = new URL('./bounded-worker.fixture.ts', import.meta.url);
const LIMITS = { heapMb: 64, timeoutMs: 20_000 };

describe('bounded workers', () => {
  test('two run, WAITING_MAX wait their turn, and one more is refused at once with a 503', async () => {
    const accepted = Array.from({ length: 2 + WAITING_MAX }, (_, value) =>
      runInWorker<number>(FIXTURE, { ms: 400, value }, LIMITS),
    );
    const started = performance.now();
    const refused = await runInWorker<number>(FIXTURE, { ms: 0, value: -1 }, LIMITS).catch((error: unknown) => error);
    expect(performance.now() - started).toBeLessThan(100);
    expect(refused).toBeInstanceOf(ApiError);
    expect((refused as ApiError).status).toBe(503);
    expect(await Promise.all(accepted)).toEqual(accepted.map((_, i) => i));
    // Once the queue has gone, a task runs again.
    expect(await runInWorker<number>(FIXTURE, { ms: 0, value: 7 }, LIMITS)).toBe(7);
  }, 30_000);
});
