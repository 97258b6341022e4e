import { beforeAll, describe, expect, test } from 'vitest';
import { SaveAnswersResponseSchema } from '../../src/lib/national-reports/schema.ts';
import { createTestContext } from '../support/app.ts';
import { expectError, expectJson } from '../support/assertions.ts';
import { createUser, type TestUser } from '../support/factories.ts';
import { openCycle, questionsByCode, saveAnswers, viewReport } from '../support/national-reports.ts';

/** Answers by type through the real API: valid and invalid values, warnings, data years, sources, fuzz. */

const ctx = await createTestContext();
const YEAR = 2026;
let member: TestUser;
let questions: Awaited<ReturnType<typeof questionsByCode>>;
beforeAll(async () => {
  const admin = await createUser(ctx, { role: 'admin', country: 'JP' });
  member = await createUser(ctx, { role: 'state_member', country: 'PH' });
  await openCycle(ctx, admin, { year: YEAR });
  questions = await questionsByCode(ctx, member);
});

const uuid = (code: string) => questions.get(code)!.uuid;
/** Saves one answer; a first answer has no version, later ones send the current one. */
async function save(code: string, answer: Record<string, unknown>) {
  const view = await viewReport(ctx, member, YEAR, 'PH');
  const current = view.answers.find((a) => a.question_uuid === uuid(code));
  return saveAnswers(ctx, member, YEAR, 'PH', [
    { question_uuid: uuid(code), ...(current && { version: current.version }), ...answer },
  ]);
}

// Q04 pct tier 1 (expected ≤ 80) · Q07 int ≥ 0 · Q17 num ≥ 0 (2 decimals) · Q23 num 0–1000 µg/m³ (expected 3–120)
// Q06 yn + link · Q15 multi + text · Q18 txt · Q05 pct × 2 parts · Q26 yn × 3 parts · Q16 pct from -100
const CASES: [code: string, valid: unknown[], invalid: unknown[], extra?: Record<string, unknown>][] = [
  ['Q04', [0, 58.3, 100], [-1, 100.1, '58', true, [5], { a: 1 }, 58.34], { source: 'UN-Habitat', data_year: 2020 }],
  ['Q07', [0, 12000], [-5, 1.5, '12', false]],
  ['Q17', [0, 12.25], [-0.01, 1.234, 'ten']],
  ['Q23', [3, 999.9], [1000.1, -1, 'x']],
  ['Q16', [-3.2, 0, 12], [-100.5, '1']],
  ['Q06', [true, false], ['yes', 1, 'true']],
  ['Q15', [['credit'], ['credit', 'skills']], [['credit', 'credit'], ['bribes'], 'credit', [1]]],
  ['Q18', ['Creative districts and heritage tourism'], [12, 'x'.repeat(8001), ['a']]],
  [
    'Q05',
    [{ documented: 40, perceived: 55 }, { documented: 40 }],
    [{ documented: 101 }, { documented: 1, other: 2 }, 40],
  ],
  [
    'Q26',
    [{ population_dynamics: true, territorial_balance: false, local_fiscal_space: true }],
    [{ population_dynamics: 'yes' }, true],
  ],
];

describe('values by type', () => {
  for (const [code, valid, invalid, extra] of CASES) {
    const fields = { source: 'National statistics office', ...extra };
    test.each(valid.map((v, i) => [i, v] as const))(`${code}: valid value #%i is saved`, async (_, value) => {
      const response = await save(code, { value, ...fields });
      const body = await expectJson(response, 200, SaveAnswersResponseSchema);
      expect(body.data.answers[0]).toMatchObject({ question_uuid: uuid(code) });
      expect(['saved', 'warning', 'empty']).toContain(body.data.answers[0]!.state);
    });
    test.each(invalid.map((v, i) => [i, v] as const))(
      `${code}: invalid value #%i is refused with a 400 naming answers.0.value`,
      async (_, value) => {
        const response = await save(code, { value, ...fields });
        await expectError(response, 400, { fields: ['answers.0.value'] });
      },
    );
  }
});

