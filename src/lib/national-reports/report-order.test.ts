import { describe, expect, it } from 'vitest';
import { testQuestion } from '../../../tests/support/questions.ts';
import { QUESTION_SEED, SUBCATEGORY_SEED, THRUST_SEED } from './seed-data.ts';
import { questionnaireGroups } from './report-order.ts';
import type { Question } from './question-schema.ts';

const thrusts = THRUST_SEED.map((t, i) => ({
  code: t.code,
  name: t.name,
  nua_paragraphs: t.nuaParagraphs,
  sort: i + 1,
}));
const subcategories = SUBCATEGORY_SEED.map((s, i) => ({ code: s.code, thrust: s.thrust, name: s.name, sort: i + 1 }));
const thrustOf = new Map<string, string>(SUBCATEGORY_SEED.map((s) => [s.code, s.thrust]));
/** The 38 seed questions as the database holds them (sort = place in the list), given shuffled. */
const seeded: Question[] = QUESTION_SEED.map((q, i) =>
  testQuestion({
    uuid: `00000000-0000-4000-8000-${String(i + 1).padStart(12, '0')}`,
    code: q.code,
    thrust: thrustOf.get(q.subcategory)!,
    subcategory: q.subcategory,
    question_tier: q.tier,
    sort: i + 1,
  }),
);
const shuffled = [...seeded].sort(
  (a, b) => ((a.code.charCodeAt(2) * 7 + a.sort * 13) % 17) - ((b.code.charCodeAt(2) * 7 + b.sort * 13) % 17),
);

const codes = (groups: ReturnType<typeof questionnaireGroups>) =>
  groups.flatMap((g) => g.subcategories.flatMap((s) => s.items.map((i) => i.question.code)));

describe('the printed report in the questionnaire’s order', () => {
  it('prints Q01 … Q38 in order, thrust by thrust (not Q26, Q28, Q27 … Q32, Q30, Q33, Q31)', () => {
    const groups = questionnaireGroups(shuffled, [], [...thrusts].reverse(), subcategories);
    expect(codes(groups)).toEqual(QUESTION_SEED.map((q) => q.code));
    expect(groups.map((g) => g.thrust.code)).toEqual(['TC1', 'TC2', 'TC3', 'EI1', 'EI2', 'EI3', 'FR']);
  });

  it('heads each run of questions with its subcategory, again where the subcategory comes back', () => {
    const groups = questionnaireGroups(seeded, [], thrusts, subcategories);
    const ei1 = groups.find((g) => g.thrust.code === 'EI1')!;
    expect(ei1.subcategories.map((s) => [s.subcategory.code, s.items.map((i) => i.question.code)])).toEqual([
      ['4.1', ['Q26']],
      ['4.3', ['Q27']],
      ['4.2', ['Q28']],
      ['4.3', ['Q29']],
    ]);
    const ei2 = groups.find((g) => g.thrust.code === 'EI2')!;
    expect(ei2.subcategories.map((s) => s.subcategory.code)).toEqual(['5.2', '5.4', '5.1', '5.3']);
  });

  it('a question added later to an earlier thrust prints at the end of that thrust; a tier keeps the order', () => {
    const added = testQuestion({
      uuid: '00000000-0000-4000-8000-000000000099',
      code: 'Q39',
      thrust: 'TC1',
      subcategory: '1.1',
      question_tier: 3,
      sort: 39,
    });
    const groups = questionnaireGroups([...seeded, added], [], thrusts, subcategories);
    const tc1 = codes([groups[0]!]);
    expect(tc1.at(-1)).toBe('Q39');
    expect(groups[0]!.subcategories.at(-1)!.subcategory.code).toBe('1.1');
    const tier3 = codes(questionnaireGroups(shuffled, [], thrusts, subcategories, 3));
    expect(tier3).toEqual(QUESTION_SEED.filter((q) => q.tier === 3).map((q) => q.code));
  });
});
