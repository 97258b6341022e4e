import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../deps.server.ts';
import { requireAdminLevel } from '../access/guards.server.ts';
import { parsePath, parseQuery, readJson, requiredVersion } from '../http/errors.server.ts';
import { requireUser } from '../identity/middleware.server.ts';
import { listCountries } from './queries.server.ts';
import {
  COUNTRY_STATUS,
  CountryCodeSchema,
  CountryListQuerySchema,
  CountryStatusBodySchema,
  type CountryListResponse,
  type CountryStatusResponse,
} from './schema.ts';
import { setCountryStatus } from './service.server.ts';
import { say } from '../i18n/said.ts';

const CodeParamSchema = z.object({ country_code: CountryCodeSchema });

export const countryRoutes = new Hono<AppEnv>()
  // Public: the profile form, the public site and the site build all list countries.
  .get('/countries/all', async (c) => {
    const { status } = parseQuery(c, CountryListQuerySchema);
    const data = await listCountries(
      c.get('deps').db,
      status === undefined || status === 'all' ? undefined : Number(status),
    );
    return c.json<CountryListResponse>({ status: 200, message: 'Countries', data });
  })

  .post('/country/:country_code/update/status', requireUser(), async (c) => {
    const auth = requireAdminLevel(c);
    const { country_code: code } = parsePath(c, CodeParamSchema);
    const body = await readJson(c, CountryStatusBodySchema);
    const version = requiredVersion(c, body.version);
    const saved = await setCountryStatus(c.get('deps'), { code, status: body.status, version, actorId: auth.user.id });
    const state = body.status === COUNTRY_STATUS.active ? 'active' : 'inactive';
    return c.json<CountryStatusResponse>({
      status: 200,
      message: say('{country} is now {countryState}', { country: saved.name, countryState: state }),
      data: saved,
    });
  });