describe('limits, warnings, data years and sources', () => {
  test('a hard limit names the field and says the limit', async () => {
    const response = await save('Q23', { value: 1500, source: 'WHO', data_year: 2022 });
    const body = await expectError(response, 400, { fields: ['answers.0.value'] });
    expect(body.errors!['answers.0.value']).toEqual(['must be at most 1000 µg/m³']);
  });

  test('outside the expected range: saved, with a warning', async () => {
    const response = await save('Q23', { value: 150, source: 'WHO Ambient Air Quality Database', data_year: 2022 });
    const body = await expectJson(response, 200, SaveAnswersResponseSchema);
    expect(body.data.answers[0]).toMatchObject({
      value: 150,
      state: 'warning',
      warnings: ['150 µg/m³ is above the expected range (3 to 120 µg/m³): check the figure'],
    });
  });

  test.each([
    [2014, 'must be 2015 or later'],
    [2027, 'must be 2026 or earlier'],
    [2020.5, 'must be a year'],
    ['2020', 'must be a year'],
  ])('data_year %j: 400 (%s)', async (dataYear, message) => {
    const body = await expectError(await save('Q07', { value: 10, data_year: dataYear }), 400, {
      fields: ['answers.0.data_year'],
    });
    expect(body.errors!['answers.0.data_year']).toEqual([message]);
  });

  test('data_year 2015 and the cycle year are fine', async () => {
    expect((await save('Q07', { value: 10, data_year: 2015 })).status).toBe(200);
    expect((await save('Q07', { value: 10, data_year: 2026 })).status).toBe(200);
  });

  test('a tier-1 value needs a source; a tier-2 value does not', async () => {
    const body = await expectError(await save('Q01', { value: 3.5 }), 400, { fields: ['answers.0.source'] });
    expect(body.errors!['answers.0.source']).toEqual(['is required for a core (tier 1) figure']);
    expect((await save('Q01', { value: 3.5, source: 'Household income survey 2023' })).status).toBe(200);
    expect((await save('Q11', { value: 50 })).status).toBe(200);
  });

  test('a narrative only where the question has one; limits of source and comment', async () => {
    await expectError(await save('Q07', { value: 1, text: 'Why' }), 400, { fields: ['answers.0.text'] });
    expect((await save('Q06', { value: true, text: 'https://example.org/housing-policy' })).status).toBe(200);
    await expectError(await save('Q07', { value: 1, source: 'x'.repeat(501) }), 400, { fields: ['answers.0.source'] });
    await expectError(await save('Q07', { value: 1, comment: 'x'.repeat(1001) }), 400, {
      fields: ['answers.0.comment'],
    });
  });

  test('a batch is atomic: one bad answer, nothing saved; errors name each index', async () => {
    const response = await saveAnswers(ctx, member, YEAR, 'PH', [
      { question_uuid: uuid('Q31'), value: 20 },
      { question_uuid: uuid('Q36'), value: 120 },
      { question_uuid: uuid('Q34'), value: 'many' },
    ]);
    await expectError(response, 400, { fields: ['answers.1.value', 'answers.2.value'] });
    const view = await viewReport(ctx, member, YEAR, 'PH');
    expect(view.answers.some((a) => a.question_uuid === uuid('Q31'))).toBe(false);
  });

  test('unknown or repeated questions, empty and oversized batches', async () => {
    await expectError(
      await saveAnswers(ctx, member, YEAR, 'PH', [{ question_uuid: '00000000-0000-4000-8000-000000000000', value: 1 }]),
      400,
      {
        fields: ['answers.0.question_uuid'],
      },
    );
    await expectError(
      await saveAnswers(ctx, member, YEAR, 'PH', [
        { question_uuid: uuid('Q35'), value: 'a' },
        { question_uuid: uuid('Q35'), value: 'b' },
      ]),
      400,
      { fields: ['answers.1.question_uuid'] },
    );
    await expectError(await saveAnswers(ctx, member, YEAR, 'PH', []), 400, { fields: ['answers'] });
    const many = Array.from({ length: 201 }, () => ({ question_uuid: uuid('Q35'), value: 'a' }));
    await expectError(await saveAnswers(ctx, member, YEAR, 'PH', many), 400, { fields: ['answers'] });
    await expectError(await saveAnswers(ctx, member, YEAR, 'PH', [{ question_uuid: 'nope', value: 1 }]), 400, {
      fields: ['answers.0.question_uuid'],
    });
  });

  test('text is cleaned before it is stored', async () => {
    const body = await expectJson(
      await save('Q28', { value: '  Provinces\r\nand cities\u0000 share the work.  ', comment: '\u200B' }),
      200,
      SaveAnswersResponseSchema,
    );
    expect(body.data.answers[0]).toMatchObject({ value: 'Provinces\nand cities share the work.', comment: null });
  });

  test('half of a surrogate pair (broken text) is dropped like a control character, not a 500', async () => {
    // The value is stored as jsonb, which refuses a lone surrogate; the text columns would take it.
    const body = await expectJson(
      await save('Q28', { value: 'Provinces \ud800and cities\udc00', source: 'Ministry \ud83d', comment: '\udfff' }),
      200,
      SaveAnswersResponseSchema,
    );
    expect(body.data.answers[0]).toMatchObject({ value: 'Provinces and cities', source: 'Ministry', comment: null });
    const emoji = await expectJson(await save('Q28', { value: 'Green roofs 🌿' }), 200, SaveAnswersResponseSchema);
    expect(emoji.data.answers[0]!.value).toBe('Green roofs 🌿');
  });

  test('clearing an answer (null) is a change like any other', async () => {
    expect((await save('Q29', { value: true, text: 'National habitat committee' })).status).toBe(200);
    const body = await expectJson(await save('Q29', { value: null }), 200, SaveAnswersResponseSchema);
    // Its description alone still answers it (one answered rule, decision 060).
    expect(body.data.answers[0]).toMatchObject({ value: null, state: 'saved', text: 'National habitat committee' });
    const cleared = await expectJson(await save('Q29', { value: null, text: null }), 200, SaveAnswersResponseSchema);
    expect(cleared.data.answers[0]).toMatchObject({ value: null, state: 'empty', text: null });
  });
});

