import { and, desc, eq } from 'drizzle-orm';
import type { Context } from 'hono';
import { z } from 'zod';
import { requireCountryScope, requireModuleRule } from '../access/guards.server.ts';
import { reportFiles } from '../db/schema.ts';
import type { AppEnv } from '../deps.server.ts';
import { notFound, parsePath, parseQuery } from '../http/errors.server.ts';
import { queryInt } from '../http/schema.ts';
import { say } from '../i18n/said.ts';
import { requireUser } from '../identity/middleware.server.ts';
import { fileUrl, loadBundle } from './queries.server.ts';
import { keptPublicView } from './public-kept.server.ts';

const PathSchema = z.object({ uuid: z.uuid('must be a report id') });
const QuerySchema = z.object({ v: queryInt({ min: 0, max: 1_000_000, fallback: 0 }) });

/**
 * GET …/{uuid}/report/file(?v=n): the signed PDF. The latest file of a published report is
 * public; anything else needs the national_report view rule in the report's country (a bearer
 * token, or the session cookie for plain links).
 */
export async function serveReportFile(c: Context<AppEnv>) {
  const { uuid } = parsePath(c, PathSchema);
  const { v } = parseQuery(c, QuerySchema);
  const deps = c.get('deps');
  const bundle = await loadBundle(deps.db, { uuid });
  const [latest] = bundle
    ? await deps.db
        .select()
        .from(reportFiles)
        .where(eq(reportFiles.reportId, bundle.report.id))
        .orderBy(desc(reportFiles.v))
        .limit(1)
    : [];
  // A published report being revised keeps the file it was published with public (decision 026).
  const keptFile = bundle ? keptPublicView(bundle.report)?.report.file_url : null;
  const isPublic =
    (bundle?.report.status === 'published' && latest !== undefined && (v === 0 || v === latest.v)) ||
    (!!keptFile && v !== 0 && keptFile === fileUrl(uuid, v));
  if (!isPublic) {
    await requireUser({ allowSessionCookie: true })(c, async () => {});
    const auth = requireModuleRule(c, 'national_report', ['view']);
    if (!bundle) throw notFound('There is no report with this id');
    requireCountryScope(auth, bundle.report.countryCode);
  }
  if (!bundle) throw notFound('There is no report with this id');
  const [file] =
    v === 0
      ? latest
        ? [latest]
        : []
      : await deps.db
          .select()
          .from(reportFiles)
          .where(and(eq(reportFiles.reportId, bundle.report.id), eq(reportFiles.v, v)));
  if (!file)
    throw notFound(
      v ? say('This report has no signed file version {version}', { version: v }) : 'This report has no signed file',
    );
  const bytes = await deps.storage.get(file.storageKey);
  if (!bytes) throw notFound('The signed file is missing from storage');
  const name = `national-report-${bundle.report.countryCode}-${bundle.report.year}-v${file.v}.pdf`;
  return c.body(bytes as Uint8Array<ArrayBuffer>, 200, {
    'Content-Type': 'application/pdf',
    'Content-Disposition': `attachment; filename="${name}"`,
    'Content-Length': String(bytes.byteLength),
    'Content-Security-Policy': "default-src 'none'; sandbox",
    'Cache-Control': isPublic ? 'public, max-age=300' : 'private, no-store',
  });
}
