/// <reference types="astro/client" />
/** Reading the national-report collections the way the public pages show them. */
import { readCollection } from '../page-data.ts';
import type { ReportStatus } from '../../lib/national-reports/schema.ts';
import type { PublicReport, PublicReportListItem } from '../../lib/national-reports/public-schema.ts';
import type { CycleBundle } from '../../lib/public-api/national-reports.ts';
import type { QuestionInfo } from './regional.ts';
import type { Locale } from '../../i18n/locales.ts';
import { CATALOGUES, t, type MessageKey } from '../../i18n/t.ts';

/** Reporting cycles, newest first. */
export async function cycleBundles(): Promise<CycleBundle[]> {
  const entries: { data: CycleBundle }[] = await readCollection('nationalCycles');
  return entries.map((e) => e.data).sort((a, b) => b.cycle.year - a.cycle.year);
}

/** One static path per reporting cycle: its year the `year` parameter, its bundle the page's props. */
export async function cyclePaths(): Promise<{ params: { year: string }; props: { bundle: CycleBundle } }[]> {
  return (await cycleBundles()).map((bundle) => ({ params: { year: String(bundle.cycle.year) }, props: { bundle } }));
}

/** Published reports with their answers, newest cycle first, then by country name. */
export async function publishedReports(): Promise<PublicReport[]> {
  const entries: { data: PublicReport }[] = await readCollection('nationalReports');
  return entries.map((e) => e.data).sort(byCycleThenName);
}

export async function latestReports(): Promise<PublicReportListItem[]> {
  const entries: { data: PublicReportListItem }[] = await readCollection('latestNationalReports');
  return entries.map((e) => e.data).sort((a, b) => b.published_at.localeCompare(a.published_at));
}

function byCycleThenName(a: PublicReport, b: PublicReport): number {
  return b.report.year - a.report.year || a.report.country.name.localeCompare(b.report.country.name, 'en');
}

/** The cycle the home page's statistics show: the latest open one, else the latest. */
export function currentCycle(bundles: readonly CycleBundle[]): CycleBundle | undefined {
  return bundles.find((b) => b.cycle.status === 'open') ?? bundles[0];
}

/** Whether a cycle's public figures include demonstration data. */
export function cycleIsDemo(bundle: CycleBundle): boolean {
  return (
    bundle.reports.some((r) => r.demo) ||
    bundle.answers.some((a) => a.demo) ||
    (bundle.statistic?.countries.some((c) => c.demo) ?? false)
  );
}

/** The questions of a cycle as its published reports define them (code → question with its order). */
export function questionsOf(
  reports: readonly PublicReport[],
  year: number,
): Map<string, QuestionInfo & { sort: number }> {
  const known = new Map<string, QuestionInfo & { sort: number }>();
  for (const r of reports) {
    if (r.report.year !== year) continue;
    for (const g of r.groups)
      for (const s of g.subcategories)
        for (const item of s.items) if (!known.has(item.question.code)) known.set(item.question.code, item.question);
  }
  return known;
}

/** Light to dark along the workflow; published in the accent colour so it stands out on the map. */
export const STATUS_COLOURS: Record<ReportStatus, string> = {
  not_started: '#e2e8f0',
  in_progress: '#aed2ea',
  completed: '#5b9bc8',
  submitted: '#175a86',
  accepted: '#082437',
  published: '#e07a1f',
};

/** A cycle's status as the public pages name it, in `locale`; one the catalogues do not know as it is. */
export function cycleStatusLabel(locale: Locale, status: string): string {
  const key = `cycle.${status}`;
  return key in CATALOGUES.en ? t(locale, key as MessageKey) : status;
}

/** "12 March 2026" from an ISO date or timestamp. */
export function formatDate(iso: string): string {
  const date = new Date(iso.length === 10 ? `${iso}T00:00:00Z` : iso);
  return Number.isNaN(date.getTime())
    ? iso
    : date.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
}

/** Paths of the public pages (one place, so links and getStaticPaths agree). */
export const paths = {
  cycle: (year: number) => `/national-reports/${year}`,
  report: (year: number, code: string) => `/national-reports/${year}/${code}`,
  country: (code: string) => `/national-reports/country/${code}`,
  status: (year: number) => `/national-reports/status/${year}`,
  regional: (year: number) => `/regional-reports/${year}`,
  /** One thrust's charts; `chart` adds the chart's fragment. */
  regionalThrust: (year: number, thrust: string, chart?: string) =>
    `/regional-reports/${year}/${thrust.toLowerCase()}${chart ? `#chart-${chart}` : ''}`,
  regionalCsv: (year: number, chart: string) => `/regional-reports/${year}/${chart}.csv`,
  openCsv: (year: number) => `/open-data/national-reports-${year}.csv`,
  openJson: (year: number) => `/open-data/national-reports-${year}.json`,
};
