/** Colour helpers for labels drawn on coloured marks. */

/** Relative luminance of a #rrggbb colour (WCAG 2.1). */
export function luminance(hex: string): number {
  const m = /^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!m) return 1;
  const [r, g, b] = [m[1], m[2], m[3]].map((h) => {
    const c = parseInt(h!, 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

/** Near-black or white, whichever contrasts more with `background`. */
export function textOn(background: string): string {
  const l = luminance(background);
  const onDark = (1 + 0.05) / (l + 0.05);
  const onLight = (l + 0.05) / (luminance('#0f172a') + 0.05);
  return onDark >= onLight ? '#ffffff' : '#0f172a';
}
