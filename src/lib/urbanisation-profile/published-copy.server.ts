import type { profileDatasets } from '../db/schema.ts';

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

/**
 * The kept published version of a dataset changed since it was published, or null (a published dataset is shown as it
 * is, a draft without a copy not at all).
 */
export function keptCopyOf(row: Pick<DatasetRow, 'status' | 'publishedSnapshot'>): Kept | null {
  return row.status !== 'published' && row.publishedSnapshot ? row.publishedSnapshot : null;
}
