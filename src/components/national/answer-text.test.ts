import { describe, expect, test } from 'vitest';
import { formatAnswer } from '../../lib/questionnaires/engine.ts';
import type { AnswerType } from '../../lib/questionnaires/schema.ts';
import type { Question } from '../../lib/national-reports/question-schema.ts';
import { testQuestion } from '../../../tests/support/questions.ts';
import { answerText } from './answer-text.ts';

/** A question of `type` (tests/support/questions.ts), changed by `patch`. */
const question = (type: AnswerType, patch: Partial<Question> = {}) => testQuestion({ answer_type: type, ...patch });

/** Every kind of space a language's numbers use, as one plain space. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('answerText: an answer as a translated report page writes it', () => {
  test('numbers and percentages the language’s way', () => {
    expect(plain(answerText('fr', question('pct'), 12345.6))).toBe('12 345,6 %');
    expect(plain(answerText('ru', question('num', { unit: 'km' }), 1234.5))).toMatch(/^1 234,5 ?km$/);
    expect(answerText('zh', question('num'), 1234.5)).toBe('1,234.5');
  });

  test('yes and no in the language; the parts and choices as the database names them', () => {
    expect(answerText('ru', question('yn'), true)).toBe('Да');
    expect(answerText('fr', question('yn'), false)).toBe('Non');
    const parts = question('pct', {
      parts: [
        { key: 'doc', label: 'Documented' },
        { key: 'per', label: 'Perceived' },
      ] as Question['parts'],
    });
    expect(plain(answerText('fr', parts, { doc: 40.5, per: null }))).toBe('Documented: 40,5 %; Perceived: –');
  });

  test('English keeps the API’s words (formatAnswer)', () => {
    const q = question('pct');
    expect(formatAnswer(q, 58.3)).toBe('58.3 %');
    expect(answerText('en', question('yn'), true)).toBe('Yes');
    expect(answerText('fr', q, null)).toBe('');
  });
});
