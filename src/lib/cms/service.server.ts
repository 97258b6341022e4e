import { and, eq, sql } from 'drizzle-orm';
import { recordAudit } from '../audit/service.server.ts';
import type { Db } from '../db/client.server.ts';
import { cmsItems } from '../db/schema.ts';
import type { AppDeps } from '../http/context.server.ts';
import { ApiError, notFound, StaleWriteError } from '../http/errors.server.ts';
import { eventSlug } from './event-slug.ts';
import { CMS_CACHE_DOMAIN, findCmsItem, findCmsRecord, toCmsItem, type CmsItemRow } from './queries.server.ts';
import type { CmsRecord, CmsSave, CmsStatus, MediaKind } from './schema.ts';
import { isHostedVideoUrl, VIDEO_HOST_MESSAGE } from './video-hosts.ts';

/**
 * The CMS's writes (DESIGN.md §12–13): each one in a transaction that also records its audit
 * event; a change to an existing item is based on a version and refused (409) if the item moved on.
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

/** The audit event of a change to an item, in the item's API shape. */
function audit(tx: Db, actorId: number, action: string, before: CmsItemRow | null, after: CmsItemRow | null) {
  const uuid = (after ?? before)!.uuid;
  return recordAudit(tx, {
    actorId,
    entity: 'cms_item',
    entityId: uuid,
    action,
    before: before && toCmsItem(before),
    after: after && toCmsItem(after),
  });
}

/**
 * Updates `before` with `values` if it is still at `version` (null: no check, for changes that
 * do not need one); a miss is a StaleWriteError with the item as it is now.
 */
async function updateAtVersion(
  tx: Db,
  before: CmsItemRow,
  version: number | null,
  values: Partial<typeof cmsItems.$inferInsert>,
): Promise<CmsItemRow> {
  const [after] = await tx
    .update(cmsItems)
    .set({ ...values, version: sql`${cmsItems.version} + 1`, updatedAt: new Date() })
    .where(and(eq(cmsItems.id, before.id), version === null ? undefined : eq(cmsItems.version, version)))
    .returning();
  if (after) return after;
  const current = await findCmsRecord(tx, before.uuid);
  if (!current) throw notFound('No CMS item with this id');
  throw new StaleWriteError(current);
}

/**
 * Creates an item, or updates the one `input.uuid` names if it is still at `version`. Fields
 * left out of an update keep their value; `null` or '' clears them.
 */
export async function saveCmsItem(
  db: Db,
  input: { save: CmsSave; version: number | undefined; actorId: number },
): Promise<{ before: CmsItemRow | null; after: CmsRecord }> {
  const { save } = input;
  return db.transaction(async (tx) => {
    const before = save.uuid ? await findCmsItem(tx, save.uuid) : null;
    if (save.uuid && !before) throw notFound('No CMS item with this id');
    if (before && before.cmsType !== save.cms_type) {
      throw invalidField('cms_type', `cannot change: this item is a ${before.cmsType}`);
    }
    const keep = <T>(value: T | undefined, old: T | null): T | null => (value === undefined ? old : value);
    const status: CmsStatus = save.status ?? (before?.status as CmsStatus | undefined) ?? 'draft';
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
      publishedAt: publishedAtAfter(before, status),
      updatedBy: input.actorId,
    };
    checkVideoFields(values);
    let after: CmsItemRow;
    if (before) {
      if (input.version === undefined) throw new Error('saveCmsItem: an update needs the version it is based on');
      after = await updateAtVersion(tx, before, input.version, values);
    } else {
      [after] = (await tx
        .insert(cmsItems)
        .values({ ...values, createdBy: input.actorId })
        .returning()) as [CmsItemRow];
    }
    await audit(tx, input.actorId, before ? 'update' : 'create', before, after);
    return { before, after: (await findCmsRecord(tx, after.uuid))! };
  });
}

/** Publishes, takes down or drafts an item that is still at `version`. */
export async function setCmsStatus(
  db: Db,
  input: { uuid: string; status: CmsStatus; version: number; actorId: number },
): Promise<{ before: CmsItemRow; after: CmsRecord }> {
  return db.transaction(async (tx) => {
    const before = await findCmsItem(tx, input.uuid);
    if (!before) throw notFound('No CMS item with this id');
    const after = await updateAtVersion(tx, before, input.version, {
      status: input.status,
      publishedAt: publishedAtAfter(before, input.status),
      updatedBy: input.actorId,
    });
    await audit(tx, input.actorId, 'status', before, after);
    return { before, after: (await findCmsRecord(tx, after.uuid))! };
  });
}

/** Adds a hosted video to the media gallery (POST /api/video/create). */
export async function createVideo(
  db: Db,
  input: { title: string; videoUrl: string; description: string | null; event: string | null; status: CmsStatus; actorId: number },
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
  return db.transaction(async (tx) => {
    const [row] = (await tx.insert(cmsItems).values(values).returning()) as [CmsItemRow];
    await audit(tx, input.actorId, 'create', null, row);
    return (await findCmsRecord(tx, row.uuid))!;
  });
}

/**
 * Deletes the item if it is still at `version`, then its files (a file left behind by a crash in
 * between is only litter), and rebuilds the public site if it showed there.
 */
export async function deleteCmsItem(deps: AppDeps, input: { row: CmsItemRow; version: number; actorId: number }): Promise<void> {
  const deleted = await deps.db.transaction(async (tx) => {
    const [gone] = await tx
      .delete(cmsItems)
      .where(and(eq(cmsItems.id, input.row.id), eq(cmsItems.version, input.version)))
      .returning();
    if (!gone) {
      const current = await findCmsRecord(tx, input.row.uuid);
      if (!current) throw notFound('No CMS item with this id');
      throw new StaleWriteError(current);
    }
    await audit(tx, input.actorId, 'delete', gone, null);
    return gone;
  });
  deps.publicCache.invalidate(CMS_CACHE_DOMAIN);
  await deps.storage.deleteFolder(itemFolder(deleted.uuid));
  if (changesPublicSite(deleted, null)) queueRebuild(deps);
}

/**
 * Points an item at its newly stored image, if it is still at `version` (null: no check). The
 * row is locked first, so the image replaced is the one in the row at that moment: two uploads
 * at once must not leave orphans behind. Null when the item was deleted meanwhile.
 */
export async function setCmsImage(
  db: Db,
  input: { itemId: number; image: NonNullable<CmsItemRow['image']>; version: number | null; actorId: number },
): Promise<{ before: CmsItemRow; after: CmsRecord } | null> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(cmsItems).where(eq(cmsItems.id, input.itemId)).for('update');
    if (!before) return null;
    const after = await updateAtVersion(tx, before, input.version, { image: input.image, updatedBy: input.actorId });
    await audit(tx, input.actorId, 'image', before, after);
    return { before, after: (await findCmsRecord(tx, after.uuid))! };
  });
}
