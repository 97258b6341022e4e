import { describe, expect, it } from 'vitest';
import { formQuestion } from './form-question.ts';
import {
  modifiedZ,
  outlierFlag,
  outlierStats,
  questionFlags,
  reviewFlags,
  reviewIndex,
  type ReviewAnswer,
} from './review-rules.ts';
import type { AnswerValue, CheckOp, FormQuestion } from './schema.ts';

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

function q(n: number, fields: Partial<FormQuestion> = {}): FormQuestion {
  const code = `Q${String(n).padStart(2, '0')}`;
  return formQuestion({ uuid: uuid(n), code, text: code, answer_type: 'num', ...fields });
}

const answers = (entries: [number, AnswerValue][]) =>
  new Map<string, ReviewAnswer>(entries.map(([n, value]) => [uuid(n), { value, text: null }]));

describe('review rules', () => {
  it('flags a figure outside the expected range, not one on its bounds', () => {
    const index = reviewIndex([q(1, { expected_min: 10, expected_max: 20 })]);
    expect(reviewFlags(index, answers([[1, 10]]))).toEqual([]);
    expect(reviewFlags(index, answers([[1, 20]]))).toEqual([]);
    const [below] = reviewFlags(index, answers([[1, 9.99]]));
    expect(below).toMatchObject({ code: 'Q01', rule: 'expected_range', values: { value: 9.99, min: 10 } });
    const [above] = reviewFlags(index, answers([[1, 21]]));
    expect(above).toMatchObject({ rule: 'expected_range', values: { value: 21, max: 20 } });
  });

  it('flags each part of a multi-part figure by its label', () => {
    const parts = [
      { key: 'a', label: 'Documented' },
      { key: 'b', label: 'Perceived' },
    ];
    const index = reviewIndex([q(1, { answer_type: 'pct', parts, expected_max: 50 })]);
    const flags = reviewFlags(index, answers([[1, { a: 40, b: 70 }]]));
    expect(flags).toHaveLength(1);
    expect(flags[0]!.values).toMatchObject({ value: 70, part: 'Perceived' });
  });

  it('flags a change from the previous answer beyond the expected change, not one at it', () => {
    const index = reviewIndex([q(1, { expected_change: 0.5 })]);
    const previous = new Map<string, AnswerValue>([[uuid(1), 100]]);
    expect(reviewFlags(index, answers([[1, 150]]), previous)).toEqual([]);
    expect(reviewFlags(index, answers([[1, 50]]), previous)).toEqual([]);
    const [up] = reviewFlags(index, answers([[1, 150.5]]), previous);
    expect(up).toMatchObject({ rule: 'expected_change', values: { previous: 100, change: 50.5, limit: 50 } });
    expect(reviewFlags(index, answers([[1, 49]]), previous)[0]?.rule).toBe('expected_change');
    // No previous answer, or a previous 0: nothing to measure the change by.
    expect(reviewFlags(index, answers([[1, 1000]]))).toEqual([]);
    expect(reviewFlags(index, answers([[1, 1000]]), new Map([[uuid(1), 0]]))).toEqual([]);
  });

  it('compares two figures by each operator, within a rounding tolerance', () => {
    const cases: [CheckOp, number, number, boolean][] = [
      ['lte', 5, 5, false],
      ['lte', 6, 5, true],
      ['lt', 5, 5, true],
      ['lt', 4, 5, false],
      ['gte', 5, 5, false],
      ['gte', 4, 5, true],
      ['gt', 5, 5, true],
      ['gt', 6, 5, false],
      ['eq', 0.1 + 0.2, 0.3, false],
      ['eq', 1, 2, true],
    ];
    for (const [op, a, b, flagged] of cases) {
      const index = reviewIndex([q(4), q(5, { checks: [{ kind: 'compare', op, other: 'Q04' }] })]);
      const flags = reviewFlags(
        index,
        answers([
          [4, b],
          [5, a],
        ]),
      );
      expect(flags.length, `${a} ${op} ${b}`).toBe(flagged ? 1 : 0);
      if (flagged) expect(flags[0]).toMatchObject({ code: 'Q05', rule: 'compare', values: { op, other: 'Q04' } });
    }
  });

  it('does not compare while either figure is missing', () => {
    const index = reviewIndex([q(4), q(5, { checks: [{ kind: 'compare', op: 'lte', other: 'Q04' }] })]);
    expect(reviewFlags(index, answers([[5, 10]]))).toEqual([]);
    expect(reviewFlags(index, answers([[4, 10]]))).toEqual([]);
  });

  it('asks for an answer when the other question has the value named (yes/no, a choice, one of several)', () => {
    const options = [
      { value: 'a', label: 'Alpha' },
      { value: 'b', label: 'Beta' },
    ];
    const index = reviewIndex([
      q(2, { answer_type: 'yn' }),
      q(3, { answer_type: 'txt', checks: [{ kind: 'required_if', other: 'Q02', equals: true }] }),
      q(6, { answer_type: 'multi', options }),
      q(7, { checks: [{ kind: 'required_if', other: 'Q06', equals: 'b' }] }),
    ]);
    const flags = reviewFlags(
      index,
      answers([
        [2, true],
        [6, ['a', 'b']],
      ]),
    );
    expect(flags.map((f) => [f.code, f.rule])).toEqual([
      ['Q03', 'required_if'],
      ['Q07', 'required_if'],
    ]);
    expect(flags[1]!.values).toEqual({ other: 'Q06', equals: 'Beta' });
    expect(
      reviewFlags(
        index,
        answers([
          [2, false],
          [6, ['a']],
        ]),
      ),
    ).toEqual([]);
    expect(
      reviewFlags(
        index,
        answers([
          [2, true],
          [3, 'Because'],
          [6, ['b']],
          [7, 3],
        ]),
      ),
    ).toEqual([]);
  });

  it('ignores a check naming a question the form does not have', () => {
    const index = reviewIndex([q(5, { checks: [{ kind: 'compare', op: 'lte', other: 'Q99' }] })]);
    expect(reviewFlags(index, answers([[5, 10]]))).toEqual([]);
  });

  it('checks one question on its own as the kit does while typing', () => {
    const index = reviewIndex([q(4), q(5, { checks: [{ kind: 'compare', op: 'lte', other: 'Q04' }] })]);
    const held = answers([
      [4, 3],
      [5, 9],
    ]);
    const flags = questionFlags(index, index.byCode.get('Q05')!, (id) => held.get(id));
    expect(flags.map((f) => f.rule)).toEqual(['compare']);
  });
});

