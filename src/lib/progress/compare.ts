import { PROGRESS_CLASSES } from './escap.ts';
import { METHOD_VERSION, SUBREGION_CODES, type SubregionCode } from './method.ts';
import type { AreaAssessment } from './assess.ts';
import type { AggregateAssessment } from './aggregate.ts';
import type { IndicatorAssessment } from './indicator.ts';
import type { ProfileAssessment } from './profile.ts';

/**
 * The comparison's data (issue 35 item 4, decision 081): for every area (the 58 countries, the five
 * subregions and the region) and every scored indicator, the latest value, its year and the class,
 * from the same assessment as progress.csv. One compact file the comparison pages read in the
 * browser; nothing is computed there but the layout.
 */

/**
 * One cell: [latest value or null (no figure), its year (a country's, or "from–to" when an
 * aggregate's countries end in different years; null without a value), the class's index in
 * PROGRESS_CLASSES, and for a subregion or the region the number of countries averaged].
 */
export type CompareCell =
  | [value: number | null, year: number | string | null, cls: number]
  | [value: number | null, year: number | string | null, cls: number, countries: number];

export interface CompareData {
  /** The method version the classes come from. */
  v: string;
  /** The scored indicators' codes, in the themes' order: each area's cells follow it. */
  i: string[];
  /** Cells per area code (ISO alpha-2, a subregion code or `region`), one per indicator. */
  a: Record<string, CompareCell[]>;
}

/** The areas one can compare with besides countries: the region and the subregions, in the download's order. */
export const COMPARE_AGGREGATES = ['region', ...(Object.keys(SUBREGION_CODES) as SubregionCode[])] as const;

/** Six significant digits: every figure as a page writes it (two decimals at most), in fewer bytes. */
const short = (x: number): number => (Math.abs(x) < 1e-6 ? 0 : Number(x.toPrecision(6)));

const classIndex = (a: AreaAssessment): number => PROGRESS_CLASSES.indexOf(a.class);

function countryCell(a: AreaAssessment): CompareCell {
  if (!a.latest || !Number.isFinite(a.latest.value)) return [null, null, classIndex(a)];
  return [short(a.latest.value), a.latest.year, classIndex(a)];
}

function aggregateCell(a: AggregateAssessment): CompareCell {
  const n = a.countries.length;
  if (!a.latest || !Number.isFinite(a.latest.value) || n === 0) return [null, null, classIndex(a), 0];
  const years = a.latestYears;
  const year = !years ? a.latest.year : years.from === years.to ? years.from : `${years.from}–${years.to}`;
  return [short(a.latest.value), year, classIndex(a), n];
}

function cellsOf(indicator: IndicatorAssessment): [string, CompareCell][] {
  return [
    ['region', aggregateCell(indicator.region)],
    ...(Object.keys(indicator.subregions) as SubregionCode[]).map((code): [string, CompareCell] => [
      code,
      aggregateCell(indicator.subregions[code]),
    ]),
    ...indicator.countries.map((c): [string, CompareCell] => [c.area, countryCell(c)]),
  ];
}

/** The comparison's file from the profile's assessment: the scored indicators only (the others have no class). */
export function compareData(profile: ProfileAssessment): CompareData {
  const scored = profile.indicators.flatMap((i) => (i.assessment ? [i.assessment] : []));
  const areas: Record<string, CompareCell[]> = {};
  for (const indicator of scored) {
    for (const [area, cell] of cellsOf(indicator)) (areas[area] ??= []).push(cell);
  }
  return { v: METHOD_VERSION, i: scored.map((i) => i.indicator), a: areas };
}

/**
 * The areas a comparison's address asks for (`?with=TH,VN` or `?with=SEA`, also `with=TH&with=VN`):
 * known codes only, without the page's own country, at most four countries and one subregion or
 * the region, in the order given.
 */
export function parseWith(values: readonly string[], known: ReadonlySet<string>, own: string): string[] {
  const codes = values.flatMap((v) => v.split(',')).map((v) => v.trim().toUpperCase());
  const picked: string[] = [];
  let aggregate = false;
  for (const raw of codes) {
    const code = raw === 'REGION' ? 'region' : raw;
    if (!known.has(code) || code === own || picked.includes(code)) continue;
    const isAggregate = (COMPARE_AGGREGATES as readonly string[]).includes(code);
    if (isAggregate ? aggregate : picked.filter((c) => !COMPARE_AGGREGATES.includes(c as never)).length >= 4) continue;
    aggregate ||= isAggregate;
    picked.push(code);
  }
  return picked;
}
