/** /urbanisation-profile/progress.csv-metadata.json: the CSVW metadata of the progress assessment's CSV, beside it. */
import type { APIRoute } from 'astro';
import { csvwMetadata } from '../../components/open-data/csvw.ts';
import { profileOpenFiles } from '../../components/open-data/data.ts';
import { PROGRESS_PATH } from '../../components/open-data/progress-file.ts';
import { jsonFileResponse } from '../../components/open-data/response.ts';

export const GET: APIRoute = async ({ site }) => {
  const file = (await profileOpenFiles()).find((f) => f.path === PROGRESS_PATH)!;
  return jsonFileResponse(csvwMetadata(file, site ?? new URL('http://localhost')), 'application/csvm+json');
};
