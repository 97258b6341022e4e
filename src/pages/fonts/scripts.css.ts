/**
 * /fonts/scripts.css: every @font-face rule of the portal's script fonts, for pages whose text
 * arrives after they load (the back-office, the site search's results). Decision 034.
 */
import type { APIRoute } from 'astro';
import { ALL_FACES_CSS } from '../../components/script-fonts.ts';

export const GET: APIRoute = () =>
  new Response(`${ALL_FACES_CSS}\n`, { headers: { 'Content-Type': 'text/css; charset=utf-8' } });
