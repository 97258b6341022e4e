import { count, sql } from 'drizzle-orm';
import { makeRenditions, toMediaImage as toCmsImage } from '../../src/lib/media/images.server.ts';
import { eventSlug } from '../../src/lib/cms/event-slug.ts';
import type { CmsImage } from '../../src/lib/cms/schema.ts';
import type { Db } from '../../src/lib/db/client.server.ts';
import { cmsItems } from '../../src/lib/db/schema.ts';
import type { FileStore } from '../../src/lib/storage/file-store.server.ts';
import { uploadUrl } from '../../src/lib/storage/routes.server.ts';
import { logoPng, photoJpeg, prng } from './images.ts';

/** An item seeded as a draft without an image: the benchmark uploads one through the API, then publishes it. */
export interface UploadTarget {
  uuid: string;
  cmsType: 'banner' | 'video' | 'partner';
  mediaKind: 'photo' | 'video';
  title: string;
  displayOrder: number;
  picture: 'photo' | 'logo';
}

export interface CmsSeedResult {
  items: number;
  /** Items per type and status, e.g. { banner: { published: 8, draft: 8 } }. */
  byType: Record<string, Record<string, number>>;
  events: number;
  videos: number;
  /** Images made once by the project's own rendition code and shared by the bulk of the rows. */
  poolImages: number;
  withPoolImage: number;
  uploadTargets: UploadTarget[];
  /** What a build of these items must show, to tell it from a build of other data. */
  expect: {
    /** Titles of the banners the home page shows once the upload targets are published (published, with an image). */
    homeBanners: string[];
    /** The event the upload targets belong to: the latest once they are published. */
    latestEventSlug: string;
  };
  poolMs: number;
  insertMs: number;
}

const BANNER_TITLES = [
  'Asia-Pacific Urban Forum 2026: registration is open',
  'Twelve countries publish their national reports',
  'Housing for all: lessons from Ulaanbaatar and Dhaka',
  'Cities adapting to heat: a regional workshop in Bangkok',
  'New urbanisation profiles for the Pacific islands',
  'Best practices: community-led upgrading in Karachi',
  'Voluntary local reviews gain ground in the region',
  'Data for better cities: the 2026 statistics round',
  'Call for best practices: resilient infrastructure',
  'Youth and the city: a forum in Kuala Lumpur',
  'Financing the New Urban Agenda in secondary cities',
  'Mid-term review of the Urban Agenda: what comes next',
];

const PARTNERS = [
  'UN-Habitat Regional Office for Asia and the Pacific',
  'United Nations ESCAP',
  'Asian Development Bank',
  'Cities Alliance',
  'CityNet',
  'ICLEI South Asia',
  'UCLG ASPAC',
  'Asian Institute of Technology',
  'Pacific Islands Forum Secretariat',
  'Global Covenant of Mayors',
  'World Resources Institute Indonesia',
  'Habitat for Humanity Asia-Pacific',
  'Asia Foundation',
  'Commonwealth Local Government Forum',
  'Seoul Metropolitan Government',
  'Fukuoka Urban Research Centre',
  'National Institute of Urban Affairs',
  'Thailand Environment Institute',
  'University of the South Pacific',
  'Slum Dwellers International',
  'Rockefeller Foundation',
  'Korea Research Institute for Human Settlements',
  'ASEAN Secretariat',
  'Global Green Growth Institute',
];

const EVENT_TOPICS = [
  'Asia-Pacific Urban Forum',
  'Regional Workshop on Affordable Housing',
  'National Reporting Clinic',
  'Urban Resilience Dialogue',
  'Field Visit: Informal Settlement Upgrading',
  'Expert Group Meeting on Urban Data',
  'Mayors’ Roundtable',
  'Training on Voluntary Local Reviews',
];
const EVENT_CITIES = [
  'Manila',
  'Bangkok',
  'Jakarta',
  'Suva',
  'Hanoi',
  'Dhaka',
  'Colombo',
  'Ulaanbaatar',
  'Kathmandu',
  'Fukuoka',
  'Almaty',
  'Tashkent',
];
const SUBJECTS = [
  'Opening session',
  'Panel on land and housing',
  'Site visit to the waterfront',
  'Working group on data',
  'Community meeting',
  'Closing plenary',
  'Youth delegates',
  'Market street after renewal',
  'Flood defences under construction',
  'Group photo of the delegates',
  'Mayors in discussion',
  'Exhibition of city plans',
];
const DESCRIPTIONS = [
  'Delegates from across the region compared how their cities report on the New Urban Agenda.',
  'Local officials and residents walked the neighbourhood that was upgraded with the community’s own plan.',
  'A session on collecting and sharing urban data for the national reports, with examples from three countries.',
  null,
  'Participants drafted recommendations for the next regional report.',
  null,
];

