import { and, eq, sql } from 'drizzle-orm';
import { cmsItems } from '../db/schema.ts';
import type { Tx, Write } from '../events/change-bus.server.ts';
import type { ChangeEvent } from '../events/change-events.ts';
import type { AppDeps } from '../deps.server.ts';
import { ApiError, notFound, StaleWriteError } from '../http/errors.server.ts';
import { eventSlug } from './event-slug.ts';
import {
  findCmsItem,
  findCmsRecord,
  recordReturning,
  returnedItem,
  toCmsItem,
  type CmsItemRow,
} from './queries.server.ts';
import type { CmsRecord, CmsSave, CmsStatus, MediaKind } from './schema.ts';
import { isHostedVideoUrl, VIDEO_HOST_MESSAGE } from './video-hosts.ts';
import { CmsStatusSchema } from './schema.ts';
import { say } from '../i18n/said.ts';

/**
 * The CMS's writes (DESIGN.md §12, §13, §15): each one in a transaction through the change bus,
 * holding the change, its audit event and its change event; a change to an existing item is based
 * on a version and refused (409) if the item moved on. The events of items published before or
 * after the change say so (`site`): the bus's subscribers clear the public cache and rebuild.
 */

/** The folder of an item's uploaded files in the file store. */
export const itemFolder = (uuid: string) => `cms/${uuid}`;

/**
 * Whether a change from `before` to `after` shows on the public site: it does when the item is
 * published before or after it (a draft's edits wait for its publication).
 */
export function changesPublicSite(before: { status: string } | null, after: { status: string } | null): boolean {
  return before?.status === 'published' || after?.status === 'published';
}

/**
 * The change event of a change from `before` to `after` (null: none): published, taken off the
 * site, deleted, a new image, or saved; public when the item is published on either side.
 */
function cmsEvent(before: CmsItemRow | null, after: CmsItemRow | null, actorId: number, action: string): ChangeEvent {
  const row = (after ?? before)!;
  const data = { uuid: row.uuid, kind: row.cmsType };
  // A status set to the one the item has changes nothing the public sees.
  const site = changesPublicSite(before, after) && !(action === 'status' && before?.status === after?.status);
  const wasPublished = before?.status === 'published';
  const isPublished = after?.status === 'published';
  if (!after) return { type: 'cms.item.deleted', data, actorId, site };
  if (action === 'image') return { type: 'cms.item.image.saved', data, actorId, site };
  if (isPublished && !wasPublished) return { type: 'cms.item.published', data, actorId, site };
  if (wasPublished && !isPublished) return { type: 'cms.item.unpublished', data, actorId, site };
  return { type: 'cms.item.saved', data, actorId, site };
}

