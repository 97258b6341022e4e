import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { MAX_INPUT_PIXELS, sniffImageType, unreadableImage } from '../media/images.server.ts';
import { users } from '../db/schema.ts';
import type { AppDeps } from '../deps.server.ts';
import { ApiError } from '../http/errors.server.ts';
import { UPLOADS_PATH, uploadUrl } from '../storage/routes.server.ts';
import { PHOTO_SIZE_PX } from './schema.ts';

/** Where a user's photos are kept in the file store. */
export function photoFolder(uuid: string): string {
  return `users/${uuid}`;
}

/**
 * The CMS pipeline's checks (type sniffed from the bytes, pixel limit, full decode) and one
 * square WebP, cropped around the most interesting part, orientation applied, metadata dropped.
 */
export async function makeProfilePhoto(bytes: Uint8Array): Promise<{ name: string; body: Uint8Array }> {
  const type = sniffImageType(bytes);
  if (!type)
    throw new ApiError(415, 'The file is not a JPEG, PNG or WebP image: choose a photo in one of these formats');
  try {
    const input = sharp(bytes, { failOn: 'error', limitInputPixels: MAX_INPUT_PIXELS, autoOrient: true });
    const metadata = await input.metadata();
    if (metadata.format !== type) throw new Error(`decoded as ${metadata.format}`);
    const body = await input
      .resize(PHOTO_SIZE_PX, PHOTO_SIZE_PX, { fit: 'cover', position: 'attention' })
      .webp({ quality: 80, effort: 4 })
      .toBuffer();
    const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 16);
    return { name: `${hash}-${PHOTO_SIZE_PX}.webp`, body };
  } catch (error) {
    throw unreadableImage(error, type);
  }
}

/** The file-store key of a photo URL when it is one of this user's stored photos, else null. */
function ownKey(photo: string | null, uuid: string): string | null {
  if (!photo?.startsWith(UPLOADS_PATH)) return null;
  const key = photo.slice(UPLOADS_PATH.length);
  return key.startsWith(`${photoFolder(uuid)}/`) ? key : null;
}

/**
 * Sets (or with `bytes` null, removes) a user's photo: the new file is written first, the row
 * and its audit event change in one transaction, and the replaced file is deleted last.
 * Returns the new photo URL.
 */
export async function replaceUserPhoto(
  deps: AppDeps,
  user: { id: number; uuid: string },
  bytes: Uint8Array | null,
): Promise<string | null> {
  let key: string | null = null;
  if (bytes) {
    const photo = await makeProfilePhoto(bytes);
    key = `${photoFolder(user.uuid)}/${photo.name}`;
    await deps.storage.put(key, photo.body);
  }
  const url = key ? uploadUrl(key) : null;
  const before = await deps.changes.write(deps.db, async (w) => {
    const { tx } = w;
    const [current] = await tx.select({ photo: users.photo }).from(users).where(eq(users.id, user.id)).for('update');
    await tx.update(users).set({ photo: url, updatedAt: new Date() }).where(eq(users.id, user.id));
    await w.audit({
      actorId: user.id,
      entity: 'user',
      entityId: user.uuid,
      action: url ? 'photo.update' : 'photo.delete',
      before: { photo: current?.photo ?? null },
      after: { photo: url },
    });
    await w.emit({ type: 'user.updated', data: { uuid: user.uuid }, actorId: user.id, site: false });
    return current?.photo ?? null;
  });
  const stale = ownKey(before, user.uuid);
  if (stale && stale !== key) await deps.storage.delete([stale]).catch(() => {});
  return url;
}
