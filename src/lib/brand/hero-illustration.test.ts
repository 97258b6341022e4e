import { describe, expect, it } from 'vitest';
import { HERO_HEIGHT, HERO_WIDTH, heroIllustration } from './hero-illustration.ts';

const map = {
  width: 100,
  height: 60,
  background: 'M0 0h10v10z',
  region: ['M20 20h5v5z'],
  islands: [{ cx: 50.4, cy: 30.6 }],
};

describe('the home illustration', () => {
  it('is one SVG document the size of the hero, the same at every build', () => {
    const svg = heroIllustration(map);
    expect(svg.startsWith(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${HERO_WIDTH} ${HERO_HEIGHT}"`)).toBe(
      true,
    );
    expect(svg.endsWith('</svg>')).toBe(true);
    expect(heroIllustration(map)).toBe(svg);
  });

  it('draws the map when there is one, and the skyline either way', () => {
    const withMap = heroIllustration(map);
    expect(withMap).toContain('d="M0 0h10v10z"');
    expect(withMap).toContain('<circle cx="50" cy="31" r="4"');
    const without = heroIllustration(null);
    expect(without).not.toContain('url(#dots)');
    expect(without.match(/<path d="M-20 492V/g)?.length).toBe(3);
  });
});
