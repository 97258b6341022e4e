import { describe, expect, test } from 'vitest';
import { translatorOf } from '../../i18n/messages.ts';
import { answerWarnings, valueSchema } from '../../../lib/questionnaires/engine.ts';
import { testFormQuestion as testQuestion } from '../../../../tests/support/questions.ts';
import { answerDisplay, answerWarningTexts, problemText } from './answer-format.ts';
import en from './messages/en.json';
import fr from './messages/fr.json';
import ru from './messages/ru.json';
import { parseNumber } from './raw-answer.ts';

const french = translatorOf(en, fr);
const russian = translatorOf(en, ru);

describe('the engine’s words in the page’s language', () => {
  test('English pages show the engine’s own answers and warnings', () => {
    const pct = testQuestion({ answer_type: 'pct', expected_min: 10, expected_max: 20 });
    expect(answerDisplay(pct, 58.3)).toBe('58.3 %');
    expect(answerDisplay(testQuestion({ answer_type: 'yn' }), false)).toBe('No');
    expect(answerWarningTexts(pct, 58.3)).toEqual(answerWarnings(pct, 58.3));
  });

  test('every fragment the engine writes is found and said in French and Russian', () => {
    const q = testQuestion({ answer_type: 'pct', decimals: 1 });
    const issues = [120, 5.55, -3]
      .flatMap((value) => valueSchema(q).safeParse(value).error?.issues ?? [])
      .map((issue) => String(issue.message))
      .filter((message) => message.startsWith('must'));
    expect(issues.length).toBeGreaterThan(0);
    for (const message of issues) {
      expect(problemText(message, french, 'fr'), message).not.toBe(message);
      expect(problemText(message, russian, 'ru'), message).not.toBe(message);
    }
    expect(problemText('must be a number', french, 'fr')).toBe('doit être un nombre');
    expect(problemText('is required for a core (tier 1) figure', russian, 'ru')).toBe(
      'обязателен для основного показателя (уровень 1)',
    );
    expect(problemText('A sentence of the server', french, 'fr')).toBe('A sentence of the server');
  });

  test('a decimal comma reads as a decimal point where the language writes one', () => {
    expect(parseNumber('58,3', true)).toBe(58.3);
    expect(parseNumber('1 200,5', true)).toBe(1200.5);
    expect(parseNumber('1,200', false)).toBe(1200);
    expect(parseNumber('58,3', false)).toBeNaN();
  });
});
