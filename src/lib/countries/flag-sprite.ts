/**
 * All the region's flags in one SVG (built at build time by src/pages/flags/sprite.svg.ts), so a
 * screen that shows every country loads one file instead of one per flag. Each flag is a
 * `<view>` of the sprite: `<img src="/flags/sprite.svg#ph">` shows the Philippines.
 */

export const FLAG_SPRITE_PATH = '/flags/sprite.svg';

/** flag-icons' 4×3 flags are all drawn on this canvas. */
const WIDTH = 640;
const HEIGHT = 480;

/** The sprite's URL for a flag path such as `/flags/ph.svg`, or null for a flag of elsewhere. */
export function spriteUrlOf(flag: string): string | null {
  const match = /^\/flags\/([a-z]{2})\.svg$/.exec(flag);
  return match ? `${FLAG_SPRITE_PATH}#${match[1]}` : null;
}

/**
 * One document from the flags' SVG sources (code → file text), stacked vertically. Ids inside
 * a flag (gradients, clip paths) are prefixed with its code, so two flags never share one.
 */
export function buildFlagSprite(flags: ReadonlyMap<string, string>): string {
  const parts: string[] = [];
  let y = 0;
  for (const [code, source] of flags) {
    const open = /<svg\b([^>]*)>/.exec(source);
    const close = source.lastIndexOf('</svg>');
    if (!open || close < 0) throw new Error(`The flag of ${code} is not an SVG document`);
    const attributes = open[1]!.replace(/\s(xmlns(:\w+)?|viewBox|width|height|xml:space)="[^"]*"/g, '').trim();
    const inner = source
      .slice(open.index + open[0].length, close)
      .replace(/\bid="([^"]+)"/g, `id="${code}-$1"`)
      .replace(/url\(#([^)]+)\)/g, `url(#${code}-$1)`)
      .replace(/(xlink:href|href)="#([^"]+)"/g, `$1="#${code}-$2"`);
    parts.push(`<view id="${code}" viewBox="0 ${y} ${WIDTH} ${HEIGHT}"/>`);
    parts.push(
      `<svg y="${y}" width="${WIDTH}" height="${HEIGHT}" viewBox="0 ` +
        `0 ${WIDTH} ${HEIGHT}"${attributes ? ` ${attributes}` : ''}>${inner}</svg>`,
    );
    y += HEIGHT;
  }
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 ` +
    `0 ${WIDTH} ${Math.max(y, HEIGHT)}">` +
    parts.join('') +
    '</svg>'
  );
}
