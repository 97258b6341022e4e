import { describe, expect, it } from 'vitest';
import type { CmsItem } from '../lib/cms/schema.ts';
import { EVENT_PREVIEW, groupByEvent, monthYear, NO_EVENT_NAME, previewOf, slugify } from './media.ts';

let n = 0;
const image = { url: '/u/a.jpg', width: 10, height: 10, variants: [] };
const item = (over: Partial<CmsItem>): CmsItem => ({
  id: ++n,
  uuid: `u-${n}`,
  cms_type: 'video',
  title: `Item ${n}`,
  description: null,
  link: null,
  display_order: n,
  status: 'published',
  media_kind: 'photo',
  video_url: null,
  event: null,
  event_slug: null,
  image,
  image_crop: null,
  image_alt: null,
  published_at: '2026-01-01T00:00:00Z',
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
  ...over,
});

describe('groupByEvent', () => {
  it('puts the most recent event first, loose items last, and drops what cannot be shown', () => {
    const groups = groupByEvent([
      item({ event: 'Forum 2025', event_slug: 'forum-2025', published_at: '2025-05-01T00:00:00Z' }),
      item({ event: 'Forum 2026', event_slug: 'forum-2026', published_at: '2026-03-01T00:00:00Z' }),
      item({ event: 'Forum 2025', event_slug: 'forum-2025', published_at: '2025-05-02T00:00:00Z' }),
      item({}),
      item({ event: 'Forum 2026', event_slug: 'forum-2026', image: null }),
      item({
        event: 'Forum 2026',
        event_slug: 'forum-2026',
        media_kind: 'video',
        video_url: 'https://youtu.be/dQw4w9WgXcQ',
        image: null,
      }),
    ]);
    expect(groups.map((g) => [g.slug, g.name, g.items.length])).toEqual([
      ['forum-2026', 'Forum 2026', 2],
      ['forum-2025', 'Forum 2025', 2],
      [null, NO_EVENT_NAME, 1],
    ]);
    expect(groups[1]?.latest).toBe('2025-05-02T00:00:00Z');
  });

  it('makes a slug when the API gave none', () => {
    expect(groupByEvent([item({ event: 'Café & Cities: Hà Nội' })])[0]?.slug).toBe('cafe-cities-ha-noi');
    expect(slugify('***')).toBe('event');
  });
});

describe('previewOf', () => {
  it('shows the first items of an event with a page of its own, and every loose item', () => {
    const many = (over: Partial<CmsItem>) => Array.from({ length: EVENT_PREVIEW + 3 }, () => item(over));
    const [event, loose] = groupByEvent([...many({ event: 'Forum 2026', event_slug: 'forum-2026' }), ...many({})]);
    expect(previewOf(event!).map((i) => i.uuid)).toEqual(event!.items.slice(0, EVENT_PREVIEW).map((i) => i.uuid));
    expect(previewOf(loose!)).toHaveLength(EVENT_PREVIEW + 3);
    const small = groupByEvent([item({ event: 'Visit', event_slug: 'visit' })])[0]!;
    expect(previewOf(small)).toEqual(small.items);
  });
});

describe('monthYear', () => {
  it('formats a date for people, and tolerates bad input', () => {
    expect(monthYear('2026-03-01T00:00:00Z')).toBe('March 2026');
    expect(monthYear('nope')).toBe('');
  });
});
