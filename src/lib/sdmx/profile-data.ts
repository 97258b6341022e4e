import type { PublicCategoryResponse } from '../urbanisation-profile/schema.ts';
import { areaCode, type IndicatorEntry } from './flows.ts';
import type { Observation } from './model.ts';
import { natureOfNote, SDG_SERIES, unitOf, urbanisationOf } from './series.ts';

type PublicCategory = PublicCategoryResponse['data'];

/**
 * The profile flow's indicators and observations from the published themes, exactly as the public
 * theme pages and their CSV files have them (src/lib/urbanisation-profile/public-csv.ts): one
 * observation a CSV row, the figure's own source and licence before the indicator's.
 */
export function profileData(categories: readonly PublicCategory[]): {
  indicators: IndicatorEntry[];
  observations: Observation[];
} {
  const indicators: IndicatorEntry[] = [];
  const observations: Observation[] = [];
  for (const category of categories) {
    for (const indicator of category.indicators) {
      indicators.push({ code: indicator.code, name: indicator.name, unit: indicator.unit });
      const unit = unitOf(indicator.unit, indicator.code);
      for (const value of indicator.values) {
        const area = areaCode(value.country_code);
        // Every country of the portal has an M49 code (countries-data.ts); a row without one cannot be keyed.
        if (!area) continue;
        const national = value.origin === 'country';
        observations.push({
          key: {
            FREQ: 'A',
            REF_AREA: area,
            INDICATOR: indicator.code,
            URBANISATION: urbanisationOf(indicator.code),
            TIME_PERIOD: String(value.year),
          },
          value: value.value,
          attributes: {
            UNIT_MEASURE: unit.code,
            UNIT_MULT: String(unit.multiplier),
            OBS_STATUS: value.is_estimate ? 'E' : 'A',
            NATURE: national ? 'C' : natureOfNote(value.note),
            SOURCE_DETAIL: value.source ?? indicator.source,
            COMMENT_OBS: value.note,
            SDG_SERIES: SDG_SERIES[indicator.code]?.series ?? null,
            REPORTING_TYPE: national ? 'N' : 'G',
            LICENCE: value.licence ?? indicator.licence,
            DEMO: value.demo ? 'Y' : null,
          },
        });
      }
    }
  }
  return { indicators, observations };
}
