import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { seedDemoReportFiles } from '../../src/lib/national-reports/demo-files.server.ts';
import { seedDemoNationalReports } from '../../src/lib/national-reports/seed.server.ts';
import { reportFiles, trustedAuthorities } from '../../src/lib/db/schema.ts';
import { createTestContext } from '../support/app.ts';

const ctx = await createTestContext();

test(
  "npm start's demo reports that reached submission carry " + 'a signed PDF, which published ones offer to the public',
  async () => {
    await seedDemoNationalReports(ctx.deps.db);
    const stored = await seedDemoReportFiles(ctx.deps.db, ctx.deps.storage);
    expect(stored).toBeGreaterThan(5);
    // Run again (a restart): nothing is added.
    expect(await seedDemoReportFiles(ctx.deps.db, ctx.deps.storage)).toBe(0);

    const list = await ctx.request('/api/report/type/national/public/list');
    expect(list.status).toBe(200);
    const reports = (
      (await list.json()) as {
        data: { country: { code: string }; year: number; demo: boolean; published_at: string }[];
      }
    ).data;
    expect(reports.length).toBeGreaterThan(0);
    const signedFiles: Uint8Array[] = [];
    for (const { country, year, demo, published_at } of reports) {
      const country_code = country.code;
      // Never published in the future: the demo's dates are relative to today.
      expect(Date.parse(published_at), `${country_code} ${year}`).toBeLessThanOrEqual(Date.now());
      expect(demo).toBe(true);
      const res = await ctx.request(`/api/report/type/national/public/report/${year}/${country_code}`);
      expect(res.status, await res.clone().text()).toBe(200);
      const { report } = ((await res.json()) as { data: { report: { file_url: string | null } } }).data;
      expect(report.file_url, `${country_code} ${year}`).toMatch(
        /\/api\/report\/type\/national\/[0-9a-f-]{36}\/report\/file\?v=1$/,
      );
      const url = new URL(report.file_url!, 'http://portal.test');
      const file = await ctx.request(url.pathname + url.search);
      expect(file.status).toBe(200);
      expect(file.headers.get('content-type')).toBe('application/pdf');
      const bytes = new Uint8Array(await file.arrayBuffer());
      expect(new TextDecoder().decode(bytes.subarray(0, 5))).toBe('%PDF-');
      signedFiles.push(bytes);
    }
    // An independent verifier (poppler's pdfsig, where installed) finds the signatures valid too.
    if (spawnSync('pdfsig', ['-v']).status === 0) {
      const path = join(mkdtempSync(join(tmpdir(), 'demo-signed-')), 'report.pdf');
      writeFileSync(path, signedFiles[0]!);
      expect(spawnSync('pdfsig', ['-nocert', path], { encoding: 'utf8' }).stdout).toMatch(
        /Total document signed[\s\S]*Signature is Valid\./,
      );
    }

    // Really signed by a demonstration signer whose authority the seed trusts (marked as such): verified.
    const files = await ctx.deps.db.select({ signature: reportFiles.signature }).from(reportFiles);
    expect(files.length).toBe(stored);
    for (const { signature } of files) {
      expect(signature).toMatchObject({
        status: 'verified',
        authority: 'Demonstration certificate authority (not real)',
        checks: { covers_file: true, digest_matches: true, signature_valid: true, chains_to_trusted: true },
      });
      expect(signature?.signer).toMatch(/^Demonstration signer \([A-Z]{2}\)$/);
    }
    const authorities = await ctx.deps.db.select().from(trustedAuthorities);
    expect(authorities).toEqual([
      expect.objectContaining({
        demo: true,
        countryCode: null,
        name: 'Demonstration certificate authority (not real)',
      }),
    ]);
  },
);
