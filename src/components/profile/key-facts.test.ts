import { describe, expect, it } from 'vitest';
import { keyFactField, keyFactNumber, keyFactParts } from './key-facts.ts';

/** Issue 32: "37,468 thousand people" read as 37.468 in French and Russian; each language writes the number its way. */
describe('a key fact’s value', () => {
  it('is a number when written the English way, with its decimals', () => {
    expect(keyFactNumber('37,468')).toEqual({ value: 37468, decimals: 0 });
    expect(keyFactNumber('91.78')).toEqual({ value: 91.78, decimals: 2 });
    expect(keyFactNumber(' 1,234,567.8 ')).toEqual({ value: 1234567.8, decimals: 1 });
    expect(keyFactNumber('−2.5')).toEqual({ value: -2.5, decimals: 1 });
    for (const words of ['one in four', '< 1', '12-15', '37,46', '1,2345', '', '3.'])
      expect(keyFactNumber(words), words).toBeNull();
  });

  it('is written by Intl in the page’s language: no comma between thousands in French or Russian', () => {
    expect(keyFactParts('fr', '37,468', 'milliers d’habitants')).toEqual({
      value: '37\u202f468',
      unit: '\u00a0milliers d’habitants',
    });
    expect(keyFactParts('ru', '37,468', 'тыс.\u00a0человек')).toEqual({
      value: '37\u00a0468',
      unit: '\u00a0тыс.\u00a0человек',
    });
    expect(keyFactParts('zh', '37,468', '千人')).toEqual({ value: '37,468', unit: '\u00a0千人' });
    expect(keyFactParts('en', '37,468', 'thousand people')).toEqual({ value: '37,468', unit: '\u00a0thousand people' });
    expect(keyFactParts('fr', '91.78', '%')).toEqual({ value: '91,78', unit: '\u00a0%' });
    expect(keyFactParts('ru', '58.30', '%')).toEqual({ value: '58,30', unit: '\u00a0%' });
    expect(keyFactParts('en', '91.78', '%')).toEqual({ value: '91.78', unit: '%' });
    expect(keyFactParts('fr', 'un sur quatre', null)).toEqual({ value: 'un sur quatre', unit: '' });
  });

  it('has its texts translated as fields named by the fact’s place, counted from 1', () => {
    expect(keyFactField(0, 'label')).toBe('fact.1.label');
    expect(keyFactField(2, 'source')).toBe('fact.3.source');
  });
});