function invalidField(field: string, message: string): ApiError {
  return new ApiError(400, say('Invalid {what}: check {fields}', { what: 'body', fields: field }), {
    [field]: [message],
  });
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

/** The audit event of a change to an item, in the item's API shape, and its change event. */
async function record(w: Write, actorId: number, action: string, before: CmsItemRow | null, after: CmsItemRow | null) {
  const uuid = (after ?? before)!.uuid;
  await w.audit({
    actorId,
    entity: 'cms_item',
    entityId: uuid,
    action,
    before: before && toCmsItem(before),
    after: after && toCmsItem(after),
  });
  await w.emit(cmsEvent(before, after, actorId, action));
}

type Returned = ReturnType<typeof returnedItem>;

/**
 * Updates `before` with `values` if it is still at `version` (null: no check, for changes that
 * do not need one), giving back the row and its record; a miss is a StaleWriteError with the
 * item as it is now.
 */
async function updateAtVersion(
  tx: Tx,
  before: CmsItemRow,
  version: number | null,
  values: Partial<typeof cmsItems.$inferInsert>,
): Promise<Returned> {
  const [after] = await tx
    .update(cmsItems)
    .set({ ...values, version: sql`${cmsItems.version} + 1`, updatedAt: new Date() })
    .where(and(eq(cmsItems.id, before.id), version === null ? undefined : eq(cmsItems.version, version)))
    .returning(recordReturning);
  if (after) return returnedItem(after);
  const current = await findCmsRecord(tx, before.uuid);
  if (!current) throw notFound('No CMS item with this id');
  throw new StaleWriteError(current);
}

/**
 * Creates an item, or updates the one `input.uuid` names if it is still at `version`. Fields
 * left out of an update keep their value; `null` or '' clears them.
 */
export async function saveCmsItem(
  deps: AppDeps,
  input: { save: CmsSave; version: number | undefined; actorId: number },
): Promise<{ before: CmsItemRow | null; after: CmsRecord }> {
  const { save } = input;
  return deps.changes.write(deps.db, async (w) => {
    const { tx } = w;
    const before = save.uuid ? await findCmsItem(tx, save.uuid) : null;
    if (save.uuid && !before) throw notFound('No CMS item with this id');
    if (before && before.cmsType !== save.cms_type) {
      throw invalidField('cms_type', say('cannot change: this item is a {cmsType}', { cmsType: before.cmsType }));
    }
    const keep = <T>(value: T | undefined, old: T | null): T | null => (value === undefined ? old : value);
    const status: CmsStatus = save.status ?? (before ? CmsStatusSchema.parse(before.status) : undefined) ?? 'draft';
    const event = keep(save.event, before?.event ?? null);
    const values = {
      cmsType: save.cms_type,
      title: save.title,
      description: keep(save.description, before?.description ?? null),
      link: keep(save.link, before?.link ?? null),
      displayOrder: save.display_order ?? before?.displayOrder ?? 0,
      status,
      mediaKind: save.media_kind ?? (before?.mediaKind as MediaKind | undefined) ?? 'photo',
      videoUrl: keep(save.video_url, before?.videoUrl ?? null),
      event,
      eventSlug: eventSlug(event),
      imageCrop: save.cms_type === 'banner' ? keep(save.image_crop, before?.imageCrop ?? null) : null,
      imageAlt: keep(save.image_alt, before?.imageAlt ?? null),
      publishedAt: publishedAtAfter(before, status),
      updatedBy: input.actorId,
    };
    checkVideoFields(values);
    let after: Returned;
    if (before) {
      if (input.version === undefined) throw new Error('saveCmsItem: an update needs the version it is based on');
      after = await updateAtVersion(tx, before, input.version, values);
    } else {
      const [inserted] = await tx
        .insert(cmsItems)
        .values({ ...values, createdBy: input.actorId })
        .returning(recordReturning);
      after = returnedItem(inserted!);
    }
    await record(w, input.actorId, before ? 'update' : 'create', before, after.row);
    return { before, after: after.record };
  });
}

/** Publishes, takes down or drafts an item that is still at `version`. */
export async function setCmsStatus(
  deps: AppDeps,
  input: { uuid: string; status: CmsStatus; version: number; actorId: number },
): Promise<{ before: CmsItemRow; after: CmsRecord }> {
  return deps.changes.write(deps.db, async (w) => {
    const before = await findCmsItem(w.tx, input.uuid);
    if (!before) throw notFound('No CMS item with this id');
    const after = await updateAtVersion(w.tx, before, input.version, {
      status: input.status,
      publishedAt: publishedAtAfter(before, input.status),
      updatedBy: input.actorId,
    });
    await record(w, input.actorId, 'status', before, after.row);
    return { before, after: after.record };
  });
}

/** Adds a hosted video to the media gallery (POST /api/video/create). */
export async function createVideo(
  deps: AppDeps,
  input: {
    title: string;
    videoUrl: string;
    description: string | null;
    event: string | null;
    status: CmsStatus;
    actorId: number;
  },
): Promise<CmsRecord> {
  const values = {
    cmsType: 'video',
    mediaKind: 'video',
    title: input.title,
    description: input.description,
    videoUrl: input.videoUrl,
    event: input.event,
    eventSlug: eventSlug(input.event),
    status: input.status,
    publishedAt: input.status === 'published' ? new Date() : null,
    createdBy: input.actorId,
    updatedBy: input.actorId,
  };
  checkVideoFields(values);
  return deps.changes.write(deps.db, async (w) => {
    const [inserted] = await w.tx.insert(cmsItems).values(values).returning(recordReturning);
    const { row, record: created } = returnedItem(inserted!);
    await record(w, input.actorId, 'create', null, row);
    return created;
  });
}

/**
 * Deletes the item if it is still at `version`, then its files (a file left behind by a crash in
 * between is only litter); its event rebuilds the public site if it showed there.
 */
export async function deleteCmsItem(
  deps: AppDeps,
  input: { row: CmsItemRow; version: number; actorId: number },
): Promise<void> {
  const deleted = await deps.changes.write(deps.db, async (w) => {
    const { tx } = w;
    const [gone] = await tx
      .delete(cmsItems)
      .where(and(eq(cmsItems.id, input.row.id), eq(cmsItems.version, input.version)))
      .returning();
    if (!gone) {
      const current = await findCmsRecord(tx, input.row.uuid);
      if (!current) throw notFound('No CMS item with this id');
      throw new StaleWriteError(current);
    }
    await record(w, input.actorId, 'delete', gone, null);
    return gone;
  });
  await deps.storage.deleteFolder(itemFolder(deleted.uuid));
}

/**
 * Points an item at its newly stored image, if it is still at `version` (null: no check). The
 * row is locked first, so the image replaced is the one in the row at that moment: two uploads
 * at once must not leave orphans behind. Null when the item was deleted meanwhile.
 */
export async function setCmsImage(
  deps: AppDeps,
  input: { itemId: number; image: NonNullable<CmsItemRow['image']>; version: number | null; actorId: number },
): Promise<{ before: CmsItemRow; after: CmsRecord } | null> {
  return deps.changes.write(deps.db, async (w) => {
    const { tx } = w;
    const [before] = await tx.select().from(cmsItems).where(eq(cmsItems.id, input.itemId)).for('update');
    if (!before) return null;
    // A new picture: a crop chosen on the old one no longer applies.
    const after = await updateAtVersion(tx, before, input.version, {
      image: input.image,
      imageCrop: null,
      updatedBy: input.actorId,
    });
    await record(w, input.actorId, 'image', before, after.row);
    return { before, after: after.record };
  });
}
