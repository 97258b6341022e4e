import { eq, isNotNull, or, sql, type Column, type SQL } from 'drizzle-orm';

/**
 * The publication copies of the records the public site shows while they can be changed (decision
 * 066): national reports (decision 026), best practices and the countries' profile datasets
 * (decision 033). Each keeps, on its own row, `published_snapshot` (the copy, JSON) and
 * `published_snapshot_at`, and follows one rule:
 *
 * - a published record that is changed (revised, unlocked, its figures edited) keeps a copy of
 *   what the public saw, once: the public site, its data files and the search index serve that
 *   copy while the new version is edited;
 * - publishing again drops the copy (the record itself is public), and so does withdrawing it
 *   (unpublish, archive: nothing is public).
 *
 * What a copy holds (the report's public view, the practice's public columns, the dataset's
 * figures and narrative) and how it is read back are each domain's; when it is kept, dropped,
 * served and counted as public is here.
 */

/** What the rule reads of a record: its status and its kept copy. */
export interface CopyState {
  status: string;
  publishedSnapshot: unknown;
}

/** The two columns of a kept copy, as written. */
interface CopyColumns {
  publishedSnapshot: Record<string, unknown> | null;
  publishedSnapshotAt: Date | null;
}

/** A change of publication: published (again), withdrawn, or sent back to be changed while published. */
export type PublicationChange = 'publish' | 'withdraw' | 'revise';

/** What the public sees of a record: the record itself, its kept copy, or nothing. */
type PublicView = 'live' | 'kept' | null;

export function publicView(row: CopyState | null): PublicView {
  if (!row) return null;
  if (row.status === 'published') return 'live';
  return row.publishedSnapshot ? 'kept' : null;
}

/** The kept copy of a record being changed, or null (a published record is shown as it is, others not at all). */
export function keptCopy(row: CopyState): unknown {
  return publicView(row) === 'kept' ? row.publishedSnapshot : null;
}

/**
 * When the copy shown was kept, for the back-office (`public_copy_kept_at`), or null when none is
 * served; `fallback` when a copy has no time (copies kept before the time was).
 */
export function copyKeptAt(
  row: CopyState & { publishedSnapshotAt: Date | null },
  fallback: Date | null = null,
): string | null {
  if (publicView(row) !== 'kept') return null;
  return (row.publishedSnapshotAt ?? fallback)?.toISOString() ?? null;
}

/**
 * What `change` does to the copy of a record that is `before`: 'keep' a copy (a published record
 * changed, that has none yet), 'drop' it (published again or withdrawn), or nothing.
 */
export function copyChangeOf(before: CopyState, change: PublicationChange): 'keep' | 'drop' | null {
  if (change === 'revise') return before.status === 'published' && !before.publishedSnapshot ? 'keep' : null;
  return before.publishedSnapshot ? 'drop' : null;
}

/** The columns of a record with no kept copy. */
export const NO_COPY = Object.freeze({ publishedSnapshot: null, publishedSnapshotAt: null });

/**
 * The columns `change` writes to a record that is `before`: the copy made by `copy` (read only
 * when one is kept; null keeps none), none, or nothing to write.
 */
export async function copyColumns(
  before: CopyState,
  change: PublicationChange,
  copy: () => unknown,
  now: Date,
): Promise<Partial<CopyColumns>> {
  const what = copyChangeOf(before, change);
  if (what === 'drop') return { ...NO_COPY };
  if (what !== 'keep') return {};
  const made: unknown = await copy();
  return made === null || made === undefined
    ? {}
    : { publishedSnapshot: made as Record<string, unknown>, publishedSnapshotAt: now };
}

/** The condition of a public record in SQL: published, or a published copy kept while it is changed. */
export function publicCondition(table: { status: Column; publishedSnapshot: Column }): SQL {
  return or(eq(table.status, 'published'), isNotNull(table.publishedSnapshot))!;
}

/** Whether a record keeps a copy, in SQL (true or false, not the copy: for `publicView` without reading it). */
export function copyIsKept(table: { publishedSnapshot: Column }): SQL<boolean> {
  return sql<boolean>`${table.publishedSnapshot} is not null`;
}

/**
 * Whether a change from `before` to `after` (null: none) changes what the public sees: either
 * side is shown, except when the copy shown after is the one kept before or made from the version
 * shown before (a revision begins, and every change while the record is revised).
 */
export function isPublicChange(before: CopyState | null, after: CopyState | null): boolean {
  const shownAfter = publicView(after);
  if (shownAfter === 'kept') return false;
  return publicView(before) !== null || shownAfter !== null;
}
