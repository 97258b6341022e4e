import type { CropBox } from '../../../lib/media/schema.ts';

/** The public cards' and banners' shape (width ÷ height). */
export const WIDE_RATIO = 16 / 9;

/** The largest `ratio`-shaped frame inside a `w` × `h` picture, scaled by `zoom` (0.3–1), at (cx, cy). */
export function frameOf(w: number, h: number, zoom: number, cx: number, cy: number, ratio = WIDE_RATIO): CropBox {
  const full = w / h > ratio ? { width: (h * ratio) / w, height: 1 } : { width: 1, height: w / ratio / h };
  const width = full.width * zoom;
  const height = full.height * zoom;
  const clamp = (v: number, size: number) => Math.min(Math.max(v - size / 2, 0), 1 - size);
  return { x: clamp(cx, width), y: clamp(cy, height), width, height };
}

export const MIN_ZOOM = 0.3;

/** The zoom and centre that frameOf turns back into `crop` (a frame chosen earlier), for a `w` × `h` picture. */
export function frameSettingsOf(
  w: number,
  h: number,
  crop: CropBox,
  ratio = WIDE_RATIO,
): { zoom: number; centre: { x: number; y: number } } {
  const full = frameOf(w, h, 1, 0.5, 0.5, ratio);
  const zoom = Math.min(Math.max(crop.width / full.width, MIN_ZOOM), 1);
  return { zoom, centre: { x: crop.x + crop.width / 2, y: crop.y + crop.height / 2 } };
}
