/** /urbanisation-profile/progress.csv: the progress assessment, one row per area and indicator (issue 35 item 3). */
import type { APIRoute } from 'astro';
import { csvResponse } from '../../lib/open-data/csv.ts';
import { progressCsv } from '../../lib/progress/rows.ts';
import { profileProgress } from '../../components/progress/data.ts';

export const GET: APIRoute = async () => csvResponse(progressCsv((await profileProgress()).rows));
