import type { DbOrTx } from '../audit/service.server.ts';
import {
  NATIONAL_REPORTS_CACHE_DOMAIN,
  publicAnswers,
  publicCycles,
} from '../national-reports/public-queries.server.ts';
import { listCategories, publicCategory } from '../urbanisation-profile/queries.server.ts';
import type { PublicCategoryResponse } from '../urbanisation-profile/schema.ts';
import { CHANGE_DOMAINS } from '../events/change-events.ts';
import { profileSource, reportsSource, type ProfileSource, type ReportsSource } from './sources.ts';

export type { ProfileSource, ReportsSource };

/**
 * What the SDMX answers are drawn from, read through the very queries of the public pages and
 * open-data files: the published themes as /api/profile/public/category/{slug} gives them (what
 * each theme's CSV is written from), and the published answers of each public cycle as
 * /api/report/type/national/public/answers gives them. Nothing here reads a draft or a withdrawn
 * record: those queries never return one.
 */

/** The public cache's domains: a change of the profile or of national reports clears its part. */
export const SDMX_PROFILE_DOMAIN = CHANGE_DOMAINS.profile;
export const SDMX_REPORTS_DOMAIN = NATIONAL_REPORTS_CACHE_DOMAIN;

export async function loadProfileSource(db: DbOrTx): Promise<ProfileSource> {
  const categories: PublicCategoryResponse['data'][] = [];
  for (const category of await listCategories(db, true)) {
    const published = await publicCategory(db, category.slug);
    if (published) categories.push(published);
  }
  return profileSource(categories);
}

export async function loadReportsSource(db: DbOrTx): Promise<ReportsSource> {
  const cycles = (await publicCycles(db)).map((cycle) => cycle.year);
  const answers = [];
  for (const year of cycles) answers.push({ ...(await publicAnswers(db, year)), year });
  return reportsSource(answers);
}
