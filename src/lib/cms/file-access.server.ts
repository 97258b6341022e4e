import { eq } from 'drizzle-orm';
import { isAdminLevel } from '../access/permissions.ts';
import type { Db } from '../db/client.server.ts';
import { cmsItems } from '../db/schema.ts';
import { filesOfRecords, NO_RECORD, type FileOwner, type FileRecord } from '../storage/file-access.server.ts';

/**
 * Who reads a CMS item's pictures (`cms/{uuid}/…`, decision 035): anyone while the item is
 * published; while it is a draft or unpublished, only those who manage the site's content
 * (administrators), as in the back-office.
 */
export const cmsFiles: FileOwner = filesOfRecords('cms', 'cms', loadCmsFiles);

async function loadCmsFiles(db: Db, uuid: string): Promise<FileRecord> {
  const [row] = await db.select({ status: cmsItems.status }).from(cmsItems).where(eq(cmsItems.uuid, uuid));
  if (!row) return NO_RECORD;
  const published = row.status === 'published';
  return { isPublic: () => published, mayRead: isAdminLevel };
}
