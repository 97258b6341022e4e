import type { bestPractices, countries } from '../db/schema.ts';
import { SUBREGIONS } from '../map/subregions.ts';
import { uploadUrl } from '../storage/routes.server.ts';
import type { PublicPracticeCard } from './public-schema.ts';
import {
  NARRATIVE_KEYS,
  type Attachment,
  type Narrative,
  type Partner,
  type PracticeImage,
  type PublicPractice,
} from './schema.ts';
import type { StoredAttachment, StoredImage } from './stored.ts';

export type PracticeRow = typeof bestPractices.$inferSelect;
/** The columns a public query selects: every one but the private contact (and the kept public copy, decision 033). */
export type PublicPracticeRow = Omit<
  PracticeRow,
  'contactName' | 'contactEmail' | 'contactPhone' | 'publishedSnapshot' | 'publishedSnapshotAt'
>;
export type CountryRow = typeof countries.$inferSelect;
export type CategoryNames = ReadonlyMap<string, string>;

const iso = (date: Date | null) => date?.toISOString() ?? null;

export function subregionOf(code: string): string {
  return SUBREGIONS.find((s) => (s.codes as readonly string[]).includes(code))?.id ?? 'other';
}

export function toImage(stored: StoredImage): PracticeImage {
  return {
    id: stored.id,
    caption: stored.caption,
    credit: stored.credit,
    is_cover: stored.isCover,
    image: stored.image,
    card: stored.card,
    crop: stored.crop ?? null,
  };
}

export function toAttachment(stored: StoredAttachment): Attachment {
  return {
    id: stored.id,
    title: stored.title,
    file_name: stored.fileName,
    size: stored.size,
    url: uploadUrl(stored.key),
  };
}

export function toNarrative(stored: Record<string, string | null>): Narrative {
  return Object.fromEntries(NARRATIVE_KEYS.map((key) => [key, stored[key] ?? null])) as Narrative;
}

const categoryRefs = (slugs: readonly string[], names: CategoryNames) =>
  slugs.filter((slug) => names.has(slug)).map((slug) => ({ slug, name: names.get(slug)! }));

const countryRef = (country: CountryRow) => ({ code: country.code, name: country.name, flag: country.flag });

/** The cover: the image marked as such, else the first one. */
export function coverOf(images: readonly StoredImage[]): StoredImage | null {
  return images.find((i) => i.isCover) ?? images[0] ?? null;
}

/** What names a practice wherever it is shown, full or as a card: the fields both begin with. */
function practiceHead(row: PublicPracticeRow, country: CountryRow) {
  return {
    uuid: row.uuid,
    title: row.title,
    country: countryRef(country),
    subregion: subregionOf(row.countryCode),
    city: row.city,
  };
}

export function toPublicPractice(row: PublicPracticeRow, country: CountryRow, names: CategoryNames): PublicPractice {
  return {
    ...practiceHead(row, country),
    lat: row.lat,
    lng: row.lng,
    lead_organisation: row.leadOrganisation,
    org_type: row.orgType,
    partners: row.partners as Partner[],
    start_date: row.startDate,
    end_date: row.endDate,
    ongoing: row.ongoing,
    categories: categoryRefs(row.categories, names),
    sdg_targets: row.sdgTargets,
    nua_thrusts: row.nuaThrusts,
    summary: row.summary,
    // A copy kept before decision 048 has no language: not stated.
    written_in: row.writtenIn ?? null,
    narrative: toNarrative(row.narrative),
    figures: row.figures as PublicPractice['figures'],
    key_dates: row.keyDates as PublicPractice['key_dates'],
    images: row.images.map(toImage),
    attachments: row.attachments.map(toAttachment),
    links: row.links as PublicPractice['links'],
    featured: row.featured,
    demo: row.demo,
    published_at: iso(row.publishedAt),
    updated_at: row.updatedAt.toISOString(),
  };
}

export function toPublicCard(row: PublicPracticeRow, country: CountryRow, names: CategoryNames): PublicPracticeCard {
  const cover = coverOf(row.images);
  return {
    ...practiceHead(row, country),
    categories: categoryRefs(row.categories, names),
    sdg_targets: row.sdgTargets,
    summary: row.summary,
    written_in: row.writtenIn ?? null,
    cover: cover ? { image: cover.card, caption: cover.caption, credit: cover.credit } : null,
    start_date: row.startDate,
    end_date: row.endDate,
    ongoing: row.ongoing,
    featured: row.featured,
    published_at: iso(row.publishedAt),
  };
}
