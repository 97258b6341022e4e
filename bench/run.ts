/**
 * `npm run bench`: every benchmark section in one run, one table, and the figures as JSON in
 * bench/results/latest.json. `node bench/run.ts api` or BENCH_SECTIONS=api,site runs only the
 * named sections.
 *
 * Settings (env): BENCH_CONNECTIONS (50), BENCH_DURATION seconds (10), BENCH_WARMUP seconds (2),
 * BENCH_DATABASE_URL (PostgreSQL instead of a temp PGlite), BENCH_STRICT=1 (exit 1 on a miss),
 * BENCH_LIGHTHOUSE_RUNS (3: Lighthouse runs per audited page, the median one reported).
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BenchContext, Section, SectionReport } from './lib/context.ts';
import { formatGrid, formatTable } from './lib/report.ts';
import { apiSection } from './sections/api.ts';
import { compareSection } from './sections/compare.ts';
import { hostileSection } from './sections/hostile.ts';
import { modulesSection } from './sections/modules.ts';
import { reportingSection } from './sections/reporting.ts';
import { searchSection } from './sections/search.ts';
import { rulesSection } from './sections/rules.ts';
import { siteSection } from './sections/site.ts';
import { synthesisSection } from './sections/synthesis.ts';

/** Later issues add their sections here. */
export const SECTIONS: Record<string, Section> = {
  api: apiSection,
  site: siteSection,
  reporting: reportingSection,
  modules: modulesSection,
  hostile: hostileSection,
  search: searchSection,
  rules: rulesSection,
  compare: compareSection,
  synthesis: synthesisSection,
};

const root = fileURLToPath(new URL('..', import.meta.url));
process.chdir(root);

const number = (name: string, fallback: number) => {
  const value = Number(process.env[name]);
  return Number.isFinite(value) && value > 0 ? value : fallback;
};

const fromEnv = (process.env['BENCH_SECTIONS'] ?? '')
  .split(',')
  .map((s) => s.trim())
  .filter(Boolean);
const fromArgs = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const wanted = fromArgs.length > 0 ? fromArgs : fromEnv;
const unknown = wanted.filter((name) => !(name in SECTIONS));
if (unknown.length > 0) {
  console.error(`Unknown bench section(s): ${unknown.join(', ')}; known: ${Object.keys(SECTIONS).join(', ')}`);
  process.exit(2);
}
const selected = wanted.length > 0 ? wanted : Object.keys(SECTIONS);

const tmp = mkdtempSync(join(tmpdir(), 'apua-bench-'));
const ctx: BenchContext = {
  root,
  tmp,
  load: {
    connections: number('BENCH_CONNECTIONS', 50),
    duration: number('BENCH_DURATION', 10),
    warmup: number('BENCH_WARMUP', 2),
  },
  targets: { minRatio: 0.5, maxP99Ms: 25 },
  log: (line) => console.log(line),
};

let commit: string | null = null;
try {
  commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  }).trim();
} catch {
  // not a git checkout
}
const startedAt = new Date();
const loadAtStart = loadavg();
const started = performance.now();
const reports: SectionReport[] = [];
let failed: unknown = null;
const cleanUp = () => rmSync(tmp, { recursive: true, force: true });
process.once('SIGINT', () => {
  cleanUp();
  process.exit(130);
});

console.log(
  `Benchmark on Node ${process.version}, ${cpus().length} CPU(s), load average ${loadAtStart
    .map((l) => l.toFixed(2))
    .join(' ')} (figures are noisy when the machine is busy)`,
);
try {
  for (const name of selected) {
    console.log(`\n== ${name} ==`);
    reports.push(await SECTIONS[name]!(ctx));
  }
} catch (error) {
  failed = error;
} finally {
  cleanUp();
}

