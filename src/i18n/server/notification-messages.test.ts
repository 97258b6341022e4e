import { describe, expect, it } from 'vitest';
import { catalogueProblems } from '../catalogue-rules.ts';
import { LOCALES } from '../locales.ts';
import { NOTIFICATION_CATALOGUES, notificationText } from '../../lib/notifications/messages.ts';
import { NOTIFICATION_KIND_NAMES } from '../../lib/notifications/kinds.ts';

describe('the notifications’ and emails’ catalogues (decision 043)', () => {
  it('are whole in every language', () => {
    for (const locale of LOCALES) {
      if (locale !== 'en')
        expect(catalogueProblems(NOTIFICATION_CATALOGUES.en, NOTIFICATION_CATALOGUES[locale], locale), locale).toEqual(
          [],
        );
    }
  });

  it('write every kind in every language, with no English left', () => {
    const facts = {
      country: 'Philippines',
      countryCode: 'PH',
      year: 2026,
      practice: 'Esplanade',
      user: 'Ana',
      roles: 'state_member',
      section: 'results',
      due: '2026-12-18',
      daysLeft: 7,
    };
    for (const locale of LOCALES) {
      for (const kind of NOTIFICATION_KIND_NAMES) {
        const { title, body } = notificationText(kind, facts, locale);
        expect(title, `${locale} ${kind}`).toMatch(/\S/);
        if (locale !== 'en')
          expect(`${title} ${body}`, `${locale} ${kind}`).not.toMatch(/\b(the|report|practice|was|your|account)\b/i);
      }
    }
  });

  it(
    'give reminders their days by the language’s plural ' + 'rules, the date in words and the country by its UN name',
    () => {
      const reminder = (daysLeft: number, locale: 'ru' | 'fr' | 'zh') =>
        notificationText(
          'report.reminder',
          { country: "Lao People's Democratic Republic", countryCode: 'LA', year: 2026, due: '2026-12-18', daysLeft },
          locale,
        );
      expect(reminder(3, 'ru').title).toBe(
        'Доклад необходимо представить через 3 дня: Лаосская Народно-Демократическая Республика, 2026',
      );
      expect(reminder(5, 'ru').title).toContain('через 5 дней');
      expect(reminder(21, 'ru').title).toContain('через 21 день');
      expect(reminder(-2, 'ru').body).toContain('не позднее 18 декабря 2026 г.');
      expect(reminder(7, 'fr').body).toBe(
        'Le rapport national de 2026 (République démocratique populaire lao) est attendu le 18 décembre 2026 et ' +
          'n’a pas encore été soumis.',
      );
      expect(reminder(7, 'zh').body).toBe(
        '老挝人民民主共和国 2026 年国家报告的截止日期为 2026年12月18日，目前尚未提交。',
      );
    },
  );
});
