import type { CmsImage } from '../lib/cms/schema.ts';

/** `srcset` of an image's renditions in one format, narrowest first ('' when it has none). */
export function srcsetOf(image: CmsImage, format: 'webp' | 'jpeg' | 'png'): string {
  const seen = new Set<number>();
  return image.variants
    .filter((v) => v.format === format)
    .sort((a, b) => a.width - b.width)
    .filter((v) => !seen.has(v.width) && seen.add(v.width))
    .map((v) => `${encodeURI(v.url)} ${v.width}w`)
    .join(', ');
}

/** The widest rendition not wider than `max` (else the narrowest), for thumbnails and lightboxes. */
export function renditionFor(image: CmsImage, max: number): { url: string; width: number; height: number } {
  const sorted = [...image.variants].sort((a, b) => a.width - b.width);
  const fit = sorted.filter((v) => v.width <= max).at(-1) ?? sorted[0];
  return fit ?? { url: image.url, width: image.width, height: image.height };
}

/** A rectangle of a picture in fractions of its width and height (a banner's crop). */
export interface Crop {
  x: number;
  y: number;
  width: number;
  height: number;
}

const pct = (n: number) => `${Math.round(n * 1_000_000) / 10_000}%`;

/**
 * The inline style that shows exactly `crop` of a picture in a box of the crop's shape (the
 * picture absolutely placed inside it, the box clipping): the picture is scaled so the crop fills
 * the box, and moved so the crop's corner is the box's corner. Null without a crop (the caller
 * covers the box with the picture's centre).
 */
export function cropStyle(crop: Crop | null): string | null {
  if (!crop || crop.width <= 0 || crop.height <= 0) return null;
  return [
    'position:absolute',
    'max-width:none',
    `width:${pct(1 / crop.width)}`,
    `height:${pct(1 / crop.height)}`,
    `left:${pct(-crop.x / crop.width)}`,
    `top:${pct(-crop.y / crop.height)}`,
  ].join(';');
}

/** `sizes` for a picture shown `factor` times wider than the box it is cropped to. */
export function scaleSizes(sizes: string, factor: number): string {
  if (!(factor > 1)) return sizes;
  const f = Math.round(factor * 1000) / 1000;
  return sizes
    .split(',')
    .map((entry) => entry.trim().replace(/(\S+)$/, (length) => `calc(${length} * ${f})`))
    .join(', ');
}
