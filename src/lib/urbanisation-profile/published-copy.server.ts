import type { profileDatasets } from '../db/schema.ts';
import type { DatasetValue } from './schema.ts';

/**
 * The published version of a country's dataset while it is changed (decision 033). A change of
 * the figures or the narrative of a published dataset (form, CSV or Excel import, by anyone) makes
 * it a draft and keeps, on the row, the figures and narrative as published: the public theme
 * page, its chart, its CSV and JSON files and the country pages keep showing those until the
 * dataset is published again (the copy is dropped, the row is public) or withdrawn (dropped,
 * nothing is public).
 */

type DatasetRow = typeof profileDatasets.$inferSelect;
type Kept = NonNullable<DatasetRow['publishedSnapshot']>;

/** The kept published version of a dataset changed since it was published, or null (a published dataset is shown as it is, a draft without a copy not at all). */
export function keptCopyOf(row: Pick<DatasetRow, 'status' | 'publishedSnapshot'>): Kept | null {
  return row.status !== 'published' && row.publishedSnapshot ? row.publishedSnapshot : null;
}

/** The same JSON whatever the order of its keys (jsonb does not keep it). */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value).filter(([, v]) => v !== undefined);
    return `{${entries.sort(([a], [b]) => a.localeCompare(b)).map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/**
 * What saving `values` and `narrative` into `current` changes beyond them: a published dataset
 * whose figures or narrative change becomes a draft that keeps its published version. Nothing
 * when nothing changes, or when the dataset is not published (a kept copy stays as it is).
 */
export function keepPublishedVersion(
  current: DatasetRow,
  next: { values: DatasetValue[]; narrative: string | null },
  now: Date,
): Partial<typeof profileDatasets.$inferInsert> {
  if (current.status !== 'published') return {};
  if (canonical(current.values) === canonical(next.values) && (current.narrative ?? null) === next.narrative) return {};
  return { status: 'draft', publishedSnapshot: { values: current.values, narrative: current.narrative }, publishedSnapshotAt: now };
}
