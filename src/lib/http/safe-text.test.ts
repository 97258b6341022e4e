import { describe, expect, test } from 'vitest';
import { FSI, hasRightToLeft, isolated, PDI, safeJson, safeText } from './safe-text.ts';
import { text } from './schema.ts';

/**
 * The issue's title (as tests/fixtures/bidi-text.ts keeps it): it displays "… restricted official UN-endorsed" while
 * its letters read "detcirtser".
 */
const HOSTILE_TITLE = 'Clean water for all \u202Edetcirtser\u202C official\u2060 UN\u200B-endorsed\uFEFF';
const BIDI_OR_INVISIBLE = /[\u202A-\u202E\u2066-\u2069\u2060-\u2064\u206A-\u206F\uFEFF]/;

describe('safeText strips what makes text display other than it reads', () => {
  test('the hostile title keeps its letters in their order, without override or invisible characters', () => {
    expect(safeText(HOSTILE_TITLE)).toBe('Clean water for all detcirtser official UN-endorsed');
  });

  test.each([
    ['LRE', '\u202A'],
    ['RLE', '\u202B'],
    ['PDF', '\u202C'],
    ['LRO', '\u202D'],
    ['RLO', '\u202E'],
    ['LRI', '\u2066'],
    ['RLI', '\u2067'],
    ['FSI', '\u2068'],
    ['PDI', '\u2069'],
    ['word joiner', '\u2060'],
    ['invisible times', '\u2062'],
    ['inhibit symmetric swapping', '\u206A'],
    ['nominal digit shapes', '\u206F'],
    ['zero-width no-break space', '\uFEFF'],
  ])('%s is removed, in Latin and in Arabic text alike', (_name, ch) => {
    expect(safeText(`Budget${ch} 2026`)).toBe('Budget 2026');
    expect(safeText(`ميزانية${ch} 2026`)).toBe('ميزانية 2026');
  });

  test('a zero-width space stays between two letters of Thai, Lao, Khmer, Myanmar and Tibetan', () => {
    for (const written of ['ภาษา\u200Bไทย', 'ພາສາ\u200Bລາວ', 'ភាសា\u200Bខ្មែរ', 'မြန်မာ\u200Bစာ', 'བོད\u200Bཡིག']) {
      expect(safeText(written)).toBe(written);
    }
    // A line of Thai with several words, and Khmer with its subscript (coeng) signs around the break.
    const thai = 'การประปา\u200Bส่วน\u200Bภูมิภาค';
    expect(safeText(thai)).toBe(thai);
    const khmer = 'ទឹក\u200Bស្អាត\u200Bសម្រាប់\u200Bទាំងអស់គ្នា';
    expect(safeText(khmer)).toBe(khmer);
  });

  test(
    'a zero-width space anywhere else is removed: Latin, Chinese, Russian, the edges of Thai, a Thai word beside ' +
      'a Latin one',
    () => {
      expect(safeText('UN\u200Bendorsed')).toBe('UNendorsed');
      expect(safeText('清洁\u200B水源')).toBe('清洁水源');
      expect(safeText('Чистая\u200B вода')).toBe('Чистая вода');
      expect(safeText('\u200Bภาษาไทย\u200B')).toBe('ภาษาไทย');
      expect(safeText('ภาษา\u200BThai')).toBe('ภาษาThai');
      expect(safeText('ภาษา\u200B\u200Bไทย')).toBe('ภาษาไทย');
    },
  );

  test('an override between two Thai words goes and the zero-width space between them stays', () => {
    expect(safeText('ภาษา\u202E\u200Bไทย')).toBe('ภาษา\u200Bไทย');
  });

  test('the Mongolian vowel separator stays inside Mongolian words only', () => {
    expect(safeText('ᠬᠠᠷ\u180Eᠠ')).toBe('ᠬᠠᠷ\u180Eᠠ');
    expect(safeText('Ulaan\u180EBaatar')).toBe('UlaanBaatar');
  });

  test('ZWNJ and ZWJ are kept: Persian, Hindi, Malayalam, emoji sequences', () => {
    const kept = [
      'می\u200Cخواهم',
      'آب\u200Cرسانی شهری',
      'क्\u200Dष',
      'ന്\u200D',
      '👩\u200D💻',
      '👨\u200D👩\u200D👧\u200D👦',
      '🏳\uFE0F\u200D🌈',
      '🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}',
      '👍🏽',
    ];
    for (const written of kept) expect(safeText(written)).toBe(written);
  });

  test('text of other scripts is left exactly as written', () => {
    for (const written of [
      '清洁水源惠及所有人',
      'Чистая вода для всех',
      'Nước sạch cho mọi người',
      '깨끗한 물',
      'מים נקיים לכולם',
      'پانی سب کے لیے',
      'ދިވެހި',
    ]) {
      expect(safeText(written)).toBe(written);
    }
  });

  test('direction marks stay in a text that holds right-to-left writing and go from one that does not', () => {
    expect(safeText('شهر C++\u200E')).toBe('شهر C++\u200E');
    expect(safeText('(برنامه)\u200F')).toBe('(برنامه)\u200F');
    expect(safeText('العدد\u061C 12')).toBe('العدد\u061C 12');
    // Invisible, an RLM reverses the numbers after it: "Budget 200 100" for "Budget 100 200".
    expect(safeText('Budget \u200F100 200')).toBe('Budget 100 200');
    expect(safeText('\u200EClean water\u061C')).toBe('Clean water');
  });

  test('making text safe twice changes nothing more, and nothing stripped is left (random strings)', () => {
    const alphabet = [
      'a',
      ' ',
      'ก',
      'ข',
      'ក',
      'م',
      '1',
      '清',
      '\u200B',
      '\u200C',
      '\u200D',
      '\u200E',
      '\u200F',
      '\u061C',
      '\u180E',
      'ᠠ',
      '\u202E',
      '\u2066',
      '\u2069',
      '\uFEFF',
      '\u2060',
    ];
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31);
    for (let i = 0; i < 2000; i++) {
      const value = Array.from({ length: next() % 12 }, () => alphabet[next() % alphabet.length]).join('');
      const once = safeText(value);
      expect(safeText(once), JSON.stringify(value)).toBe(once);
      expect(BIDI_OR_INVISIBLE.test(once), JSON.stringify(value)).toBe(false);
    }
  });
});

