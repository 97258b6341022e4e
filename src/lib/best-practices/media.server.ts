import { createHash, randomUUID } from 'node:crypto';
import { cropRect, makeCropRenditions } from '../media/crop.server.ts';
import { makeRenditions, toMediaImage, type Rendition } from '../media/images.server.ts';
import { ApiError } from '../http/errors.server.ts';
import type { FileStore } from '../storage/file-store.server.ts';
import { uploadUrl } from '../storage/routes.server.ts';
import { CARD_RATIO, type Crop } from './schema.ts';
import type { StoredAttachment, StoredImage } from './stored.ts';

/** The folder of a practice's files in the file store. */
export const practiceFolder = (uuid: string) => `best-practices/${uuid}`;

/** Widths of the card renditions (the public card is at most about 480 CSS pixels wide). */
export const CARD_WIDTHS = [480, 960] as const;

/** The part of a `width` × `height` picture to show on a card (see cropRect). */
export const cardRect = (width: number, height: number, crop: Crop | null) => cropRect(width, height, crop, CARD_RATIO);

/** The card renditions of an image already checked by makeRenditions: WebP at each width, then a JPEG. */
const makeCardRenditions = (bytes: Uint8Array, crop: Crop | null) =>
  makeCropRenditions(bytes, crop, { ratio: CARD_RATIO, widths: CARD_WIDTHS, label: 'card' });

/** Writes the renditions into the practice's folder, all or none; returns their keys. */
async function putAll(
  storage: FileStore,
  uuid: string,
  files: readonly { name: string; body: Uint8Array }[],
): Promise<string[]> {
  const keys: string[] = [];
  try {
    for (const f of files) {
      const key = `${practiceFolder(uuid)}/${f.name}`;
      await storage.put(key, f.body);
      keys.push(key);
    }
  } catch (error) {
    await storage.delete(keys).catch(() => {});
    throw error;
  }
  return keys;
}

/**
 * The key of the picture as uploaded. Its extension is none that /uploads/ serves, so the file,
 * metadata and all, never leaves the server: it is kept only to cut a new card from.
 */
const originalName = (bytes: Uint8Array) => `${createHash('sha256').update(bytes).digest('hex').slice(0, 16)}.original`;

/**
 * Checks, re-encodes and stores an uploaded picture (the CMS pipeline: sniffed, pixel-limited,
 * metadata dropped, WebP renditions) plus its card crop, and keeps the upload itself for later
 * crops. Returns the image for the row; the files are written before the row points at them.
 */
export async function storePracticeImage(
  storage: FileStore,
  uuid: string,
  bytes: Uint8Array,
  options: { crop: Crop | null; caption: string | null; credit: string | null },
): Promise<{ image: StoredImage; keys: string[] }> {
  const renditions = await makeRenditions(bytes);
  const cards = await makeCardRenditions(bytes, options.crop);
  const original = originalName(bytes);
  const keys = await putAll(storage, uuid, [...renditions, ...cards, { name: original, body: bytes }]);
  const urlOf = (name: string) => uploadUrl(`${practiceFolder(uuid)}/${name}`);
  return {
    image: {
      id: randomUUID().slice(0, 8),
      caption: options.caption,
      credit: options.credit,
      isCover: false,
      image: toMediaImage(renditions, urlOf),
      card: toMediaImage(cards, urlOf),
      crop: options.crop,
      original: `${practiceFolder(uuid)}/${original}`,
    },
    keys,
  };
}

const keyOfUrl = (url: string) => url.replace(/^\/uploads\//, '');

/**
 * Cuts the image's card again with `crop` and stores the new renditions: from the picture as
 * uploaded, or, for images stored before uploads were kept, from the largest rendition of the
 * whole picture. The caller points the row at the new card, then removes the old files.
 */
export async function recutCard(
  storage: FileStore,
  uuid: string,
  image: StoredImage,
  crop: Crop,
): Promise<{ card: StoredImage['card']; keys: string[] }> {
  const source =
    (image.original ? await storage.get(image.original) : null) ?? (await storage.get(keyOfUrl(image.image.url)));
  if (!source) throw new ApiError(409, 'The picture is no longer stored: remove this image and upload it again');
  let cards: Rendition[];
  try {
    cards = await makeCardRenditions(source, crop);
  } catch {
    throw new ApiError(409, 'The stored picture could not be read: remove this image and upload it again');
  }
  const keys = await putAll(storage, uuid, cards);
  return { card: toMediaImage(cards, (name) => uploadUrl(`${practiceFolder(uuid)}/${name}`)), keys };
}

/** The file-store keys an image's renditions use. */
export function keysOfImage(image: StoredImage): string[] {
  const urls = [
    image.image.url,
    ...image.image.variants.map((v) => v.url),
    image.card.url,
    ...image.card.variants.map((v) => v.url),
  ];
  const keys = [...new Set(urls)].map(keyOfUrl);
  return image.original ? [...keys, image.original] : keys;
}

/** PDF files start with `%PDF-` and a version; what the browser declared plays no part. */
export function isPdf(bytes: Uint8Array): boolean {
  const head = Buffer.from(bytes.subarray(0, 8)).toString('latin1');
  return /^%PDF-[12]\.\d/.test(head);
}

/** A file name safe to show and to offer as a download name. */
export function cleanFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const cleaned = base
    .replace(/[^\p{L}\p{N} ._()-]/gu, '')
    .trim()
    .slice(0, 120);
  return cleaned.toLowerCase().endsWith('.pdf') ? cleaned : `${cleaned || 'document'}.pdf`;
}

export async function storePracticePdf(
  storage: FileStore,
  uuid: string,
  bytes: Uint8Array,
  options: { title: string; fileName: string },
): Promise<StoredAttachment> {
  if (!isPdf(bytes)) throw new ApiError(415, 'The file is not a PDF document: upload a PDF');
  const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 16);
  const key = `${practiceFolder(uuid)}/${hash}.pdf`;
  await storage.put(key, bytes);
  return {
    id: randomUUID().slice(0, 8),
    title: options.title,
    fileName: cleanFileName(options.fileName),
    size: bytes.byteLength,
    key,
  };
}
