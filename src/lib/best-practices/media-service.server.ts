import type { AppDeps, AuthedUser } from '../deps.server.ts';
import { ApiError, notFound, StaleWriteError } from '../http/errors.server.ts';
import type { PracticeRow } from './mappers.server.ts';
import { keysOfImage, recutCard, storePracticeImage, storePracticePdf } from './media.server.ts';
import { findPractice, practiceDetail } from './queries.server.ts';
import { PRACTICE_ATTACHMENTS_MAX, PRACTICE_IMAGES_MAX, type Crop } from './schema.ts';
import { filesInUse } from './public-copy.server.ts';
import { invalid, lockForWrite, withOneCover, writePracticeRow } from './service.server.ts';
import type { StoredAttachment, StoredImage } from './stored.ts';
import { say } from '../i18n/said.ts';

/**
 * The uploads of best practices: the files are stored first, then one versioned change of the
 * row points at them (with its audit and `practice.media.saved` event); a refused change removes
 * the new files, a committed one removes the files it replaced.
 */

interface MediaWrite {
  uuid: string;
  version: number | undefined;
  auth: AuthedUser;
  /** The row's checks (scope, authorship, workflow), run on the row read and again on the locked one. */
  mayEdit: (row: PracticeRow) => void;
}

/** The practice as found, after `mayEdit`; 404 when there is none. */
async function practiceFor(deps: AppDeps, write: MediaWrite) {
  const found = await findPractice(deps.db, write.uuid);
  if (!found) throw notFound('No best practice with this id');
  write.mayEdit(found.row);
  return found;
}

/**
 * Of the files `keys` stored for a refused change, those neither the practice nor its kept public copy points at (the
 * same picture may be there already).
 */
async function unusedOf(deps: AppDeps, uuid: string, keys: string[]): Promise<string[]> {
  const found = await findPractice(deps.db, uuid);
  const inUse = found ? filesInUse(found.row) : new Set<string>();
  return keys.filter((k) => !inUse.has(k));
}

/** Adds an uploaded image or document to the row (files already stored), as one versioned change. */
async function attachMedia(
  deps: AppDeps,
  write: MediaWrite,
  media: { image?: StoredImage; attachment?: StoredAttachment },
): Promise<PracticeRow> {
  return deps.changes.write(deps.db, async (w) => {
    const before = await lockForWrite(w.tx, write.uuid, write.version);
    write.mayEdit(before);
    const images = media.image ? withOneCover([...before.images, media.image]) : before.images;
    const attachments = media.attachment ? [...before.attachments, media.attachment] : before.attachments;
    if (images.length > PRACTICE_IMAGES_MAX)
      throw new ApiError(
        400,
        say('A practice has at most {max} images: remove one first', { max: PRACTICE_IMAGES_MAX }),
      );
    if (attachments.length > PRACTICE_ATTACHMENTS_MAX)
      throw new ApiError(
        400,
        say('A practice has at most {max} documents: remove one first', { max: PRACTICE_ATTACHMENTS_MAX }),
      );
    return writePracticeRow(w, before, {
      actorId: write.auth.user.id,
      set: { images, attachments },
      audit: () => ({
        action: 'update',
        before: { images: before.images, attachments: before.attachments },
        after: { images, attachments },
      }),
      event: 'practice.media.saved',
    });
  });
}

/** POST best-practice/{uuid}/upload: an image (its renditions and 16:9 card cut with `crop`). */
export async function uploadPracticeImage(
  deps: AppDeps,
  write: MediaWrite & { crop: Crop | null; readFile: () => Promise<{ bytes: Uint8Array }> },
): Promise<void> {
  const { row } = await practiceFor(deps, write);
  if (row.images.length >= PRACTICE_IMAGES_MAX)
    throw new ApiError(400, say('A practice has at most {max} images: remove one first', { max: PRACTICE_IMAGES_MAX }));
  const file = await write.readFile();
  const { image, keys } = await storePracticeImage(deps.storage, row.uuid, file.bytes, {
    crop: write.crop,
    caption: null,
    credit: null,
  });
  try {
    await attachMedia(deps, write, { image });
  } catch (error) {
    await deps.storage.delete(await unusedOf(deps, row.uuid, keys)).catch(() => {});
    throw error;
  }
}

/** POST best-practice/{uuid}/attachment: a PDF, titled `title` or after its file name. */
export async function uploadPracticeAttachment(
  deps: AppDeps,
  write: MediaWrite & { title: string | undefined; readFile: () => Promise<{ bytes: Uint8Array; name: string }> },
): Promise<void> {
  const { row } = await practiceFor(deps, write);
  if (row.attachments.length >= PRACTICE_ATTACHMENTS_MAX)
    throw new ApiError(
      400,
      say('A practice has at most {max} documents: remove one first', { max: PRACTICE_ATTACHMENTS_MAX }),
    );
  const file = await write.readFile();
  const title = write.title || file.name.replace(/\.pdf$/i, '').slice(0, 160) || 'Document';
  const attachment = await storePracticePdf(deps.storage, row.uuid, file.bytes, { title, fileName: file.name });
  try {
    await attachMedia(deps, write, { attachment });
  } catch (error) {
    await deps.storage.delete(await unusedOf(deps, row.uuid, [attachment.key])).catch(() => {});
    throw error;
  }
}

/**
 * POST best-practice/{uuid}/image/{id}/crop: cuts image `imageId`'s card again from the kept
 * upload and points the image at it, as one versioned change; the old card's files go after.
 */
export async function cropPracticeImage(
  deps: AppDeps,
  write: MediaWrite & { imageId: string; crop: Crop },
): Promise<void> {
  const { row, country } = await practiceFor(deps, write);
  const image = row.images.find((i) => i.id === write.imageId);
  if (!image) throw notFound('No image with this id in the practice: it may have been removed');
  // Version problems are told before the picture is cut; the transaction checks again.
  if (write.version === undefined) throw invalid('version', 'is required: send the version of the practice you read');
  if (write.version !== row.version) throw new StaleWriteError(await practiceDetail(deps.db, row, country));
  const { card, keys } = await recutCard(deps.storage, write.uuid, image, write.crop);
  let result: { after: PracticeRow; replaced: StoredImage };
  try {
    result = await deps.changes.write(deps.db, async (w) => {
      const before = await lockForWrite(w.tx, write.uuid, write.version);
      write.mayEdit(before);
      const replaced = before.images.find((i) => i.id === write.imageId);
      if (!replaced) throw notFound('No image with this id in the practice: it may have been removed');
      const images = before.images.map((i) => (i.id === write.imageId ? { ...i, card, crop: write.crop } : i));
      const after = await writePracticeRow(w, before, {
        actorId: write.auth.user.id,
        set: { images },
        audit: () => ({
          action: 'update',
          before: { image: write.imageId, crop: replaced.crop ?? null, card: replaced.card },
          after: { image: write.imageId, crop: write.crop, card },
          note: 'New crop of the card picture',
        }),
        event: 'practice.media.saved',
      });
      return { after, replaced };
    });
  } catch (error) {
    await deps.storage.delete(await unusedOf(deps, write.uuid, keys)).catch(() => {});
    throw error;
  }
  // The old card's files go, unless the new crop made the same ones or the published copy the public library keeps
  // shows them.
  const inUse = filesInUse(result.after);
  await deps.storage.delete(keysOfImage(result.replaced).filter((k) => !inUse.has(k))).catch(() => {});
}
