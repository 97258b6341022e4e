import { createHash } from 'node:crypto';
import { and, eq, inArray, notExists } from 'drizzle-orm';
import type { Db } from '../db/client.server.ts';
import { nationalReports, reportFiles } from '../db/schema.ts';
import type { FileStore } from '../storage/file-store.server.ts';
import { reportPdf } from './pdf.server.ts';
import { loadBundle, reportGroups } from './queries.server.ts';
import { inspectPdf } from './pdf-check.server.ts';

/** The statuses a report reaches only with its signed file uploaded. */
const WITH_SIGNED_FILE = ['submitted', 'accepted', 'published'] as const;

/**
 * The "signed" PDF of each demo report that has been submitted (`npm start` only, never in tests):
 * the portal's own printable report of it, which says "Demonstration data" under its title,
 * stored as version 1 of its file the way an upload is, so the demo's public report pages offer
 * a signed report to download like real ones. Reports that already have a file are left alone.
 */
export async function seedDemoReportFiles(db: Db, storage: FileStore): Promise<number> {
  const reports = await db
    .select({ uuid: nationalReports.uuid, id: nationalReports.id, year: nationalReports.year, countryCode: nationalReports.countryCode })
    .from(nationalReports)
    .where(
      and(
        eq(nationalReports.demo, true),
        inArray(nationalReports.status, [...WITH_SIGNED_FILE]),
        notExists(db.select({ id: reportFiles.id }).from(reportFiles).where(eq(reportFiles.reportId, nationalReports.id))),
      ),
    );
  for (const report of reports) {
    const bundle = await loadBundle(db, { uuid: report.uuid });
    if (!bundle) continue;
    const { report: shown, groups } = await reportGroups(db, bundle);
    const bytes = await reportPdf(shown, groups);
    const facts = await inspectPdf(bytes, []);
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    const key = `national-reports/${report.uuid}/demo-${sha256.slice(0, 16)}.pdf`;
    await storage.put(key, bytes);
    await db.insert(reportFiles).values({
      reportId: report.id,
      v: 1,
      name: `national-report-${report.countryCode}-${report.year}-signed.pdf`,
      size: bytes.byteLength,
      storageKey: key,
      sha256,
      uploadedBy: null,
      pages: facts.pages,
      signature: facts.signature,
    });
  }
  return reports.length;
}
