import { and, eq } from 'drizzle-orm';
import { makeRenditions, storedKeysOf, toMediaImage } from '../media/images.server.ts';
import { keptPublicView } from './public-kept.server.ts';
import { nationalReports, type StoredImage } from '../db/schema.ts';
import type { AppDeps, AuthedUser } from '../deps.server.ts';
import { notFound, StaleWriteError } from '../http/errors.server.ts';
import type { FileStore } from '../storage/file-store.server.ts';
import { uploadUrl } from '../storage/routes.server.ts';
import { loadBundle, reportOf } from './queries.server.ts';
import type { Report } from './schema.ts';
import { headerSnapshot, mustLoad, reportEvent, requireHeaderEditable, roleOf } from './service.server.ts';

/** The folder of a report's cover renditions in the file store. */
export const coverFolder = (uuid: string) => `national-reports/${uuid}/cover`;

/**
 * Checks and re-encodes a picture (the CMS pipeline) and stores its renditions in the report's
 * cover folder. A failure removes what was written, except files in `keep` (the cover in place).
 */
export async function storeCover(
  storage: FileStore,
  uuid: string,
  bytes: Uint8Array,
  keep: readonly string[] = [],
): Promise<{ cover: StoredImage; keys: string[] }> {
  const renditions = await makeRenditions(bytes);
  const folder = coverFolder(uuid);
  const keys = renditions.map((r) => `${folder}/${r.name}`);
  try {
    for (const [i, rendition] of renditions.entries()) await storage.put(keys[i]!, rendition.body);
  } catch (error) {
    await storage.delete(keys.filter((key) => !keep.includes(key))).catch(() => {});
    throw error;
  }
  return { cover: toMediaImage(renditions, (name) => uploadUrl(`${folder}/${name}`)), keys };
}

/**
 * POST …/{uuid}/report/cover: the picture goes through the CMS image pipeline (sniffed type,
 * pixel limit, metadata dropped, WebP renditions and a fallback), its files are stored, and only
 * then does the report point at them, if it is still at `version` (else 409 with the report as it
 * is now, and the new files are removed). The files of the cover it replaces go last.
 */
export async function uploadReportCover(
  deps: AppDeps,
  auth: AuthedUser,
  input: {
    uuid: string;
    readBytes: () => Promise<Uint8Array>;
    version: number;
    checkScope: (countryCode: string) => void;
  },
): Promise<Report> {
  const role = roleOf(auth);
  const before = await loadBundle(deps.db, { uuid: input.uuid });
  if (!before) throw notFound('There is no report with this id');
  input.checkScope(before.report.countryCode);
  requireHeaderEditable(before, role);
  // Refused before the work of making renditions when the report has already moved on.
  if (before.report.version !== input.version) throw new StaleWriteError(await reportOf(deps.db, before));
  // Read only now: a refused upload does not first take the whole picture into memory.
  const bytes = await input.readBytes();

  const inUse = (image: StoredImage | null) => (image ? storedKeysOf(image) : []);
  const { cover, keys: newKeys } = await storeCover(deps.storage, input.uuid, bytes, inUse(before.report.cover));
  const removeNew = (keep: readonly string[]) =>
    deps.storage.delete(newKeys.filter((key) => !keep.includes(key))).catch(() => {});

  let result: { report: Report; replaced: StoredImage | null };
  try {
    result = await deps.changes.write(deps.db, async (w) => {
      const { tx } = w;
      const bundle = await mustLoad(tx, { uuid: input.uuid });
      requireHeaderEditable(bundle, role);
      if (bundle.report.version !== input.version) throw new StaleWriteError(await reportOf(tx, bundle));
      const [after] = await tx
        .update(nationalReports)
        .set({ cover, version: bundle.report.version + 1, updatedAt: new Date(), updatedBy: auth.user.id })
        .where(and(eq(nationalReports.id, bundle.report.id), eq(nationalReports.version, input.version)))
        .returning();
      await w.audit({
        actorId: auth.user.id,
        entity: 'national_report',
        entityId: input.uuid,
        action: 'cover',
        before: headerSnapshot(bundle.report),
        after: headerSnapshot(after!),
      });
      await w.emit(reportEvent(bundle, 'report.cover.saved', { actorId: auth.user.id, after: after! }));
      // The cover of a published version kept for the public site stays with it (decision 026).
      const keptCover = keptPublicView(bundle.report)?.report.cover?.image;
      return {
        report: await reportOf(tx, { ...bundle, report: after! }),
        replaced: keptCover?.url === bundle.report.cover?.url ? null : bundle.report.cover,
      };
    });
  } catch (error) {
    // Refused or failed: the files just written are litter, unless the cover in place uses them (same picture).
    const current = await loadBundle(deps.db, { uuid: input.uuid });
    await removeNew(inUse(current?.report.cover ?? null));
    throw error;
  }
  // The same picture uploaded again has the same names: those files are the new cover's too.
  const stale = inUse(result.replaced).filter((key) => !newKeys.includes(key));
  await deps.storage.delete(stale).catch(() => {});
  return result.report;
}
