import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppDeps } from '../../server/context.ts';
import type { Db } from '../db/client.server.ts';
import { cmsItems } from '../db/schema.ts';
import { ApiError, notFound } from '../http/errors.server.ts';
import { eventSlug } from './event-slug.ts';
import { findCmsItem, type CmsItemRow } from './queries.server.ts';
import type { CmsSaveBodySchema, CmsStatus, MediaKind } from './schema.ts';
import { isHostedVideoUrl, VIDEO_HOST_MESSAGE } from './video-hosts.ts';

export type CmsSaveInput = z.output<typeof CmsSaveBodySchema>;

/** The folder of an item's uploaded files in the file store. */
export const itemFolder = (uuid: string) => `cms/${uuid}`;

/**
 * Whether a change from `before` to `after` shows on the public site: it does when the item is
 * published before or after it (a draft's edits wait for its publication).
 */
export function changesPublicSite(before: { status: string } | null, after: { status: string } | null): boolean {
  return before?.status === 'published' || after?.status === 'published';
}

/** Queues a rebuild of the public site without waiting for it (the builder coalesces them). */
export function queueRebuild(deps: AppDeps): void {
  void deps.site.request();
}

function invalidField(field: string, message: string): ApiError {
  return new ApiError(400, `Invalid body: check ${field}`, { [field]: [message] });
}

/** A video needs an address on YouTube or Vimeo; only media-gallery items can be videos. */
export function checkVideoFields(item: { cmsType: string; mediaKind: string; videoUrl: string | null }): void {
  if (item.mediaKind !== 'video') return;
  if (item.cmsType !== 'video') throw invalidField('media_kind', 'only media-gallery items can be videos');
  if (!item.videoUrl) throw invalidField('video_url', 'is required for a video');
  if (!isHostedVideoUrl(item.videoUrl)) throw invalidField('video_url', VIDEO_HOST_MESSAGE);
}

/** The new `published_at`: set when the item becomes published, kept otherwise. */
function publishedAtAfter(before: CmsItemRow | null, status: CmsStatus): Date | null {
  if (status === 'published' && before?.status !== 'published') return new Date();
  return before?.publishedAt ?? null;
}

/**
 * Creates an item, or updates the one `input.uuid` names. Fields left out of an update keep
 * their value; `null` or '' clears them.
 */
export async function saveCmsItem(
  db: Db,
  input: CmsSaveInput,
  userId: number,
): Promise<{ before: CmsItemRow | null; after: CmsItemRow }> {
  const before = input.uuid ? await findCmsItem(db, input.uuid) : null;
  if (input.uuid && !before) throw notFound('No CMS item with this id');
  if (before && before.cmsType !== input.cms_type) {
    throw invalidField('cms_type', `cannot change: this item is a ${before.cmsType}`);
  }
  const keep = <T>(value: T | undefined, old: T | null): T | null => (value === undefined ? old : value);
  const status: CmsStatus = input.status ?? (before?.status as CmsStatus | undefined) ?? 'draft';
  const event = keep(input.event, before?.event ?? null);
  const values = {
    cmsType: input.cms_type,
    title: input.title,
    description: keep(input.description, before?.description ?? null),
    link: keep(input.link, before?.link ?? null),
    displayOrder: input.display_order,
    status,
    mediaKind: input.media_kind ?? (before?.mediaKind as MediaKind | undefined) ?? 'photo',
    videoUrl: keep(input.video_url, before?.videoUrl ?? null),
    event,
    eventSlug: eventSlug(event),
    publishedAt: publishedAtAfter(before, status),
    updatedAt: new Date(),
    updatedBy: userId,
  };
  checkVideoFields(values);
  if (before) {
    const [after] = await db.update(cmsItems).set(values).where(eq(cmsItems.id, before.id)).returning();
    if (!after) throw notFound('No CMS item with this id');
    return { before, after };
  }
  const [after] = await db
    .insert(cmsItems)
    .values({ ...values, createdBy: userId })
    .returning();
  return { before: null, after: after! };
}

export async function setCmsStatus(
  db: Db,
  uuid: string,
  status: CmsStatus,
  userId: number,
): Promise<{ before: CmsItemRow; after: CmsItemRow }> {
  const before = await findCmsItem(db, uuid);
  if (!before) throw notFound('No CMS item with this id');
  const [after] = await db
    .update(cmsItems)
    .set({ status, publishedAt: publishedAtAfter(before, status), updatedAt: new Date(), updatedBy: userId })
    .where(eq(cmsItems.id, before.id))
    .returning();
  if (!after) throw notFound('No CMS item with this id');
  return { before, after };
}

/** Deletes the item, then its files (a file left behind by a crash in between is only litter). */
export async function deleteCmsItem(deps: AppDeps, row: CmsItemRow): Promise<void> {
  const [deleted] = await deps.db.delete(cmsItems).where(eq(cmsItems.id, row.id)).returning();
  if (!deleted) throw notFound('No CMS item with this id');
  await deps.storage.deleteFolder(itemFolder(deleted.uuid));
  if (changesPublicSite(deleted, null)) queueRebuild(deps);
}
