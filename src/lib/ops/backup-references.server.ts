import { isSafeKey } from '../storage/file-store.server.ts';
import { UPLOADS_PATH } from '../storage/routes.server.ts';

/**
 * The stored files a row names (decision 055), by table and column as PostgreSQL's JSON writes
 * the row (snake_case columns; jsonb columns as they are stored). A backup holds exactly these
 * files; a restore checks that it has every one. A new column that names stored files must be
 * added here (tests/api/backup-consistency.test.ts checks the uploads the portal makes).
 */
type Extract = (value: unknown) => string[];

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

/** A key stored as it is (`report_files.storage_key`). */
const plainKey: Extract = (value) => (typeof value === 'string' && isSafeKey(value) ? [value] : []);

/** A URL under /uploads/ (a profile photo); other URLs (the site's own pictures) name no stored file. */
const uploadUrl: Extract = (value) =>
  typeof value === 'string' && value.startsWith(UPLOADS_PATH) ? plainKey(value.slice(UPLOADS_PATH.length)) : [];

/** An image's renditions (StoredImage: `url` and `variants[].url`). */
const image: Extract = (value) =>
  isObject(value)
    ? [...uploadUrl(value['url']), ...list(value['variants']).flatMap((v) => (isObject(v) ? uploadUrl(v['url']) : []))]
    : [];

/** A best practice's images (renditions, card, picture as uploaded) and PDFs. */
const practiceImages: Extract = (value) =>
  list(value).flatMap((i) =>
    isObject(i) ? [...image(i['image']), ...image(i['card']), ...plainKey(i['original'])] : [],
  );
const practiceAttachments: Extract = (value) => list(value).flatMap((a) => (isObject(a) ? plainKey(a['key']) : []));

/** The public copy a revised practice keeps (its row as published, camelCase). */
const practiceCopy: Extract = (value) =>
  isObject(value) ? [...practiceImages(value['images']), ...practiceAttachments(value['attachments'])] : [];

/** The public view a revised report keeps: its cover. */
const reportCopy: Extract = (value) => {
  const report = isObject(value) ? value['report'] : null;
  const cover = isObject(report) ? report['cover'] : null;
  return isObject(cover) ? image(cover['image']) : [];
};

export const FILE_REFERENCES: Readonly<Record<string, Readonly<Record<string, Extract>>>> = {
  users: { photo: uploadUrl },
  cms_items: { image },
  best_practices: { images: practiceImages, attachments: practiceAttachments, published_snapshot: practiceCopy },
  national_reports: { cover: image, published_snapshot: reportCopy },
  report_files: { storage_key: plainKey },
  profile_categories: { hero: image },
  site_builds: { archive_key: plainKey },
};

/** The stored files `row` of `table` names. */
export function fileKeysOf(table: string, row: unknown): string[] {
  const columns = FILE_REFERENCES[table];
  if (!columns || !isObject(row)) return [];
  return Object.entries(columns).flatMap(([column, extract]) => extract(row[column]));
}
