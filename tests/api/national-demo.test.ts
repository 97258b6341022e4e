import { expect, test } from 'vitest';
import { seedDemoReportFiles } from '../../src/lib/national-reports/demo-files.server.ts';
import { seedDemoNationalReports } from '../../src/lib/national-reports/seed.server.ts';
import { createTestContext } from '../support/app.ts';

const ctx = await createTestContext();

test("npm start's demo reports that reached submission carry a signed PDF, which published ones offer to the public", async () => {
  await seedDemoNationalReports(ctx.deps.db);
  const stored = await seedDemoReportFiles(ctx.deps.db, ctx.deps.storage);
  expect(stored).toBeGreaterThan(5);
  // Run again (a restart): nothing is added.
  expect(await seedDemoReportFiles(ctx.deps.db, ctx.deps.storage)).toBe(0);

  const list = await ctx.request('/api/report/type/national/public/list');
  expect(list.status).toBe(200);
  const reports = ((await list.json()) as { data: { country: { code: string }; year: number; demo: boolean; published_at: string }[] }).data;
  expect(reports.length).toBeGreaterThan(0);
  for (const { country, year, demo, published_at } of reports) {
    const country_code = country.code;
    // Never published in the future: the demo's dates are relative to today.
    expect(Date.parse(published_at), `${country_code} ${year}`).toBeLessThanOrEqual(Date.now());
    expect(demo).toBe(true);
    const res = await ctx.request(`/api/report/type/national/public/report/${year}/${country_code}`);
    expect(res.status, await res.clone().text()).toBe(200);
    const { report } = ((await res.json()) as { data: { report: { file_url: string | null } } }).data;
    expect(report.file_url, `${country_code} ${year}`).toMatch(/\/api\/report\/type\/national\/[0-9a-f-]{36}\/report\/file\?v=1$/);
    const url = new URL(report.file_url!, 'http://portal.test');
    const file = await ctx.request(url.pathname + url.search);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    const bytes = new Uint8Array(await file.arrayBuffer());
    expect(new TextDecoder().decode(bytes.subarray(0, 5))).toBe('%PDF-');
  }
});