describe('isolated: what people wrote, among other words in plain text', () => {
  test('right-to-left writing sits inside FSI … PDI, made safe first', () => {
    expect(isolated('مياه نظيفة')).toBe(`${FSI}مياه نظيفة${PDI}`);
    expect(isolated('\u202Eمياه\u2069')).toBe(`${FSI}مياه${PDI}`);
    expect(isolated(isolated('آب\u200Cرسانی'))).toBe(`${FSI}آب\u200Cرسانی${PDI}`);
  });

  test('text without right-to-left writing is only made safe', () => {
    expect(isolated(HOSTILE_TITLE)).toBe('Clean water for all detcirtser official UN-endorsed');
    expect(isolated('清洁水源')).toBe('清洁水源');
    expect(hasRightToLeft('Jose Reyes')).toBe(false);
    expect(hasRightToLeft('ދިވެހި')).toBe(true);
  });
});

describe('safeJson: every string of a parsed body', () => {
  test('strings at any depth, in objects and arrays, are made safe; keys and other values are left alone', () => {
    const body = JSON.parse(
      JSON.stringify({
        title: HOSTILE_TITLE,
        'key\u202E': 1,
        sections: [{ text: 'a\u202Eb', n: 2, ok: true, none: null }],
        tags: ['\u2066x\u2069'],
      }),
    ) as Record<string, unknown>;
    expect(safeJson(body)).toEqual({
      title: 'Clean water for all detcirtser official UN-endorsed',
      'key\u202E': 1,
      sections: [{ text: 'ab', n: 2, ok: true, none: null }],
      tags: ['x'],
    });
  });

  test('a field named __proto__ stays a field, and no prototype changes', () => {
    const body = JSON.parse('{"__proto__": "x\u202Ey", "inner": {"__proto__": {"polluted": "a\u202Eb"}}}') as Record<
      string,
      unknown
    >;
    safeJson(body);
    expect(Object.getOwnPropertyDescriptor(body, '__proto__')?.value).toBe('xy');
    expect(Object.getPrototypeOf(body)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });

  test('a body nested 100,000 deep does not overflow the stack', () => {
    const deep = JSON.parse(`${'['.repeat(100_000)}"a\u202Eb"${']'.repeat(100_000)}`) as unknown;
    expect(() => safeJson(deep)).not.toThrow();
    let inner: unknown = deep;
    while (Array.isArray(inner)) inner = inner[0];
    expect(inner).toBe('ab');
  });

  test('a bare string is made safe too', () => {
    expect(safeJson('a\u202Eb')).toBe('ab');
  });
});

describe('text(): every schema string', () => {
  test('is made safe before it is trimmed and its length checked', () => {
    expect(text({ max: 100 }).parse(`\uFEFF ${HOSTILE_TITLE} \u200B`)).toBe(
      'Clean water for all detcirtser official UN-endorsed',
    );
    expect(text({ max: 3 }).safeParse('ab\u202E\u202C').success).toBe(true);
    expect(text({ min: 1, max: 10 }).safeParse('\u202E\u2060').error?.issues[0]?.message).toBe('is required');
  });
});
