import { join } from 'node:path';
import { mkdirSync } from 'node:fs';
import { DEMO_ACCOUNTS } from '../../src/lib/db/seed.server.ts';
import { startAuthEmulator } from '../../scripts/auth-emulator.ts';
import { measureBareHello } from '../lib/baseline.ts';
import { startChild, type ChildServer } from '../lib/child.ts';
import type { BenchContext, SectionReport } from '../lib/context.ts';
import { databaseBackends } from '../lib/database-cpu.ts';
import { signIn } from '../lib/identity.ts';
import { rotating } from '../lib/load.ts';
import { freePort } from '../lib/ports.ts';
import { measureRow, wanted, type Row, type Targets } from '../lib/report.ts';
import { SEARCH_SCRIPTS } from '../lib/search-texts.ts';
import { SEARCH_YEARS } from '../lib/seed-search.ts';
import type { SearchPortalConfig, SearchPortalInfo } from '../servers/search-portal.ts';

/**
 * Find any answer (issue 34 item 2): about 70,000 narrative answers (4 cycles × every country ×
 * 300, in twenty scripts), searched at 20 connections; p99 at most 50 ms on PGlite and PostgreSQL.
 */
const SEARCH_TARGETS: Targets = { minRatio: 0, maxP99Ms: 50 };
const SEARCH_CONNECTIONS = 20;
const PROJECT_ID = 'demo-apua-bench-search';
const ADMIN = DEMO_ACCOUNTS.find((a) => a.role === 'admin')!;
const MEMBER = DEMO_ACCOUNTS.find((a) => a.role === 'state_member')!;
const SEARCH = '/api/report/type/national/search';

const path = (params: Record<string, string>) => `${SEARCH}?${new URLSearchParams(params)}`;

/** Every word of every script, once each (the common ones and the rare ones alike). */
const ONE_WORD = SEARCH_SCRIPTS.flatMap((s) => s.words.map((q) => path({ q })));
/** Two words of a script, with a cycle: what a reviewer narrows a search to. */
const TWO_WORDS = SEARCH_SCRIPTS.flatMap((s, i) =>
  s.words
    .slice(0, 7)
    .map((w, k) => path({ q: `${w} ${s.words[13 - k]}`, year: String(SEARCH_YEARS[i % SEARCH_YEARS.length]) })),
);

interface SearchRun {
  ctx: BenchContext;
  notes: string[];
  checks: string[];
  failures: string[];
  rows: Row[];
  setup: Record<string, unknown>;
}

