import { Hono, type Context } from 'hono';
import { requireCountryScope, requireModuleRule } from '../access/guards.server.ts';
import type { AppEnv, AuthedUser } from '../deps.server.ts';
import { notFound, parsePath, parseQuery, readJson, sentVersion } from '../http/errors.server.ts';
import { say } from '../i18n/said.ts';
import { requireUser } from '../identity/middleware.server.ts';
import {
  FormCommentBodySchema,
  FormCommentPathSchema,
  FormCommentResolveBodySchema,
  type FormComment,
} from '../questionnaires/comments-schema.ts';
import { ChangesQuerySchema, type ReportChangesResponse } from './changes-schema.ts';
import { reportChanges } from './changes.server.ts';
import { addReportComment, reportComments, resolveReportComment } from './comments.server.ts';
import { loadBundle } from './queries.server.ts';
import { ReportPathSchema } from './schema.ts';

/**
 * A report under review (issue 34 items 3 and 5, decision 077): what changed, and the comments on
 * its answers. Every endpoint has the report view's rules: the national_report view rule and the
 * country scope (403), and a report that exists (404); the comment services check the rest.
 */
const BASE = '/report/type/national/:year{[0-9]{4}}/:country_code{[A-Za-z]{2}}';

async function viewed(
  c: Context<AppEnv>,
): Promise<{ auth: AuthedUser; bundle: NonNullable<Awaited<ReturnType<typeof loadBundle>>> }> {
  const { year, country_code } = parsePath(c, ReportPathSchema);
  const auth = requireModuleRule(c, 'national_report', ['view']);
  requireCountryScope(auth, country_code);
  const bundle = await loadBundle(c.get('deps').db, { year, countryCode: country_code });
  if (!bundle) throw notFound(say('There is no {year} report for {country}', { year, country: country_code }));
  return { auth, bundle };
}

export const reportReviewRoutes = new Hono<AppEnv>()
  .get(`${BASE}/changes`, requireUser(), async (c) => {
    const { since } = parseQuery(c, ChangesQuerySchema);
    const { bundle } = await viewed(c);
    const result = await reportChanges(c.get('deps').db, bundle, since);
    return c.json<ReportChangesResponse>({ status: 200, ...result });
  })

  .get(`${BASE}/comments`, requireUser(), async (c) => {
    const { bundle } = await viewed(c);
    const data = await reportComments(c.get('deps').db, bundle);
    return c.json<{ status: number; message: string; data: FormComment[] }>({
      status: 200,
      message: 'Comments on the answers',
      data,
    });
  })

  .post(`${BASE}/comments`, requireUser(), async (c) => {
    const { auth, bundle } = await viewed(c);
    const body = await readJson(c, FormCommentBodySchema);
    const data = await addReportComment(c.get('deps'), auth, bundle, body);
    return c.json({ status: 201, message: body.parent_id ? 'Reply added' : 'Comment added', data }, 201);
  })

  .post(`${BASE}/comments/:id/resolve`, requireUser(), async (c) => {
    const { id } = parsePath(c, FormCommentPathSchema);
    const { auth, bundle } = await viewed(c);
    const body = await readJson(c, FormCommentResolveBodySchema);
    const input = { id, resolved: body.resolved, version: sentVersion(c, body.version) };
    const { changed, comment } = await resolveReportComment(c.get('deps'), auth, bundle, input);
    const message = !changed ? 'Nothing to change' : body.resolved ? 'Comment resolved' : 'Comment open again';
    return c.json({ status: 200, message, data: comment });
  });