const POOL_PHOTOS = 6;
const POOL_LOGOS = 2;

/** Makes an image's renditions with the server's own code and stores them under `cms/<folder>`. */
async function poolImage(storage: FileStore, folder: string, bytes: Buffer): Promise<CmsImage> {
  const renditions = await makeRenditions(bytes);
  for (const r of renditions) await storage.put(`cms/${folder}/${r.name}`, r.body);
  return toCmsImage(renditions, (name) => uploadUrl(`cms/${folder}/${name}`));
}

type NewItem = typeof cmsItems.$inferInsert;

/**
 * Seeds `total` CMS items with SQL: 12 banners, 24 partners, the rest media-gallery photos and
 * videos (a quarter videos) in 24 events (a few in none); most published, some drafts and some
 * unpublished. Photos and banners share a pool of images made by the project's rendition code
 * (a gallery photo without an image is never shown). 10 items are left as drafts without an
 * image: the benchmark uploads real images to them through the API and then publishes them.
 */
export async function seedCmsItems(db: Db, storage: FileStore, total = 500): Promise<CmsSeedResult> {
  const random = prng(2026);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;

  const poolStarted = performance.now();
  const photos: CmsImage[] = [];
  for (let i = 0; i < POOL_PHOTOS; i++)
    photos.push(await poolImage(storage, `bench-pool-photo-${i}`, await photoJpeg(100 + i)));
  const logos: CmsImage[] = [];
  for (let i = 0; i < POOL_LOGOS; i++)
    logos.push(await poolImage(storage, `bench-pool-logo-${i}`, await logoPng(200 + i)));
  const poolMs = performance.now() - poolStarted;

  const now = Date.now();
  const day = 86_400_000;
  const events = Array.from({ length: 24 }, (_, i) => {
    const name =
      `${EVENT_TOPICS[i % EVENT_TOPICS.length]}, ${EVENT_CITIES[(i * 5) % EVENT_CITIES.length]} ` +
      `${2026 - Math.floor(i / 8)}`;
    return { name, slug: eventSlug(name), date: now - (10 + i * 30) * day };
  });
  const statusOf = () => {
    const r = random();
    return r < 0.85 ? 'published' : r < 0.95 ? 'draft' : 'unpublished';
  };

  const rows: NewItem[] = [];
  const targets: Omit<UploadTarget, 'uuid'>[] = [];
  let withPoolImage = 0;
  const base = (date: number, status: string) => ({
    status,
    publishedAt: status === 'draft' ? null : new Date(date),
    createdAt: new Date(date - 2 * day),
    updatedAt: new Date(date),
  });

  // Banners: 4 upload targets, 4 more published with a pool image, 2 drafts, 2 taken down.
  for (let i = 0; i < 12; i++) {
    const target = i < 4;
    const status = target ? 'draft' : i < 8 ? 'published' : i < 10 ? 'draft' : 'unpublished';
    const image = !target && i < 8 ? photos[i % POOL_PHOTOS]! : null;
    if (image) withPoolImage++;
    const row: NewItem = {
      cmsType: 'banner',
      title: BANNER_TITLES[i]!,
      description: DESCRIPTIONS[i % DESCRIPTIONS.length] ?? null,
      link: i % 3 === 0 ? 'https://www.unhabitat.org/' : i % 3 === 1 ? '/national-reports' : null,
      displayOrder: i + 1,
      mediaKind: 'photo',
      image,
      ...base(now - (i + 1) * 20 * day, status),
    };
    rows.push(row);
    if (target)
      targets.push({
        cmsType: 'banner',
        mediaKind: 'photo',
        title: row.title,
        displayOrder: row.displayOrder!,
        picture: 'photo',
      });
  }

  // Partners: 2 upload targets, 16 published (10 with a pool logo, 6 shown by name), 3 drafts, 3 taken down.
  for (let i = 0; i < PARTNERS.length; i++) {
    const target = i < 2;
    const status = target ? 'draft' : i < 18 ? 'published' : i < 21 ? 'draft' : 'unpublished';
    const image = !target && i < 12 ? logos[i % POOL_LOGOS]! : null;
    if (image) withPoolImage++;
    const row: NewItem = {
      cmsType: 'partner',
      title: PARTNERS[i]!,
      description: null,
      link: i % 4 === 3 ? null : `https://partner${i + 1}.example.org/`,
      displayOrder: i + 1,
      mediaKind: 'photo',
      image,
      ...base(now - (i + 3) * 15 * day, status),
    };
    rows.push(row);
    if (target)
      targets.push({
        cmsType: 'partner',
        mediaKind: 'photo',
        title: row.title,
        displayOrder: row.displayOrder!,
        picture: 'logo',
      });
  }

  // The media gallery: 3 photo and 1 video upload targets (latest event), then the bulk.
  const media = total - rows.length;
  for (let i = 0; i < media; i++) {
    const target = i < 4;
    const isVideo = target ? i === 3 : i % 4 === 3;
    const event = target ? events[0]! : random() < 0.05 ? null : pick(events);
    const status = target ? 'draft' : statusOf();
    const date = (event?.date ?? now - 400 * day) + Math.floor(random() * 3) * day;
    const image = target
      ? null
      : isVideo
        ? random() < 0.4
          ? pick(photos)
          : null
        : random() < 0.97
          ? pick(photos)
          : null;
    if (image) withPoolImage++;
    const subject = pick(SUBJECTS);
    const videoId = Array.from({ length: 11 }, () =>
      pick([...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_']),
    ).join('');
    const row: NewItem = {
      cmsType: 'video',
      title: `${isVideo ? 'Video: ' : ''}${subject}${event ? `, ${event.name.split(',')[1]!.trim()}` : ''} (${i + 1})`,
      description: pick(DESCRIPTIONS),
      link: null,
      displayOrder: (i % 40) + 1,
      mediaKind: isVideo ? 'video' : 'photo',
      videoUrl: isVideo
        ? i % 5 === 0
          ? `https://vimeo.com/${100000000 + i}`
          : `https://www.youtube.com/watch?v=${videoId}`
        : null,
      event: event?.name ?? null,
      eventSlug: event?.slug ?? null,
      image,
      ...base(date, status),
    };
    rows.push(row);
    if (target) {
      targets.push({
        cmsType: 'video',
        mediaKind: row.mediaKind as 'photo' | 'video',
        title: row.title,
        displayOrder: row.displayOrder!,
        picture: 'photo',
      });
    }
  }

  const insertStarted = performance.now();
  const inserted: { uuid: string; title: string; cmsType: string; status: string }[] = [];
  for (let i = 0; i < rows.length; i += 100) {
    inserted.push(
      ...(await db
        .insert(cmsItems)
        .values(rows.slice(i, i + 100))
        .returning({ uuid: cmsItems.uuid, title: cmsItems.title, cmsType: cmsItems.cmsType, status: cmsItems.status })),
    );
  }
  await db.execute(sql`analyze cms_items`);
  const insertMs = performance.now() - insertStarted;

  const uploadTargets: UploadTarget[] = targets.map((t) => {
    const row = inserted.find((r) => r.title === t.title && r.cmsType === t.cmsType);
    if (!row) throw new Error(`Seeded item ${t.title} not found`);
    return { ...t, uuid: row.uuid };
  });
  const byType: Record<string, Record<string, number>> = {};
  const grouped = await db
    .select({ type: cmsItems.cmsType, status: cmsItems.status, n: count() })
    .from(cmsItems)
    .groupBy(cmsItems.cmsType, cmsItems.status);
  for (const g of grouped) (byType[g.type] ??= {})[g.status] = g.n;
  return {
    items: inserted.length,
    byType,
    events: events.length,
    videos: rows.filter((r) => r.mediaKind === 'video').length,
    poolImages: POOL_PHOTOS + POOL_LOGOS,
    withPoolImage,
    uploadTargets,
    expect: {
      homeBanners: rows
        .filter((r) => r.cmsType === 'banner' && (r.image || targets.some((t) => t.title === r.title)))
        .map((r) => r.title),
      latestEventSlug: events[0]!.slug!,
    },
    poolMs,
    insertMs,
  };
}
