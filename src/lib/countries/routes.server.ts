import { asc, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import type { AppEnv } from '../../server/context.ts';
import { requireAdminLevel } from '../access/guards.server.ts';
import { countries } from '../db/schema.ts';
import { notFound, parseOr400, readJson } from '../http/errors.server.ts';
import { requireUser } from '../identity/middleware.server.ts';
import { toCountry } from '../users/queries.server.ts';
import { CountryCodeSchema, CountryStatusBodySchema, type Country, type CountryListResponse } from './schema.ts';
import { z } from 'zod';

const CountryListQuerySchema = z.object({
  status: z.enum(['0', '1', 'all']).optional(),
});

export const countryRoutes = new Hono<AppEnv>()
  // Public: the profile form, the public site and the site build all list countries.
  .get('/countries/all', async (c) => {
    const { status } = parseOr400(CountryListQuerySchema, c.req.query(), 'query');
    const rows = await c.get('deps').db.select().from(countries).orderBy(asc(countries.name));
    const wanted = status === undefined || status === 'all' ? rows : rows.filter((r) => r.status === Number(status));
    return c.json<CountryListResponse>({
      status: 200,
      message: 'Countries',
      data: wanted.map((row) => toCountry(row) as Country),
    });
  })
  .post('/country/:country_code/update/status', requireUser(), async (c) => {
    requireAdminLevel(c);
    const code = parseOr400(z.object({ country_code: CountryCodeSchema }), c.req.param(), 'path').country_code;
    const body = await readJson(c, CountryStatusBodySchema);
    const { db, caches } = c.get('deps');
    const [updated] = await db
      .update(countries)
      .set({ status: body.status, updatedAt: new Date() })
      .where(eq(countries.code, code))
      .returning();
    if (!updated) throw notFound(`No country with code ${code}`);
    caches.invalidate();
    return c.json({ status: 200, message: `${updated.name} is now ${body.status === 1 ? 'active' : 'inactive'}`, data: toCountry(updated) });
  });
