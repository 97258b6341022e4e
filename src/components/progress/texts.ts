/** The sentences beside a progress class, in the page's language: its target, and why there is no class. */
import type { AreaAssessment, CountryAssessment } from '../../lib/progress/assess.ts';
import type { IndicatorAssessment } from '../../lib/progress/indicator.ts';
import { SUBREGION_CODES } from '../../lib/progress/method.ts';
import type { Locale } from '../../i18n/locales.ts';
import { translator } from '../../i18n/t.ts';
import { valueFormatter } from '../charts/format.ts';

const isSubregion = (area: string): boolean => area in SUBREGION_CODES;

/**
 * Why an area has no class (the reasons src/lib/progress returns): too few countries with figures
 * (the indicator, or this subregion), no target, fewer than two figures, or a series break.
 */
export function reasonText(
  locale: Locale,
  area: AreaAssessment | CountryAssessment,
  indicator: Pick<IndicatorAssessment, 'coverage'>,
): string {
  const m = translator(locale);
  switch (area.reason) {
    case 'coverage':
      return isSubregion(area.area) && indicator.coverage.selected
        ? m('progress.reason.subregion')
        : m('progress.reason.coverage', { covered: indicator.coverage.covered.length });
    case 'no_target':
      return m('progress.reason.no_target');
    case 'no_direction':
      return m('progress.reason.no_direction');
    case 'series_break': {
      const year = 'series' in area ? area.series.breakYear : null;
      return m('progress.reason.series_break', { year: String(year ?? '') });
    }
    case 'too_few_points':
      return m('progress.reason.too_few_points');
    default:
      return '';
  }
}

/** The target for 2030, how it was set and the desired direction; or that there is none. */
export function targetText(
  locale: Locale,
  a: Pick<IndicatorAssessment, 'target' | 'method'>,
  unit: string | null,
  decimals: number | null,
  tag: string,
): string {
  const m = translator(locale);
  const direction = a.method.direction === 'lower' ? m('progress.lowerBetter') : m('progress.higherBetter');
  if (!a.target) return `${m('progress.noTarget')} ${direction}`;
  const value = valueFormatter(decimals, unit, tag)(a.target.value);
  const target =
    a.target.kind === 'fixed' ? m('progress.targetFixed', { value }) : m('progress.targetChampion', { value });
  return `${target} ${direction}`;
}
