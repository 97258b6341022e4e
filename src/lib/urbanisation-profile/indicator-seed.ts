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
