/**
 * The "bare write" baseline of the reporting section: a bare Hono server on @hono/node-server,
 * alone in its own process, that does per request what an autosave cannot do without: one answer
 * upserted and one audit event inserted, in one transaction, through the portal's own database
 * client (PGlite in its own temp folder, or the portal's PostgreSQL). No sign-in, no validation,
 * no completeness. Its saves/s are the real limit autosave is judged against.
 *
 * Settings in BENCH_BARE_WRITE (JSON): { dataDir, databaseUrl?, year }. Prints `BENCH_READY {"url"}`.
 */
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { eq, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { openDatabase } from '../../src/lib/db/client.server.ts';
import { seedReferenceData } from '../../src/lib/db/seed.server.ts';
import { nationalReports, questions, reportingCycles } from '../../src/lib/db/schema.ts';
import { createCycleReports } from '../../src/lib/national-reports/cycles.server.ts';
import { announceReady } from '../lib/child.ts';

const config = JSON.parse(process.env['BENCH_BARE_WRITE'] ?? '{}') as {
  dataDir: string;
  databaseUrl?: string;
  year: number;
};
const database = await openDatabase(config.databaseUrl ? { url: config.databaseUrl } : { dataDir: config.dataDir });
const { db } = database;
if (!config.databaseUrl) {
  // Its own PGlite: the reference data, the questionnaire and one closed cycle's reports to write answers to.
  await seedReferenceData(db);
}
await db
  .insert(reportingCycles)
  .values({
    year: config.year,
    opensAt: `${config.year - 1}-09-01`,
    closesAt: `${config.year}-03-31`,
    status: 'closed',
  })
  .onConflictDoNothing();
await createCycleReports(db, config.year);
const reports = await db
  .select({ id: nationalReports.id })
  .from(nationalReports)
  .where(eq(nationalReports.year, config.year));
const questionIds = (await db.select({ id: questions.id }).from(questions).limit(38)).map((q) => q.id);
const pairs = reports.flatMap((r) => questionIds.map((q) => [r.id, q] as const));
let next = 0;

const app = new Hono().post('/save', async (c) => {
  const body = await c.req.json<{ value: unknown }>();
  const [reportId, questionId] = pairs[next++ % pairs.length]!;
  const value = JSON.stringify(body.value ?? null);
  const saved = await db.transaction(async (tx) => {
    const result = await tx.execute(sql`
      insert into report_answers (report_id, question_id, value, version, updated_at) values (${reportId},
        ${questionId}, ${value}::jsonb, 1, now())
      on conflict (report_id, question_id) do update set value = excluded.value, version = report_answers.version + 1,
        updated_at = excluded.updated_at
      returning id, version`);
    await tx.execute(
      sql`insert into audit_events (entity, entity_id, action, after) values ('bench_bare_write', ${String(reportId)},
        'update', ${value}::jsonb)`,
    );
    return (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows)[0];
  });
  return c.json({ status: 200, data: saved });
});

const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) => {
  announceReady({ url: `http://127.0.0.1:${info.port}`, pairs: pairs.length }, async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    if (config.databaseUrl) await db.execute(sql`delete from audit_events where entity = 'bench_bare_write'`);
    await database.close();
  });
});
