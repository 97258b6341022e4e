import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../audit/service.server.ts';
import { bestPractices, cmsItems, countries, profileCategories } from '../db/schema.ts';
import type { ChangeEvent } from '../events/change-events.ts';

/**
 * What a change to the public site is, in one line a person reads in the publishing status
 * ("National report of Thailand 2026 published"). Read in the change's own transaction, so the
 * names are those of the change (a deleted item is named by its kind alone).
 */

async function countryName(tx: DbOrTx, code: string): Promise<string> {
  const [row] = await tx.select({ name: countries.name }).from(countries).where(eq(countries.code, code)).limit(1);
  return row?.name ?? code;
}

async function practiceTitle(tx: DbOrTx, uuid: string): Promise<string | null> {
  const [row] = await tx.select({ title: bestPractices.title }).from(bestPractices).where(eq(bestPractices.uuid, uuid)).limit(1);
  return row?.title ?? null;
}

async function cmsTitle(tx: DbOrTx, uuid: string): Promise<string | null> {
  const [row] = await tx.select({ title: cmsItems.title }).from(cmsItems).where(eq(cmsItems.uuid, uuid)).limit(1);
  return row?.title ?? null;
}

async function themeName(tx: DbOrTx, slug: string): Promise<string> {
  const [row] = await tx.select({ name: profileCategories.name }).from(profileCategories).where(eq(profileCategories.slug, slug)).limit(1);
  return row?.name ?? slug;
}

const quoted = (title: string | null) => (title ? ` “${title}”` : '');

const REPORT_VERBS: Partial<Record<ChangeEvent['type'], string>> = {
  'report.published': 'published',
  'report.unpublished': 'withdrawn',
  'report.submitted': 'submitted',
  'report.returned': 'returned for changes',
  'report.accepted': 'accepted',
  'report.unlocked': 'unlocked',
  'report.reopened': 'reopened',
};

const PRACTICE_VERBS: Partial<Record<ChangeEvent['type'], string>> = {
  'practice.published': 'published',
  'practice.archived': 'withdrawn',
  'practice.restored': 'published again',
  'practice.featured': 'featured',
  'practice.unfeatured': 'no longer featured',
  'practice.deleted': 'deleted',
};

const CMS_KINDS: Record<string, string> = { banner: 'Banner', video: 'Video', partner: 'Partner', photo: 'Photo' };
const CMS_VERBS: Partial<Record<ChangeEvent['type'], string>> = {
  'cms.item.published': 'published',
  'cms.item.unpublished': 'withdrawn',
  'cms.item.deleted': 'deleted',
  'cms.item.image.saved': 'has a new image',
};

const FIGURE_VERBS: Partial<Record<ChangeEvent['type'], string>> = {
  'profile.figure.published': 'published',
  'profile.figure.withdrawn': 'withdrawn',
};

/** The line for one change event of the public site. */
export async function siteChangeTitle(tx: DbOrTx, event: ChangeEvent): Promise<string> {
  switch (event.type) {
    case 'report.published':
    case 'report.unpublished':
    case 'report.submitted':
    case 'report.returned':
    case 'report.accepted':
    case 'report.unlocked':
    case 'report.reopened':
    case 'report.updated':
    case 'report.answers.saved':
    case 'report.completed':
    case 'report.started':
    case 'report.file.saved':
    case 'report.cover.saved':
      return `National report of ${await countryName(tx, event.data.country)} ${event.data.year} ${REPORT_VERBS[event.type] ?? 'updated'}`;
    case 'cycle.saved':
      return `Reporting cycle ${event.data.year} updated`;
    case 'question.saved':
    case 'question.retired':
    case 'question.restored':
    case 'question.reordered':
      return 'Questions of the national reports changed';
    case 'profile.figure.saved':
    case 'profile.figure.published':
    case 'profile.figure.withdrawn': {
      const { country, category, year } = event.data;
      return `${await themeName(tx, category)} figures of ${await countryName(tx, country)} ${year} ${FIGURE_VERBS[event.type] ?? 'updated'}`;
    }
    case 'profile.category.saved':
      return `Theme “${await themeName(tx, event.data.slug)}” updated`;
    case 'profile.category.picture.saved':
      return `Picture of the theme “${await themeName(tx, event.data.slug)}” changed`;
    case 'profile.indicator.saved':
    case 'profile.indicator.retired':
    case 'profile.indicator.restored':
    case 'profile.indicator.reordered':
      return `Indicators of the theme “${await themeName(tx, event.data.category)}” changed`;
    case 'profile.dataset.imported':
      return `${event.data.rows} figures imported for the theme “${await themeName(tx, event.data.category)}”`;
    case 'practice.saved':
    case 'practice.published':
    case 'practice.archived':
    case 'practice.restored':
    case 'practice.featured':
    case 'practice.unfeatured':
    case 'practice.deleted':
    case 'practice.media.saved':
    case 'practice.sections.saved':
      return `Best practice${quoted(await practiceTitle(tx, event.data.uuid))} ${PRACTICE_VERBS[event.type] ?? 'updated'}`;
    case 'cms.item.saved':
    case 'cms.item.published':
    case 'cms.item.unpublished':
    case 'cms.item.image.saved':
    case 'cms.item.deleted':
      return `${CMS_KINDS[event.data.kind] ?? 'Item'}${quoted(await cmsTitle(tx, event.data.uuid))} ${CMS_VERBS[event.type] ?? 'updated'}`;
    default:
      return 'A change to the public site';
  }
}
