import { describe, expect, test } from 'vitest';
import { formatMessage, messageArguments, pluralCategories } from './message-format.ts';

const COUNTRIES_RU = '{count, plural, one {# страна} few {# страны} many {# стран} other {# страны}}';

describe('the one message formatter (decision 064)', () => {
  test('chooses plural forms by each language’s rules and writes numbers its way', () => {
    expect([1, 3, 5, 21, 1.5].map((count) => formatMessage('ru', COUNTRIES_RU, { count }))).toEqual([
      '1 страна',
      '3 страны',
      '5 стран',
      '21 страна',
      '1,5 страны',
    ]);
    expect(formatMessage('zh-Hans', '{count, plural, other {# 个国家}}', { count: 12345 })).toBe('12,345 个国家');
    const fr = formatMessage('fr', '{count, plural, one {# pays} other {# pays}} sur {total}', {
      count: 12345,
      total: 20000,
    });
    expect(fr.replace(/\s/g, ' ')).toBe('12 345 pays sur 20 000');
    expect(formatMessage('en', '{n, number} of {count}', { n: 1234.5, count: 1 })).toBe('1,234.5 of 1');
  });

  test('a counted {count} inside a plural is a number too; a year is written as is', () => {
    expect(formatMessage('en', '{count, plural, one {{count} item} other {{count} items}}', { count: 1200 })).toBe(
      '1,200 items',
    );
    expect(formatMessage('en', '© {year}', { year: 2026 })).toBe('© 2026');
    expect(formatMessage('en', '{n} left', { n: 2000 }, { useGrouping: false })).toBe('2000 left');
    expect(formatMessage('en', '{n} left', { n: 1 / 3 }, { maximumFractionDigits: 1 })).toBe('0.3 left');
  });

  test('isolates right-to-left values, escapes HTML with each value in a <bdi>, keeps raw values raw', () => {
    expect(formatMessage('en', 'About {title}', { title: 'مدينة' })).toBe('About \u2068مدينة\u2069');
    expect(
      formatMessage(
        'en',
        '<b>{title}</b> & {count, plural, other {# more}}',
        { title: 'a<b', count: 2 },
        {
          markup: 'html',
        },
      ),
    ).toBe('&#60;b&#62;<bdi>a&#60;b</bdi>&#60;/b&#62; &#38; <bdi>2</bdi> more');
    expect(formatMessage('en', 'About {title}', { title: 'مدينة' }, { markup: 'raw' })).toBe('About مدينة');
  });

  test('a value ending with a full stop takes the sentence’s; a value not given stays a placeholder', () => {
    expect(formatMessage('ru', 'До {date}.', { date: '20 декабря 2026 г.' })).toBe('До 20 декабря 2026 г.');
    expect(formatMessage('en', 'Hello {name}, {count, plural, one {# new} other {# new}}', {})).toBe(
      'Hello {name}, 0 new',
    );
  });

  test('reads a message’s arguments and plural forms, and refuses what is not ICU', () => {
    expect(messageArguments('{b} {count, plural, one {# {a}} other {#}}')).toEqual(['a', 'b', 'count']);
    expect(pluralCategories(COUNTRIES_RU)).toEqual(new Map([['count', ['few', 'many', 'one', 'other']]]));
    expect(() => messageArguments('{count, plural, one {x}')).toThrow();
  });

  test('keeps apostrophes as written (no ICU quoting in the catalogues’ texts)', () => {
    expect(formatMessage('en', "the country's {name}", { name: 'report' })).toBe("the country's report");
    expect(formatMessage('fr', 'l’{name}', { name: 'avis' })).toBe('l’avis');
  });
});
