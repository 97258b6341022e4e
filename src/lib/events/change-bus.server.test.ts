import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openDatabase, type Database } from '../db/client.server.ts';
import { auditEvents } from '../db/schema.ts';
import { ChangeBus } from './change-bus.server.ts';
import type { ChangeEvent } from './change-events.ts';
import { domainOf } from './change-events.ts';
import { subscribeStandingReactions } from './subscribers.server.ts';

let database: Database;
beforeAll(async () => {
  database = await openDatabase({ dataDir: 'memory://' });
  await database.db.execute(sql`CREATE TABLE side_effects (note text NOT NULL)`);
});
afterAll(() => database.close());

const published = (uuid: string): ChangeEvent<'report.published'> => ({
  type: 'report.published',
  data: { uuid, year: 2026, country: 'PH', note: null },
  actorId: null,
  site: true,
});

async function auditCount(entityId: string): Promise<number> {
  const rows = await database.db
    .select()
    .from(auditEvents)
    .where(sql`${auditEvents.entityId} = ${entityId}`);
  return rows.length;
}

describe('ChangeBus', () => {
  test('commit subscribers see an event only after its transaction committed, with the audit row written', async () => {
    const bus = new ChangeBus();
    const seen: { type: string; auditRows: number }[] = [];
    bus.onCommit('probe', '*', (event) => seen.push({ type: event.type, auditRows: -1 }));
    const result = await bus.write(database.db, async (w) => {
      await w.audit({ actorId: null, entity: 'probe', entityId: 'commit-1', action: 'create' });
      await w.emit(published('commit-1'));
      expect(seen).toEqual([]);
      return 'done';
    });
    expect(result).toBe('done');
    expect(seen.map((s) => s.type)).toEqual(['report.published']);
    expect(await auditCount('commit-1')).toBe(1);
  });

  test('a rolled-back write releases no event, and what transaction subscribers wrote is gone with it', async () => {
    const bus = new ChangeBus();
    const seen: string[] = [];
    bus.inTransaction('writer', '*', async (event, tx) => {
      await tx.execute(sql`INSERT INTO side_effects (note) VALUES (${event.type})`);
    });
    bus.onCommit('probe', '*', (event) => seen.push(event.type));
    await expect(
      bus.write(database.db, async (w) => {
        await w.audit({ actorId: null, entity: 'probe', entityId: 'rollback-1', action: 'create' });
        await w.emit(published('rollback-1'));
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(seen).toEqual([]);
    expect(await auditCount('rollback-1')).toBe(0);
    const rows = await database.db.execute(sql`SELECT count(*)::int AS n FROM side_effects`);
    expect(Object.values((rows as unknown as { rows: { n: number }[] }).rows?.[0] ?? { n: 0 })[0]).toBe(0);
  });

  test(
    'an audit insert that fails rolls the change back and is the error reported, though the change went on ' +
      'without waiting for it',
    async () => {
      const bus = new ChangeBus();
      const seen: string[] = [];
      bus.onCommit('probe', '*', (event) => seen.push(event.type));
      // No user 987654: the audit row breaks its foreign key. The change's later statements run
      // (the insert was sent, not awaited) and the write still ends in its error, with nothing kept.
      const failing = (more: 'returns' | 'reads on') =>
        bus.write(database.db, async (w) => {
          await w.tx.execute(sql`INSERT INTO side_effects (note) VALUES ('kept only with its audit')`);
          await w.audit({ actorId: 987654, entity: 'probe', entityId: 'audit-fails', action: 'create' });
          await w.emit(published('audit-fails'));
          if (more === 'reads on') await w.tx.execute(sql`SELECT count(*) FROM side_effects`);
          return 'done';
        });
      for (const more of ['returns', 'reads on'] as const) {
        await expect(failing(more), more).rejects.toThrow(/insert into "audit_events"/);
      }
      expect(seen).toEqual([]);
      expect(await auditCount('audit-fails')).toBe(0);
      const rows = await database.db.execute(
        sql`SELECT count(*)::int AS n FROM side_effects WHERE note = 'kept only with its audit'`,
      );
      expect((rows as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
    },
  );

  test('a failing transaction subscriber fails the write; a failing commit subscriber does not', async () => {
    const bus = new ChangeBus({ log: () => {} });
    const unsubscribe = bus.inTransaction('broken', { types: ['report.returned'] }, async () => {
      throw new Error('outbox full');
    });
    const returned: ChangeEvent = {
      type: 'report.returned',
      data: { uuid: 'r', year: 2026, country: 'PH', note: 'x' },
      actorId: 1,
      site: false,
    };
    await expect(bus.write(database.db, (w) => w.emit(returned))).rejects.toThrow('outbox full');
    unsubscribe();
    const after: string[] = [];
    bus.onCommit('broken', '*', () => {
      throw new Error('cache gone');
    });
    bus.onCommit('probe', '*', (event) => after.push(event.type));
    await bus.write(database.db, (w) => w.emit(returned));
    expect(after).toEqual(['report.returned']);
  });

  test('a write joined to another releases its events when the outer one commits', async () => {
    const bus = new ChangeBus();
    const seen: string[] = [];
    bus.onCommit('probe', '*', (event) => seen.push('uuid' in event.data ? event.data.uuid : ''));
    await bus.write(database.db, async (outer) => {
      await bus.write(outer, (inner) => inner.emit(published('inner')));
      expect(seen).toEqual([]);
      await outer.emit(published('outer'));
    });
    expect(seen).toEqual(['inner', 'outer']);
  });

  test('filters by type, domain and effect on the public site', async () => {
    const bus = new ChangeBus();
    const byType: string[] = [];
    const byDomain: string[] = [];
    const bySite: string[] = [];
    bus.onCommit('type', { types: ['practice.published'] }, (e) => byType.push(e.type));
    bus.onCommit('domain', { domains: ['best-practices'] }, (e) => byDomain.push(e.type));
    bus.onCommit('site', { site: true }, (e) => bySite.push(e.type));
    bus.publish([
      { type: 'practice.saved', data: { uuid: 'p', country: 'TH' }, actorId: 1, site: false },
      { type: 'practice.published', data: { uuid: 'p', country: 'TH' }, actorId: 1, site: true },
      { type: 'cms.item.saved', data: { uuid: 'c', kind: 'banner' }, actorId: 1, site: true },
    ]);
    expect(byType).toEqual(['practice.published']);
    expect(byDomain).toEqual(['practice.saved', 'practice.published']);
    expect(bySite).toEqual(['practice.published', 'cms.item.saved']);
  });

  test('remove(name) takes out every subscriber of that name, of both kinds, and no other', async () => {
    const bus = new ChangeBus();
    const seen: string[] = [];
    bus.inTransaction('notes', '*', async () => {
      seen.push('notes in transaction');
    });
    bus.onCommit('notes', '*', () => seen.push('notes after commit'));
    bus.onCommit('other', '*', () => seen.push('other'));
    bus.onResync('notes', () => seen.push('notes resync'));
    expect(bus.remove('notes')).toBe(3);
    expect(bus.remove('notes')).toBe(0);
    await bus.write(database.db, (write) => write.emit(published('7b1c2d3e-0000-4000-8000-000000000009')));
    bus.resync();
    expect(seen).toEqual(['other']);
  });
});

test('every event type belongs to a domain', () => {
  expect(domainOf({ type: 'profile.figure.withdrawn' })).toBe('profile');
  expect(domainOf({ type: 'user.activated' })).toBe('access');
  expect(domainOf({ type: 'question.saved' })).toBe('national-reports');
});

test(
  'standing reactions: public data changes clear their cache domain and queue one rebuild each; access changes ' +
    'clear the access caches',
  () => {
    const bus = new ChangeBus();
    const cleared: string[] = [];
    let accessCleared = 0;
    let rebuilds = 0;
    subscribeStandingReactions(bus, {
      publicCache: { invalidate: (domain) => cleared.push(domain) },
      accessCaches: { invalidate: () => accessCleared++ },
      site: { request: async () => void rebuilds++ },
    });
    bus.publish([
      {
        type: 'report.unpublished',
        data: { uuid: 'r', year: 2022, country: 'PH', note: null },
        actorId: 1,
        site: true,
      },
      {
        type: 'profile.figure.withdrawn',
        data: { country: 'PH', category: 'housing', year: 2020 },
        actorId: 1,
        site: true,
      },
      {
        type: 'report.answers.saved',
        data: { uuid: 'r', year: 2026, country: 'PH', questions: 1 },
        actorId: 1,
        site: false,
      },
      { type: 'user.activated', data: { uuid: 'u' }, actorId: 1, site: false },
    ]);
    expect(cleared).toEqual(['national-reports', 'profile', 'national-reports']);
    expect(accessCleared).toBe(1);
    expect(rebuilds).toBe(2);
  },
);
