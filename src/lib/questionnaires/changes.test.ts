import { describe, expect, test } from 'vitest';
import { answerChanges, changesSince, factsOf, sameAnswer, type AnswerEvent, type AnswerFacts } from './changes.ts';

const facts = (value: unknown, more: Partial<AnswerFacts> = {}): AnswerFacts => ({
  value: value as AnswerFacts['value'],
  text: null,
  source: null,
  data_year: null,
  ...more,
});

const event = (
  question: string,
  at: string,
  before: AnswerFacts | null,
  after: AnswerFacts | null,
  by = 'Ana',
): AnswerEvent<{ name: string }> => ({ question, at, by: { name: by }, before, after });

describe('sameAnswer', () => {
  test('compares value, text, source and data year; never the note', () => {
    expect(sameAnswer(facts(3), facts(3))).toBe(true);
    expect(sameAnswer(facts(3), facts(4))).toBe(false);
    expect(sameAnswer(facts(3, { source: 'UN-Habitat' }), facts(3))).toBe(false);
    expect(sameAnswer(facts(3, { data_year: 2020 }), facts(3, { data_year: 2021 }))).toBe(false);
    expect(sameAnswer(facts(null, { text: 'ก' }), facts(null, { text: 'ข' }))).toBe(false);
    const withNote = { ...facts(3), comment: 'only the note changed' } as AnswerFacts;
    expect(sameAnswer(withNote, facts(3))).toBe(true);
  });

  test('an empty answer is none; blank text is no text; key order does not count', () => {
    expect(sameAnswer(null, facts(null))).toBe(true);
    expect(sameAnswer(null, facts('', { text: '  ' }))).toBe(true);
    expect(sameAnswer(null, facts(0))).toBe(false);
    expect(sameAnswer(facts({ a: 1, b: [1, 2] }), facts({ b: [1, 2], a: 1 }))).toBe(true);
    expect(sameAnswer(facts(['x', 'y']), facts(['y', 'x']))).toBe(false);
  });

  test('factsOf keeps what an answer says, from any snapshot', () => {
    expect(factsOf({ value: 5, text: '', source: 'NSO', data_year: 2022, comment: 'c', version: 3 })).toEqual({
      value: 5,
      text: null,
      source: 'NSO',
      data_year: 2022,
    });
    expect(factsOf(null)).toBeNull();
    expect(factsOf({ value: null, text: null })).toBeNull();
  });
});

describe('changesSince', () => {
  test('before the first change and after the last, with the last change’s person and time', () => {
    const changes = changesSince(
      [
        event('q2', '2026-01-02T00:00:00Z', facts(1), facts(2), 'Ana'),
        event('q1', '2026-01-03T00:00:00Z', null, facts('yes'), 'Bo'),
        event('q2', '2026-01-04T00:00:00Z', facts(2), facts(7), 'Chen'),
      ],
      ['q1', 'q2'],
    );
    expect(changes).toEqual([
      {
        question_uuid: 'q1',
        before: null,
        after: facts('yes'),
        changed_by: { name: 'Bo' },
        changed_at: '2026-01-03T00:00:00Z',
      },
      {
        question_uuid: 'q2',
        before: facts(1),
        after: facts(7),
        changed_by: { name: 'Chen' },
        changed_at: '2026-01-04T00:00:00Z',
      },
    ]);
  });

  test('changes that come back to where they started, and note-only saves, are none', () => {
    const changes = changesSince([
      event('q1', '2026-01-02T00:00:00Z', facts(1), facts(2)),
      event('q1', '2026-01-03T00:00:00Z', facts(2), facts(1)),
      event('q3', '2026-01-03T00:00:00Z', facts(4), { ...facts(4), comment: 'note' } as AnswerFacts),
    ]);
    expect(changes).toEqual([]);
  });

  test('a cleared answer is a change to none', () => {
    const [change] = changesSince([event('q1', '2026-01-02T00:00:00Z', facts(1, { text: 'สวัสดี' }), null)]);
    expect(change).toMatchObject({ before: facts(1, { text: 'สวัสดี' }), after: null });
  });
});

describe('answerChanges', () => {
  test('compares two sets by question, in the order given, unanswered on either side counting', () => {
    const before = new Map([
      ['q1', facts(10)],
      ['q2', facts('a')],
      ['q4', facts('gone')],
    ]);
    const after = new Map([
      ['q1', { answer: facts(10), by: 'Ana', at: '2026-02-01T00:00:00Z' }],
      ['q2', { answer: facts('b'), by: 'Bo', at: '2026-02-02T00:00:00Z' }],
      ['q3', { answer: facts(3), by: null, at: '2026-02-03T00:00:00Z' }],
    ]);
    const changes = answerChanges(before, after, ['q4', 'q3', 'q2', 'q1']);
    expect(changes.map((c) => c.question_uuid)).toEqual(['q4', 'q3', 'q2']);
    expect(changes[0]).toEqual({
      question_uuid: 'q4',
      before: facts('gone'),
      after: null,
      changed_by: null,
      changed_at: null,
    });
    expect(changes[2]).toMatchObject({ before: facts('a'), after: facts('b'), changed_by: 'Bo' });
  });
});
