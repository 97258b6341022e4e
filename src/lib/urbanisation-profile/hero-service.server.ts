import { sql } from 'drizzle-orm';
import { makeRenditions, toMediaImage } from '../media/images.server.ts';
import type { MediaImage } from '../media/schema.ts';
import { profileCategories } from '../db/schema.ts';
import type { AppDeps, AuthedUser } from '../deps.server.ts';
import { ApiError, notFound, StaleWriteError } from '../http/errors.server.ts';
import { UPLOADS_PATH, uploadUrl } from '../storage/routes.server.ts';
import { loadCategory, loadCategoryRow, toCategory } from './queries.server.ts';
import type { Category, Indicator } from './schema.ts';
import { say } from '../i18n/said.ts';

/** The folder of a theme's files in the file store. */
export const categoryFolder = (slug: string) => `profile/${slug}`;

/** The file-store keys of a theme's picture (only keys inside the theme's own folder). */
export function heroKeys(image: MediaImage | null, slug: string): string[] {
  if (!image) return [];
  const folder = `${categoryFolder(slug)}/`;
  return [...new Set([image.url, ...image.variants.map((v) => v.url)])]
    .filter((url) => url.startsWith(UPLOADS_PATH))
    .map((url) => url.slice(UPLOADS_PATH.length))
    .filter((key) => key.startsWith(folder));
}

/**
 * POST profile/category/{slug}/hero: checks and re-encodes the picture with the CMS pipeline
 * (sniffed, pixel-limited, metadata dropped, WebP renditions), stores it, and only then points
 * the theme at it, if the theme is still at `version` (when one is sent, as the form does; like a
 * CMS image, a picture sent without one replaces whatever is there). The files of the picture it replaces are
 * deleted last; a failure at any step leaves the theme with its old picture, whole.
 */
export async function replaceHero(
  deps: AppDeps,
  auth: AuthedUser,
  slug: string,
  input: { bytes: Uint8Array; version: number | undefined; alt: string | undefined },
): Promise<Category & { indicators: Indicator[] }> {
  const before = await loadCategoryRow(deps.db, slug);
  if (!before) throw notFound('There is no such profile category');
  // Refused before the work of making renditions when the theme has already moved on.
  if (input.version !== undefined && input.version !== before.version) throw new StaleWriteError(toCategory(before));
  const alt = input.alt || before.heroAlt;
  if (!alt)
    throw new ApiError(400, say('Invalid {what}: check {fields}', { what: 'request', fields: 'hero_alt' }), {
      hero_alt: ['is required: say what the picture shows'],
    });

  const renditions = await makeRenditions(input.bytes);
  const folder = categoryFolder(slug);
  const newKeys = renditions.map((r) => `${folder}/${r.name}`);
  try {
    for (const [i, rendition] of renditions.entries()) await deps.storage.put(newKeys[i]!, rendition.body);
  } catch (error) {
    // Tidy up, but never a file the current picture uses (the same picture uploaded again).
    const inUse = heroKeys(before.hero ?? null, slug);
    await deps.storage.delete(newKeys.filter((key) => !inUse.includes(key))).catch(() => {});
    throw error;
  }
  const hero = toMediaImage(renditions, (name) => uploadUrl(`${folder}/${name}`));

  let replaced: MediaImage | null;
  try {
    replaced = await deps.changes.write(deps.db, async (w) => {
      const { tx } = w;
      const current = await loadCategoryRow(tx, slug, true);
      if (!current) throw notFound('There is no such profile category');
      if (input.version !== undefined && current.version !== input.version)
        throw new StaleWriteError(toCategory(current));
      const [row] = await tx
        .update(profileCategories)
        .set({ hero, heroAlt: alt, version: current.version + 1, updatedAt: new Date(), updatedBy: auth.user.id })
        .where(sql`${profileCategories.slug} = ${slug} and ${profileCategories.version} = ${current.version}`)
        .returning();
      if (!row) throw new StaleWriteError(toCategory(current));
      await w.audit({
        actorId: auth.user.id,
        entity: 'profile_category',
        entityId: slug,
        action: 'hero',
        before: { hero_image: current.hero ?? null, hero_alt: current.heroAlt },
        after: { hero_image: hero, hero_alt: alt },
      });
      await w.emit({
        type: 'profile.category.picture.saved',
        data: { slug },
        actorId: auth.user.id,
        site: current.published,
      });
      return current.hero ?? null;
    });
  } catch (error) {
    // Refused: the files just written are litter, unless the current picture uses them too.
    const now = await loadCategoryRow(deps.db, slug);
    const inUse = heroKeys(now?.hero ?? null, slug);
    await deps.storage.delete(newKeys.filter((key) => !inUse.includes(key))).catch(() => {});
    throw error;
  }
  await deps.storage.delete(heroKeys(replaced, slug).filter((key) => !newKeys.includes(key))).catch(() => {});
  return (await loadCategory(deps.db, slug, { includeRetired: true }))!;
}
