import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../audit/service.server.ts';
import { bestPractices, cmsItems, countries, profileCategories } from '../db/schema.ts';
import type { ChangeEvent } from '../events/change-events.ts';
import type { SiteChangeFacts } from './change-words.ts';

/**
 * What a change to the public site was (issue 32, item 1): the facts the publishing status words
 * in the reader's language ("National report of Thailand 2026 published", "Национальный доклад
 * за 2026 год (Таиланд) опубликован"). Read in the change's own transaction, so the names are
 * those of the change (a deleted item is named by its kind alone).
 */

async function countryName(tx: DbOrTx, code: string): Promise<string> {
  const [row] = await tx.select({ name: countries.name }).from(countries).where(eq(countries.code, code)).limit(1);
  return row?.name ?? code;
}

async function practiceTitle(tx: DbOrTx, uuid: string): Promise<string | null> {
  const [row] = await tx
    .select({ title: bestPractices.title })
    .from(bestPractices)
    .where(eq(bestPractices.uuid, uuid))
    .limit(1);
  return row?.title || null;
}

async function cmsTitle(tx: DbOrTx, uuid: string): Promise<string | null> {
  const [row] = await tx.select({ title: cmsItems.title }).from(cmsItems).where(eq(cmsItems.uuid, uuid)).limit(1);
  return row?.title || null;
}

async function themeName(tx: DbOrTx, slug: string): Promise<string> {
  const [row] = await tx
    .select({ name: profileCategories.name })
    .from(profileCategories)
    .where(eq(profileCategories.slug, slug))
    .limit(1);
  return row?.name ?? slug;
}

const country = async (tx: DbOrTx, code: string) => ({ country: code, countryName: await countryName(tx, code) });
const theme = async (tx: DbOrTx, slug: string) => ({ theme: slug, themeName: await themeName(tx, slug) });

/** What happened, by event type: the catalogue's verbs (the other events of a kind are `updated`). */
const VERBS: Partial<Record<ChangeEvent['type'], string>> = {
  'report.published': 'published',
  'report.unpublished': 'withdrawn',
  'report.submitted': 'submitted',
  'report.returned': 'returned',
  'report.accepted': 'accepted',
  'report.unlocked': 'unlocked',
  'report.reopened': 'reopened',
  'practice.published': 'published',
  'practice.archived': 'withdrawn',
  'practice.restored': 'republished',
  'practice.featured': 'featured',
  'practice.unfeatured': 'unfeatured',
  'practice.deleted': 'deleted',
  'cms.item.published': 'published',
  'cms.item.unpublished': 'withdrawn',
  'cms.item.deleted': 'deleted',
  'cms.item.image.saved': 'image',
  'profile.figure.published': 'published',
  'profile.figure.withdrawn': 'withdrawn',
  'profile.category.picture.saved': 'picture',
};

/** The facts of one change event of the public site. */
export async function siteChangeFacts(tx: DbOrTx, event: ChangeEvent): Promise<SiteChangeFacts> {
  const verb = VERBS[event.type] ?? 'updated';
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
      return { kind: 'report', verb, ...(await country(tx, event.data.country)), year: event.data.year };
    case 'cycle.saved':
      return { kind: 'cycle', year: event.data.year };
    case 'question.saved':
    case 'question.retired':
    case 'question.restored':
    case 'question.reordered':
      return { kind: 'questions' };
    case 'profile.figure.saved':
    case 'profile.figure.published':
    case 'profile.figure.withdrawn':
      return {
        kind: 'figures',
        verb,
        ...(await theme(tx, event.data.category)),
        ...(await country(tx, event.data.country)),
        year: event.data.year,
      };
    case 'profile.category.saved':
    case 'profile.category.picture.saved':
      return { kind: 'theme', verb, ...(await theme(tx, event.data.slug)) };
    case 'profile.indicator.saved':
    case 'profile.indicator.retired':
    case 'profile.indicator.restored':
    case 'profile.indicator.reordered':
      return { kind: 'indicators', ...(await theme(tx, event.data.category)) };
    case 'profile.dataset.imported':
      return { kind: 'import', ...(await theme(tx, event.data.category)), rows: event.data.rows };
    default:
      return recordFacts(tx, event, verb);
  }
}

/** A practice's or a CMS item's change: named by its title as written. */
async function recordFacts(tx: DbOrTx, event: ChangeEvent, verb: string): Promise<SiteChangeFacts> {
  switch (event.type) {
    case 'practice.saved':
    case 'practice.published':
    case 'practice.archived':
    case 'practice.restored':
    case 'practice.featured':
    case 'practice.unfeatured':
    case 'practice.deleted':
    case 'practice.media.saved':
    case 'practice.sections.saved':
      return { kind: 'practice', verb, name: await practiceTitle(tx, event.data.uuid) };
    case 'cms.item.saved':
    case 'cms.item.published':
    case 'cms.item.unpublished':
    case 'cms.item.image.saved':
    case 'cms.item.deleted':
      return { kind: 'cms', verb, cmsKind: event.data.kind, name: await cmsTitle(tx, event.data.uuid) };
    default:
      return { kind: 'other' };
  }
}
