/**
 * The change bus's write on the server's own database (PGlite, and PostgreSQL in project
 * `postgres`): audit inserts are sent without waiting, and the COMMIT follows them on the
 * connection; one that fails must still roll the whole change back, report its own error and
 * release no event.
 */
import { sql } from 'drizzle-orm';
import { beforeAll, expect, test } from 'vitest';
import { auditEvents, cmsItems } from '../../src/lib/db/schema.ts';
import { createTestContext, type TestContext } from '../support/app.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});

const event = (uuid: string) =>
  ({ type: 'cms.item.saved', data: { uuid, kind: 'partner' }, actorId: null, site: false }) as const;

async function countRows(uuid: string): Promise<{ items: number; audits: number }> {
  const { db } = ctx.deps;
  const items = await db
    .select()
    .from(cmsItems)
    .where(sql`${cmsItems.uuid} = ${uuid}`);
  const audits = await db
    .select()
    .from(auditEvents)
    .where(sql`${auditEvents.entityId} = ${uuid}`);
  return { items: items.length, audits: audits.length };
}

test(
  'a change whose last statement is an audit insert that fails is rolled back, with that error, and releases no ' +
    'event',
  async () => {
    const seen: string[] = [];
    const unsubscribe = ctx.deps.changes.onCommit('write-path probe', '*', (e) => seen.push(e.type));
    try {
      const uuid = crypto.randomUUID();
      const failing = ctx.deps.changes.write(ctx.deps.db, async (w) => {
        await w.tx.insert(cmsItems).values({ uuid, cmsType: 'partner', title: 'Rolled back with its audit' });
        await w.audit({ actorId: 2_000_000_000, entity: 'cms_item', entityId: uuid, action: 'create' });
        await w.emit(event(uuid));
      });
      await expect(failing).rejects.toThrow(/insert into "audit_events"/);
      expect(await countRows(uuid)).toEqual({ items: 0, audits: 0 });
      expect(seen).toEqual([]);
    } finally {
      unsubscribe();
    }
  },
);

test('a change whose audit inserts succeed is committed with all of them before its event is released', async () => {
  const uuid = crypto.randomUUID();
  const atRelease: { items: number; audits: number }[] = [];
  const unsubscribe = ctx.deps.changes.onCommit('write-path probe', { types: ['cms.item.saved'] }, (e) => {
    if ((e.data as { uuid: string }).uuid === uuid) void countRows(uuid).then((n) => atRelease.push(n));
  });
  try {
    const result = await ctx.deps.changes.write(ctx.deps.db, async (w) => {
      await w.tx.insert(cmsItems).values({ uuid, cmsType: 'partner', title: 'Kept with its audits' });
      for (const action of ['create', 'status', 'image'])
        await w.audit({ actorId: null, entity: 'cms_item', entityId: uuid, action });
      await w.emit(event(uuid));
      return 'saved';
    });
    expect(result).toBe('saved');
    expect(await countRows(uuid)).toEqual({ items: 1, audits: 3 });
    await expect.poll(() => atRelease).toEqual([{ items: 1, audits: 3 }]);
  } finally {
    unsubscribe();
  }
});

test('a change that refuses after recording its audit answers its own refusal, and nothing of it stays', async () => {
  const uuid = crypto.randomUUID();
  const refusing = ctx.deps.changes.write(ctx.deps.db, async (w) => {
    await w.tx.insert(cmsItems).values({ uuid, cmsType: 'partner', title: 'Refused after its audit' });
    await w.audit({ actorId: null, entity: 'cms_item', entityId: uuid, action: 'create' });
    throw new Error('this value is not allowed');
  });
  await expect(refusing).rejects.toThrow('this value is not allowed');
  expect(await countRows(uuid)).toEqual({ items: 0, audits: 0 });
});
