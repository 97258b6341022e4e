import type { BenchContext } from './context.ts';
import { measure, type LoadFigures, type LoadTarget } from './load.ts';

export interface Verdict {
  /** Ratio of the row's requests/s to the bare hello-world's. */
  ratio: number | null;
  throughputOk: boolean | null;
  p99Ok: boolean | null;
  /** Every response was a 2xx and none failed or timed out. */
  responsesOk: boolean;
  pass: boolean | null;
}

export interface Row extends LoadFigures {
  judged: boolean;
  verdict: Verdict;
}

export interface Targets {
  /** Authenticated endpoints must reach this share of the bare hello-world's requests/s. */
  minRatio: number;
  /** …and keep p99 latency under this many milliseconds at the given connections. */
  maxP99Ms: number;
}

export function judge(figures: LoadFigures, judged: boolean, baselineRps: number | null, targets: Targets): Row {
  const ratio = baselineRps ? figures.requestsPerSec / baselineRps : null;
  const responsesOk =
    figures.non2xx === 0 && figures.errors === 0 && figures.timeouts === 0 && figures.requestsTotal > 0;
  const throughputOk = judged && ratio !== null ? ratio >= targets.minRatio : null;
  const p99Ok = judged ? figures.latencyMs.p99 < targets.maxP99Ms : null;
  const pass = judged ? responsesOk && throughputOk === true && p99Ok === true : responsesOk ? null : false;
  return { ...figures, judged, verdict: { ratio, throughputOk, p99Ok, responsesOk, pass } };
}

/** Server CPU per request: steadier than requests/s when other work shares the machine. */
function serverMicros(row: Row): string {
  const seconds = row.cpuSeconds['server'];
  if (seconds === null || seconds === undefined || row.requestsTotal === 0) return '-';
  return ((seconds * 1e6) / row.requestsTotal).toFixed(0);
}

const mark = (ok: boolean | null) => (ok === null ? '-' : ok ? 'ok' : 'MISS');

/** A plain-text table of the rows, one line each. */
export function formatTable(rows: readonly Row[], targets: Targets): string {
  const header = [
    'target',
    'req/s',
    'p50 ms',
    'p99 ms',
    'srv us/req',
    'x bare',
    `>=${Math.round(targets.minRatio * 100)}%`,
    `p99<${targets.maxP99Ms}`,
    'non-2xx/err',
    'result',
  ];
  const lines = rows.map((r) => [
    r.target,
    r.requestsPerSec.toFixed(0),
    r.latencyMs.p50.toFixed(0),
    r.latencyMs.p99.toFixed(0),
    serverMicros(r),
    r.verdict.ratio === null ? '-' : r.verdict.ratio.toFixed(2),
    mark(r.verdict.throughputOk),
    mark(r.verdict.p99Ok),
    `${r.non2xx}/${r.errors + r.timeouts}`,
    r.verdict.pass === null ? 'info' : r.verdict.pass ? 'PASS' : 'FAIL',
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  const fmt = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  return [fmt(header), widths.map((w) => '-'.repeat(w)).join('  '), ...lines.map(fmt)].join('\n');
}

/** A plain-text table of any cells, first column left-aligned. */
export function formatGrid(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((l) => (l[i] ?? '').length)));
  const fmt = (cells: readonly string[]) =>
    widths
      .map((w, i) => (i === 0 ? (cells[i] ?? '').padEnd(w) : (cells[i] ?? '').padStart(w)))
      .join('  ')
      .trimEnd();
  return [fmt(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(fmt)].join('\n');
}

/**
 * Runs one load target, judges it against the targets (and the baseline's requests/s, if any),
 * logs its figures with the CPU each process used per request, and adds the row to `rows`.
 */
export async function measureRow(
  ctx: BenchContext,
  target: LoadTarget,
  baselineRps: number | null,
  rows: Row[],
): Promise<Row> {
  ctx.log(
    `  ${target.name}: ${target.prime ? 'priming, ' : ''}${ctx.load.warmup} s warm-up + ${ctx.load.duration} s ` +
      `at ${ctx.load.connections} connections …`,
  );
  const figures = await measure(target, ctx.load);
  const row = judge(figures, target.judged, baselineRps, ctx.targets);
  rows.push(row);
  const served = Math.max(1, figures.requestsTotal);
  const cpu = Object.entries(figures.cpuSeconds)
    .filter(([, seconds]) => seconds !== null)
    .map(([name, seconds]) => `${name} ${seconds} s (${Math.round((seconds! * 1e6) / served)} µs/req)`)
    .join(', ');
  ctx.log(
    `    ${figures.requestsPerSec.toFixed(0)} req/s, p50 ${figures.latencyMs.p50} ms, p99 ${figures.latencyMs.p99} ms` +
      (figures.non2xx || figures.errors ? `, ${figures.non2xx} non-2xx, ${figures.errors} errors` : '') +
      (cpu ? `; CPU used: ${cpu}` : ''),
  );
  return row;
}

/** BENCH_TARGETS=whoami,list… runs only the targets (rows or steps) whose names start with one of these. */
export function wanted(name: string): boolean {
  const only = (process.env['BENCH_TARGETS'] ?? '')
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);
  return only.length === 0 || only.some((prefix) => name.startsWith(prefix));
}
