import type { LoadOptions } from './load.ts';
import type { Row, Targets } from './report.ts';

/** What `bench/run.ts` hands every section. */
export interface BenchContext {
  /** The repository root (the working directory of the run). */
  root: string;
  /** A temporary folder for this run, removed at the end. */
  tmp: string;
  load: LoadOptions;
  targets: Targets;
  log(line: string): void;
}

/** What a section hands back: its rows go in the printed table and in bench/results/latest.json. */
export interface SectionReport {
  section: string;
  title: string;
  /** Lines printed above the table (set-up, what was measured, caveats). */
  notes: string[];
  /** Anything worth keeping in the JSON (timings of the set-up, sanity checks). */
  setup: Record<string, unknown>;
  rows: Row[];
  /** The targets this section's load rows are judged against, when not the run's (ratio and p99 columns). */
  targets?: Targets;
  /** Tables of other figures than load (page audits, timings), printed before the load rows. */
  tables?: Table[];
  /** Judged targets outside the load rows that were missed (count like a missed row). */
  misses?: string[];
  /** Checks that failed (the run then exits with 1). */
  failures?: string[];
}

/** A plain table: the first column is left-aligned, the others right-aligned. */
export interface Table {
  title: string;
  header: string[];
  rows: string[][];
}

export type Section = (ctx: BenchContext) => Promise<SectionReport>;
