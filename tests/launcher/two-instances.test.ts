/**
 * Two instances started with `npm run serve` on one PostgreSQL database, one S3-compatible bucket
 * (s3rver) and one Auth emulator behave as one portal (issue 19, decision 035): they start on one
 * site build; a user edited on A shows in B's cached list within a second; a picture uploaded
 * through A is served by B (and kept from anonymous readers while its practice is a draft); a
 * publish through A builds once and both serve it; autosaves alternating between A and B never
 * lose an acknowledged answer and refuse stale versions with 409; kill -9 of the instance that is
 * building, and the other finishes the build; a practice archived while every build fails leaves both at
 * once and the builds are retried by themselves (issue 31). The site build is the stand-in of
 * tests/fixtures/fake-astro-build.mjs (SITE_BUILD_COMMAND). Needs TEST_DATABASE_URL (CI sets it).
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { parseEnv } from '../../src/lib/env.server.ts';
import { firebaseAuth } from '../../src/server/main.ts';
import { COMPLETE_PRACTICE as PRACTICE } from '../fixtures/best-practices.ts';
import { makeImage, uploadForm } from '../fixtures/cms.ts';
import { TEST_PROJECT_ID, TEST_S3_BUCKET, withDatabase } from '../support/test-env.ts';
import { FAKE_BUILD } from '../support/app.ts';
import { healthy, startInstance, type Instance } from './instances.ts';
import { descendants, freePorts } from './support.ts';

const adminUrl = process.env['TEST_DATABASE_URL'];
const work = mkdtempSync(join(tmpdir(), 'apua-two-instances-'));
const database = `apua_two_${randomBytes(5).toString('hex')}`;
const PASSWORD = 'Two-Instances-2026';
const adminEmail = `admin-${randomBytes(4).toString('hex')}@apua.test`;
const memberEmail = `member-${randomBytes(4).toString('hex')}@apua.test`;
let a: Instance;
let b: Instance;
let adminToken: string;
let memberToken: string;
const control = join(work, 'build-control.json');
const buildLog = join(work, 'builds.log');
const gate = join(work, 'gate');
/** The builds run so far, by the folder they wrote to (…/A/sites/… or …/B/sites/…). */
const builds = () => (existsSync(buildLog) ? readFileSync(buildLog, 'utf8').split('\n').filter(Boolean) : []);
const page = async (instance: Instance) => (await fetch(`${instance.url}/`)).text();

async function onServer(run: (sql: postgres.Sql) => Promise<unknown>) {
  const sql = postgres(adminUrl!, { max: 1, onnotice: () => {} });
  try {
    await run(sql);
  } finally {
    await sql.end({ timeout: 5 });
  }
}

/** An account in the emulator with a verified email, and its ID token from a real sign-in. */
async function account(email: string): Promise<string> {
  const auth = firebaseAuth(
    parseEnv({ FIREBASE_PROJECT_ID: TEST_PROJECT_ID, FIREBASE_AUTH_EMULATOR_HOST: inject('authEmulatorHost') }),
  );
  await auth.createUser({ email, password: PASSWORD, emailVerified: true });
  const response = await fetch(
    `http://${inject('authEmulatorHost')}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=fake-key`,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password: PASSWORD, returnSecureToken: true }),
    },
  );
  return ((await response.json()) as { idToken: string }).idToken;
}

/** A JSON request to an instance; returns the status and the parsed body. */
async function call<T = { data: unknown }>(
  instance: Instance,
  path: string,
  token: string | null,
  json?: unknown,
): Promise<{ status: number; body: T }> {
  const headers: Record<string, string> = token ? { Authorization: `Bearer ${token}` } : {};
  const init: RequestInit =
    json === undefined
      ? { headers }
      : { method: 'POST', headers: { ...headers, 'Content-Type': 'application/json' }, body: JSON.stringify(json) };
  const response = await fetch(`${instance.url}${path}`, init);
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : null) as T };
}

/** kill -9 of an instance and of what it started (a site build must not outlive it, as in a container). */
function killAll(instance: Instance): void {
  for (const pid of [...descendants(instance.child.pid!).map((p) => p.pid), instance.child.pid!]) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
}

