import { describe, expect, it } from 'vitest';
import type { CmsImage } from '../lib/cms/schema.ts';
import { cropStyle, renditionFor, scaleSizes, srcsetOf } from './images.ts';

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
    expect(srcsetOf(image, 'webp')).toBe(
      '/uploads/cms/a-480.webp 480w, /uploads/cms/a-960.webp 960w, /uploads/cms/a%201920.webp 1920w',
    );
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

describe('cropStyle', () => {
  it('places the picture so that exactly the crop fills the box', () => {
    // The crop is half the picture's width, from 10% of its width and 20% of its height.
    expect(cropStyle({ x: 0.1, y: 0.2, width: 0.5, height: 0.5 })).toBe(
      'position:absolute;max-width:none;width:200%;height:200%;left:-20%;top:-40%',
    );
    expect(cropStyle({ x: 0, y: 0, width: 1, height: 1 })).toBe(
      'position:absolute;max-width:none;width:100%;height:100%;left:0%;top:0%',
    );
  });

  it('is null without a crop', () => {
    expect(cropStyle(null)).toBeNull();
  });
});

describe('scaleSizes', () => {
  it('widens every length of a sizes attribute, keeping its media conditions', () => {
    expect(scaleSizes('(min-width: 1280px) 680px, 100vw', 2)).toBe(
      '(min-width: 1280px) calc(680px * 2), calc(100vw * 2)',
    );
    expect(scaleSizes('100vw', 1)).toBe('100vw');
  });
});
