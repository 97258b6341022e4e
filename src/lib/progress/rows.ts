import { toCsv, type CsvColumn } from '../open-data/csv.ts';
import { METHOD_VERSION, type Direction } from './method.ts';
import type { ProgressClass } from './escap.ts';
import type { OpenSdgStatus } from './open-sdg.ts';
import type { AreaAssessment } from './assess.ts';
import type { IndicatorAssessment } from './indicator.ts';

/**
 * `/urbanisation-profile/progress.csv` and the rows of `GET /api/profile/public/progress` (issue 35
 * item 3): one row per area and indicator, the same fields in both. A cell that does not apply is
 * empty (null); numbers keep nine significant digits (enough for every figure the portal holds,
 * and no 0.30000000000000004), and a value under 10⁻⁶ is 0, so none is written in exponent notation.
 */
export interface ProgressRow {
  area: string;
  indicator: string;
  direction: Direction | null;
  target: number | null;
  target_kind: 'fixed' | 'champion' | null;
  base_year: number | null;
  base_value: number | null;
  latest_year: number | null;
  latest_value: number | null;
  /** Empty when the target was met in 2015 (no ratio) or nothing is scored. */
  csi: number | null;
  predicted_2030: number | null;
  class: ProgressClass;
  open_sdg_status: OpenSdgStatus;
  open_sdg_score: number | null;
  /** The data points used; for a subregion or the region, all its countries' points. */
  points: number;
  method_version: string;
}

/** The columns in their order: the download's header. */
export const PROGRESS_COLUMNS = [
  'area',
  'indicator',
  'direction',
  'target',
  'target_kind',
  'base_year',
  'base_value',
  'latest_year',
  'latest_value',
  'csi',
  'predicted_2030',
  'class',
  'open_sdg_status',
  'open_sdg_score',
  'points',
  'method_version',
] as const satisfies readonly (keyof ProgressRow)[];

const rounded = (x: number | null | undefined): number | null => {
  if (x === null || x === undefined || !Number.isFinite(x)) return null;
  return Math.abs(x) < 1e-6 ? 0 : Number(x.toPrecision(9));
};

/** The row of one area's assessment. */
export function progressRow(a: AreaAssessment): ProgressRow {
  return {
    area: a.area,
    indicator: a.indicator,
    direction: a.direction,
    target: rounded(a.target?.value),
    target_kind: a.target?.kind ?? null,
    base_year: a.base?.year ?? null,
    base_value: rounded(a.base?.value),
    latest_year: a.latest?.year ?? null,
    latest_value: rounded(a.latest?.value),
    csi: rounded(a.csi && a.csi.kind !== 'achieved_at_base' ? a.csi.value : null),
    predicted_2030: rounded(a.predicted2030),
    class: a.class,
    open_sdg_status: a.openSdg.status,
    open_sdg_score: rounded(a.openSdg.score),
    points: a.points,
    method_version: METHOD_VERSION,
  };
}

/** Every row of some indicators: per indicator, the region, the subregions (ENEA … SSWA), then the countries. */
export function progressRows(indicators: readonly IndicatorAssessment[]): ProgressRow[] {
  return indicators.flatMap((i) => [i.region, ...Object.values(i.subregions), ...i.countries].map(progressRow));
}

const COLUMNS: CsvColumn<ProgressRow>[] = PROGRESS_COLUMNS.map((name) => ({ name, value: (row) => row[name] }));

/** The download, written as every open-data CSV of the portal is (src/lib/open-data/csv.ts). */
export const progressCsv = (rows: readonly ProgressRow[]): string => toCsv(COLUMNS, rows);
