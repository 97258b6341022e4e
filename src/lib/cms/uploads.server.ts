import type { AppDeps } from '../deps.server.ts';
import { notFound, StaleWriteError } from '../http/errors.server.ts';
import { UPLOADS_PATH, uploadUrl } from '../storage/routes.server.ts';
import { makeRenditions, toMediaImage } from '../media/images.server.ts';
import { findCmsRecord, type CmsItemRow } from './queries.server.ts';
import type { CmsImage, CmsRecord } from './schema.ts';
import { itemFolder, setCmsImage } from './service.server.ts';

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
 * them (if it is still at `version`, when one was sent); the files of the image it replaces are
 * deleted last. A failure at any step leaves the item with its old image, whole. The service's
 * `cms.item.image.saved` event rebuilds the site when the item is published.
 */
export async function replaceImage(
  deps: AppDeps,
  input: { item: CmsItemRow; bytes: Uint8Array; version: number | null; actorId: number },
): Promise<CmsRecord> {
  const { item, bytes } = input;
  // Refused before the work of making renditions when the item has already moved on.
  if (input.version !== null && input.version !== item.version) {
    const current = await findCmsRecord(deps.db, item.uuid);
    if (!current) throw notFound('No CMS item with this id');
    throw new StaleWriteError(current);
  }
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
  const image = toMediaImage(renditions, (name) => uploadUrl(`${folder}/${name}`));

  let result: Awaited<ReturnType<typeof setCmsImage>>;
  try {
    result = await setCmsImage(deps, { itemId: item.id, image, version: input.version, actorId: input.actorId });
  } catch (error) {
    if (error instanceof StaleWriteError) {
      // Refused: the files just written are litter, unless the current image uses them too.
      const inUse = keysOf((error.current as CmsRecord).image, item.uuid);
      await deps.storage.delete(newKeys.filter((key) => !inUse.includes(key))).catch(() => {});
    }
    throw error;
  }
  if (!result) {
    // Deleted while the image was processed: its folder goes too.
    await deps.storage.deleteFolder(folder);
    throw notFound('No CMS item with this id');
  }
  // The same picture uploaded again has the same names: those files are the new image's too.
  const stale = keysOf(result.before.image, item.uuid).filter((key) => !newKeys.includes(key));
  await deps.storage.delete(stale);
  return result.after;
}
