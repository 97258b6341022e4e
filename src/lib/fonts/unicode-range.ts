/** CSS `unicode-range` values: written from code points, read back into ranges. */

export type Range = readonly [number, number];

const hex = (cp: number) => cp.toString(16).toUpperCase().padStart(4, '0');

/** Sorted, merged ranges of the given code points. */
export function toRanges(codePoints: Iterable<number>): Range[] {
  const sorted = [...new Set(codePoints)].sort((a, b) => a - b);
  const ranges: [number, number][] = [];
  for (const cp of sorted) {
    const last = ranges.at(-1);
    if (last && cp === last[1] + 1) last[1] = cp;
    else ranges.push([cp, cp]);
  }
  return ranges;
}

/** `U+0E01-0E3A,U+0E3F-0E5B` for the given code points. */
export function unicodeRange(codePoints: Iterable<number>): string {
  return toRanges(codePoints)
    .map(([from, to]) => (from === to ? `U+${hex(from)}` : `U+${hex(from)}-${hex(to)}`))
    .join(',');
}

/** The ranges of a `unicode-range` value as this module writes it (no wildcards). */
export function parseUnicodeRange(value: string): Range[] {
  const ranges = value.split(',').map((part) => {
    const [from, to = from] = part.trim().replace(/^U\+/i, '').split('-');
    return [parseInt(from!, 16), parseInt(to!, 16)] as const;
  });
  return toRanges(ranges.flatMap(([from, to]) => Array.from({ length: to - from + 1 }, (_, i) => from + i)));
}

/** Whether `cp` lies in one of the sorted, disjoint `ranges` (binary search). */
export function inRanges(ranges: readonly Range[], cp: number): boolean {
  let low = 0;
  let high = ranges.length - 1;
  while (low <= high) {
    const mid = (low + high) >> 1;
    const [from, to] = ranges[mid]!;
    if (cp < from) high = mid - 1;
    else if (cp > to) low = mid + 1;
    else return true;
  }
  return false;
}
