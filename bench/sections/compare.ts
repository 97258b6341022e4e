/**
 * One question across the region (issue 34 item 1, decision 075): the Compare view's API for a
 * question of a closed cycle that every one of the 58 countries answered, as the secretariat reads
 * it, at 20 connections. Target: p99 <= 20 ms. The portal is the reporting section's (the same
 * bulk seed of 4 cycles × 58 countries × 38 questions), without a site build.
 */
import { join } from 'node:path';
import { DEMO_ACCOUNTS } from '../../src/lib/db/seed.server.ts';
import { startAuthEmulator } from '../../scripts/auth-emulator.ts';
import { measureBareHello } from '../lib/baseline.ts';
import { startChild, type ChildServer } from '../lib/child.ts';
import type { BenchContext, SectionReport } from '../lib/context.ts';
import { signIn } from '../lib/identity.ts';
import { rotating } from '../lib/load.ts';
import { freePort } from '../lib/ports.ts';
import { measureRow, type Row, type Targets } from '../lib/report.ts';
import type { ReportingPortalConfig, ReportingPortalInfo } from '../servers/reporting-portal.ts';
import { settle } from './reporting.ts';

const ROW = 'compare question (API)';
const CONNECTIONS = 20;
/** The target: p99 at most 20 ms at 20 connections (no throughput ratio is asked). */
const TARGETS: Targets = { minRatio: 0, maxP99Ms: 20 };
/** A closed cycle of the seed without demo reports: every one of the 58 countries handed its report in. */
const YEAR = 2018;
const ADMIN = DEMO_ACCOUNTS.find((a) => a.role === 'admin')!;

interface CompareBody {
  data: { question: { code: string }; answers: { country_code: string }[] };
}

async function startPortal(ctx: BenchContext, emulatorHost: string, projectId: string) {
  const databaseUrl = process.env['BENCH_DATABASE_URL'] || undefined;
  const config: ReportingPortalConfig = {
    port: await freePort(),
    dataDir: join(ctx.tmp, 'compare-data'),
    siteDir: join(ctx.tmp, 'compare-sites'),
    ...(databaseUrl && { databaseUrl }),
    projectId,
    emulatorHost,
    siteCache: { dir: join(ctx.tmp, 'compare-site-cache'), cached: false },
    needSite: false,
    extraQuestions: 1,
    longCountry: 'PH',
    focalPoints: 0,
  };
  return startChild<ReportingPortalInfo>(new URL('../servers/reporting-portal.ts', import.meta.url), {
    label: 'The portal server (compare)',
    env: { BENCH_REPORTING_PORTAL: JSON.stringify(config), NODE_ENV: 'production' },
    timeoutMs: 420_000,
  });
}

/** The questions of the cycle, each answered by every country (checked before the load). */
async function questionPaths(url: string, token: string): Promise<{ paths: string[]; answered: number[] }> {
  const headers = { authorization: `Bearer ${token}` };
  const list = (await (await fetch(`${url}/api/question/list`, { headers })).json()) as {
    data: { uuid: string; code: string }[];
  };
  const paths = list.data.map((q) => `/api/report/type/national/compare/${YEAR}/${q.uuid}`);
  const answered: number[] = [];
  for (const path of paths) {
    const response = await fetch(`${url}${path}`, { headers });
    if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
    answered.push(((await response.json()) as CompareBody).data.answers.length);
  }
  return { paths, answered };
}

export async function compareSection(ctx: BenchContext): Promise<SectionReport> {
  const notes: string[] = [];
  const failures: string[] = [];
  const rows: Row[] = [];
  const setup: Record<string, unknown> = {};
  const projectId = 'demo-apua-bench-compare';
  const emulatorHost = `127.0.0.1:${await freePort(3)}`;
  const emulator = await startAuthEmulator({ host: emulatorHost, projectId, workDir: join(ctx.tmp, 'compare-emu') });
  let child: ChildServer<ReportingPortalInfo> | null = null;
  const load = { ...ctx, load: { ...ctx.load, connections: CONNECTIONS }, targets: TARGETS };
  try {
    ctx.log('Starting the portal server and seeding 4 cycles × 58 countries × 38 questions …');
    child = await startPortal(ctx, emulatorHost, projectId);
    const { url } = child.info;
    setup['database'] = child.info.database;
    setup['seedMs'] = Math.round(child.info.seedMs);
    const token = await signIn(emulatorHost, ADMIN.email, ADMIN.password);
    const { paths, answered } = await questionPaths(url, token);
    const most = Math.max(...answered);
    if (most < 58) throw new Error(`the most answered question of ${YEAR} has ${most} answers, not 58`);
    setup['answersPerQuestion'] = { min: Math.min(...answered), max: most };
    notes.push(
      `Database: ${child.info.database === 'postgres' ? 'PostgreSQL (BENCH_DATABASE_URL)' : 'PGlite'}. ` +
        `GET …/compare/${YEAR}/{question} as an administrator (the secretariat), rotating over the ` +
        `${paths.length} questions of the cycle, ${Math.min(...answered)}–${most} answers each (58 countries ` +
        `handed in); at ${CONNECTIONS} connections, target p99 <= ${TARGETS.maxP99Ms} ms.`,
    );
    const bare = (await measureBareHello(load, rows)).requestsPerSec;
    await settle(url);
    await measureRow(
      load,
      {
        name: ROW,
        describe: `GET …/compare/${YEAR}/{question} as the secretariat, ${paths.length} questions in turn`,
        url,
        headers: { authorization: `Bearer ${token}` },
        requests: () => rotating(paths),
        judged: true,
        watch: { server: child.process.pid },
      },
      bare,
      rows,
    );
  } catch (error) {
    failures.push(`compare: ${(error as Error).message}`);
  } finally {
    await child?.stop();
    await emulator.stop();
  }
  return {
    section: 'compare',
    title: 'One question across the region (issue 34): the Compare view’s API',
    notes,
    setup,
    rows,
    targets: TARGETS,
    failures,
  };
}