describe('fuzzed answers never cause a 5xx', () => {
  // A small deterministic generator: the same odd inputs on every run.
  let seed = 7;
  const rand = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const pick = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)]!;
  const atoms: unknown[] = [
    null,
    true,
    false,
    0,
    -0,
    1e308,
    -1e308,
    1e-320,
    2 ** 53 + 1,
    '',
    ' ',
    '%PDF-',
    '<script>alert(1)</script>',
    '\u0000\u202e',
    'x'.repeat(10_000),
    [],
    [null],
    [[[]]],
    {},
    { __proto__: { polluted: true } },
    { constructor: 'x' },
    '2020',
    '١٢٣',
    'NaN',
  ];
  const value = (depth = 0): unknown => {
    const r = rand();
    if (depth > 2 || r < 0.6) return pick(atoms);
    if (r < 0.8) return Array.from({ length: Math.floor(rand() * 4) }, () => value(depth + 1));
    return Object.fromEntries(
      Array.from({ length: Math.floor(rand() * 4) }, (_, i) => [
        pick(['documented', 'female', 'a', `k${i}`]),
        value(depth + 1),
      ]),
    );
  };

  test('200 random answers', async () => {
    const codes = [...questions.keys()];
    for (let i = 0; i < 200; i++) {
      const answer: Record<string, unknown> = {
        question_uuid: rand() < 0.95 ? uuid(pick(codes)) : pick(atoms),
        value: value(),
      };
      for (const field of ['text', 'data_year', 'source', 'comment', 'version'])
        if (rand() < 0.3) answer[field] = value();
      const response = await saveAnswers(ctx, member, YEAR, 'PH', [answer]);
      expect([200, 400, 409], `${response.status} for ${JSON.stringify(answer).slice(0, 300)}`).toContain(
        response.status,
      );
    }
  });

  test('bodies that are not a list of answers', async () => {
    for (const body of [
      null,
      [],
      'answers',
      { answers: 'x' },
      { answers: [null] },
      { answers: [[]] },
      { answers: {} },
    ]) {
      const response = await ctx.request(`/api/report/type/national/${YEAR}/PH/saved`, {
        token: member.token,
        json: body,
      });
      expect(response.status).toBe(400);
    }
    const broken = await ctx.request(`/api/report/type/national/${YEAR}/PH/saved`, {
      token: member.token,
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"answers": [',
    });
    expect(broken.status).toBe(400);
  });
});
