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
