/**
 * Decision 045, addendum: a build with many new files goes live with quick brotli bodies, and the
 * builder brings them to full quality once no build of its own is queued or running.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, expect, test } from 'vitest';
import { SiteBuilder } from '../../src/server/site-builder.ts';
import { QUICK_COMPRESS_FROM } from '../../src/server/site-files.ts';
import { FAKE_BUILD } from '../support/app.ts';

const work = mkdtempSync(join(tmpdir(), 'apua-site-refine-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

test(
  'a build of many new pages is live with quick bodies at once, refined once no build runs',
  { timeout: 60_000 },
  async () => {
    const control = join(work, 'control.json');
    writeFileSync(control, JSON.stringify({ pages: QUICK_COMPRESS_FROM + 50 }));
    const builder = new SiteBuilder({
      root: join(work, 'site'),
      env: { FAKE_BUILD_CONTROL: control },
      command: FAKE_BUILD,
      searchIndex: null,
    });
    await builder.request();
    const first = builder.current()!;
    const quick = first.get('/p/7/index.html')!.br!;
    expect(first.unrefined).toBeGreaterThan(QUICK_COMPRESS_FROM);
    await builder.settled();
    await builder.refined();
    expect(first.unrefined).toBe(0);
    const refined = first.get('/p/7/index.html')!;
    expect(refined.br).not.toBe(quick); // compressed again, at quality 11
    expect(brotliDecompressSync(refined.br!).toString()).toBe(refined.body.toString());
  },
);
