/**
 * Which page numbers a pager shows: the first, the last, and one page either side of the current
 * one, with a gap (`'gap'`) where pages are left out; a gap that would hide a single page shows
 * that page instead. 1 … 4 5 6 … 11.
 */
export function pagerItems(page: number, pages: number): (number | 'gap')[] {
  const near = (n: number) => n === 1 || n === pages || Math.abs(n - page) <= 1;
  const shown = Array.from({ length: pages }, (_, i) => i + 1).filter((n) => near(n) || (near(n - 1) && near(n + 1)));
  return shown.flatMap((n, i) => (i > 0 && n - shown[i - 1]! > 1 ? ['gap' as const, n] : [n]));
}
