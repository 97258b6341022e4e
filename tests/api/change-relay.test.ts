/**
 * Change events between two instances on one PostgreSQL database (LISTEN/NOTIFY, decision 035):
 * a cache on one is cleared within a second of a write on the other; a rolled-back write says
 * nothing; an instance that lost its listening connection drops its caches once it hears again.
 * On PGlite there is one instance only: these tests are skipped there.
 */
import { eq, sql } from 'drizzle-orm';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { PracticeResponseSchema, type BestPractice } from '../../src/lib/best-practices/schema.ts';
import { bestPractices } from '../../src/lib/db/schema.ts';
import type { ChangeEvent } from '../../src/lib/events/change-events.ts';
import { ChangeRelay } from '../../src/lib/events/relay.server.ts';
import { COMPLETE_PRACTICE } from '../fixtures/best-practices.ts';
import { makeImage, uploadForm } from '../fixtures/cms.ts';
import { createTestContext, type TestInstance } from '../support/app.ts';
import { expectJson } from '../support/assertions.ts';
import { createUser, type TestUser } from '../support/factories.ts';
import { userVersion } from '../support/versions.ts';

const a = await createTestContext();
const postgresOnly = !a.openInstance;
let b: TestInstance;
const relays: ChangeRelay[] = [];
const logged: string[] = [];
let admin: TestUser;
let member: TestUser;

beforeAll(async () => {
  if (postgresOnly) return;
  b = await a.openInstance!();
  for (const deps of [a.deps, b.deps]) {
    const relay = new ChangeRelay(deps.changes, deps.db, a.databaseUrl!, {
      checkMs: 250,
      log: (line) => logged.push(line),
    });
    relays.push(relay);
  }
  [admin, member] = await Promise.all([
    createUser(a, { role: 'admin', country: 'JP' }),
    createUser(a, { role: 'state_member', country: 'PH', name: 'Somchai Original' }),
  ]);
});
afterAll(async () => {
  for (const relay of relays) await relay.stop();
});

const [relayA, relayB] = [() => relays[0]!, () => relays[1]!];

