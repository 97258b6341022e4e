import { describe, expect, it } from 'vitest';
import type { CmsRecord } from '../../../lib/cms/schema.ts';
import { previewUrl, thumbnailUrl } from './cms-kinds.ts';
import { filtersFromSearch, searchOfFilters } from './cms-list-store.ts';
import { groupByEvent } from './cms-table.tsx';

describe('CMS list filters in the URL', () => {
  it('reads the query, dropping values the API would refuse', () => {
    expect(
      filtersFromSearch({ q: ' forum ', status: 'published', order: 'title', page: '2', media_kind: 'video' }, 'video'),
    ).toEqual({
      q: 'forum',
      status: 'published',
      media_kind: 'video',
      order: 'title',
      page: 2,
    });
    expect(filtersFromSearch({ status: 'archived', order: 'random', page: '0', media_kind: 'audio' }, 'video')).toEqual(
      {
        q: '',
        status: '',
        media_kind: '',
        order: 'display_order',
        page: 1,
      },
    );
  });

  it('knows media kinds only in the media gallery', () => {
    expect(filtersFromSearch({ media_kind: 'photo' }, 'banner').media_kind).toBe('');
  });

  it('writes only what differs from the defaults', () => {
    expect(searchOfFilters({ q: '', status: '', media_kind: '', order: 'display_order', page: 1 })).toEqual({});
    expect(searchOfFilters({ q: 'x', status: 'draft', media_kind: 'photo', order: '-updated_at', page: 3 })).toEqual({
      q: 'x',
      status: 'draft',
      media_kind: 'photo',
      order: '-updated_at',
      page: '3',
    });
  });
});

const image = {
  url: '/uploads/cms/a/h-1200.png',
  width: 1200,
  height: 675,
  variants: [
    { url: '/uploads/cms/a/h-1200.png', width: 1200, height: 675, format: 'png' as const },
    { url: '/uploads/cms/a/h-960.webp', width: 960, height: 540, format: 'webp' as const },
    { url: '/uploads/cms/a/h-320.webp', width: 320, height: 180, format: 'webp' as const },
    { url: '/uploads/cms/a/h-640.webp', width: 640, height: 360, format: 'webp' as const },
  ],
};

describe('image renditions', () => {
  it('uses the smallest WebP for thumbnails', () => {
    expect(thumbnailUrl({ image })).toBe('/uploads/cms/a/h-320.webp');
    expect(thumbnailUrl({ image: null })).toBeNull();
    expect(thumbnailUrl({ image: { ...image, variants: [] } })).toBe(image.url);
  });

  it('uses the smallest WebP wide enough for previews', () => {
    expect(previewUrl({ image }, 480)).toBe('/uploads/cms/a/h-640.webp');
    expect(previewUrl({ image }, 2000)).toBe('/uploads/cms/a/h-960.webp');
  });
});

describe('media items by event', () => {
  const item = (uuid: string, event: string | null) => ({ uuid, event }) as CmsRecord;

  it('keeps the list order inside each event, events in order of first appearance', () => {
    const groups = groupByEvent([item('1', 'Forum'), item('2', null), item('3', 'Forum'), item('4', 'Workshop')]);
    expect(groups.map((g) => [g.event, g.items.map((i) => i.uuid)])).toEqual([
      ['Forum', ['1', '3']],
      [null, ['2']],
      ['Workshop', ['4']],
    ]);
  });
});