async function within(ms: number, what: string, probe: () => Promise<boolean>): Promise<number> {
  const started = performance.now();
  while (!(await probe())) {
    if (performance.now() - started > ms) throw new Error(`Not within ${ms} ms: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return performance.now() - started;
}

beforeAll(async () => {
  if (!adminUrl) return;
  await onServer((sql) => sql.unsafe(`CREATE DATABASE ${database}`));
  const base = await freePorts(2);
  const shared = {
    NODE_ENV: 'test', // no open-data import: the test's data are its own
    DATABASE_URL: withDatabase(adminUrl, database),
    S3_BUCKET: TEST_S3_BUCKET,
    S3_ENDPOINT: inject('s3Endpoint'),
    S3_PREFIX: database,
    AWS_ACCESS_KEY_ID: 'S3RVER',
    AWS_SECRET_ACCESS_KEY: 'S3RVER',
    FIREBASE_PROJECT_ID: TEST_PROJECT_ID,
    FIREBASE_AUTH_EMULATOR_HOST: inject('authEmulatorHost'),
    ADMIN_EMAILS: adminEmail,
    CLIENT_HASH_SECRET: 'one-secret-for-both-instances',
    SITE_BUILD_COMMAND: JSON.stringify(FAKE_BUILD),
    FAKE_BUILD_CONTROL: control,
    FAKE_BUILD_LOG: buildLog,
  };
  writeFileSync(control, '{}');
  const instance = (name: string, port: number) => {
    const dir = join(work, name);
    return startInstance(name, port, { ...shared, DATA_DIR: join(dir, 'data'), SITE_DIR: join(dir, 'sites') });
  };
  // Started together: they migrate and seed one after the other (an advisory lock), find no live
  // site named in the database, and both ask for one: one build, and both serve it.
  [a, b] = [instance('A', base), instance('B', base + 1)];
  await Promise.all([healthy(a), healthy(b)]);
  [adminToken, memberToken] = await Promise.all([account(adminEmail), account(memberEmail)]);
}, 200_000);

afterAll(async () => {
  for (const instance of [a, b]) {
    if (!instance) continue;
    killAll(instance);
  }
  if (adminUrl) await onServer((sql) => sql.unsafe(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`));
  rmSync(work, { recursive: true, force: true });
});

