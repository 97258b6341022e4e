import { Hono } from 'hono';
import { requireCountryScope, requireModuleRule } from '../access/guards.server.ts';
import { isAdminLevel } from '../access/permissions.ts';
import type { AppEnv } from '../deps.server.ts';
import { notFound, parsePath } from '../http/errors.server.ts';
import { say } from '../i18n/said.ts';
import { requireUser } from '../identity/middleware.server.ts';
import type { ReportFlagsResponse } from './flags-schema.ts';
import { reportFlags } from './review-flags.server.ts';
import { ReportPathSchema } from './schema.ts';

/**
 * GET /api/report/type/national/{year}/{country_code}/flags (issue 34 item 4, decision 078): every answer the review
 * rules flag, with its explanation. The report view's rules (the national_report view rule, the country scope: 403;
 * a report that exists: 404); the outliers against the other countries for reviewers (admin level) only.
 */
export const reportFlagRoutes = new Hono<AppEnv>().get(
  '/report/type/national/:year{[0-9]{4}}/:country_code{[A-Za-z]{2}}/flags',
  requireUser(),
  async (c) => {
    const { year, country_code } = parsePath(c, ReportPathSchema);
    const auth = requireModuleRule(c, 'national_report', ['view']);
    requireCountryScope(auth, country_code);
    const data = await reportFlags(
      c.get('deps'),
      { year, countryCode: country_code },
      { outliers: isAdminLevel(auth.identity) },
    );
    if (!data) throw notFound(say('There is no {year} report for {country}', { year, country: country_code }));
    return c.json<ReportFlagsResponse>({ status: 200, message: 'Flags and explanations', data });
  },
);
