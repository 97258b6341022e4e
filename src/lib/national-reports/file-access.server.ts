import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.server.ts';
import { nationalReports } from '../db/schema.ts';
import {
  filesOfRecords,
  publishedRecordFiles,
  type FileOwner,
  type FileRecord,
} from '../storage/file-access.server.ts';

/**
 * Who reads a national report's cover picture (`national-reports/{uuid}/cover/…`, decision
 * 035): anyone while the report is published, and the cover its kept public copy shows while a
 * published report is revised (decision 026); otherwise only those who may open the report in
 * the back-office (the national_report view rule, in its country). The signed PDFs beside the
 * cover are never served from /uploads/ at all (GET …/report/file checks its reader).
 */
export const reportCoverFiles: FileOwner = filesOfRecords(
  'national-reports',
  'national-reports',
  loadReportCoverFiles,
  'cover/',
);

async function loadReportCoverFiles(db: Db, uuid: string): Promise<FileRecord> {
  const [row] = await db
    .select({
      status: nationalReports.status,
      country: nationalReports.countryCode,
      kept: sql<string | null>`${nationalReports.publishedSnapshot}::text`,
    })
    .from(nationalReports)
    .where(eq(nationalReports.uuid, uuid));
  return publishedRecordFiles(row, 'national_report');
}
