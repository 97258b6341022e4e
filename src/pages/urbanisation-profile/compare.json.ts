/**
 * /urbanisation-profile/compare.json: every area's latest value, year and class per scored indicator
 * (issue 35 item 4), from the same assessment as progress.csv; the comparison pages read it in the browser.
 */
import type { APIRoute } from 'astro';
import { profileProgress } from '../../components/progress/data.ts';
import { compareData } from '../../lib/progress/compare.ts';

export const GET: APIRoute = async () =>
  new Response(JSON.stringify(compareData(await profileProgress())), {
    headers: { 'Content-Type': 'application/json; charset=utf-8' },
  });