describe.skipIf(!adminUrl)('two instances on one database, bucket and identity service', () => {
  let memberUuid: string;

  test('they started on one build of the site, which both serve', async () => {
    expect(builds()).toHaveLength(1);
    expect(await page(a)).toContain('Build 1');
    expect(await page(b)).toContain('Build 1');
  });

  test("a user edited on A shows in B's cached user list within a second", async () => {
    // First sight on each instance: the admin (ADMIN_EMAILS) on A, the new member on B.
    const adminMe = await call<{ roles: { name: string }[] }>(a, '/api/whoami', adminToken);
    expect(
      adminMe.body.roles.map((r) => r.name),
      JSON.stringify(adminMe.body),
    ).toEqual(['tuxuri']);
    const me = await call<{ uuid: string }>(b, '/api/whoami', memberToken);
    memberUuid = me.body.uuid;
    const edit = async (on: Instance, body: object) => {
      const shown = await call<{ version: number }>(on, `/api/user/show/${memberUuid}`, adminToken);
      expect(shown.status, JSON.stringify(shown.body)).toBe(200);
      const saved = await call(on, `/api/user/edit/${memberUuid}`, adminToken, {
        ...body,
        version: shown.body.version,
      });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    };
    await edit(a, { status: 1, roles: ['state_member'], country_code: 'PH', name: 'Maria Santos' });
    const namesOnB = async () =>
      (await call<{ data: { name: string | null }[] }>(b, '/api/user/list?per_page=100', adminToken)).body.data.map(
        (u) => u.name,
      );
    expect(await namesOnB()).toContain('Maria Santos');
    expect(await namesOnB()).toContain('Maria Santos'); // now from B's cache

    await edit(a, { name: 'Мария Сантос · มาเรีย' });
    const ms = await within(1000, "A's edit in B's list", async () =>
      (await namesOnB()).includes('Мария Сантос · มาเรีย'),
    );
    expect(ms).toBeLessThan(1000);
  });

  test(
    'a picture uploaded through A is served by B, to ' + "the practice's own country only while it is a draft",
    async () => {
      const created = await call<{ data: { uuid: string; version: number } }>(
        a,
        '/api/best-practice/saved',
        memberToken,
        { title: 'Набережная · ทางเดินริมน้ำ', country_code: 'PH' },
      );
      expect(created.status).toBe(201);
      const { uuid, version } = created.body.data;
      const form = uploadForm(await makeImage('png', 640, 480));
      const upload = await fetch(`${a.url}/api/best-practice/${uuid}/upload?version=${version}`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${memberToken}` },
        body: form,
      });
      expect(upload.status).toBe(201);
      const picture = ((await upload.json()) as { data: { images: { card: { url: string } }[] } }).data.images[0]!.card
        .url;

      const fromA = await fetch(`${a.url}${picture}`, { headers: { Authorization: `Bearer ${memberToken}` } });
      const fromB = await fetch(`${b.url}${picture}`, { headers: { Authorization: `Bearer ${memberToken}` } });
      expect(fromB.status).toBe(200);
      expect(fromB.headers.get('cache-control')).toBe('private, no-store');
      expect(Buffer.from(await fromB.arrayBuffer()).equals(Buffer.from(await fromA.arrayBuffer()))).toBe(true);
      expect((await fetch(`${b.url}${picture}`)).status).toBe(404);
    },
  );

  test(
    'a practice published through A: built once, and ' + 'both serve the new site within 5 s of it going live',
    async () => {
      const before = builds().length;
      const created = await call<{ data: { uuid: string; version: number } }>(
        a,
        '/api/best-practice/saved',
        adminToken,
        {
          ...PRACTICE,
          title: 'Esplanade · ทางเดินริมแม่น้ำ',
          country_code: 'PH',
        },
      );
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      let practice = created.body.data;
      for (const action of ['submit', 'publish']) {
        const stepped = await call<{ data: { uuid: string; version: number } }>(
          a,
          `/api/best-practice/${practice.uuid}/transition`,
          adminToken,
          { action, version: practice.version },
        );
        expect(stepped.status, JSON.stringify(stepped.body)).toBe(200);
        practice = stepped.body.data;
      }
      const next = `Build ${before + 1}`;
      await within(
        30_000,
        'the new build live on A or B',
        async () => (await page(a)).includes(next) || (await page(b)).includes(next),
      );
      const ms = await within(
        5000,
        'both serving it',
        async () => (await page(a)).includes(next) && (await page(b)).includes(next),
      );
      expect(ms).toBeLessThan(5000);
      await new Promise((resolve) => setTimeout(resolve, 2500));
      expect(builds()).toHaveLength(before + 1);
    },
  );

  test(
    'autosaves alternating between A and B: every ' + 'acknowledged answer kept, stale versions refused with 409',
    async () => {
      const opened = await call(a, '/api/report/type/national/cycles/saved', adminToken, {
        year: 2046,
        opens_at: '2046-01-01',
        closes_at: '2046-12-31',
        expiry_days: 30,
        timely_days: 7,
        status: 'open',
      });
      expect(opened.status, JSON.stringify(opened.body)).toBe(200);
      type View = {
        data: {
          questions: { uuid: string; code: string }[];
          answers: { question_uuid: string; value: unknown; version: number }[];
        };
      };
      const view = (on: Instance) => call<View>(on, '/api/report/type/national/2046/PH/view', memberToken);
      const question = (await view(b)).body.data.questions.find((q) => q.code === 'Q07')!.uuid;
      type Saved = { data: { answers: { value: unknown; version: number }[] } };
      const save = (on: Instance, value: number, version?: number) =>
        call<Saved>(on, '/api/report/type/national/2046/PH/saved', memberToken, {
          answers: [
            {
              question_uuid: question,
              value,
              source: 'Philippine Statistics Authority',
              data_year: 2024,
              ...(version !== undefined && { version }),
            },
          ],
        });

      let version: number | undefined;
      for (let i = 1; i <= 8; i++) {
        const on = i % 2 ? a : b;
        const saved = await save(on, i * 100, version);
        expect(saved.status, `save ${i} on ${on.name}: ${JSON.stringify(saved.body)}`).toBe(200);
        version = saved.body.data.answers[0]!.version;
        // The other instance reads what was acknowledged at once.
        const other = on === a ? b : a;
        const seen = (await view(other)).body.data.answers.find((x) => x.question_uuid === question)!;
        expect(seen).toMatchObject({ value: i * 100, version });
      }

      // A stale version on either instance: 409, and the acknowledged answer stays.
      expect((await save(a, 1, version! - 1)).status).toBe(409);
      expect((await save(b, 2, version! - 2)).status).toBe(409);
      // Two saves of the same version at the same moment, one on each: one wins, one is refused.
      const both = await Promise.all([save(a, 901, version), save(b, 902, version)]);
      expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
      const winner = both.find((r) => r.status === 200)!.body.data.answers[0]!;
      for (const on of [a, b]) {
        expect((await view(on)).body.data.answers.find((x) => x.question_uuid === question)).toMatchObject({
          value: winner.value,
          version: winner.version,
        });
      }
    },
  );

  test(
    'a practice archived through A while every build fails: off both instances within 5 s, the builds retried ' +
      'by themselves and shown in /api/health',
    { timeout: 120_000 },
    async () => {
      const created = await call<{ data: { uuid: string; version: number } }>(
        a,
        '/api/best-practice/saved',
        adminToken,
        { ...PRACTICE, title: 'Чистая вода · น้ำสะอาด', country_code: 'PH' },
      );
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      let practice = created.body.data;
      const path = `/best-practices-overview/view/${practice.uuid}`;
      writeFileSync(control, JSON.stringify({ extra: [path.slice(1), `fr${path}`] }));
      const step = async (action: string) => {
        const stepped = await call<{ data: { uuid: string; version: number } }>(
          a,
          `/api/best-practice/${practice.uuid}/transition`,
          adminToken,
          { action, version: practice.version },
        );
        expect(stepped.status, JSON.stringify(stepped.body)).toBe(200);
        practice = stepped.body.data;
      };
      await step('submit');
      await step('publish');
      const statusOn = async (on: Instance, at = path) => (await fetch(`${on.url}${at}`)).status;
      await within(
        30_000,
        'the practice page on both',
        async () => (await statusOn(a)) === 200 && (await statusOn(b)) === 200,
      );

      writeFileSync(control, JSON.stringify({ fail: true }));
      const failedBefore = builds().length;
      await step('archive');
      const ms = await within(
        5000,
        'off both instances',
        async () =>
          (await statusOn(a)) === 410 && (await statusOn(b)) === 410 && (await statusOn(b, `/fr${path}`)) === 410,
      );
      expect(ms).toBeLessThan(5000);
      type Health = {
        data: { site: { failing_since: string | null; last_error: string | null; pending_changes: number } };
      };
      const health = async (on: Instance) => (await call<Health>(on, '/api/health', null)).body.data.site;
      await within(30_000, "the failure in B's health", async () => (await health(b)).failing_since !== null);
      expect((await health(b)).last_error).toContain('exited with 1');
      expect((await health(b)).pending_changes).toBeGreaterThan(0);
      // Nobody asked again: the queue tries the build again by itself.
      await within(40_000, 'a second try', async () => builds().length >= failedBefore + 2);
      expect(await statusOn(a)).toBe(410);

      writeFileSync(control, '{}');
      await within(
        60_000,
        'a build live again, on both',
        async () => (await health(a)).failing_since === null && (await health(b)).failing_since === null,
      );
      // B hears of the new live build through the database's notices: under load, a moment after A.
      await within(10_000, 'no change left waiting on B', async () => (await health(b)).pending_changes === 0);
      // The new build has no page for it; the block still says it was withdrawn.
      expect([404, 410]).toContain(await statusOn(b));
    },
  );

  test(
    'kill -9 of the instance that is building: the other takes its job over and serves the new site',
    { timeout: 90_000 },
    async () => {
      const status = async (on: Instance) =>
        (await call<{ data: { current: { state: string } } }>(on, '/api/site/status', adminToken)).body.data.current
          .state;
      await within(
        30_000,
        'no build under way',
        async () => (await status(a)) === 'idle' && (await status(b)) === 'idle',
      );
      writeFileSync(control, JSON.stringify({ gate }));
      const before = builds().length;
      expect((await call(a, '/api/site/publish', adminToken, {})).status).toBe(202);
      await within(15_000, 'a build under way', async () => builds().length === before + 1);
      const building = builds()
        .at(-1)!
        .includes(`${join(work, 'A')}/`)
        ? a
        : b;
      const other = building === a ? b : a;
      // The whole container goes: the instance and the build it started.
      killAll(building);
      await building.exited;
      writeFileSync(gate, '');
      const next = `Build ${before + 2}`;
      await within(60_000, `${other.name} building and serving the site`, async () =>
        (await page(other)).includes(next),
      );
      expect(builds().at(-1)).toContain(`${join(work, other.name)}/`);
      expect((await fetch(`${other.url}/api/health`)).status).toBe(200);
    },
  );
});
