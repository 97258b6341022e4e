import { SUBREGIONS } from '../map/subregions.ts';

/**
 * Every constant and every choice of the progress assessment (issue 35, decision 072), in one
 * place under one version: the ESCAP method (Current Status Index, Anticipated Progress Index) and
 * Open SDG's growth-rate measure as the domain brief reads them. What the brief marks [S] is our
 * reading of the published method, not a constant seen in ESCAP's text: each such choice says so
 * below. Change any of them and METHOD_VERSION changes with it, so a published score always names
 * the rules that made it.
 */

/** The version every score, page and download names. */
export const METHOD_VERSION = '2026.1';

/** The year progress is measured from, and the year it is projected to. */
export const BASE_YEAR = 2015;
export const TARGET_YEAR = 2030;

/** The regression reads 2000 to the latest year; earlier points are left out. */
export const FIT_FROM_YEAR = 2000;

/** A trend needs two points (ESCAP's coverage rule and Open SDG's `t_cur − t_0 ≥ 1`). */
export const MIN_POINTS = 2;

/** An indicator is scored when more than this share of the area's countries has MIN_POINTS points. */
export const COVERAGE_SHARE = 0.5;

/**
 * [S] The weight of a year in the regression: ESCAP's WP/04 defines the weights, which the brief
 * could not read. Ours grows by one a year from 2000 (2000 weighs 1, 2015 weighs 16, 2024 weighs
 * 25): recent years weigh more, every year weighs something, and a country's weights do not
 * depend on where its series starts. The rule has a name, so a page can say which one it used and
 * another can be put beside it under a new METHOD_VERSION.
 */
export const TIME_WEIGHT = {
  name: 'linear-since-2000',
  of: (year: number): number => year - FIT_FROM_YEAR + 1,
} as const;

/**
 * [S] The champion-area target: the region's 2015 value (the simple average of its countries'
 * base values) moved over the 15 years to 2030 at the mean compound annual rate of the top tenth
 * of the countries, ranked by their rate in the desired direction (at least one country). A
 * country's rate runs from the first to the last point of its series (2000 to the latest year);
 * countries with a zero or negative value at either end have no rate.
 */
export const CHAMPION = { share: 0.1, years: TARGET_YEAR - BASE_YEAR } as const;

/** Open SDG (sdg-build's ProgressMeasure.py), read from its source. */
export const OPEN_SDG = {
  /** A target or base value of 0 is replaced by this (the division and the power need it). */
  zeroSubstitute: 0.001,
  /** The ratio R of observed to required growth, with a target. */
  targetThresholds: { high: 0.95, med: 0.6, low: 0 },
  /** The observed growth v, without a target. */
  growthThresholds: { high: 0.015, med: 0.005, low: 0 },
  /** The exponent of the coefficient that lowers the thresholds near a limit. */
  limitExponent: 4.44,
  /** The score with a target: `upper` from the `med` threshold of R up, `lower` below it. */
  targetScore: { upper: { slope: 7.1429, intercept: -4.2857 }, lower: { slope: 4.1667, intercept: -2.5 } },
  /** The score without a target, by the band of v (v divided by the limit's coefficient from `low` up). */
  growthScore: {
    high: { slope: 500, intercept: -5 },
    med: { slope: 250, intercept: -1.25 },
    low: { slope: 500, intercept: -2.5 },
    below: { slope: 125, intercept: -2.5 },
  },
  /** An indicator's (or an area's) status from the mean of its series' scores (at least this score). */
  scoreBands: { substantial: 2.5, moderate: 0, limited: -2.5 },
  maxScore: 5,
  minScore: -5,
} as const;

/** The codes of the ESCAP subregions in the download, beside the map's names for them. */
export const SUBREGION_CODES = {
  ENEA: 'east-north-east-asia',
  NCA: 'north-central-asia',
  PACIFIC: 'pacific',
  SEA: 'south-east-asia',
  SSWA: 'south-south-west-asia',
} as const;
export type SubregionCode = keyof typeof SUBREGION_CODES;

/**
 * The members of each subregion (ISO alpha-2): the map's list (src/lib/map/subregions.ts), so the
 * region page and the assessment never group a country differently; method.test.ts pins it to the
 * brief's list, so a change there is a change of method.
 */
const membersOf = (id: string): readonly string[] => SUBREGIONS.find((s) => s.id === id)?.codes ?? [];
export const SUBREGION_MEMBERS: Readonly<Record<SubregionCode, readonly string[]>> = {
  ENEA: membersOf(SUBREGION_CODES.ENEA),
  NCA: membersOf(SUBREGION_CODES.NCA),
  PACIFIC: membersOf(SUBREGION_CODES.PACIFIC),
  SEA: membersOf(SUBREGION_CODES.SEA),
  SSWA: membersOf(SUBREGION_CODES.SSWA),
};

/** The 58 countries and territories of the region, subregion by subregion. */
export const REGION_MEMBERS: readonly string[] = Object.values(SUBREGION_MEMBERS).flat();

export type Direction = 'higher' | 'lower';

/** How an indicator's target is set: a value from the Agenda, or the champion area of the region. */
export type TargetSetting = { kind: 'fixed'; value: number } | { kind: 'champion' };

/** What is scored for an indicator: the desired direction and the target (none: trend only, no class). */
export interface IndicatorMethod {
  direction: Direction | null;
  target: TargetSetting | null;
  /** The indicator's natural range: a champion target is kept inside it. */
  range?: { min: number; max: number };
}

const PERCENT = { min: 0, max: 100 } as const;
const higher100: IndicatorMethod = { direction: 'higher', target: { kind: 'fixed', value: 100 }, range: PERCENT };
const lowerChampion: IndicatorMethod = {
  direction: 'lower',
  target: { kind: 'champion' },
  range: { min: 0, max: Infinity },
};

/**
 * The defaults of the scorable series (brief §4), by the indicator code the theme CSVs use
 * (`indicator_code`; OPEN_DATA_SERIES maps each curated series to it). Administrators may change
 * both per indicator. [S] PM2.5: the champion area rather than WHO's 5 µg/m³, which no country of
 * the region is near. SLUM_PCT_SDG fails the coverage rule today; it is listed so that its rows say
 * so rather than vanish. Indicators without a desirable direction (population, growth rates,
 * employment ratio, CO₂ without an adopted target) and city-level medians are never scored.
 */
export const DEFAULT_INDICATOR_METHODS: Readonly<Record<string, IndicatorMethod>> = {
  ELECTRICITY_URBAN_PCT: higher100,
  CLEAN_COOKING_URBAN_PCT: higher100,
  BASIC_WATER_URBAN_PCT: higher100,
  BASIC_SANITATION_URBAN_PCT: higher100,
  SLUM_PCT: { direction: 'lower', target: { kind: 'fixed', value: 0 }, range: PERCENT },
  SLUM_PCT_SDG: { direction: 'lower', target: { kind: 'fixed', value: 0 }, range: PERCENT },
  PM25_NATIONAL: lowerChampion,
  DISASTER_DEATHS_100K: lowerChampion,
  DISASTER_AFFECTED_100K: lowerChampion,
  DISASTER_LOSS_USD: lowerChampion,
  UNEMPLOYMENT_PCT: { ...lowerChampion, range: PERCENT },
};

/** +1 when higher is better, −1 when lower is (the brief's d). */
export const sign = (direction: Direction): 1 | -1 => (direction === 'higher' ? 1 : -1);
