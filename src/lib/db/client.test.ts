import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { openDatabase, type Database } from './client.server.ts';

let database: Database;
beforeAll(async () => {
  database = await openDatabase({ dataDir: 'memory://' });
});
afterAll(async () => {
  await database.close();
});

test('PGlite: a queue of queries leaves the event loop turns to serve other work', async () => {
  let done = 0;
  let doneWhenTheTimerRan = -1;
  setImmediate(() => (doneWhenTheTimerRan = done));
  await Promise.all(Array.from({ length: 100 }, () => database.db.execute(sql`select 1`).then(() => done++)));
  expect(done).toBe(100);
  // Without a turn of the event loop between queries, the timer would wait for all 100.
  expect(doneWhenTheTimerRan).toBeGreaterThanOrEqual(0);
  expect(doneWhenTheTimerRan).toBeLessThan(10);
});

test('PGlite: queries inside a transaction also let the event loop turn, and the transaction stays whole', async () => {
  await database.db.execute(sql`create table turns (n int)`);
  let ticks = 0;
  const timer = setInterval(() => ticks++, 0);
  await expect(
    database.db.transaction(async (tx) => {
      for (let i = 0; i < 50; i++) await tx.execute(sql`insert into turns values (${i})`);
      throw new Error('roll back');
    }),
  ).rejects.toThrow('roll back');
  clearInterval(timer);
  const rows = await database.db.execute<{ n: number }>(sql`select count(*)::int as n from turns`);
  expect((rows as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
  expect(ticks).toBeGreaterThan(0);
});
