/**
 * Site builds as jobs of a PostgreSQL queue shared by two instances (pg-boss, decision 035):
 * requests from both make one build; both serve it within 5 s; either shows its progress; a
 * failed build is recorded once (not retried); an instance that stops mid-build hands the job to
 * the other. The build is the stand-in of tests/fixtures/fake-astro-build.mjs. PostgreSQL only.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { siteBuilds } from '../../src/lib/db/schema.ts';
import type { AppDeps } from '../../src/lib/deps.server.ts';
import { ChangeRelay } from '../../src/lib/events/relay.server.ts';
import { followLiveBuilds } from '../../src/lib/events/subscribers.server.ts';
import { PgBossJobs } from '../../src/lib/jobs/pg-boss-jobs.server.ts';
import { SharedSite } from '../../src/server/shared-site.ts';
import { SiteBuilder } from '../../src/server/site-builder.ts';
import { createTestContext, FAKE_BUILD, type TestInstance } from '../support/app.ts';

const ctx = await createTestContext();
const postgresOnly = !ctx.openInstance;
const work = mkdtempSync(join(tmpdir(), 'apua-shared-site-'));
const control = join(work, 'control.json');
const buildLog = join(work, 'builds.log');
const gate = join(work, 'gate');
let other: TestInstance;
const sites: SharedSite[] = [];
const relays: ChangeRelay[] = [];
const jobs: PgBossJobs[] = [];

function sharedSite(deps: AppDeps, name: string): SharedSite {
  const relay = new ChangeRelay(deps.changes, deps.db, ctx.databaseUrl!, { log: () => {} });
  relays.push(relay);
  const builder = new SiteBuilder({
    root: join(work, name),
    env: { FAKE_BUILD_CONTROL: control, FAKE_BUILD_LOG: buildLog },
    command: FAKE_BUILD,
  });
  const instanceJobs = new PgBossJobs({ databaseUrl: ctx.databaseUrl!, instance: relay.id, log: () => {} });
  jobs.push(instanceJobs);
  const site = new SharedSite({
    builder,
    db: deps.db,
    storage: deps.storage,
    changes: deps.changes,
    jobs: instanceJobs,
    instance: relay.id,
    log: () => {},
  });
  // The instance's publisher is this one, not the test context's builder: it follows the builds named live.
  followLiveBuilds(deps.changes, site);
  sites.push(site);
  return site;
}

beforeAll(async () => {
  if (postgresOnly) return;
  other = await ctx.openInstance!();
  sharedSite(ctx.deps, 'a');
  sharedSite(other.deps, 'b');
  for (const relay of relays) await relay.start();
  await Promise.all(sites.map((site) => site.start()));
  await Promise.all(jobs.map((j) => j.start()));
}, 60_000);

afterAll(async () => {
  for (const site of sites) await site.stop().catch(() => {});
  for (const relay of relays) await relay.stop();
  rmSync(work, { recursive: true, force: true });
});

const builds = () => (existsSync(buildLog) ? readFileSync(buildLog, 'utf8').split('\n').filter(Boolean).length : 0);
const page = (site: SharedSite) => site.current()?.get('/index.html')?.body.toString() ?? '';
const steer = (value: object) => writeFileSync(control, JSON.stringify(value));

async function within(ms: number, what: string, probe: () => boolean | Promise<boolean>): Promise<number> {
  const started = performance.now();
  while (!(await probe())) {
    if (performance.now() - started > ms) throw new Error(`Not within ${ms} ms: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return performance.now() - started;
}

describe.skipIf(postgresOnly)('site builds shared by two instances', () => {
  test(
    'requests from both instances at once make one ' + 'build, and both serve it within 5 s of it going live',
    async () => {
      const [a, b] = sites as [SharedSite, SharedSite];
      expect(a.current()).toBeNull();
      steer({});
      const requests = [a.request(), b.request(), a.request(), b.request()];
      await Promise.all(requests);
      expect(builds()).toBe(1);
      const live = a.status().live!;
      const ms = await within(
        5000,
        'both serving the build',
        () => page(a).includes('Build 1') && page(b).includes('Build 1'),
      );
      expect(ms).toBeLessThan(5000);
      expect(b.status().live?.id).toBe(live.id);
      expect(a.named && b.named).toBe(true);
    },
  );

  test('while one instance builds, both show it building; once live, both serve it', async () => {
    const [a, b] = sites as [SharedSite, SharedSite];
    steer({ gate });
    const done = b.request();
    await within(
      10_000,
      'the build under way on both',
      () => a.status().current.state === 'building' && b.status().current.state === 'building',
    );
    writeFileSync(gate, '');
    await done;
    await within(5000, 'both serving build 2', () => page(a).includes('Build 2') && page(b).includes('Build 2'));
    await within(5000, 'both idle', () => a.status().current.state === 'idle' && b.status().current.state === 'idle');
    rmSync(gate);
  });

  test(
    'a failed build is recorded and tried again by itself after a delay (issue 31); the site stays as it was meanwhile',
    { timeout: 60_000 },
    async () => {
      const [a, b] = sites as [SharedSite, SharedSite];
      steer({ fail: true });
      const before = builds();
      await a.request();
      await within(
        5000,
        'the failure on both',
        () => a.status().lastFailure !== null && b.status().lastFailure !== null,
      );
      expect(a.status().lastFailure?.reason).toContain('The site build exited with 1');
      await within(
        5000,
        'the streak and its next try on both',
        () => a.status().failing?.retryAt != null && b.status().failing?.failures === 1,
      );
      // The queue waits its delay (5 s at first) before trying again: no build meanwhile.
      await new Promise((resolve) => setTimeout(resolve, 2500));
      expect(builds()).toBe(before + 1);
      expect(page(b)).toContain('Build 2');
      // Nobody asks again: the retry builds once the cause is gone, and both serve it.
      steer({});
      await within(
        30_000,
        'the retry live on both',
        () => builds() >= before + 2 && page(a).includes(`Build ${builds()}`) && page(b).includes(`Build ${builds()}`),
      );
      await within(5000, 'no streak left', () => a.status().failing === undefined && b.status().failing === undefined);
    },
  );

  test(
    'an instance that stops mid-build hands the job to the other, which finishes it',
    { timeout: 60_000 },
    async () => {
      steer({ gate });
      const before = builds();
      void sites[0]!.request();
      await within(10_000, 'a build under way', () => builds() === before + 1);
      const { building } = await whoBuilds();
      const [stopping, staying] = building === 0 ? [sites[0]!, sites[1]!] : [sites[1]!, sites[0]!];
      await stopping.stop();
      writeFileSync(gate, '');
      await within(
        30_000,
        'the other instance building and serving',
        () => builds() === before + 2 && page(staying).includes(`Build ${before + 2}`),
      );
      await within(5000, 'the staying instance idle', () => staying.status().current.state === 'idle');
    },
  );
});

/** Which of the two instances runs the build under way (its row names the instance). */
async function whoBuilds(): Promise<{ building: number }> {
  const ids: string[] = relays.map((relay) => relay.id);
  for (;;) {
    const rows = await ctx.deps.db
      .select({ instance: siteBuilds.instance })
      .from(siteBuilds)
      .where(eq(siteBuilds.state, 'building'));
    const at = rows[0]?.instance ? ids.indexOf(rows[0].instance) : -1;
    if (at >= 0) return { building: at };
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
