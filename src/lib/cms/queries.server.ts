import { and, asc, count, desc, eq, getTableColumns, getTableName, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.server.ts';
import { editorOf, updater, updaterColumns } from '../db/editors.server.ts';
import { cmsItems, users } from '../db/schema.ts';
import type { CmsItem, CmsListQuery, CmsRecord, CmsType } from './schema.ts';
import { CmsStatusSchema } from './schema.ts';

export type CmsItemRow = typeof cmsItems.$inferSelect;
type CmsJoinRow = { item: CmsItemRow; updaterId: number | null; updaterName: string | null };

/** The public cache's domain of CMS answers (src/lib/http/public-cache.server.ts): every CMS write invalidates it. */
export const CMS_CACHE_DOMAIN = 'cms';

export function toCmsItem(row: CmsItemRow): CmsItem {
  return {
    id: row.id,
    uuid: row.uuid,
    cms_type: row.cmsType as CmsType,
    title: row.title,
    description: row.description,
    link: row.link,
    display_order: row.displayOrder,
    status: CmsStatusSchema.parse(row.status),
    media_kind: row.mediaKind as CmsItem['media_kind'],
    video_url: row.videoUrl,
    event: row.event,
    event_slug: row.eventSlug,
    image: row.image,
    image_crop: row.imageCrop ?? null,
    image_alt: row.imageAlt ?? null,
    published_at: row.publishedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/**
 * What an insert or update of an item returns (`.returning(recordReturning)`): the row and its
 * last editor's name, so that the write answers its record without reading it again.
 */
export const recordReturning = {
  ...getTableColumns(cmsItems),
  // The name `updaterColumns` gives, spelt out: in RETURNING, drizzle leaves column names
  // unqualified, and "updated_by" would then be the users table's own.
  updaterName: sql<string | null>`(select coalesce(editor.name, editor.email) from ${users} editor where editor.id =
    ${sql.identifier(getTableName(cmsItems))}.updated_by)`,
};

/** The row and the record of what `recordReturning` gave back. */
export function returnedItem({ updaterName, ...row }: CmsItemRow & { updaterName: string | null }): {
  row: CmsItemRow;
  record: CmsRecord;
} {
  return { row, record: toCmsRecord({ item: row, updaterId: row.updatedBy, updaterName }) };
}

/** The back-office's view of an item: with its version and last editor. */
export function toCmsRecord({ item, ...editor }: CmsJoinRow): CmsRecord {
  return { ...toCmsItem(item), version: item.version, updated_by: editorOf(editor) };
}

function selectRecords(db: Db) {
  return db
    .select({ item: cmsItems, ...updaterColumns })
    .from(cmsItems)
    .leftJoin(updater, eq(updater.id, cmsItems.updatedBy));
}

const escapeLike = (text: string) => `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

function listFilter(cmsType: CmsType, query: CmsListQuery): SQL | undefined {
  const conditions: (SQL | undefined)[] = [eq(cmsItems.cmsType, cmsType)];
  if (query.status) conditions.push(eq(cmsItems.status, query.status));
  if (query.media_kind) conditions.push(eq(cmsItems.mediaKind, query.media_kind));
  if (query.q) {
    const pattern = escapeLike(query.q);
    conditions.push(
      or(ilike(cmsItems.title, pattern), ilike(cmsItems.description, pattern), ilike(cmsItems.event, pattern)),
    );
  }
  return and(...conditions);
}

const ORDERS: Record<CmsListQuery['order'], SQL[]> = {
  display_order: [asc(cmsItems.displayOrder), asc(cmsItems.id)],
  title: [asc(cmsItems.title), asc(cmsItems.id)],
  updated_at: [asc(cmsItems.updatedAt), asc(cmsItems.id)],
  '-updated_at': [desc(cmsItems.updatedAt), desc(cmsItems.id)],
};

/** One page of a CMS type's items, with the number of items the filters match. */
export async function listCmsItems(
  db: Db,
  cmsType: CmsType,
  query: CmsListQuery,
): Promise<{ data: CmsRecord[]; total: number }> {
  const where = listFilter(cmsType, query);
  const [totalRow] = await db.select({ total: count() }).from(cmsItems).where(where);
  const rows = await selectRecords(db)
    .where(where)
    .orderBy(...ORDERS[query.order])
    .limit(query.per_page)
    .offset((query.page - 1) * query.per_page);
  return { data: rows.map(toCmsRecord), total: totalRow?.total ?? 0 };
}

/** What the public site shows: published items only, in display order. */
export async function listPublishedItems(
  db: Db,
  cmsType: CmsType,
  filter: { eventSlug?: string; mediaKind?: CmsItem['media_kind'] } = {},
): Promise<CmsItem[]> {
  const rows = await db
    .select()
    .from(cmsItems)
    .where(
      and(
        eq(cmsItems.cmsType, cmsType),
        eq(cmsItems.status, 'published'),
        filter.eventSlug !== undefined ? eq(cmsItems.eventSlug, filter.eventSlug) : undefined,
        filter.mediaKind !== undefined ? eq(cmsItems.mediaKind, filter.mediaKind) : undefined,
      ),
    )
    .orderBy(asc(cmsItems.displayOrder), asc(cmsItems.id));
  return rows.map(toCmsItem);
}

export async function findCmsItem(db: Db, uuid: string): Promise<CmsItemRow | null> {
  const [row] = await db.select().from(cmsItems).where(eq(cmsItems.uuid, uuid)).limit(1);
  return row ?? null;
}

/** The item with its version and last editor: what a write answers, and the `current` of a refused one. */
export async function findCmsRecord(db: Db, uuid: string): Promise<CmsRecord | null> {
  const [row] = await selectRecords(db).where(eq(cmsItems.uuid, uuid)).limit(1);
  return row ? toCmsRecord(row) : null;
}

/** The media gallery's hosted video with this number, or null. */
export async function findVideo(db: Db, id: number): Promise<CmsItemRow | null> {
  const [row] = await db
    .select()
    .from(cmsItems)
    .where(and(eq(cmsItems.id, id), eq(cmsItems.cmsType, 'video'), eq(cmsItems.mediaKind, 'video')))
    .limit(1);
  return row ?? null;
}

/** The media gallery's hosted videos, in display order. */
export async function listVideos(db: Db): Promise<CmsRecord[]> {
  const rows = await selectRecords(db)
    .where(and(eq(cmsItems.cmsType, 'video'), eq(cmsItems.mediaKind, 'video')))
    .orderBy(asc(cmsItems.displayOrder), asc(cmsItems.id));
  return rows.map(toCmsRecord);
}