/** Polls `probe` every 20 ms for up to `ms`; returns how long it took. */
async function within(ms: number, what: string, probe: () => Promise<boolean>): Promise<number> {
  const started = performance.now();
  while (!(await probe())) {
    if (performance.now() - started > ms) throw new Error(`Not within ${ms} ms: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return performance.now() - started;
}

const namesOnB = async (token: string) => {
  const body = (await (await b.request('/api/user/list?per_page=100', { token })).json()) as {
    data: { name: string | null }[];
  };
  return body.data.map((u) => u.name);
};

describe.skipIf(postgresOnly)('two instances on one PostgreSQL database', () => {
  test(
    "without the relay, B's cached user list keeps the " + "old name; with it, B shows A's edit within a second",
    async () => {
      expect(await namesOnB(admin.token)).toContain('Somchai Original');
      const edit = async (name: string) => {
        const response = await a.request(`/api/user/edit/${member.uuid}`, {
          token: admin.token,
          json: { name, version: await userVersion(a, member.uuid) },
        });
        expect(response.status).toBe(200);
      };
      await edit('Сомчай Перший');
      expect(await namesOnB(admin.token)).toContain('Somchai Original'); // B's cache: no way to know

      for (const relay of relays) await relay.start();
      b.deps.changes.resync(); // what B does when it starts hearing: nothing it kept is trusted
      expect(await namesOnB(admin.token)).toContain('Сомчай Перший');
      await edit('สมชาย ใหม่');
      const ms = await within(1000, "A's edit in B's list", async () =>
        (await namesOnB(admin.token)).includes('สมชาย ใหม่'),
      );
      expect(ms).toBeLessThan(1000);
    },
  );

  test("a practice published through A: B's public list and its file answers follow within a second", async () => {
    let p = (
      await expectJson(
        await a.request('/api/best-practice/saved', {
          token: member.token,
          json: { ...COMPLETE_PRACTICE, title: 'Набережная Илоило', country_code: 'PH' },
        }),
        201,
        PracticeResponseSchema,
      )
    ).data;
    p = (
      await expectJson(
        await a.request(`/api/best-practice/${p.uuid}/upload?version=${p.version}`, {
          token: member.token,
          body: uploadForm(await makeImage('png', 600, 400)),
        }),
        201,
        PracticeResponseSchema,
      )
    ).data;
    const picture = p.images[0]!.card.url;
    const publicTitles = async () =>
      ((await (await b.request('/api/best-practice/public/list')).json()) as { data: { title: string }[] }).data.map(
        (x) => x.title,
      );
    // B answers (and keeps): not public yet.
    expect(await publicTitles()).not.toContain('Набережная Илоило');
    expect((await b.request(picture)).status).toBe(404);
    expect((await b.request(picture, { token: member.token })).status).toBe(200);

    const step = async (practice: BestPractice, user: TestUser, action: string) =>
      (
        await expectJson(
          await a.request(`/api/best-practice/${practice.uuid}/transition`, {
            token: user.token,
            json: { action, version: practice.version },
          }),
          200,
          PracticeResponseSchema,
        )
      ).data;
    p = await step(await step(p, member, 'submit'), admin, 'publish');
    await within(1000, "the publish in B's public list", async () =>
      (await publicTitles()).includes('Набережная Илоило'),
    );
    await within(1000, 'the picture public on B', async () => (await b.request(picture)).status === 200);
    // B's publishing status lists A's change as waiting for the next build, by its title.
    await within(1000, "A's change waiting on B", async () =>
      (await b.deps.siteChanges.waiting(null)).changes.some((change) => change.title.includes('Набережная Илоило')),
    );

    await step(p, admin, 'archive');
    await within(1000, 'the picture private again on B', async () => (await b.request(picture)).status === 404);
  });

  test(
    'events reach the other instance only once committed, ' + 'once each, and a huge batch asks for a resync',
    async () => {
      const heardOnB: string[] = [];
      const heardOnA: string[] = [];
      let resyncs = 0;
      const off = [
        b.deps.changes.onCommit('probe', '*', (event) => heardOnB.push(event.type), { everyInstance: true }),
        a.deps.changes.onCommit('probe', '*', (event) => heardOnA.push(event.type), { everyInstance: true }),
        b.deps.changes.onResync('probe', () => resyncs++),
      ];
      const event = (uuid: string): ChangeEvent => ({
        type: 'country.saved',
        data: { code: uuid },
        actorId: null,
        site: false,
      });
      await expect(
        a.deps.changes.write(a.deps.db, async (w) => {
          await w.emit(event('rolled back'));
          throw new Error('no');
        }),
      ).rejects.toThrow('no');
      await a.deps.changes.write(a.deps.db, (w) => w.emit(event('kept')));
      await within(1000, 'the committed event on B', async () => heardOnB.length > 0);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(heardOnB).toEqual(['country.saved']);
      expect(heardOnA).toEqual(['country.saved']); // its own, once: the echo from the channel is ignored

      await a.deps.changes.write(a.deps.db, async (w) => {
        for (let i = 0; i < 400; i++) await w.emit(event(`bulk-${i}`));
      });
      await within(1000, 'a resync on B', async () => resyncs === 1);
      for (const unsubscribe of off) unsubscribe();
    },
  );

  test('B lost its listening connection: once listening again it drops its caches', async () => {
    const [practice] = await a.deps.db
      .insert(bestPractices)
      .values({ title: 'Old title', countryCode: 'PH', status: 'published', publishedAt: new Date() })
      .returning();
    b.deps.publicCache.invalidate('best-practices');
    const show = async () =>
      (
        (await (await b.request(`/api/best-practice/public/show/${practice!.uuid}`)).json()) as {
          data: { title: string };
        }
      ).data.title;
    expect(await show()).toBe('Old title');
    // Changed behind the portal's back (no event): B keeps its answer…
    await a.deps.db.update(bestPractices).set({ title: 'Ново название' }).where(eq(bestPractices.uuid, practice!.uuid));
    expect(await show()).toBe('Old title');
    // …until its listening connection is cut and made again (events may have been missed meanwhile).
    await a.deps.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity where application_name = ${relayB().applicationName}`,
    );
    await within(5000, 'B listening again', async () => relayB().listens === 2);
    expect(await show()).toBe('Ново название');
    expect(logged.some((line) => line.includes('listening again'))).toBe(true);
    expect(relayA().listens).toBe(1);
  });

  test('when the database refuses new connections for a while, the watchdog listens again once it can', async () => {
    const database = new URL(a.databaseUrl!).pathname.slice(1);
    const before = relayB().listens;
    // From the server's own database: a database cannot close itself to new connections.
    const server = postgres(process.env['TEST_DATABASE_URL']!, { max: 1, onnotice: () => {} });
    await server.unsafe(`alter database "${database}" allow_connections false`);
    try {
      await a.deps.db.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity where application_name =
          ${relayB().applicationName}`,
      );
      await new Promise((resolve) => setTimeout(resolve, 1200));
      expect(relayB().listens).toBe(before);
    } finally {
      await server.unsafe(`alter database "${database}" allow_connections true`);
      await server.end();
    }
    await within(5000, 'B listening again', async () => relayB().listens === before + 1);
    // And it hears A again.
    const heard: string[] = [];
    const off = b.deps.changes.onCommit('probe', '*', (event) => heard.push(event.type), { everyInstance: true });
    await a.deps.changes.write(a.deps.db, (w) =>
      w.emit({ type: 'country.saved', data: { code: 'XX' }, actorId: null, site: false }),
    );
    await within(1000, 'B hearing A', async () => heard.length === 1);
    off();
  });
});
