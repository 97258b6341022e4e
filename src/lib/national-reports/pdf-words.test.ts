import { describe, expect, it } from 'vitest';
import { catalogueProblems } from '../../i18n/catalogue-rules.ts';
import { LOCALES } from '../../i18n/locales.ts';
import { testQuestion } from '../../../tests/support/questions.ts';
import { PDF_CATALOGUES, pdfWords } from './pdf-words.ts';

describe('the printed report’s words (decision 060)', () => {
  it('are whole in every language', () => {
    for (const locale of LOCALES) {
      if (locale !== 'en')
        expect(catalogueProblems(PDF_CATALOGUES.en, PDF_CATALOGUES[locale], locale), locale).toEqual([]);
    }
  });

  it('write answers, dates and countries the reader’s way; English as the API writes it', () => {
    const pct = testQuestion({ answer_type: 'pct' });
    const units = testQuestion({ answer_type: 'int', unit: 'units' });
    const yn = testQuestion({ answer_type: 'yn', parts: [{ key: 'a', label: 'Документы' }] });
    expect(pdfWords('en').display(pct, 58.3)).toBe('58.3 %');
    expect(pdfWords('ru').display(pct, 58.3)).toBe('58,3\u00a0%');
    expect(pdfWords('fr').display(units, 12000)).toBe('12\u202f000\u00a0units');
    expect(pdfWords('zh').display(pct, 58.3)).toBe('58.3%');
    expect(pdfWords('ru').display(yn, { a: true })).toBe('Документы: Да');
    expect(pdfWords('ru').date('2026-12-18')).toBe('18 декабря 2026 г.');
    expect(pdfWords('zh').country('LA', "Lao People's Democratic Republic")).toBe('老挝人民民主共和国');
    expect(pdfWords('ru').t('answered', { count: 3, total: 1200, pct: pdfWords('ru').percent(0) })).toBe(
      'Вопросов с ответом: 3 из 1\u00a0200 (0\u00a0%)',
    );
    expect(pdfWords('fr').t('status', { status: pdfWords('fr').t('status.submitted') })).toBe('Statut : Soumis');
  });
});
