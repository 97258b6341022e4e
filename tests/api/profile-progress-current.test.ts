import { createHash } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DatasetResponseSchema, CategoryResponseSchema } from '../../src/lib/urbanisation-profile/schema.ts';
import { IndicatorResponseSchema } from '../../src/lib/urbanisation-profile/indicator-schema.ts';
import { importOpenData } from '../../src/lib/urbanisation-profile/open-data-import.server.ts';
import { OPEN_DATA_DIR } from '../../src/lib/urbanisation-profile/open-data-files.server.ts';
import { PublicProgressResponseSchema } from '../../src/lib/progress/schema.ts';
import { progressCsv } from '../../src/lib/progress/rows.ts';
import { createTestContext } from '../support/app.ts';
import { expectJson } from '../support/assertions.ts';
import { createUser, type TestUser } from '../support/factories.ts';

/**
 * Issue 35 item 6, "kept current": a country's figure published, an open-data import and a target
 * edited each queue a site rebuild (the change events do it; nobody calls the builder), and the
 * assessment that build writes to progress.csv changes. The fake build cannot write the file, so
 * the CSV is written here from the public API's rows, the rows the build's progress.csv is made of
 * (profile-progress.test.ts holds the two to the same builder).
 */
const ctx = await createTestContext();
const THEME = 'basic-services';
const INDICATOR = 'ELECTRICITY_URBAN_PCT';
const FILE = 'basic-services/electricity-access-urban-pct.csv';
let admin: TestUser;
let dir: string;

const progressFile = async () =>
  progressCsv(
    (await expectJson(await ctx.request('/api/profile/public/progress'), 200, PublicProgressResponseSchema)).data.rows,
  );
const lineOf = (csv: string, area: string) => csv.split('\r\n').find((l) => l.startsWith(`${area},${INDICATOR},`));

/** Whether `action` made the site builder run a build (each finished build changes the live id). */
async function rebuilds(action: () => Promise<unknown>): Promise<boolean> {
  await ctx.builder.settled();
  const before = ctx.builder.status().live?.id;
  await action();
  await ctx.builder.settled();
  return ctx.builder.status().live?.id !== before;
}

const post = (path: string, json: unknown) =>
  ctx.request(`/api/profile/${path}`, { method: 'POST', token: admin.token, json });

beforeAll(async () => {
  admin = await createUser(ctx, { role: 'admin', country: 'JP' });
  await importOpenData(ctx.deps);
  dir = mkdtempSync(join(tmpdir(), 'progress-open-data-'));
  cpSync(OPEN_DATA_DIR, dir, { recursive: true });
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the assessment follows the figures (issue 35 item 6)', () => {
  test('a country’s figures published: a rebuild, and its row of progress.csv is its own series now', async () => {
    const before = await progressFile();
    expect(lineOf(before, 'TH')).toContain(',2017,100,');
    const save = async (year: number, value: number) => {
      const path = `analytics/${THEME}/TH/${year}`;
      const saved = await expectJson(
        await post(`${path}/saved`, {
          values: [{ indicator: INDICATOR, value, source: 'National Statistical Office' }],
        }),
        200,
        DatasetResponseSchema,
      );
      return { path, version: saved.data.version };
    };
    // Drafts: no rebuild, and the download is the same.
    const drafts = [await save(2019, 98), await save(2023, 99)];
    expect(await progressFile()).toBe(before);
    const published = await rebuilds(async () => {
      for (const d of drafts) {
        await expectJson(
          await post(`${d.path}/publish`, { published: true, version: d.version }),
          200,
          DatasetResponseSchema,
        );
      }
    });
    expect(published).toBe(true);
    const after = await progressFile();
    expect(lineOf(after, 'TH')).toMatch(/^TH,ELECTRICITY_URBAN_PCT,higher,100,fixed,2015,[\d.]+,2023,99,/);
  });

  test('an open-data import that changes a figure: a rebuild, and the download changes with it', async () => {
    const before = await progressFile();
    const text = readFileSync(join(dir, FILE), 'utf8');
    const changed = text.replace('PHL,PH,2017,96.4,', 'PHL,PH,2017,90.1,');
    expect(changed).not.toBe(text);
    writeFileSync(join(dir, FILE), changed);
    const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as { file: string; sha256: string }[];
    manifest.find((e) => e.file === FILE)!.sha256 = createHash('sha256').update(changed).digest('hex');
    writeFileSync(join(dir, 'manifest.json'), JSON.stringify(manifest));
    let result: Awaited<ReturnType<typeof importOpenData>> | undefined;
    expect(await rebuilds(async () => (result = await importOpenData(ctx.deps, { dir })))).toBe(true);
    expect([result!.inserted, result!.updated, result!.deleted]).toEqual([0, 1, 0]);
    const after = await progressFile();
    expect(lineOf(before, 'PH')).toContain(',2017,96.4,');
    expect(lineOf(after, 'PH')).toContain(',2017,90.1,');
    // The same import again changes nothing: no rebuild.
    expect(await rebuilds(() => importOpenData(ctx.deps, { dir }))).toBe(false);
  });

  test('a target edited in the indicator form: a rebuild, every row of the indicator with the new target', async () => {
    const theme = await expectJson(
      await ctx.request(`/api/profile/category/${THEME}`, { token: admin.token }),
      200,
      CategoryResponseSchema,
    );
    const indicator = theme.data.indicators.find((i) => i.code === INDICATOR)!;
    const edit = () =>
      post('indicator/saved', {
        code: INDICATOR,
        progress: { direction: 'higher', target: { kind: 'fixed', value: 99.5 } },
        version: indicator.version,
      });
    expect(await rebuilds(async () => expectJson(await edit(), 200, IndicatorResponseSchema))).toBe(true);
    const after = await progressFile();
    for (const area of ['region', 'SEA', 'TH', 'PH']) {
      expect(lineOf(after, area)).toMatch(/^[\w]+,ELECTRICITY_URBAN_PCT,higher,99\.5,fixed,/);
    }
  });
});
