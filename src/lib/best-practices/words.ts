/**
 * Counts words the same way in the form's counter and on the server: runs of characters
 * between white space. Scripts written without spaces count each run as one word, which errs
 * on the side of letting a summary through.
 */
export function countWords(text: string | null | undefined): number {
  if (!text) return 0;
  const trimmed = text.trim();
  return trimmed === '' ? 0 : trimmed.split(/\s+/u).length;
}