describe('outliers (modified z-score)', () => {
  it('measures a known example: 100 among 1, 2, 3, 4', () => {
    const stats = outlierStats([1, 2, 3, 4, 100]);
    expect(stats).toEqual({ median: 3, mad: 1 });
    expect(modifiedZ(100, stats!)).toBeCloseTo(65.4265, 4);
    expect(modifiedZ(1, stats!)).toBeCloseTo(-1.349, 3);
    const question = q(1);
    expect(outlierFlag(question, 100, stats)).toMatchObject({ rule: 'outlier', values: { value: 100, median: 3 } });
    expect(outlierFlag(question, 4, stats)).toBeNull();
  });

  it('keeps to the threshold of 3.5', () => {
    // median 10, MAD 2: z = 0.6745 · (x − 10) / 2 > 3.5 ⇔ x > 20.378…
    const stats = outlierStats([6, 8, 10, 12, 14])!;
    expect(stats).toEqual({ median: 10, mad: 2 });
    expect(outlierFlag(q(1), 20.37, stats)).toBeNull();
    expect(outlierFlag(q(1), 20.4, stats)).not.toBeNull();
    expect(outlierFlag(q(1), -0.4, stats)).not.toBeNull();
  });

  it('says nothing with fewer than 5 answers or no spread', () => {
    expect(outlierStats([1, 2, 3, 400])).toBeNull();
    expect(outlierStats([5, 5, 5, 5, 900])).toBeNull();
  });
});

describe('review rules of a large form', () => {
  it('checks 300 answers with checks between them in one pass (sanity, not timed)', () => {
    const questions = Array.from({ length: 300 }, (_, i) =>
      q(i + 1, {
        code: `Q${i + 1}`,
        expected_max: 100,
        checks: [{ kind: 'compare', op: 'lte', other: `Q${((i + 1) % 300) + 1}` }],
      }),
    );
    const index = reviewIndex(questions);
    const held = new Map<string, ReviewAnswer>(questions.map((question, i) => [question.uuid, { value: i }]));
    const flags = reviewFlags(index, held);
    // Only the last compares above the first (299 > 0), and 101…299 are above the expected 100.
    expect(flags.filter((f) => f.rule === 'compare').map((f) => f.code)).toEqual(['Q300']);
    expect(flags.filter((f) => f.rule === 'expected_range')).toHaveLength(199);
  });
});
