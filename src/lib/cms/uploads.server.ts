import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../server/context.ts';
import { cmsItems } from '../db/schema.ts';
import { notFound } from '../http/errors.server.ts';
import { UPLOADS_PATH, uploadUrl } from '../storage/routes.server.ts';
import { makeRenditions, toCmsImage } from './images.server.ts';
import { changesPublicSite, itemFolder, queueRebuild } from './items.server.ts';
import type { CmsItemRow } from './queries.server.ts';
import type { CmsImage } from './schema.ts';

/** The file-store keys of an item's image (only keys inside the item's own folder). */
function keysOf(image: CmsImage | null, uuid: string): string[] {
  if (!image) return [];
  const folder = `${itemFolder(uuid)}/`;
  const urls = new Set([image.url, ...image.variants.map((v) => v.url)]);
  return [...urls]
    .filter((url) => url.startsWith(UPLOADS_PATH))
    .map((url) => url.slice(UPLOADS_PATH.length))
    .filter((key) => key.startsWith(folder));
}

/**
 * Makes the renditions of an uploaded image, stores them, and only then points the item at
 * them; the files of the image it replaces are deleted last. A failure at any step leaves the
 * item with its old image, whole.
 */
export async function replaceImage(deps: AppDeps, item: CmsItemRow, bytes: Uint8Array, userId: number): Promise<CmsItemRow> {
  const renditions = await makeRenditions(bytes);
  const folder = itemFolder(item.uuid);
  const newKeys = renditions.map((r) => `${folder}/${r.name}`);
  try {
    for (const [i, rendition] of renditions.entries()) await deps.storage.put(newKeys[i]!, rendition.body);
  } catch (error) {
    // Tidy up what was written, but never a file the item's current image uses (same picture).
    const inUse = keysOf(item.image, item.uuid);
    await deps.storage.delete(newKeys.filter((key) => !inUse.includes(key))).catch(() => {});
    throw error;
  }
  const image = toCmsImage(renditions, (name) => uploadUrl(`${folder}/${name}`));

  // The image replaced is the one in the row at the moment of the update (locked), not the one
  // read before the renditions were made: two uploads at once must not leave orphans behind.
  const result = await deps.db.transaction(async (tx) => {
    const [current] = await tx.select().from(cmsItems).where(eq(cmsItems.id, item.id)).for('update');
    if (!current) return null;
    const [after] = await tx
      .update(cmsItems)
      .set({ image, updatedAt: new Date(), updatedBy: userId })
      .where(eq(cmsItems.id, item.id))
      .returning();
    return { before: current, after: after! };
  });
  if (!result) {
    // Deleted while the image was processed: its folder goes too.
    await deps.storage.deleteFolder(folder);
    throw notFound('No CMS item with this id');
  }
  // The same picture uploaded again has the same names: those files are the new image's too.
  const stale = keysOf(result.before.image, item.uuid).filter((key) => !newKeys.includes(key));
  await deps.storage.delete(stale);
  if (changesPublicSite(result.before, result.after)) queueRebuild(deps);
  return result.after;
}
