import { describe, expect, test } from 'vitest';
import { answerSchema, answerState, answerWarnings, completeness, formatAnswer, isAnswered } from './engine.ts';
import { formQuestion } from './form-question.ts';
import type { AnswerType, QuestionRules } from './schema.ts';

function question(type: AnswerType, overrides: Partial<QuestionRules> = {}): QuestionRules {
  return formQuestion({ uuid: '', code: 'Q99', text: '', answer_type: type, ...overrides });
}

const YEAR = { dataYearMax: 2026 };
const CHOICES = [
  { value: 'plan', label: 'National spatial plan' },
  { value: 'law', label: 'Planning law' },
  { value: 'code', label: 'Building code' },
];

function errorsOf(q: QuestionRules, input: Record<string, unknown>): Record<string, string[]> {
  const result = answerSchema(q, YEAR).safeParse(input);
  if (result.success) return {};
  const out: Record<string, string[]> = {};
  for (const issue of result.error.issues) (out[issue.path.join('.') || '_'] ??= []).push(String(issue.message));
  return out;
}

const valid = (q: QuestionRules, value: unknown) => answerSchema(q, YEAR).safeParse({ value }).success;

describe('answerSchema: made once per set of rules', () => {
  test('the same rules share one schema; a question edited in any rule the schema reads gets its own', () => {
    const q = question('num', { min: 0, max: 10, unit: 'km' });
    const first = answerSchema(q, YEAR);
    expect(answerSchema({ ...q, code: 'Q98', compulsory: true }, YEAR)).toBe(first);
    const edits: Partial<QuestionRules>[] = [
      { max: 20 },
      { min: 5 },
      { unit: 'm' },
      { decimals: 0 },
      { source_required: true },
      { with_text: true },
      { answer_type: 'int' },
      { parts: [{ key: 'a', label: 'A' }] },
    ];
    for (const edit of edits) expect(answerSchema({ ...q, ...edit }, YEAR), JSON.stringify(edit)).not.toBe(first);
    expect(answerSchema(q, { dataYearMax: 2030 })).not.toBe(first);
    // The edited limit applies at once, the first schema's still holds for the unedited question.
    expect(answerSchema({ ...q, max: 20 }, YEAR).safeParse({ value: 15 }).success).toBe(true);
    expect(answerSchema(q, YEAR).safeParse({ value: 15 }).success).toBe(false);
    const choices = question('single', { options: CHOICES });
    expect(answerSchema({ ...choices, options: CHOICES.slice(1) }, YEAR).safeParse({ value: 'plan' }).success).toBe(
      false,
    );
    expect(answerSchema(choices, YEAR).safeParse({ value: 'plan' }).success).toBe(true);
  });
});

describe('answerSchema: values by type', () => {
  const cases: [AnswerType, Partial<QuestionRules>, unknown[], unknown[]][] = [
    ['pct', {}, [0, 100, 58.3, null], [-0.1, 100.01, '50', true, Number.NaN, Infinity, [50], { a: 1 }]],
    ['num', { min: 0 }, [0, 1e6, 12.5], [-1, '12', false, Number.POSITIVE_INFINITY, 1e16]],
    ['int', { min: 0 }, [0, 12_000], [1.5, -3, '4']],
    ['yn', {}, [true, false, null], ['yes', 1, 0, 'true']],
    ['single', { options: CHOICES }, ['plan', 'code', '', null], ['other', 1, ['plan']]],
    ['multi', { options: CHOICES }, [['plan'], ['law', 'code'], [], null], [['plan', 'plan'], ['x'], 'plan', [1]]],
    ['txt', {}, ['A long narrative.', '', null], [12, 'x'.repeat(8001), ['a']]],
    [
      'url',
      {},
      ['https://example.org/policy.pdf', 'http://a.b', ''],
      ['javascript:alert(1)', 'example.org', 'ftp://x.y', 5],
    ],
  ];

  for (const [type, overrides, good, bad] of cases) {
    test.each(good)(`${type}: %j is valid`, (value) => expect(valid(question(type, overrides), value)).toBe(true));
    test.each(bad)(`${type}: %j is invalid`, (value) => expect(valid(question(type, overrides), value)).toBe(false));
  }

  test('hard limits say the limit', () => {
    expect(errorsOf(question('num', { min: 0, max: 10, unit: 'µg/m³' }), { value: 11 })).toEqual({
      value: ['must be at most 10 µg/m³'],
    });
    expect(errorsOf(question('pct'), { value: 101 })).toEqual({ value: ['must be at most 100 %'] });
  });

  test('decimals', () => {
    const q = question('pct', { decimals: 1 });
    expect(valid(q, 58.3)).toBe(true);
    expect(errorsOf(q, { value: 58.34 })).toEqual({ value: ['must have at most 1 decimal place'] });
  });

  test('multi answers are stored in the options’ order; an empty list clears the answer', () => {
    const q = question('multi', { options: CHOICES });
    expect(answerSchema(q, YEAR).parse({ value: ['code', 'plan'] }).value).toEqual(['plan', 'code']);
    expect(answerSchema(q, YEAR).parse({ value: [] }).value).toBeNull();
  });

  test('multi-part values: one per part, unknown parts refused, all blank is no answer', () => {
    const q = question('pct', {
      parts: [
        { key: 'documented', label: 'Documented' },
        { key: 'perceived', label: 'Perceived' },
      ],
    });
    expect(answerSchema(q, YEAR).parse({ value: { documented: 40 } }).value).toEqual({
      documented: 40,
      perceived: null,
    });
    expect(answerSchema(q, YEAR).parse({ value: { documented: null } }).value).toBeNull();
    expect(valid(q, { documented: 101 })).toBe(false);
    expect(valid(q, { documented: 1, other: 2 })).toBe(false);
    expect(valid(q, 40)).toBe(false);
    const yn = question('yn', { parts: [{ key: 'a', label: 'A' }] });
    expect(valid(yn, { a: true })).toBe(true);
    expect(valid(yn, { a: 'yes' })).toBe(false);
  });
});

