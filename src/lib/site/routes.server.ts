import { Hono } from 'hono';
import type { AppEnv } from '../deps.server.ts';
import { requireAdminLevel } from '../access/guards.server.ts';
import { requireUser } from '../identity/middleware.server.ts';
import type { SiteStatusData, SiteStatusResponse } from './schema.ts';
import { requestSitePublish, siteStatus } from './service.server.ts';

function describe(status: SiteStatusData): string {
  switch (status.current.state) {
    case 'queued':
      return 'A new build of the site is queued';
    case 'building':
      return `The site is being built: ${status.current.step} (${Math.round(status.current.progress)}%)`;
    default:
      if (status.failing)
        return `The last build failed; the site shows the build before it and the build is tried again`;
      if (status.lastFailure) return `The last build failed; the site shows the build before it`;
      return status.live ? 'The site is live' : 'The site has not been built yet';
  }
}

/** Publishing the public site (admin-level): the builder's state, and a rebuild on request. */
export const siteRoutes = new Hono<AppEnv>()
  .get('/site/status', requireUser(), async (c) => {
    requireAdminLevel(c);
    const data = await siteStatus(c.get('deps'));
    return c.json<SiteStatusResponse>({ status: 200, message: describe(data), data });
  })

  .post('/site/publish', requireUser(), async (c) => {
    const auth = requireAdminLevel(c);
    // The build runs on after the answer; the back-office follows it through GET /api/site/status.
    await requestSitePublish(c.get('deps'), auth);
    const data = await siteStatus(c.get('deps'));
    return c.json<SiteStatusResponse>({ status: 202, message: describe(data), data }, 202);
  });
