import { createHash } from 'node:crypto';
import { and, eq, inArray, notExists } from 'drizzle-orm';
import type { Db } from '../db/client.server.ts';
import { nationalReports, reportFiles } from '../db/schema.ts';
import type { FileStore } from '../storage/file-store.server.ts';
import { reportPdf } from './pdf.server.ts';
import { loadBundle, reportGroups } from './queries.server.ts';
import { inspectPdf } from './pdf-check.server.ts';
import {
  certificatePem,
  generateKeys,
  makeCertificate,
  type KeyAndCertificate,
} from '../signatures/certificates.server.ts';
import { signPdf } from '../signatures/pdf-sign.server.ts';
import { seedDemoAuthority } from '../signatures/service.server.ts';
import { trustedFor } from '../signatures/queries.server.ts';

/** The statuses a report reaches only with its signed file uploaded. */
const WITH_SIGNED_FILE = ['submitted', 'accepted', 'published'] as const;

/**
 * A certificate authority made for this run of the demonstration's seed, trusted for the region
 * and marked as a demonstration; its signers are made per country on request. The private keys
 * stay in memory and are gone when the seed ends: nothing else can ever be signed with them.
 */
async function demoSigning(db: Db): Promise<(country: string) => Promise<KeyAndCertificate>> {
  const keys = await generateKeys('ECDSA', 'SHA-256');
  const subject = { cn: 'Demonstration certificate authority (not real)', o: 'APUA demonstration data' };
  const authority = { key: keys.privateKey, certificate: await makeCertificate({ subject, keys, authority: true }) };
  await seedDemoAuthority(db, certificatePem(authority.certificate));
  const signers = new Map<string, KeyAndCertificate>();
  return async (country) => {
    let signer = signers.get(country);
    if (!signer) {
      const own = await generateKeys('ECDSA', 'SHA-256');
      const certificate = await makeCertificate({
        subject: { cn: `Demonstration signer (${country})`, o: 'Demonstration data, not a real signature', c: country },
        keys: own,
        issuer: authority,
        authority: false,
      });
      signers.set(country, (signer = { key: own.privateKey, certificate }));
    }
    return signer;
  };
}

/**
 * The signed PDF of each demo report that has been submitted (`npm start` only): the portal's own
 * printable report of it, which says "Demonstration data" under its title, really signed by a
 * demonstration signer whose authority the seed trusts (decision 056), and stored as version 1
 * of its file the way an upload is, so the demo's report pages offer a signed report whose
 * signature the portal verifies. Reports that already have a file are left alone.
 */
export async function seedDemoReportFiles(db: Db, storage: FileStore): Promise<number> {
  const reports = await db
    .select({
      uuid: nationalReports.uuid,
      id: nationalReports.id,
      year: nationalReports.year,
      countryCode: nationalReports.countryCode,
    })
    .from(nationalReports)
    .where(
      and(
        eq(nationalReports.demo, true),
        inArray(nationalReports.status, [...WITH_SIGNED_FILE]),
        notExists(
          db.select({ id: reportFiles.id }).from(reportFiles).where(eq(reportFiles.reportId, nationalReports.id)),
        ),
      ),
    );
  if (reports.length === 0) return 0;
  const signerFor = await demoSigning(db);
  for (const report of reports) {
    const bundle = await loadBundle(db, { uuid: report.uuid });
    if (!bundle) continue;
    const { report: shown, groups } = await reportGroups(db, bundle);
    const bytes = await signPdf(await reportPdf(shown, groups), { signer: await signerFor(report.countryCode) });
    const facts = await inspectPdf(bytes, await trustedFor(db, report.countryCode));
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