async function sanity(url: string, token: string, run: SearchRun): Promise<void> {
  let found = 0;
  for (const script of SEARCH_SCRIPTS) {
    const response = await fetch(`${url}${path({ q: script.words[13]!, per_page: '1' })}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const body = (await response.json()) as { total?: number; data?: { snippet: string }[] };
    if (response.status !== 200 || !body.total || !body.data?.[0]?.snippet.includes('<mark>'))
      throw new Error(`Sanity check failed before the load test: ${script.script} “${script.words[13]}” found nothing`);
    found += body.total;
  }
  run.checks.push(`the rarest word of each of the ${SEARCH_SCRIPTS.length} scripts finds answers (${found} in all)`);
}

async function measureRows(
  run: SearchRun,
  info: SearchPortalInfo,
  tokens: { admin: string; member: string },
  server: number | undefined,
) {
  const ctx = { ...run.ctx, load: { ...run.ctx.load, connections: SEARCH_CONNECTIONS }, targets: SEARCH_TARGETS };
  const bare = (await measureBareHello(ctx, run.rows)).requestsPerSec;
  const backends = databaseBackends(process.env['BENCH_DATABASE_URL'] || undefined);
  const targets = [
    {
      name: 'search: one word, secretariat',
      describe: `${ONE_WORD.length} words of ${SEARCH_SCRIPTS.length} scripts in turn, every report submitted or later`,
      paths: ONE_WORD,
      token: tokens.admin,
    },
    {
      name: 'search: two words and a cycle, secretariat',
      describe: `${TWO_WORDS.length} pairs of words (a common one and a rare one) with a cycle`,
      paths: TWO_WORDS,
      token: tokens.admin,
    },
    {
      name: 'search: one word, a focal point',
      describe: 'the same words, as a country focal point (its own reports and the published ones)',
      paths: ONE_WORD,
      token: tokens.member,
    },
  ];
  try {
    for (const target of targets) {
      if (!wanted(target.name)) continue;
      await measureRow(
        ctx,
        {
          name: target.name,
          describe: target.describe,
          url: info.url,
          headers: { authorization: `Bearer ${target.token}` },
          requests: () => rotating(target.paths),
          judged: true,
          watch: { server },
          watchGroups: backends.groups,
        },
        bare,
        run.rows,
      );
    }
  } finally {
    await backends.close();
  }
}

/** The search section: set-up, checks, the bare hello-world, then the three search rows at 20 connections. */
export async function searchSection(ctx: BenchContext): Promise<SectionReport> {
  const run: SearchRun = { ctx, notes: [], checks: [], failures: [], rows: [], setup: {} };
  const databaseUrl = process.env['BENCH_DATABASE_URL'] || undefined;
  const emulatorHost = `127.0.0.1:${await freePort(3)}`;
  let emulator: Awaited<ReturnType<typeof startAuthEmulator>> | null = null;
  let child: ChildServer<SearchPortalInfo> | null = null;
  try {
    emulator = await startAuthEmulator({
      host: emulatorHost,
      projectId: PROJECT_ID,
      workDir: join(ctx.tmp, 'search-emu'),
    });
    const config: SearchPortalConfig = {
      port: await freePort(),
      dataDir: join(ctx.tmp, 'search-data'),
      siteDir: join(ctx.tmp, 'search-sites'),
      ...(databaseUrl && { databaseUrl }),
      projectId: PROJECT_ID,
      emulatorHost,
    };
    mkdirSync(config.dataDir, { recursive: true });
    ctx.log(`Starting the portal (${databaseUrl ? 'PostgreSQL' : 'PGlite'}) and seeding ~70,000 answers …`);
    child = await startChild<SearchPortalInfo>(new URL('../servers/search-portal.ts', import.meta.url), {
      label: 'The portal server (search)',
      env: { BENCH_SEARCH_PORTAL: JSON.stringify(config), NODE_ENV: 'production' },
      timeoutMs: 900_000,
    });
    const { info } = child;
    const { seed } = info;
    run.setup = { database: info.database, startMs: Math.round(info.startMs), seed };
    run.notes.push(
      `Database: ${databaseUrl ? 'PostgreSQL (BENCH_DATABASE_URL)' : 'PGlite'}. ${seed.reports} reports ` +
        `(${seed.countries} countries × 4 cycles; ${Object.entries(seed.byStatus)
          .map(([s, n]) => `${n} ${s}`)
          .join(', ')}), ${seed.answers.toLocaleString('en')} narrative answers in ${SEARCH_SCRIPTS.length} ` +
        `scripts inserted in ${(seed.insertMs / 1000).toFixed(1)} s; the index (${seed.indexed.toLocaleString('en')} ` +
        `rows) built by the server's own syncAnswerSearch in ${(seed.indexMs / 1000).toFixed(1)} s; ` +
        `vacuum analyze ${(seed.analyzeMs / 1000).toFixed(1)} s.`,
    );
    const tokens = {
      admin: await signIn(emulatorHost, ADMIN.email, ADMIN.password),
      member: await signIn(emulatorHost, MEMBER.email, MEMBER.password),
    };
    await sanity(info.url, tokens.admin, run);
    await measureRows(run, info, tokens, child.process.pid);
    run.notes.push(`Checks passed before the load: ${run.checks.join('; ')}.`);
  } catch (error) {
    run.failures.push(`search: ${(error as Error).message}`);
  } finally {
    await child?.stop();
    await emulator?.stop();
  }
  return {
    section: 'search',
    title: `Find any answer: ~70,000 answers in ${SEARCH_SCRIPTS.length} scripts, ${SEARCH_CONNECTIONS} connections`,
    notes: run.notes,
    setup: run.setup,
    rows: run.rows,
    targets: SEARCH_TARGETS,
    failures: run.failures,
  };
}
