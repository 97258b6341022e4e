import { describe, expect, it } from 'vitest';
import type { CmsImage } from '../lib/cms/schema.ts';
import { renditionFor, srcsetOf } from './images.ts';

const image: CmsImage = {
  url: '/uploads/cms/a.jpg',
  width: 1920,
  height: 1080,
  variants: [
    { url: '/uploads/cms/a-960.webp', width: 960, height: 540, format: 'webp' },
    { url: '/uploads/cms/a-480.webp', width: 480, height: 270, format: 'webp' },
    { url: '/uploads/cms/a 1920.webp', width: 1920, height: 1080, format: 'webp' },
    { url: '/uploads/cms/a-480.jpg', width: 480, height: 270, format: 'jpeg' },
  ],
};

describe('srcsetOf', () => {
  it('lists one format narrowest first, with URLs made safe for srcset', () => {
    expect(srcsetOf(image, 'webp')).toBe('/uploads/cms/a-480.webp 480w, /uploads/cms/a-960.webp 960w, /uploads/cms/a%201920.webp 1920w');
    expect(srcsetOf(image, 'jpeg')).toBe('/uploads/cms/a-480.jpg 480w');
    expect(srcsetOf(image, 'png')).toBe('');
  });
});

describe('renditionFor', () => {
  it('picks the widest rendition that fits, else the narrowest, else the original', () => {
    expect(renditionFor(image, 1000).url).toBe('/uploads/cms/a-960.webp');
    expect(renditionFor(image, 100).width).toBe(480);
    expect(renditionFor({ ...image, variants: [] }, 500).url).toBe('/uploads/cms/a.jpg');
  });
});
