import { z } from 'zod';

/** One stored rendition of an uploaded image. */
export const ImageVariantSchema = z.object({
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  format: z.enum(['webp', 'jpeg', 'png']),
});

/** An uploaded image as the API and the site describe it: its fallback file and its renditions. */
export const MediaImageSchema = z.object({
  /** The largest rendition in the original's format, for browsers without WebP. */
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  variants: z.array(ImageVariantSchema),
});
export type MediaImage = z.output<typeof MediaImageSchema>;

/** A rectangle of a picture in fractions of its width and height. */
export interface CropBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

const fraction = (min: 'zero' | 'above zero') => {
  const message =
    min === 'zero'
      ? 'must be a fraction of the picture between 0 and 1'
      : 'must be a fraction of the picture above 0, at most 1';
  const n = z.number({ error: message });
  return (min === 'zero' ? n.min(0, message) : n.gt(0, message)).max(1, message);
};
/** A crop sent by a form, in fractions of the picture (0–1), inside it. */
export const CropBoxSchema = z
  .object({ x: fraction('zero'), y: fraction('zero'), width: fraction('above zero'), height: fraction('above zero') })
  .refine((c) => c.x + c.width <= 1.0001 && c.y + c.height <= 1.0001, 'must lie inside the picture');
