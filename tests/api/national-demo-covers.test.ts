import { expect, test } from 'vitest';
import { seedDemoReportCovers } from '../../src/lib/national-reports/demo-covers.server.ts';
import { ReportResponseSchema } from '../../src/lib/national-reports/schema.ts';
import { PublicReportResponseSchema } from '../../src/lib/national-reports/public-schema.ts';
import { seedDemoNationalReports } from '../../src/lib/national-reports/seed.server.ts';
import { createTestContext } from '../support/app.ts';
import { expectJson } from '../support/assertions.ts';
import { createUser } from '../support/factories.ts';
import { updateReport, viewReport } from '../support/national-reports.ts';

const ctx = await createTestContext();
const publicReport = async (country: string, year = 2026) =>
  (
    await expectJson(
      await ctx.request(`/api/report/type/national/public/report/${year}/${country}`),
      200,
      PublicReportResponseSchema,
    )
  ).data.report;

test('two published demo reports get a drawn cover once; a cover removed by a person stays removed', async () => {
  await seedDemoNationalReports(ctx.deps.db);
  await seedDemoReportCovers(ctx.deps.db, ctx.deps.storage);
  ctx.deps.publicCache.invalidate('national-reports');
  for (const country of ['ID', 'MY']) {
    const report = await publicReport(country);
    expect(report.demo).toBe(true);
    expect(report.cover?.alt).toMatch(/^Illustration: .*\(demonstration picture\)$/);
    expect(report.cover!.image.variants.map((v) => `${v.format}-${v.width}`)).toEqual([
      'webp-480',
      'webp-960',
      'webp-1600',
      'png-1600',
    ]);
    for (const variant of report.cover!.image.variants) expect((await ctx.request(variant.url)).status).toBe(200);
  }
  // Other published demo reports have none.
  expect((await publicReport('ID', 2022)).cover).toBeNull();

  const admin = await createUser(ctx, { role: 'admin', country: 'JP' });
  const id = (await viewReport(ctx, admin, 2026, 'ID')).report;
  await expectJson(
    await updateReport(ctx, admin, 2026, 'ID', { version: id.version, cover: null }),
    200,
    ReportResponseSchema,
  );
  const my = (await publicReport('MY')).cover;
  await seedDemoReportCovers(ctx.deps.db, ctx.deps.storage);
  expect((await viewReport(ctx, admin, 2026, 'ID')).report.cover).toBeNull();
  expect((await viewReport(ctx, admin, 2026, 'MY')).report.cover).toEqual(my);
});
