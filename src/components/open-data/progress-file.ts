/**
 * /urbanisation-profile/progress.csv as an open-data file (issue 36, from issue 35): the progress
 * assessment of the published figures, one row per area and indicator, written by progressCsv.
 * Its columns are described here in the order that function writes them; a column added there and
 * not here fails the build (progressFile), so the metadata never describe another header.
 */
import { createHash } from 'node:crypto';
import type { ColumnMeta } from '../../lib/open-data/table-schema.ts';
import { PROGRESS_CLASSES } from '../../lib/progress/escap.ts';
import { METHOD_VERSION } from '../../lib/progress/method.ts';
import { OPEN_SDG_STATUSES } from '../../lib/progress/open-sdg.ts';
import { PROGRESS_COLUMNS, progressCsv, type ProgressRow } from '../../lib/progress/rows.ts';
import type { OpenDataFile } from './files.ts';

export const PROGRESS_PATH = '/urbanisation-profile/progress.csv';

const COLUMNS: readonly ColumnMeta[] = [
  {
    name: 'area',
    type: 'string',
    required: true,
    description:
      'The area assessed: "region" (Asia and the Pacific), an ESCAP subregion (ENEA, NCA, PACIFIC, SEA, SSWA) or a ' +
      'country or territory (ISO 3166-1 alpha-2).',
  },
  { name: 'indicator', type: 'string', required: true, description: 'Code of the indicator (as in the theme files).' },
  {
    name: 'direction',
    type: 'string',
    enum: ['higher', 'lower'],
    description: 'Whether a higher or a lower value is progress; empty when the indicator is not scored.',
  },
  { name: 'target', type: 'number', description: 'The 2030 target value.' },
  {
    name: 'target_kind',
    type: 'string',
    enum: ['fixed', 'champion'],
    description: 'A fixed target, or the value of the champion area of the region.',
  },
  { name: 'base_year', type: 'year', description: 'The year the progress is measured from.' },
  { name: 'base_value', type: 'number', description: 'The value in the base year.' },
  { name: 'latest_year', type: 'year', description: 'The latest year with a value.' },
  { name: 'latest_value', type: 'number', description: 'The latest value.' },
  {
    name: 'csi',
    type: 'number',
    description: 'ESCAP’s Current Status Index: the share of the way from the base value to the target travelled.',
  },
  { name: 'predicted_2030', type: 'number', description: 'The value the trend gives for 2030.' },
  {
    name: 'class',
    type: 'string',
    required: true,
    enum: PROGRESS_CLASSES,
    description: 'ESCAP’s anticipated progress class.',
  },
  {
    name: 'open_sdg_status',
    type: 'string',
    required: true,
    enum: OPEN_SDG_STATUSES,
    description: 'The progress status by Open SDG’s method, as a second reference.',
  },
  { name: 'open_sdg_score', type: 'number', description: 'Open SDG’s progress score.' },
  {
    name: 'points',
    type: 'integer',
    required: true,
    description: 'The data points used (for a subregion or the region, all its countries’ points).',
  },
  { name: 'method_version', type: 'string', required: true, description: 'The version of the method (decision 072).' },
];

/** The progress file, from the rows its route writes; `from` are the theme files whose figures it scores. */
export function progressFile(rows: readonly ProgressRow[], from: readonly OpenDataFile[]): OpenDataFile {
  const names = COLUMNS.map((c) => c.name);
  if (names.join() !== PROGRESS_COLUMNS.join())
    throw new Error(
      `${PROGRESS_PATH}: the metadata describe ${names.join()} but the file has ${PROGRESS_COLUMNS.join()}`,
    );
  const csv = progressCsv(rows);
  const keys = new Set(rows.map((r) => `${r.area}|${r.indicator}`));
  if (keys.size !== rows.length) throw new Error(`${PROGRESS_PATH}: the key area, indicator repeats`);
  const years = rows.flatMap((r) => [r.base_year, r.latest_year]).filter((y): y is number => y !== null);
  const countryNames = new Map(from.flatMap((f) => f.countries.map((c) => [c.code, c.name] as const)));
  const areas = new Set(rows.map((r) => r.area));
  return {
    kind: 'profile',
    name: 'urbanisation-profile-progress',
    key: 'progress',
    path: PROGRESS_PATH,
    page: '/urbanisation-profile/progress',
    title: 'Urbanisation profile: progress towards 2030',
    description:
      'Whether the urban indicators of Asia and the Pacific are on track for their 2030 targets: for the region, ' +
      'each ESCAP subregion and each country or territory, one row per area and indicator, with the base and ' +
      'latest values, ESCAP’s Current Status Index and anticipated progress class, and Open SDG’s status as a ' +
      `second reference (method version ${METHOD_VERSION}). Computed by the portal from the published figures ` +
      'of the urbanisation profile.',
    csv,
    bytes: Buffer.byteLength(csv, 'utf8'),
    sha256: createHash('sha256').update(csv, 'utf8').digest('hex'),
    rows: rows.length,
    columns: COLUMNS,
    primaryKey: ['area', 'indicator'],
    // Scored from the themes' figures: it is offered under their licences.
    licences: [...new Map(from.flatMap((f) => f.licences).map((l) => [l.path, l])).values()],
    sources: [
      {
        title: `Computed by the portal from the urbanisation profile's published figures (method ${METHOD_VERSION})`,
      },
    ],
    years: years.length > 0 ? [Math.min(...years), Math.max(...years)] : null,
    countries: [...countryNames]
      .filter(([code]) => areas.has(code))
      .map(([code, name]) => ({ code, name }))
      .sort((a, b) => a.code.localeCompare(b.code, 'en')),
    sdgs: [],
  };
}
