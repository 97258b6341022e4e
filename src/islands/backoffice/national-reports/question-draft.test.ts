import { describe, expect, test } from 'vitest';
import { QuestionSaveBodySchema, type Question } from '../../../lib/national-reports/question-schema.ts';
import { testQuestion } from '../../../../tests/support/questions.ts';
import { bodyOfDraft, draftOfQuestion, fieldsOfType, nextQuestionCode, orderAfterMove } from './question-draft.ts';

function question(code: string, subcategory: string, extra: Partial<Question> = {}): Question {
  return testQuestion({
    uuid: `00000000-0000-4000-8000-0000000000${code.slice(1).padStart(2, '0')}`,
    code,
    subcategory,
    question_tier: 1,
    ...extra,
  });
}

describe('the question form’s draft', () => {
  test('a stored question survives the round trip to the body unchanged', () => {
    const stored = question('Q07', '1.2', {
      answer_type: 'num',
      unit: 'km²',
      min: 0,
      max: 1000,
      expected_max: 500,
      decimals: 1,
      parts: [
        { key: 'urban', label: 'Urban' },
        { key: 'rural', label: 'Rural' },
      ],
      with_text: true,
      text_label: 'Method',
      compulsory: true,
      sdg_refs: ['11.1.1', '1.4'],
      sdg_tier: 2,
      nua_paragraphs: '31-33',
      source_hint: 'Census',
      help: 'Count the whole area',
    });
    const body = bodyOfDraft(draftOfQuestion(stored, { thrust: 'TC1', subcategory: '1.1', code: 'Q39' }), stored);
    // Every field but the question's place in the list and its retirement, which the form does not send.
    const { sort: _sort, retired_at: _retired, ...saved } = stored;
    expect(body).toEqual(saved);
    expect(QuestionSaveBodySchema.safeParse(body).success).toBe(true);
  });

  test('fields of another answer type are sent empty, so a type change leaves nothing stale', () => {
    const choice = question('Q10', '1.1', {
      answer_type: 'single',
      options: [
        { value: 'a', label: 'A' },
        { value: 'b', label: 'B' },
      ],
    });
    const draft = {
      ...draftOfQuestion(choice, { thrust: 'TC1', subcategory: '1.1', code: 'Q39' }),
      answer_type: 'txt' as const,
      with_text: true,
      unit: 'kept?',
      min: '4',
    };
    const body = bodyOfDraft(draft, choice);
    expect(body).toMatchObject({
      answer_type: 'txt',
      options: [],
      parts: [],
      unit: null,
      min: null,
      with_text: false,
      text_label: null,
    });
    expect(QuestionSaveBodySchema.safeParse(body).success).toBe(true);
  });

  test(
    'what a person types: blanks are null, numbers are ' + 'numbers, anything else reaches the schema, which names it',
    () => {
      const draft = {
        ...draftOfQuestion(null, { thrust: 'TC1', subcategory: '1.1', code: 'q39 ' }),
        text: 'Share of trees',
        min: ' ',
        max: '1 000',
        expected_max: 'lots',
      };
      const body = bodyOfDraft(draft, null);
      expect(body).toMatchObject({ code: 'Q39', min: null, max: 1000, expected_max: 'lots' });
      expect(body).not.toHaveProperty('uuid');
      const checked = QuestionSaveBodySchema.safeParse(body);
      expect(checked.success).toBe(false);
      expect(checked.error?.issues.map((i) => i.path.join('.'))).toEqual(['expected_max']);
    },
  );

  test('which fields each type has', () => {
    expect(fieldsOfType('pct')).toEqual({
      unit: true,
      limits: true,
      decimals: true,
      options: false,
      parts: true,
      withText: true,
    });
    expect(fieldsOfType('int')).toMatchObject({ decimals: false, parts: true });
    expect(fieldsOfType('multi')).toMatchObject({ options: true, parts: false, limits: false });
    expect(fieldsOfType('txt')).toMatchObject({ withText: false, unit: false });
    expect(fieldsOfType('yn')).toMatchObject({ parts: true, limits: false });
  });

  test('a new question’s code follows the highest Q number in use', () => {
    expect(nextQuestionCode([{ code: 'Q01' }, { code: 'Q38' }, { code: 'X9' }])).toBe('Q39');
    expect(nextQuestionCode([{ code: 'Q1' }])).toBe('Q02');
    expect(nextQuestionCode([])).toBe('Q01');
  });
});

describe('moving a question within its subcategory', () => {
  const all = [
    question('Q01', '1.1'),
    question('Q02', '1.2'),
    question('Q03', '1.1', { retired_at: '2026-01-01T00:00:00Z' }),
    question('Q04', '1.1'),
    question('Q05', '1.2'),
  ];
  const codes = (list: Question[] | null) => list?.map((q) => q.code);
  const visible = (q: Question) => q.retired_at === null;

  test('swaps places with its neighbour of the same subcategory; the rest stays where it is', () => {
    expect(codes(orderAfterMove(all, all[3]!.uuid, -1, () => true))).toEqual(['Q01', 'Q02', 'Q04', 'Q03', 'Q05']);
    expect(codes(orderAfterMove(all, all[1]!.uuid, 1, () => true))).toEqual(['Q01', 'Q05', 'Q03', 'Q04', 'Q02']);
  });

  test('passes over hidden (retired) questions', () => {
    expect(codes(orderAfterMove(all, all[3]!.uuid, -1, visible))).toEqual(['Q04', 'Q02', 'Q03', 'Q01', 'Q05']);
  });

  test('the first cannot move up nor the last down', () => {
    expect(orderAfterMove(all, all[0]!.uuid, -1, visible)).toBeNull();
    expect(orderAfterMove(all, all[4]!.uuid, 1, visible)).toBeNull();
    expect(orderAfterMove(all, 'unknown', 1, visible)).toBeNull();
  });
});
