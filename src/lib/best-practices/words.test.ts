import { expect, test } from 'vitest';
import { PracticeSaveBodySchema, PRACTICE_SUMMARY_WORDS_MAX } from './schema.ts';
import { countWords } from './words.ts';

test.each([
  ['', 0],
  ['   ', 0],
  [null, 0],
  ['one', 1],
  ['  two   words ', 2],
  ['line\nbreaks\tand tabs', 4],
  ['Kampung-improvement, 2024: done.', 3],
])('countWords(%j) = %i', (text, expected) => {
  expect(countWords(text)).toBe(expected);
});

test(`the summary may hold ${PRACTICE_SUMMARY_WORDS_MAX} words, not one more`, () => {
  const words = (n: number) => Array.from({ length: n }, (_, i) => `w${i}`).join(' ');
  expect(PracticeSaveBodySchema.safeParse({ summary: words(PRACTICE_SUMMARY_WORDS_MAX) }).success).toBe(true);
  const refused = PracticeSaveBodySchema.safeParse({ summary: words(PRACTICE_SUMMARY_WORDS_MAX + 1) });
  expect(refused.success).toBe(false);
  expect(String(refused.error?.issues[0]?.message)).toBe(`must be at most ${PRACTICE_SUMMARY_WORDS_MAX} words`);
});
