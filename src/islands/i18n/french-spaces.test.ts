import { describe, expect, it } from 'vitest';
import { frenchSpaces } from '../../i18n/locales.ts';
import { loadMessages } from './messages.ts';

describe('French spaces in the back-office', () => {
  it('joins « : ; ? ! » to the word before, and the quotes to what they hold, with no-break spaces', () => {
    expect(frenchSpaces('Source : {source}')).toBe('Source\u00a0: {source}');
    expect(frenchSpaces('Vraiment ? Oui ! Un ; deux')).toBe('Vraiment\u00a0? Oui\u00a0! Un\u00a0; deux');
    expect(frenchSpaces('« Enregistrée »')).toBe('«\u00a0Enregistrée\u00a0»');
    expect(frenchSpaces('Sans rien')).toBe('Sans rien');
  });

  it('is applied to a French catalogue as it loads, plural forms too, and to no other language', async () => {
    const en = { source: 'Source: {source}', count: '{count, plural, one {# answer} other {# answers}}' };
    const fr = {
      source: 'Source : {source}',
      count: '{count, plural, one {# réponse : une} other {# réponses : plusieurs}}',
    };
    const french = await loadMessages(
      en,
      {
        fr: async () => ({ default: fr }),
        zh: async () => ({ default: {} }),
        ru: async () => ({ default: { source: 'Источник : {source}' } }),
      },
      'fr',
    );
    expect(french('source', { source: 'INSEE' })).toBe('Source\u00a0: INSEE');
    expect(french('count', { count: 2 })).toBe('2 réponses\u00a0: plusieurs');
    const russian = await loadMessages(
      en,
      {
        fr: async () => ({ default: fr }),
        zh: async () => ({ default: {} }),
        ru: async () => ({ default: { source: 'Источник : {source}' } }),
      },
      'ru',
    );
    expect(russian('source', { source: 'Росстат' })).toBe('Источник : Росстат');
  });
});
