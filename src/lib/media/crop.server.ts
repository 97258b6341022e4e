import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { encode, MAX_INPUT_PIXELS, type Rendition } from './images.server.ts';
import type { CropBox } from './schema.ts';

/**
 * The part of a `width` × `height` picture to show at `ratio`: the crop sent (in fractions of the
 * picture), narrowed around its centre to the ratio, or the centre of the picture.
 */
export function cropRect(width: number, height: number, crop: CropBox | null, ratio: number) {
  const box = crop
    ? { left: crop.x * width, top: crop.y * height, width: crop.width * width, height: crop.height * height }
    : { left: 0, top: 0, width, height };
  let w = box.width;
  let h = box.height;
  if (w / h > ratio) w = h * ratio;
  else h = w / ratio;
  const left = Math.round(Math.min(Math.max(box.left + (box.width - w) / 2, 0), width - w));
  const top = Math.round(Math.min(Math.max(box.top + (box.height - h) / 2, 0), height - h));
  return {
    left,
    top,
    width: Math.max(1, Math.min(Math.round(w), width - left)),
    height: Math.max(1, Math.min(Math.round(h), height - top)),
  };
}

/**
 * The renditions of a crop of an image already checked by makeRenditions: WebP at each of
 * `widths` up to the crop's own, then a JPEG; files are named `<hash>-<label>-<width>`.
 */
export async function makeCropRenditions(
  bytes: Uint8Array,
  crop: CropBox | null,
  options: { ratio: number; widths: readonly number[]; label: string },
): Promise<Rendition[]> {
  const options_ = { failOn: 'error', limitInputPixels: MAX_INPUT_PIXELS } as const;
  // The rectangle is read on the picture as people see it: upright (EXIF orientations 5-8 swap the sides).
  const meta = await sharp(bytes, options_).metadata();
  const swap = (meta.orientation ?? 1) >= 5;
  const rect = cropRect(swap ? meta.height : meta.width, swap ? meta.width : meta.height, crop, options.ratio);
  const hash = createHash('sha256').update(bytes).update(JSON.stringify(rect)).digest('hex').slice(0, 16);
  const largest = Math.min(rect.width, options.widths.at(-1)!);
  const widths = [...options.widths.filter((w) => w < largest), largest];
  // Decoded once by libvips, cut and scaled to the largest rendition there: only those pixels (a few
  // MB) come into the process, never the whole picture (a 40 MP photo is 120 MB of pixels, issue 31).
  const { data, info } = await sharp(bytes, { ...options_, autoOrient: true })
    .extract(rect)
    .resize({ width: largest, withoutEnlargement: true })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const cut = () => sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
  const out: Rendition[] = [];
  for (const [i, width] of [...widths, largest].entries()) {
    const pipeline = cut().resize({ width, withoutEnlargement: true });
    out.push(await encode(pipeline, i < widths.length ? 'webp' : 'jpeg', (w) => `${hash}-${options.label}-${w}`));
  }
  return out;
}
