import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildFlagSprite, spriteUrlOf } from './flag-sprite.ts';

const flag = (name: string) => readFileSync(new URL(`../../../public/flags/${name}.svg`, import.meta.url), 'utf8');

describe('the flag sprite', () => {
  it('gives each flag a view of its own, stacked, with ids kept apart', () => {
    const sprite = buildFlagSprite(
      new Map([
        [
          'a',
          '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 640 480"><defs><clipPath id="x"><path d="M0 ' +
            '0h1v1z"/></clipPath></defs><g clip-path="url(#x)"><use href="#x"/></g></svg>',
        ],
        [
          'b',
          '<svg xmlns="http://www.w3.org/2000/svg" fill="#ffd900" viewBox="0 0 640 480"><path id="x" d="M0 ' +
            '0h1v1z"/></svg>',
        ],
      ]),
    );
    expect(sprite).toContain('<view id="a" viewBox="0 0 640 480"/>');
    expect(sprite).toContain('<view id="b" viewBox="0 480 640 480"/>');
    expect(sprite).toContain('<clipPath id="a-x">');
    expect(sprite).toContain('clip-path="url(#a-x)"');
    expect(sprite).toContain('<use href="#a-x"/>');
    expect(sprite).toContain(
      '<svg y="480" width="640" height="480" viewBox="0 0 640 480" fill="#ffd900"><path id="b-x"',
    );
    expect(sprite.match(/ id="x"/g)).toBeNull();
  });

  it('reads every flag of the region', () => {
    const sprite = buildFlagSprite(
      new Map([
        ['ph', flag('ph')],
        ['np', flag('np')],
      ]),
    );
    expect(sprite.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    expect(sprite.match(/<view /g)).toHaveLength(2);
  });

  it('maps a flag path to its view, and nothing else', () => {
    expect(spriteUrlOf('/flags/ph.svg')).toBe('/flags/sprite.svg#ph');
    expect(spriteUrlOf('https://example.org/ph.svg')).toBeNull();
  });
});
