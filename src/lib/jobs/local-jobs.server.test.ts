import { expect, test } from 'vitest';
import { backoffSeconds } from './jobs.server.ts';
import { LocalJobs } from './local-jobs.server.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function within(ms: number, what: string, probe: () => boolean): Promise<void> {
  const started = performance.now();
  while (!probe()) {
    if (performance.now() - started > ms) throw new Error(`Not within ${ms} ms: ${what}`);
    await sleep(10);
  }
}

test('the backoff: the first delay, doubling, at most the maximum', () => {
  const policy = { delaySeconds: 5, maxDelaySeconds: 300 };
  expect([1, 2, 3, 4, 5, 6, 7, 8].map((failures) => backoffSeconds(policy, failures))).toEqual([
    5, 10, 20, 40, 80, 160, 300, 300,
  ]);
});

test('asks while a run waits join it; asks while one runs make exactly one more run', async () => {
  const jobs = new LocalJobs();
  let runs = 0;
  let release: () => void = () => {};
  jobs.define('work', async () => {
    runs++;
    await new Promise<void>((resolve) => (release = resolve));
  });
  await jobs.runLater('work', 0.05);
  await jobs.run('work');
  expect(jobs.waitingNow('work').since).not.toBeNull();
  await within(1000, 'the first run', () => runs === 1);
  expect(jobs.waitingNow('work').since).toBeNull();
  await Promise.all([jobs.run('work'), jobs.run('work'), jobs.run('work')]);
  expect(jobs.waitingNow('work').since).not.toBeNull();
  release();
  await within(1000, 'the second run', () => runs === 2);
  release();
  await jobs.settled('work');
  expect(runs).toBe(2);
  expect(jobs.busy('work')).toBe(false);
});

test('a failed run is retried by itself after its backoff; an ask meanwhile replaces the retry', async () => {
  const jobs = new LocalJobs({ log: () => {} });
  const outcomes: boolean[] = [true, true, false];
  let runs = 0;
  jobs.define(
    'build',
    async () => {
      runs++;
      if (outcomes.shift()) throw new Error('failed');
    },
    { retry: { delaySeconds: 5, maxDelaySeconds: 300, schedule: (failures) => (failures === 1 ? 0.1 : 60) } },
  );
  await jobs.run('build');
  await jobs.settled('build');
  expect(runs).toBe(1);
  expect(jobs.waitingNow('build').retryAt).not.toBeNull();
  // Retried after 0.1 s, by itself; it fails again: the next retry waits a minute.
  await within(2000, 'the retry', () => runs === 2 && !jobs.busy('build'));
  const retryAt = jobs.waitingNow('build').retryAt;
  expect(retryAt!.getTime() - Date.now()).toBeGreaterThan(50_000);
  // Asked for meanwhile: it runs now, the retry is dropped, and a success ends the streak.
  await jobs.run('build');
  await within(1000, 'the asked run', () => runs === 3 && !jobs.busy('build'));
  expect(jobs.waitingNow('build')).toEqual({ since: null, retryAt: null });
});

test(
  'a job without retries waits for the next ask; the ' + 'clock runs a job at start and every period; stop ends it',
  async () => {
    const jobs = new LocalJobs({ log: () => {} });
    let ticks = 0;
    let failures = 0;
    jobs.define('tick', async () => void ticks++, { everySeconds: 0.1 });
    jobs.define('once', async () => {
      failures++;
      throw new Error('down');
    });
    await jobs.run('once');
    await jobs.settled('once');
    await sleep(150);
    expect(failures).toBe(1);
    expect(jobs.waitingNow('once').retryAt).toBeNull();
    expect(ticks).toBe(0); // the clock begins with start()
    await jobs.start();
    await within(1000, 'three ticks', () => ticks >= 3);
    await jobs.stop();
    const stopped = ticks;
    await jobs.run('tick');
    await sleep(250);
    expect(ticks).toBe(stopped);
  },
);
