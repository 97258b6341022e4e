import { isCalendarDay } from '../http/schema.ts';
import { say } from '../i18n/said.ts';
import { DATAFLOWS } from './flows.ts';
import { AGENCY, dimensionIds, TIME_PERIOD, VERSION, type Codelist, type Dataflow, type Observation } from './model.ts';

/**
 * The SDMX REST data query (SDMX 2.1 REST, domain doc §3): the flow reference, the key (one part a
 * dimension in DSD order, dot-separated; an empty part or `*` for every code, `+` between codes;
 * `all` for the whole flow), `startPeriod`/`endPeriod` and `dimensionAtObservation`. A query that
 * cannot be answered says why, in a message the API words in the request's language.
 */

/** A query the portal cannot answer; `said` is the message (src/lib/i18n/said.ts). */
export class SdmxQueryError extends Error {
  readonly said: string;
  constructor(said: string) {
    super(String(said));
    this.said = said;
  }
}

export const ALL_DIMENSIONS = 'AllDimensions';

export interface DataQuery {
  /** Per key dimension (DSD order), the codes asked for; null for every code. */
  key: readonly (ReadonlySet<string> | null)[];
  startYear: number | null;
  endYear: number | null;
  /** The dimensions presented at observation level (every one for AllDimensions). */
  atObservation: readonly string[];
}

/**
 * The dataflow a REST flow reference names: its id, or `agency,id` and `agency,id,version` with
 * `all` or `latest` for either; null when none of the portal's flows.
 */
export function resolveFlow(ref: string): Dataflow | null {
  const [first, id, version, ...rest] = ref.split(',');
  if (rest.length > 0) return null;
  if (id === undefined) return DATAFLOWS.find((f) => f.id === first) ?? null;
  const agencyFits = first === AGENCY || first?.toLowerCase() === 'all';
  const versionFits = version === undefined || version === VERSION || ['latest', '*', '+'].includes(version);
  return agencyFits && versionFits ? (DATAFLOWS.find((f) => f.id === id) ?? null) : null;
}

/** Longest part of a user's code quoted back in a message. */
const QUOTED_MAX = 40;
const quoted = (code: string) => (code.length > QUOTED_MAX ? `${code.slice(0, QUOTED_MAX)}…` : code);

/** The codes a key asks for, per key dimension; every code of the flow must exist in its codelist. */
export function parseKey(
  flow: Dataflow,
  codelists: ReadonlyMap<string, Codelist>,
  key: string | undefined,
): (ReadonlySet<string> | null)[] {
  const wildcard = flow.dimensions.map(() => null);
  if (key === undefined || key === '' || key.toLowerCase() === 'all' || key === '*') return wildcard;
  const parts = key.split('.');
  if (parts.length !== flow.dimensions.length) {
    throw new SdmxQueryError(
      say(
        '{count, plural, one {The key must have # part, {dimensions}, or be all} other {The key must have # parts ' +
          'separated by dots, one for each of {dimensions}, or be all}}',
        { count: flow.dimensions.length, dimensions: flow.dimensions.map((d) => d.id).join(', ') },
      ),
    );
  }
  return parts.map((part, i) => {
    const dimension = flow.dimensions[i]!;
    const codes = part.split('+').filter((code) => code !== '' && code !== '*');
    if (codes.length === 0) return null;
    const known = new Set(codelists.get(dimension.codelist)?.codes.map((c) => c.id));
    const unknown = codes.find((code) => !known.has(code));
    if (unknown !== undefined) {
      throw new SdmxQueryError(
        say('{code} is not a code of {dimension}: the codelists are at /api/sdmx/dataflow', {
          code: quoted(unknown),
          dimension: dimension.id,
        }),
      );
    }
    return new Set(codes);
  });
}

/**
 * SDMX periods: a year, a month or a day (2015, 2015-06, 2015-06-30) or a reporting period
 * (2015-Q1, 2015-S2, 2015-M06, 2015-W12, 2015-D100, 2015-A1). The portal's figures are yearly, so
 * a period selects the years it overlaps: its own year.
 */
const REPORTING_PERIOD = String.raw`A1|S[12]|T[1-3]|Q[1-4]|M(?:0[1-9]|1[0-2])|W(?:0[1-9]|[1-4]\d|5[0-3])|D\d{3}`;
const PERIOD = new RegExp(String.raw`^(\d{4})(?:-(?:(?:0[1-9]|1[0-2])(?:-\d{2})?|${REPORTING_PERIOD}))?$`);

export function periodYear(parameter: 'startPeriod' | 'endPeriod', period: string | undefined): number | null {
  if (period === undefined || period === '') return null;
  const match = PERIOD.exec(period);
  const day = /^\d{4}-\d{2}-\d{2}$/.test(period);
  const dayOfYear = /-D(\d{3})$/.exec(period)?.[1];
  if (!match || (day && !isCalendarDay(period)) || (dayOfYear && (Number(dayOfYear) < 1 || Number(dayOfYear) > 366)))
    throw new SdmxQueryError(say('{parameter} must be a period such as 2015, 2015-06 or 2015-06-30', { parameter }));
  return Number(match[1]);
}

/** The dimensions at observation level: the time dimension by default (every one for a flow without). */
export function observationDimensions(flow: Dataflow, asked: string | undefined): string[] {
  const ids = dimensionIds(flow);
  if (asked === undefined || asked === '') return flow.time ? [TIME_PERIOD] : ids;
  if (asked.toLowerCase() === ALL_DIMENSIONS.toLowerCase()) return ids;
  if (ids.includes(asked)) return [asked];
  throw new SdmxQueryError(
    say('dimensionAtObservation must be AllDimensions or one of the dimensions {dimensions}', {
      dimensions: ids.join(', '),
    }),
  );
}

/** A whole data query, checked against the flow and its codelists. */
export function parseDataQuery(
  flow: Dataflow,
  codelists: ReadonlyMap<string, Codelist>,
  input: { key?: string; startPeriod?: string; endPeriod?: string; dimensionAtObservation?: string },
): DataQuery {
  const key = parseKey(flow, codelists, input.key);
  const startYear = periodYear('startPeriod', input.startPeriod);
  const endYear = periodYear('endPeriod', input.endPeriod);
  if (startYear !== null && endYear !== null && startYear > endYear)
    throw new SdmxQueryError(say('startPeriod must not be after endPeriod'));
  return { key, startYear, endYear, atObservation: observationDimensions(flow, input.dimensionAtObservation) };
}

/** The observations a query selects, in the order given. */
export function selectObservations(
  flow: Dataflow,
  query: DataQuery,
  observations: readonly Observation[],
): Observation[] {
  const { startYear, endYear } = query;
  return observations.filter((o) => {
    if (!flow.dimensions.every((d, i) => query.key[i]?.has(o.key[d.id]!) ?? true)) return false;
    const year = Number(o.key[flow.periodDimension]);
    return (startYear === null || year >= startYear) && (endYear === null || year <= endYear);
  });
}
