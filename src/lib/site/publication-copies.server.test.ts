import { describe, expect, test } from 'vitest';
import {
  copyChangeOf,
  copyColumns,
  copyKeptAt,
  isPublicChange,
  keptCopy,
  NO_COPY,
  publicView,
} from './publication-copies.server.ts';

const copy = { title: 'As published' };
const published = { status: 'published', publishedSnapshot: null };
const revised = { status: 'draft', publishedSnapshot: copy };
const draft = { status: 'draft', publishedSnapshot: null };
const now = new Date('2026-12-07T01:00:00Z');

describe('the one rule of publication copies (reports, practices, profile datasets)', () => {
  test('the public sees a published record itself, a record being changed by its kept copy, others not at all', () => {
    expect([published, revised, draft, null].map(publicView)).toEqual(['live', 'kept', null, null]);
    expect(keptCopy(revised)).toBe(copy);
    expect(keptCopy(published)).toBeNull();
    // A copy left on a published row (published again) is not served: the row is.
    expect(keptCopy({ status: 'published', publishedSnapshot: copy })).toBeNull();
    expect(keptCopy(draft)).toBeNull();
  });

  test('a published record that is changed keeps one copy; published again or withdrawn, it has none', () => {
    expect(copyChangeOf(published, 'revise')).toBe('keep');
    expect(copyChangeOf(revised, 'revise')).toBeNull(); // the first copy stays
    expect(copyChangeOf(draft, 'revise')).toBeNull(); // nothing was public
    expect(copyChangeOf(revised, 'publish')).toBe('drop');
    expect(copyChangeOf(revised, 'withdraw')).toBe('drop');
    expect(copyChangeOf(published, 'withdraw')).toBeNull();
    expect(copyChangeOf(draft, 'publish')).toBeNull();
  });

  test('the columns written: the copy made only when one is kept, with its time', async () => {
    let made = 0;
    const make = () => (made++, copy);
    expect(await copyColumns(published, 'revise', make, now)).toEqual({
      publishedSnapshot: copy,
      publishedSnapshotAt: now,
    });
    expect(await copyColumns(revised, 'revise', make, now)).toEqual({});
    expect(await copyColumns(revised, 'publish', make, now)).toEqual(NO_COPY);
    expect(await copyColumns(revised, 'withdraw', make, now)).toEqual(NO_COPY);
    expect(made).toBe(1);
    // A copy that cannot be made (the report has no public view) keeps none.
    expect(await copyColumns(published, 'revise', () => Promise.resolve(null), now)).toEqual({});
  });

  test('when the copy served was kept, for the back-office', () => {
    const at = new Date('2026-11-01T00:00:00Z');
    expect(copyKeptAt({ ...revised, publishedSnapshotAt: at })).toBe(at.toISOString());
    expect(copyKeptAt({ ...revised, publishedSnapshotAt: null })).toBeNull();
    expect(copyKeptAt({ ...revised, publishedSnapshotAt: null }, now)).toBe(now.toISOString());
    expect(copyKeptAt({ ...published, publishedSnapshotAt: at }, now)).toBeNull();
  });

  test('what changes the public site: a record shown before or after, but not a revision that keeps its copy', () => {
    expect(isPublicChange(published, revised)).toBe(false); // a revision begins: the copy is what was shown
    expect(isPublicChange(revised, revised)).toBe(false); // a change while revised
    expect(isPublicChange(revised, published)).toBe(true); // the new version is published
    expect(isPublicChange(revised, draft)).toBe(true); // withdrawn
    expect(isPublicChange(draft, draft)).toBe(false);
    expect(isPublicChange(null, published)).toBe(true);
    expect(isPublicChange(published, null)).toBe(true);
  });
});
