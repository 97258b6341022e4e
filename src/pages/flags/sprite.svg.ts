import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { APIRoute } from 'astro';
import { buildFlagSprite } from '../../lib/countries/flag-sprite.ts';

/** /flags/sprite.svg: every flag of public/flags in one file, made at build time. */
export const GET: APIRoute = async () => {
  const dir = join(process.cwd(), 'public', 'flags');
  const names = (await readdir(dir)).filter((name) => /^[a-z]{2}\.svg$/.test(name)).sort();
  const flags = new Map<string, string>();
  for (const name of names) flags.set(name.slice(0, 2), await readFile(join(dir, name), 'utf8'));
  return new Response(buildFlagSprite(flags), { headers: { 'Content-Type': 'image/svg+xml' } });
};
