/**
 * Issue 31, item 2, for the signed report's PDF: a file within the size limit whose objects are
 * many and tiny (a 12 MB PDF of 200,000 objects took 4.7 s of the event loop and 400 MB to read)
 * is read in a worker with its own heap and time (decision 054): refused with a clear 422 while the
 * instance keeps answering, its memory barely moved.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { expect, test } from 'vitest';
import { manyObjectsPdf } from '../fixtures/hostile-files.ts';
import { createTestContext } from '../support/app.ts';
import { createUser } from '../support/factories.ts';
import { completedReport, openCycle, questionsByCode } from '../support/national-reports.ts';

const ctx = await createTestContext();
const YEAR = 2027;

test(
  'a PDF of 200,000 tiny objects: 422 "too complex" in seconds, the instance answering all along, memory bounded',
  { timeout: 120_000 },
  async () => {
    const admin = await createUser(ctx, { role: 'admin', country: 'JP' });
    await openCycle(ctx, admin, { year: YEAR });
    const questions = await questionsByCode(ctx, admin);
    const { uuid, stateAdmin } = await completedReport(ctx, YEAR, 'KH', questions);

    const bytes = manyObjectsPdf(200_000);
    expect(bytes.length).toBeLessThan(20 * 1024 * 1024);
    const form = new FormData();
    form.set('file', new File([bytes as Uint8Array<ArrayBuffer>], 'rapport-signé.pdf', { type: 'application/pdf' }));

    const delay = monitorEventLoopDelay({ resolution: 10 });
    global.gc?.();
    const rssBefore = process.memoryUsage().rss;
    let rssPeak = rssBefore;
    const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, process.memoryUsage().rss)), 20);
    delay.enable();
    const started = performance.now();
    const answer = ctx.request(`/api/report/type/national/${uuid}/report/upload/inspect`, {
      token: stateAdmin.token,
      body: form,
      headers: { 'Accept-Language': 'ru' },
    });
    // Meanwhile the instance answers other requests.
    const health: number[] = [];
    let done = false;
    void answer.finally(() => (done = true));
    while (!done) {
      const at = performance.now();
      await ctx.request('/api/report/type/national/public/cycles');
      health.push(performance.now() - at);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const response = await answer;
    const ms = performance.now() - started;
    delay.disable();
    clearInterval(sampler);

    expect(response.status).toBe(422);
    const refused = (await response.json()) as { message: string; errors?: Record<string, string[]> };
    expect(refused.message).toMatch(/^PDF-файл слишком сложен для проверки/);
    expect(refused.errors?.['file']).toEqual(['слишком сложен для проверки']);
    expect(ms).toBeLessThan(15_000);
    expect(health.length).toBeGreaterThan(0);
    expect(Math.max(...health)).toBeLessThan(1000);
    expect(delay.max / 1e6).toBeLessThan(1000);
    // The test itself holds copies of the 12 MB body (the file, the form, the request): counted here too.
    expect((rssPeak - rssBefore) / 1e6).toBeLessThan(130);
    console.log(
      `hostile PDF: ${(bytes.length / 1e6).toFixed(1)} MB refused in ${ms.toFixed(0)} ms; longest ` +
        `stall ${(delay.max / 1e6).toFixed(0)} ms; rss +${((rssPeak - rssBefore) / 1e6).toFixed(0)} MB`,
    );
  },
);
