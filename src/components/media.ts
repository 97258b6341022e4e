/** The media gallery's items grouped the way the gallery pages show them. */
import type { CmsItem } from '../lib/cms/schema.ts';

export interface MediaEvent {
  /** URL segment of the event's page; null for items that belong to no event. */
  slug: string | null;
  name: string;
  /** The event's most recent publication (ISO date), for ordering and display. */
  latest: string;
  items: CmsItem[];
}

export const NO_EVENT_NAME = 'More photos and videos';

/** Items that can be shown: photos with an image, videos with an address. */
export function isShowable(item: CmsItem): boolean {
  return item.media_kind === 'video' ? Boolean(item.video_url) : Boolean(item.image);
}

/** A URL segment for an event name, when the API gave none. */
export function slugify(name: string): string {
  return (
    name
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 80) || 'event'
  );
}

const dateOf = (item: CmsItem) => item.published_at ?? item.created_at;

/**
 * Groups showable items by event, newest event first (items keep the editors' order within
 * an event). Items without an event come last, under NO_EVENT_NAME.
 */
export function groupByEvent(items: readonly CmsItem[]): MediaEvent[] {
  const events = new Map<string, MediaEvent>();
  const loose: CmsItem[] = [];
  for (const item of items.filter(isShowable)) {
    if (!item.event) {
      loose.push(item);
      continue;
    }
    const slug = item.event_slug || slugify(item.event);
    const event = events.get(slug) ?? { slug, name: item.event, latest: dateOf(item), items: [] };
    event.items.push(item);
    if (dateOf(item) > event.latest) event.latest = dateOf(item);
    events.set(slug, event);
  }
  const sorted = [...events.values()].sort(
    (a, b) => b.latest.localeCompare(a.latest) || a.name.localeCompare(b.name, 'en'),
  );
  if (loose.length > 0)
    sorted.push({ slug: null, name: NO_EVENT_NAME, latest: loose.map(dateOf).sort().at(-1) ?? '', items: loose });
  return sorted;
}

/**
 * How many of an event's photos and videos the gallery's front page shows (two rows of three):
 * the event's own page shows them all. Photos without an event have no page of their own and all
 * show (decision 052).
 */
export const EVENT_PREVIEW = 6;

/** What the gallery's front page shows of an event: the first EVENT_PREVIEW items when it has a page. */
export function previewOf(event: MediaEvent): readonly CmsItem[] {
  return event.slug ? event.items.slice(0, EVENT_PREVIEW) : event.items;
}

/** "March 2026", for an event's date line. */
export function monthYear(iso: string, tag = 'en-GB'): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? ''
    : date.toLocaleDateString(tag, { month: 'long', year: 'numeric', timeZone: 'UTC' });
}
