import {
  COVERAGE_SHARE,
  MIN_POINTS,
  REGION_MEMBERS,
  SUBREGION_MEMBERS,
  type IndicatorMethod,
  type SubregionCode,
} from './method.ts';
import { championTarget, type ChampionTarget } from './champion.ts';
import { assessCountry, type CountryAssessment, type NotAssessedReason, type ResolvedTarget } from './assess.ts';
import { aggregateArea, type AggregateAssessment, type AggregateContext } from './aggregate.ts';
import { countedPoints, type ProgressPoint } from './series.ts';

/** An indicator's figures by country (ISO alpha-2), each country's series as pickSeries chose it. */
export type SeriesByCountry = Readonly<Record<string, readonly ProgressPoint[]>>;

/** ESCAP's coverage rule over a group of countries. */
export interface Coverage {
  /** Countries in the group. */
  countries: number;
  /** Those with at least two points (from 2000, projections left out). */
  covered: string[];
  /** More than half of the group covered. */
  selected: boolean;
}

/** The coverage rule: two or more points for more than half of `members` (the region's 58 by default). */
export function coverage(series: SeriesByCountry, members: readonly string[] = REGION_MEMBERS): Coverage {
  const covered = members.filter((code) => countedPoints(series[code] ?? []) >= MIN_POINTS);
  return { countries: members.length, covered, selected: covered.length > COVERAGE_SHARE * members.length };
}

/** Everything computed for one indicator: every country of the region, each subregion and the region. */
export interface IndicatorAssessment {
  indicator: string;
  method: IndicatorMethod;
  coverage: Coverage;
  target: ResolvedTarget | null;
  /** How the champion-area target was made, when the indicator has one. */
  champion: ChampionTarget | null;
  region: AggregateAssessment;
  subregions: Record<SubregionCode, AggregateAssessment>;
  /** The region's 58 countries in code order (a country without figures is there, not assessed). */
  countries: CountryAssessment[];
}

/** The target an indicator is scored against: its fixed value, or the champion area computed now. */
function resolveTarget(
  method: IndicatorMethod,
  series: SeriesByCountry,
): { target: ResolvedTarget | null; champion: ChampionTarget | null } {
  if (!method.target || !method.direction) return { target: null, champion: null };
  if (method.target.kind === 'fixed') return { target: { kind: 'fixed', value: method.target.value }, champion: null };
  const inRegion = Object.fromEntries(REGION_MEMBERS.map((code) => [code, series[code] ?? []]));
  const champion = championTarget(inRegion, method.direction, method.range);
  return { target: champion && { kind: 'champion', value: champion.value }, champion };
}

/**
 * The assessment of one indicator from every country's series. Codes that are not among the
 * region's 58 are left out; a country without figures gets a row that says so.
 */
export function assessIndicator(
  indicator: string,
  method: IndicatorMethod,
  series: SeriesByCountry,
): IndicatorAssessment {
  const cover = coverage(series);
  const selected = cover.selected;
  const { target, champion } = selected ? resolveTarget(method, series) : { target: null, champion: null };
  const { direction } = method;
  const countries = [...REGION_MEMBERS]
    .sort()
    .map((area) => assessCountry({ area, indicator, points: series[area] ?? [], direction, target, selected }));
  const indicatorReason: NotAssessedReason | null = direction === null ? 'no_direction' : selected ? null : 'coverage';
  const context = (members: readonly string[]): AggregateContext => ({
    ...{ indicator, direction, target, indicatorReason },
    covered: coverage(series, members).selected,
  });
  const subregions = Object.fromEntries(
    Object.entries(SUBREGION_MEMBERS).map(([code, members]) => [
      code,
      aggregateArea(code, members, countries, context(members)),
    ]),
  ) as Record<SubregionCode, AggregateAssessment>;
  const region = aggregateArea('region', REGION_MEMBERS, countries, context(REGION_MEMBERS));
  return { indicator, method, coverage: cover, target, champion, region, subregions, countries };
}
