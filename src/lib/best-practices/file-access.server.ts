import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.server.ts';
import { bestPractices } from '../db/schema.ts';
import {
  filesOfRecords,
  publishedRecordFiles,
  type FileOwner,
  type FileRecord,
} from '../storage/file-access.server.ts';

/**
 * Who reads a best practice's pictures and documents (`best-practices/{uuid}/…`, decision 035):
 * - anyone while it is published, and any file its kept public copy (`published_snapshot`, when
 *   a published practice is being revised) names;
 * - otherwise (draft, submitted, changes requested, rejected, archived) only those who may open
 *   it in the back-office: the best-practice view rule, in its country (administrators: all).
 */
export const practiceFiles: FileOwner = filesOfRecords('best-practices', 'best-practices', loadPracticeFiles);

async function loadPracticeFiles(db: Db, uuid: string): Promise<FileRecord> {
  const [row] = await db
    .select({
      status: bestPractices.status,
      country: bestPractices.countryCode,
      // The kept public copy as text, read from the whole row so that this lookup works whether
      // or not the table has that column yet: null when it has none or holds none.
      kept: sql<string | null>`(to_jsonb(${bestPractices}) -> 'published_snapshot')::text`,
    })
    .from(bestPractices)
    .where(eq(bestPractices.uuid, uuid));
  return publishedRecordFiles(row, 'best-practice');
}