describe('answerSchema: the other fields', () => {
  test('data_year from 2015 to the cycle year', () => {
    const q = question('num');
    expect(errorsOf(q, { value: 1, data_year: 2014 })).toEqual({ data_year: ['must be 2015 or later'] });
    expect(errorsOf(q, { value: 1, data_year: 2027 })).toEqual({ data_year: ['must be 2026 or earlier'] });
    expect(errorsOf(q, { value: 1, data_year: 2020.5 })).toEqual({ data_year: ['must be a year'] });
    expect(errorsOf(q, { value: 1, data_year: '2020' })).toEqual({ data_year: ['must be a year'] });
    expect(errorsOf(q, { value: 1, data_year: 2015 })).toEqual({});
    expect(errorsOf(q, { value: 1, data_year: 2026 })).toEqual({});
  });

  test('each use may set its own earliest data year (the profile: 1950); without one, 2015 holds', () => {
    const q = question('pct');
    const profile = { dataYearMax: 2010, dataYearMin: 1950 };
    expect(answerSchema(q, profile).safeParse({ value: 45.3, data_year: 2000 }).success).toBe(true);
    expect(answerState(q, { value: 45.3, data_year: 2010 }, profile)).toBe('saved');
    expect(answerState(q, { value: 45.3, data_year: 2010 }, { dataYearMax: 2010 })).toBe('invalid');
    const early = answerSchema(q, profile).safeParse({ value: 45.3, data_year: 1949 });
    expect(early.success ? [] : early.error.issues.map((i) => String(i.message))).toEqual(['must be 1950 or later']);
    const late = answerSchema(q, profile).safeParse({ value: 45.3, data_year: 2011 });
    expect(late.success ? [] : late.error.issues.map((i) => String(i.message))).toEqual(['must be 2010 or earlier']);
  });

  test('a value whose rule asks for its source (a tier-1 figure) needs one; clearing it does not', () => {
    const q = question('pct', { source_required: true });
    expect(errorsOf(q, { value: 58.3 })).toEqual({ source: ['is required for a core (tier 1) figure'] });
    expect(errorsOf(q, { value: 58.3, source: '   ' })).toEqual({ source: ['is required for a core (tier 1) figure'] });
    expect(errorsOf(q, { value: 58.3, source: 'UN-Habitat, 2018' })).toEqual({});
    expect(errorsOf(q, { value: null })).toEqual({});
  });

  test('a narrative only where the question has one', () => {
    expect(errorsOf(question('yn'), { value: true, text: 'Since 2019' })).toEqual({
      text: ['this question takes no narrative'],
    });
    expect(errorsOf(question('yn', { with_text: true }), { value: true, text: 'Since 2019' })).toEqual({});
  });

  test('text is cleaned: control characters dropped, trimmed, blank is null', () => {
    const out = answerSchema(question('txt', { with_text: false }), YEAR).parse({
      value: '  Line one\r\nLine\u0000 two\u200B  ',
      source: '  ',
      comment: 'ok\u0007',
    });
    expect(out).toEqual({
      value: 'Line one\nLine two',
      text: null,
      data_year: null,
      source: null,
      comment: 'ok',
      explanation: null,
    });
  });

  test('text is made safe (decision 057): overrides go, Thai and Khmer word breaks and Persian ZWNJ stay', () => {
    const out = answerSchema(question('txt', { with_text: false }), YEAR).parse({
      value: 'การประปา\u200Bส่วน\u200Bภูมิภาค \u202Eesrever\u202C',
      source: 'ទឹក\u200Bស្អាត\uFEFF',
      comment: 'آب\u200Cرسانی\u2066',
    });
    expect(out).toEqual({
      value: 'การประปา\u200Bส่วน\u200Bภูมิภาค esrever',
      text: null,
      data_year: null,
      source: 'ទឹក\u200Bស្អាត',
      comment: 'آب\u200Cرسانی',
      explanation: null,
    });
  });

  test('limits of source and comment', () => {
    const q = question('num');
    expect(errorsOf(q, { value: 1, source: 'x'.repeat(501) })).toEqual({ source: ['must be at most 500 characters'] });
    expect(errorsOf(q, { value: 1, comment: 'x'.repeat(1001) })).toEqual({
      comment: ['must be at most 1000 characters'],
    });
  });
});

