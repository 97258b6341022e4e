import { keptCopy, type CopyState } from '../site/publication-copies.server.ts';
import type { PracticeRow, PublicPracticeRow } from './mappers.server.ts';
import { keysOfImage } from './media.server.ts';
import type { PracticeContext } from './workflow.ts';

/**
 * The public copy of a published practice being revised (decision 033). "Revise" sends a
 * published practice back to its authors; the row keeps, in `published_snapshot`, its public
 * columns as they were published, and every public read (library, facets, page, related cards,
 * hence the site, its data files and search index) shows that copy until a new version is
 * published (the copy is dropped, the row is public again) or the practice is archived (dropped,
 * nothing is public). The files the copy points at stay until it is dropped. When the copy is
 * kept, served and dropped is the publication copies' rule (decision 066); what it holds, how it
 * is read back and which files it keeps are the practice's, here.
 */

type SnapshotColumns = CopyState & Pick<PracticeRow, 'publishedSnapshot'>;

/** The columns that are dates: JSON keeps them as text. */
const DATE_COLUMNS = ['submittedAt', 'publishedAt', 'createdAt', 'updatedAt'] as const;

type PrivateColumn = 'contactName' | 'contactEmail' | 'contactPhone' | 'publishedSnapshot' | 'publishedSnapshotAt';

/** Every column of a practice (its row, or the table's columns) but the private contact and the kept copy. */
export function publicColumnsOf<T extends Record<PrivateColumn, unknown>>(columns: T): Omit<T, PrivateColumn> {
  const {
    contactName: _n,
    contactEmail: _e,
    contactPhone: _p,
    publishedSnapshot: _s,
    publishedSnapshotAt: _a,
    ...shown
  } = columns;
  return shown;
}

/** The copy to keep of `row` as the public library shows it now: every public column, as JSON. */
export function publicCopyOf(row: PracticeRow): Record<string, unknown> {
  return JSON.parse(JSON.stringify(publicColumnsOf(row))) as Record<string, unknown>;
}

/**
 * The kept public version of a practice being revised, or null (a published one is shown as it is; others not at all).
 */
export function keptRowOf(row: SnapshotColumns): PublicPracticeRow | null {
  const copy = keptCopy(row) as Record<string, unknown> | null;
  if (!copy) return null;
  const kept: Record<string, unknown> = { ...copy };
  for (const column of DATE_COLUMNS) if (typeof kept[column] === 'string') kept[column] = new Date(kept[column]);
  return kept as unknown as PublicPracticeRow;
}

/** The workflow's view of the row: whether it is a published practice being revised. */
export function contextOf(row: SnapshotColumns): PracticeContext {
  return { revised: keptRowOf(row) !== null };
}

const filesOf = (row: Pick<PracticeRow, 'images' | 'attachments'>) => [
  ...row.images.flatMap(keysOfImage),
  ...row.attachments.map((a) => a.key),
];

/** Every stored file the row and its kept public copy point at: none of them may be deleted. */
export function filesInUse(row: Pick<PracticeRow, 'images' | 'attachments'> & SnapshotColumns): Set<string> {
  const kept = keptRowOf(row);
  return new Set([...filesOf(row), ...(kept ? filesOf(kept) : [])]);
}

/**
 * The files only the public copy that `before` kept and `after` dropped pointed at: they go once the change is
 * committed.
 */
export function filesOfDroppedCopy(before: PracticeRow, after: PracticeRow): string[] {
  const kept = keptRowOf(before);
  if (!kept || keptRowOf(after)) return [];
  const inUse = filesInUse(after);
  return [...new Set(filesOf(kept))].filter((key) => !inUse.has(key));
}
