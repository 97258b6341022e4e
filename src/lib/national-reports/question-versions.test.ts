import { describe, expect, test } from 'vitest';
import type { Question } from './question-schema.ts';
import { pinsKey, sameWording, withWording, wordingOf } from './question-versions.ts';

const question = {
  uuid: 'u',
  code: 'Q32',
  text: 'Which planning instruments?',
  help: null,
  answer_type: 'multi',
  options: [
    { value: 'a', label: 'A' },
    { value: 'b', label: 'B' },
  ],
  nua_paragraphs: '93–98',
  sort: 3,
} as unknown as Question;

describe('question wording (decision 026)', () => {
  test('choices read back from jsonb with their keys in another order are the same wording', () => {
    const stored = {
      ...question,
      options: [
        { label: 'A', value: 'a' },
        { label: 'B', value: 'b' },
      ],
    } as Question;
    expect(sameWording(question, stored)).toBe(true);
  });
  test('wording, help and choices make a new wording; references and order do not', () => {
    expect(sameWording(question, { ...question, text: 'Which instruments?' })).toBe(false);
    expect(sameWording(question, { ...question, help: 'Help' })).toBe(false);
    expect(
      sameWording(question, {
        ...question,
        options: [
          { value: 'a', label: 'A (new)' },
          { value: 'b', label: 'B' },
        ],
      }),
    ).toBe(false);
    expect(sameWording(question, { ...question, nua_paragraphs: '93', sort: 9 })).toBe(true);
  });
  test('an older wording laid over a question keeps its place', () => {
    const newer = { ...question, text: 'New', nua_paragraphs: '1' };
    expect(withWording(newer, wordingOf(question))).toMatchObject({
      text: question.text,
      nua_paragraphs: '1',
      code: 'Q32',
    });
    expect(pinsKey({ 12: 2, 3: 1 })).toBe('3.1,12.2');
    expect(pinsKey(null)).toBe('');
  });
});
