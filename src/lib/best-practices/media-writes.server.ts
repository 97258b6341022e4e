import { eq } from 'drizzle-orm';
import { recordAudit } from '../audit/service.server.ts';
import type { Db } from '../db/client.server.ts';
import { bestPractices } from '../db/schema.ts';
import type { AuthedUser } from '../http/context.server.ts';
import { ApiError, notFound } from '../http/errors.server.ts';
import type { PracticeRow } from './mappers.server.ts';
import { AUDIT_ENTITY } from './queries.server.ts';
import type { Crop } from './schema.ts';
import { lockForWrite, withOneCover } from './service.server.ts';
import type { StoredAttachment, StoredImage } from './stored.ts';

/** Adds an uploaded image or document to the row (files already stored), as one versioned change. */
export async function attachMedia(
  db: Db,
  uuid: string,
  version: number | undefined,
  auth: AuthedUser,
  mayEdit: (row: PracticeRow) => void,
  media: { image?: StoredImage; attachment?: StoredAttachment },
  limits: { images: number; attachments: number },
): Promise<{ before: PracticeRow; after: PracticeRow }> {
  return db.transaction(async (tx) => {
    const before = await lockForWrite(tx, uuid, version);
    mayEdit(before);
    const images = media.image ? withOneCover([...before.images, media.image]) : before.images;
    const attachments = media.attachment ? [...before.attachments, media.attachment] : before.attachments;
    if (images.length > limits.images) throw new ApiError(400, `A practice has at most ${limits.images} images: remove one first`);
    if (attachments.length > limits.attachments) throw new ApiError(400, `A practice has at most ${limits.attachments} documents: remove one first`);
    const [after] = await tx
      .update(bestPractices)
      .set({ images, attachments, version: before.version + 1, updatedAt: new Date(), updatedBy: auth.user.id })
      .where(eq(bestPractices.id, before.id))
      .returning();
    await recordAudit(tx, {
      actorId: auth.user.id,
      entity: AUDIT_ENTITY,
      entityId: uuid,
      action: 'update',
      before: { images: before.images, attachments: before.attachments },
      after: { images, attachments },
    });
    return { before, after: after! };
  });
}

/**
 * Points image `imageId` at its new card (files already stored, cut with `crop`), as one
 * versioned change of the practice. Returns the image as it was, whose card files the caller
 * removes once this is committed.
 */
export async function replaceImageCard(
  db: Db,
  uuid: string,
  imageId: string,
  version: number | undefined,
  auth: AuthedUser,
  mayEdit: (row: PracticeRow) => void,
  change: { card: StoredImage['card']; crop: Crop },
): Promise<{ before: PracticeRow; after: PracticeRow; replaced: StoredImage }> {
  return db.transaction(async (tx) => {
    const before = await lockForWrite(tx, uuid, version);
    mayEdit(before);
    const replaced = before.images.find((i) => i.id === imageId);
    if (!replaced) throw notFound('No image with this id in the practice: it may have been removed');
    const images = before.images.map((i) => (i.id === imageId ? { ...i, card: change.card, crop: change.crop } : i));
    const [after] = await tx
      .update(bestPractices)
      .set({ images, version: before.version + 1, updatedAt: new Date(), updatedBy: auth.user.id })
      .where(eq(bestPractices.id, before.id))
      .returning();
    await recordAudit(tx, {
      actorId: auth.user.id,
      entity: AUDIT_ENTITY,
      entityId: uuid,
      action: 'update',
      before: { image: imageId, crop: replaced.crop ?? null, card: replaced.card },
      after: { image: imageId, crop: change.crop, card: change.card },
      note: 'New crop of the card picture',
    });
    return { before, after: after!, replaced };
  });
}
