/**
 * The URL slug of an event name: lower case, accents dropped from Latin letters, every run of
 * other characters one `-`. Letters of other scripts stay (a Thai event keeps a Thai slug).
 * Null when nothing is left.
 */
export function eventSlug(event: string | null | undefined): string | null {
  if (!event) return null;
  const slug = event
    .normalize('NFKD')
    .replace(/(?<=[A-Za-z])\p{M}+/gu, '')
    .normalize('NFC')
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 100)
    .replace(/-+$/, '');
  return slug === '' ? null : slug;
}