describe('answerWarnings', () => {
  const q = question('num', { expected_min: 0, expected_max: 50, unit: 'µg/m³' });
  test('outside the expected range', () => {
    expect(answerWarnings(q, 80)).toEqual(['80 µg/m³ is above the expected range (0 to 50 µg/m³): check the figure']);
    expect(answerWarnings(q, -1)).toHaveLength(1);
    expect(answerWarnings(q, 20)).toEqual([]);
    expect(answerWarnings(q, null)).toEqual([]);
  });
  test('per part', () => {
    const parts = question('pct', {
      expected_max: 60,
      parts: [
        { key: 'f', label: 'Female' },
        { key: 'm', label: 'Male' },
      ],
    });
    expect(answerWarnings(parts, { f: 70, m: 10 })).toEqual([
      'Female: 70 % is above the expected range (at most 60 %): check the figure',
    ]);
  });
  test('no warnings for non-numeric questions', () => {
    expect(answerWarnings(question('yn', { expected_max: 0 }), true)).toEqual([]);
  });
});

describe('isAnswered, answerState and completeness', () => {
  const parts = question('yn', {
    parts: [
      { key: 'a', label: 'A' },
      { key: 'b', label: 'B' },
    ],
  });
  test('isAnswered', () => {
    expect(isAnswered(question('num'), { value: 0 })).toBe(true);
    expect(isAnswered(question('yn'), { value: false })).toBe(true);
    expect(isAnswered(question('num'), { value: null })).toBe(false);
    expect(isAnswered(question('txt'), { value: ' ' })).toBe(false);
    expect(isAnswered(question('multi'), { value: [] })).toBe(false);
    expect(isAnswered(parts, { value: { a: true, b: null } })).toBe(false);
    expect(isAnswered(parts, { value: { a: true, b: false } })).toBe(true);
    expect(isAnswered(question('num'), undefined)).toBe(false);
  });

  test('answerState', () => {
    const q = question('pct', { expected_max: 90 });
    expect(answerState(q, null, YEAR)).toBe('empty');
    expect(answerState(q, { value: null }, YEAR)).toBe('empty');
    expect(answerState(q, { value: 50 }, YEAR)).toBe('saved');
    expect(answerState(q, { value: 95 }, YEAR)).toBe('warning');
    expect(answerState(question('pct', { max: 40 }), { value: 50 }, YEAR)).toBe('invalid');
    expect(answerState(q, { value: 50, data_year: 2030 }, YEAR)).toBe('invalid');
  });

  test('completeness', () => {
    const qs = [
      { ...question('pct', { compulsory: true }), uuid: 'a' },
      { ...question('yn', { compulsory: true }), uuid: 'b' },
      { ...question('txt'), uuid: 'c' },
      { ...question('num', { max: 10 }), uuid: 'd' },
    ];
    const result = completeness(
      qs,
      [
        { question_uuid: 'a', value: 40 },
        { question_uuid: 'c', value: 'Narrative' },
        { question_uuid: 'd', value: 20 },
        { question_uuid: 'zzz', value: 1 },
      ],
      YEAR,
    );
    expect(result).toEqual({ answered: 2, total: 4, compulsory_total: 2, compulsory_answered: 1, invalid: 1, pct: 50 });
    expect(completeness([], [], YEAR).pct).toBe(0);
  });
});

describe('formatAnswer', () => {
  test('as a person reads it', () => {
    expect(formatAnswer(question('pct'), 58.3)).toBe('58.3 %');
    expect(formatAnswer(question('int', { unit: 'units' }), 12000)).toBe('12,000 units');
    expect(formatAnswer(question('yn'), false)).toBe('No');
    expect(formatAnswer(question('multi', { options: CHOICES }), ['plan', 'code'])).toBe(
      'National spatial plan; Building code',
    );
    expect(formatAnswer(question('single', { options: CHOICES }), 'law')).toBe('Planning law');
    expect(
      formatAnswer(
        question('pct', {
          parts: [
            { key: 'd', label: 'Documented' },
            { key: 'p', label: 'Perceived' },
          ],
        }),
        { d: 40, p: null },
      ),
    ).toBe('Documented: 40 %; Perceived: –');
    expect(formatAnswer(question('num'), null)).toBe('');
  });
});
