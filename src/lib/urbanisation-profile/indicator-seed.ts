/** An indicator of the profile's catalogue as the seed writes it (seed-data.ts, open-data-series.ts). */
export interface IndicatorSeed {
  code: string;
  category: string;
  name: string;
  unit: string | null;
  type: 'pct' | 'num' | 'int';
  decimals: number | null;
  min?: number;
  max?: number;
  expectedMin?: number;
  expectedMax?: number;
  source: string;
  sourceSeries: string | null;
  licence: string | null;
  sdgRef: string | null;
}

/**
 * The maker of a list's percentage indicators (unit '%', type pct): each shown with `decimals`
 * decimals and under `licence` unless it names its own.
 */
export function percentIndicator(decimals: number, licence: string | null) {
  return (
    code: string,
    category: string,
    name: string,
    sdgRef: string | null,
    source: string,
    sourceSeries: string | null,
    ownLicence: string | null = licence,
  ): IndicatorSeed => ({
    code,
    category,
    name,
    unit: '%',
    type: 'pct',
    decimals,
    source,
    sourceSeries,
    licence: ownLicence,
    sdgRef,
  });
}
