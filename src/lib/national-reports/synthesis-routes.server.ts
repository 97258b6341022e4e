import { Hono } from 'hono';
import { z } from 'zod';
import { requireAdminLevel, requireModuleRule } from '../access/guards.server.ts';
import type { AppEnv } from '../deps.server.ts';
import { parsePath, readJson } from '../http/errors.server.ts';
import { requireUser } from '../identity/middleware.server.ts';
import { ReportPathSchema } from './schema.ts';
import { SYNTHESIS_MEDIA_TYPES, SynthesisBodySchema } from './synthesis-schema.ts';
import { synthesisFile } from './synthesis.server.ts';

const BASE = '/report/type/national';
const Y = ':year{[0-9]{4}}';
const YearPathSchema = z.object({ year: ReportPathSchema.shape.year });

/** The regional synthesis draft (issue 34 item 6, decision 079): the secretariat's document of a cycle. */
export const nationalSynthesisRoutes = new Hono<AppEnv>().post(`${BASE}/synthesis/${Y}`, requireUser(), async (c) => {
  // The secretariat: an administrator who may read the national reports.
  requireModuleRule(c, 'national_report', ['view']);
  requireAdminLevel(c);
  const { year } = parsePath(c, YearPathSchema);
  const body = await readJson(c, SynthesisBodySchema);
  const bytes = await synthesisFile(c.get('deps').db, year, body);
  return c.body(bytes as Uint8Array<ArrayBuffer>, 200, {
    'Content-Type': SYNTHESIS_MEDIA_TYPES[body.format],
    'Content-Disposition': `attachment; filename="regional-synthesis-${year}-${body.lang}.${body.format}"`,
    'Content-Length': String(bytes.byteLength),
    'Cache-Control': 'private, no-store',
  });
});
