import { createHash } from 'node:crypto';
import sharp, { type Sharp } from 'sharp';
import { ApiError } from '../http/errors.server.ts';
import { UPLOADS_PATH } from '../storage/routes.server.ts';
import type { MediaImage } from './schema.ts';
import { say } from '../i18n/said.ts';

/** Widths of the responsive renditions; an image is never made wider than it is. */
export const RENDITION_WIDTHS = [480, 960, 1600] as const;
/** Larger images are refused before decoding: a small file can unpack into gigabytes of pixels. */
export const MAX_INPUT_PIXELS = 40_000_000;

export type ImageFormat = 'jpeg' | 'png' | 'webp';

/** The image type the bytes themselves announce; what the browser declared plays no part. */
export function sniffImageType(bytes: Uint8Array): ImageFormat | null {
  const starts = (offset: number, signature: readonly number[]) =>
    bytes.length >= offset + signature.length && signature.every((byte, i) => bytes[offset + i] === byte);
  if (starts(0, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (starts(0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (starts(0, [0x52, 0x49, 0x46, 0x46]) && starts(8, [0x57, 0x45, 0x42, 0x50])) return 'webp';
  return null;
}

export interface Rendition {
  /** The file name: `<content hash>-<width>.<ext>`. */
  name: string;
  body: Uint8Array;
  width: number;
  height: number;
  format: ImageFormat;
}

const EXTENSIONS: Record<ImageFormat, string> = { jpeg: 'jpg', png: 'png', webp: 'webp' };

/**
 * Checks that `bytes` are a JPEG, PNG or WebP image that really decodes, then makes its
 * renditions: WebP at each width up to the image's own, plus one JPEG or PNG at the largest for
 * browsers without WebP. EXIF orientation is applied and every other piece of metadata dropped.
 * The last rendition is the fallback.
 */
export async function makeRenditions(bytes: Uint8Array): Promise<Rendition[]> {
  const type = sniffImageType(bytes);
  if (!type) {
    throw new ApiError(
      415,
      'The file is not a JPEG, PNG or WebP image: upload a photo or picture in one of these formats',
    );
  }
  const input = sharp(bytes, { failOn: 'error', limitInputPixels: MAX_INPUT_PIXELS, autoOrient: true });
  try {
    const metadata = await input.metadata();
    if (metadata.format !== type) throw new Error(`decoded as ${metadata.format}`);
    const largest = Math.min(metadata.autoOrient.width, RENDITION_WIDTHS.at(-1)!);
    const widths = [...RENDITION_WIDTHS.filter((w) => w < largest), largest];
    const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 16);
    const fallback: ImageFormat = type === 'png' || (type === 'webp' && metadata.hasAlpha) ? 'png' : 'jpeg';
    // One at a time: each decodes the image again, and the machine's cores serve requests too.
    // Decoding the whole image, not just its header, is what finds a damaged or forged file.
    const renditions: Rendition[] = [];
    for (const w of widths) renditions.push(await render(input, hash, w, 'webp'));
    renditions.push(await render(input, hash, largest, fallback));
    return renditions;
  } catch (error) {
    throw unreadableImage(error, type);
  }
}

/** Why sharp could not read an image of this `type`: over the pixel limit (413), else damaged (400). */
export function unreadableImage(error: unknown, type: ImageFormat): ApiError {
  if (/pixel limit/i.test((error as Error).message)) {
    return new ApiError(
      413,
      say('The image has more than {millions} million pixels: make it smaller first', {
        millions: MAX_INPUT_PIXELS / 1_000_000,
      }),
    );
  }
  return new ApiError(
    400,
    say('The file looks like a {type} image but could not be read: it may be damaged', { type: type.toUpperCase() }),
  );
}

async function render(input: Sharp, hash: string, width: number, format: ImageFormat): Promise<Rendition> {
  return encode(input.clone().resize({ width, withoutEnlargement: true }), format, (w) => `${hash}-${w}`);
}

/** Encodes `pipeline` as `format` (the portal's one set of qualities); `stem` names the file from its width. */
export async function encode(
  pipeline: Sharp,
  format: ImageFormat,
  stem: (width: number) => string,
): Promise<Rendition> {
  if (format === 'webp') pipeline = pipeline.webp({ quality: 80, effort: 4 });
  else if (format === 'jpeg') pipeline = pipeline.jpeg({ quality: 82, mozjpeg: true });
  else pipeline = pipeline.png({ compressionLevel: 9 });
  const { data, info } = await pipeline.toBuffer({ resolveWithObject: true });
  return {
    name: `${stem(info.width)}.${EXTENSIONS[format]}`,
    body: data,
    width: info.width,
    height: info.height,
    format,
  };
}

/** The file-store keys of an image's renditions stored under /uploads/ (see `toMediaImage`). */
export function storedKeysOf(image: MediaImage): string[] {
  const urls = new Set([image.url, ...image.variants.map((v) => v.url)]);
  return [...urls].filter((url) => url.startsWith(UPLOADS_PATH)).map((url) => url.slice(UPLOADS_PATH.length));
}

/** The image as the API and the site describe it, from renditions stored under `urlOf`. */
export function toMediaImage(renditions: readonly Rendition[], urlOf: (name: string) => string): MediaImage {
  const fallback = renditions.at(-1)!;
  return {
    url: urlOf(fallback.name),
    width: fallback.width,
    height: fallback.height,
    variants: renditions.map((r) => ({ url: urlOf(r.name), width: r.width, height: r.height, format: r.format })),
  };
}