for (const report of reports) {
  console.log(`\n## ${report.title} (${report.section})\n`);
  for (const note of report.notes) console.log(`- ${note}`);
  for (const table of report.tables ?? []) {
    console.log(`\n${table.title}\n`);
    console.log(formatGrid(table.header, table.rows));
  }
  if (report.rows.length > 0) {
    console.log('');
    console.log(formatTable(report.rows, report.targets ?? ctx.targets));
  }
  for (const miss of report.misses ?? []) console.log(`MISSED: ${miss}`);
  for (const failure of report.failures ?? []) console.log(`CHECK FAILED: ${failure}`);
}
const failedChecks = reports.flatMap((r) => r.failures ?? []);
const rows = reports.flatMap((r) => r.rows);
const missedRows = rows.filter((r) => r.verdict.pass === false);
const otherMisses = reports.flatMap((r) => (r.misses ?? []).map((m) => `${r.section}: ${m}`));
const misses = [...missedRows.map((r) => r.target), ...otherMisses];
console.log('');
if (selected.includes('api')) {
  console.log(
    `Targets (api): authenticated endpoints >= ${ctx.targets.minRatio * 100}% of the bare hello-world's ` +
      `requests/s, p99 < ${ctx.targets.maxP99Ms} ms at ${ctx.load.connections} connections.`,
  );
}
if (selected.includes('site')) {
  console.log(
    'Targets (site): Lighthouse accessibility/best practices/SEO 100 and performance >= 95 on every public ' +
      'page, first screen <= 14 KB, no script on pages with nothing interactive, publish-to-live < 15 s.',
  );
}
if (selected.includes('reporting')) {
  console.log(
    `Targets (reporting): autosave p99 < 25 ms and >= 50% of the bare write's saves/s ` +
      `at ${ctx.load.connections} connections (PGlite: <= 2 ms of server CPU per save); opening a report <= 2 ms ` +
      `of server CPU for 38 questions, 8 ms for 300; the questionnaire interactive in the browser < 1 s (38 and ` +
      `300 questions); data-entry JS <= 60 KB gzip beyond the shell.`,
  );
}
if (selected.includes('modules')) {
  console.log(
    "Targets (modules): with every reporting module's data, publish-to-live <= 30 s; the module pages at the " +
      "site's bars (Lighthouse accessibility/best practices/SEO 100, performance >= 95, first screen <= 14 KB).",
  );
}
if (selected.includes('hostile')) {
  console.log(
    'Targets (hostile): each hostile upload refused with a 4xx and its message in < 1 s; no upload within the ' +
      "size limits grows the server's memory by 100 MB or more; other requests answered in < 1 s meanwhile.",
  );
}
const judged = rows.filter((r) => r.judged);
console.log(
  failedChecks.length > 0 && misses.length === 0
    ? `${failedChecks.length} check(s) failed (CHECK FAILED above): the targets they hold were not all measured.`
    : judged.length === 0 && !reports.some((r) => r.misses)
      ? 'No judged target ran.'
      : misses.length === 0
        ? 'All judged targets met.'
        : 'Missed: ' +
          [
            ...missedRows.map((r) => r.target),
            ...(otherMisses.length > 0 ? [`${otherMisses.length} other target(s), see the MISSED lines above`] : []),
          ].join(', ') +
          '.',
);

mkdirSync(join(root, 'bench/results'), { recursive: true });
const out = join(root, 'bench/results/latest.json');
writeFileSync(
  out,
  `${JSON.stringify(
    {
      startedAt: startedAt.toISOString(),
      commit,
      elapsedS: Math.round((performance.now() - started) / 100) / 10,
      node: process.version,
      cpus: cpus().length,
      loadAverageAtStart: loadAtStart,
      load: ctx.load,
      targets: ctx.targets,
      sections: reports,
      ...(failed ? { error: String((failed as Error).stack ?? failed) } : {}),
    },
    null,
    2,
  )}\n`,
);
console.log(`Results written to ${out} (${((performance.now() - started) / 1000).toFixed(0)} s in all).`);

if (failed) {
  console.error('\nThe benchmark failed:', failed);
  process.exit(1);
}
if (failedChecks.length > 0) process.exit(1);
if (misses.length > 0 && process.env['BENCH_STRICT'] === '1') process.exit(1);
