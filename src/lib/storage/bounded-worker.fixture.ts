/** A worker for bounded-worker's tests: waits `ms`, then answers `value`. */
import { answerInWorker } from './bounded-worker.server.ts';

answerInWorker(async (input) => {
  const { ms, value } = input as { ms: number; value: number };
  await new Promise((resolve) => setTimeout(resolve, ms));
  return value;
});
