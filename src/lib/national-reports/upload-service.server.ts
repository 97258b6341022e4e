import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { nationalReports, reportFiles } from '../db/schema.ts';
import type { AppDeps, AuthedUser } from '../deps.server.ts';
import type { DbOrTx } from '../audit/service.server.ts';
import { ApiError, notFound, StaleWriteError } from '../http/errors.server.ts';
import { loadBundle, reportProgress, toReport, type ReportBundle } from './queries.server.ts';
import { inspectUploadedPdf } from './pdf-inspect.server.ts';
import { trustedFor } from '../signatures/queries.server.ts';
import type { PdfSignature, Report, SignedPdfFacts } from './schema.ts';
import { enforce, mustLoad, reportEvent, roleOf } from './service.server.ts';
import { requireExplainedFlags } from './review-flags.server.ts';

/** What an upload reads: the file, and whether the person ticked "this is the signed copy". */
export interface SignedUpload {
  bytes: Uint8Array;
  name: string;
  confirmUnsigned: boolean;
}

const UNSIGNED_MESSAGE =
  'This PDF carries no digital signature: confirm that it is the signed copy of the report (confirm_unsigned), ' +
  'then submit it again';
const INVALID_SIGNATURE_MESSAGE =
  'The digital signature of this PDF is invalid: confirm that it is the signed copy of the report ' +
  '(confirm_unsigned), then submit it again, or upload a copy whose signature holds';

/**
 * An upload whose file proves no signature (none, or an invalid one) needs the person's word that it is the signed
 * copy.
 */
function needsConfirmation(signature: PdfSignature | null, confirmed: boolean): void {
  if (confirmed) return;
  if (!signature)
    throw new ApiError(422, UNSIGNED_MESSAGE, { confirm_unsigned: ['confirm that this is the signed copy'] });
  if (signature.status === 'invalid')
    throw new ApiError(422, INVALID_SIGNATURE_MESSAGE, { confirm_unsigned: ['confirm that this is the signed copy'] });
}

const STALE_MESSAGE = 'The report changed after you opened it: check it again before you upload the signed copy';

/** The report as its GET shows it now (the `current` of a 409). */
async function reportNow(tx: DbOrTx, bundle: ReportBundle): Promise<Report> {
  return toReport(tx, bundle, await reportProgress(tx, bundle));
}

/**
 * POST …/{uuid}/report/upload: stores the signed PDF (atomically, under a new name), then records
 * it and moves the report to submitted in one transaction; a failed transaction removes the file.
 * With `version` (the report as the signer read it), a report changed since is a 409 with the
 * report as it is now: a signature on a report that was reopened and completed again meanwhile
 * would sign answers the signer never saw. `readFile` reads the request's body, after the checks.
 */
export async function uploadReportFile(
  deps: AppDeps,
  auth: AuthedUser,
  uuid: string,
  readFile: () => Promise<SignedUpload>,
  checkScope: (countryCode: string) => void,
  version?: number,
): Promise<Report> {
  const role = roleOf(auth);
  const before = await loadBundle(deps.db, { uuid });
  if (!before) throw notFound('There is no report with this id');
  checkScope(before.report.countryCode);
  enforce(before, 'submit', role);
  if (version !== undefined && version !== before.report.version)
    throw new StaleWriteError(await reportNow(deps.db, before), STALE_MESSAGE);
  // Every flagged answer is explained before the report goes to review (decision 078).
  await requireExplainedFlags(deps, { year: before.report.year, countryCode: before.report.countryCode });
  // The body is read only once the report, the scope and the version allow the upload: a refused
  // one does not first take up to 20 MB of the server's memory and the sender's time.
  const file = await readFile();
  const facts = await inspectUploadedPdf(file.bytes, await trustedFor(deps.db, before.report.countryCode));
  needsConfirmation(facts.signature, file.confirmUnsigned);
  const sha256 = createHash('sha256').update(file.bytes).digest('hex');
  const key = `national-reports/${uuid}/${Date.now()}-${sha256.slice(0, 16)}.pdf`;
  await deps.storage.put(key, file.bytes);
  try {
    return await deps.changes.write(deps.db, async (w) => {
      const { tx } = w;
      const bundle = await mustLoad(tx, { uuid });
      const next = enforce(bundle, 'submit', role);
      if (version !== undefined && version !== bundle.report.version)
        throw new StaleWriteError(await reportNow(tx, bundle), STALE_MESSAGE);
      const [last] = await tx
        .select({ v: sql<number>`coalesce(max(${reportFiles.v}), 0)::int` })
        .from(reportFiles)
        .where(eq(reportFiles.reportId, bundle.report.id));
      const v = Number(last?.v ?? 0) + 1;
      const name = safeFileName(file.name);
      const { pages, signature } = facts;
      await tx.insert(reportFiles).values({
        reportId: bundle.report.id,
        v,
        name,
        size: file.bytes.byteLength,
        storageKey: key,
        sha256,
        uploadedBy: auth.user.id,
        pages,
        signature,
      });
      const now = new Date();
      const [after] = await tx
        .update(nationalReports)
        .set({
          status: next,
          submittedAt: bundle.report.submittedAt ?? now,
          version: bundle.report.version + 1,
          updatedAt: now,
          updatedBy: auth.user.id,
        })
        .where(eq(nationalReports.id, bundle.report.id))
        .returning();
      await w.audit({
        actorId: auth.user.id,
        entity: 'national_report',
        entityId: uuid,
        action: 'submit',
        before: { status: bundle.report.status },
        after: {
          status: next,
          file: {
            v,
            name,
            size: file.bytes.byteLength,
            sha256,
            pages,
            signature,
            confirmed_unsigned: !signature || signature.status === 'invalid',
          },
        },
      });
      await w.emit(reportEvent(bundle, 'report.submitted', { actorId: auth.user.id, after: after! }));
      return toReport(tx, { ...bundle, report: after! }, await reportProgress(tx, bundle));
    });
  } catch (error) {
    await deps.storage.delete([key]).catch(() => {});
    throw error;
  }
}

/**
 * POST …/{uuid}/report/upload/inspect: what the portal finds in a PDF before it is submitted (its
 * pages and the signature it records), with the same refusals as the upload; nothing is stored.
 * Only someone who may submit the report now may ask.
 */
export async function inspectReportFile(
  deps: AppDeps,
  auth: AuthedUser,
  uuid: string,
  readFile: () => Promise<{ bytes: Uint8Array; name: string }>,
  checkScope: (countryCode: string) => void,
): Promise<SignedPdfFacts> {
  const bundle = await loadBundle(deps.db, { uuid });
  if (!bundle) throw notFound('There is no report with this id');
  checkScope(bundle.report.countryCode);
  enforce(bundle, 'submit', roleOf(auth));
  const file = await readFile();
  const facts = await inspectUploadedPdf(file.bytes, await trustedFor(deps.db, bundle.report.countryCode));
  return { name: safeFileName(file.name), size: file.bytes.byteLength, ...facts };
}

/**
 * The name shown for an upload: the browser's name without folders or odd characters, nor the
 * direction marks that make "report\u202Efdp.exe" read as "reportexe.pdf".
 */
function safeFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const clean = base
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f-\u009f"<>|*?:\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '')
    .trim()
    .slice(0, 150);
  return clean || 'report.pdf';
}
