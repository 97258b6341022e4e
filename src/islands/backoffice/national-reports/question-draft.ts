import {
  NUMERIC_ANSWER_TYPES,
  PART_ANSWER_TYPES,
  type AnswerType,
  type Check,
  type CheckOp,
  type QuestionOption,
  type QuestionPart,
} from '../../../lib/questionnaires/schema.ts';
import {
  type Question,
  type QuestionSaveBody,
  type QuestionTier,
} from '../../../lib/national-reports/question-schema.ts';
import { m } from './messages.ts';

/** The answer types in words, for the administrators who write questions. */
export function answerTypeLabel(type: AnswerType): string {
  return m(`answerType.${type}`);
}

export function tierLabel(tier: QuestionTier): string {
  return m(`tierLabel.${tier}`);
}

/** Which of the type-specific fields a question of `type` has. */
export function fieldsOfType(type: AnswerType) {
  const numeric = (NUMERIC_ANSWER_TYPES as readonly AnswerType[]).includes(type);
  return {
    unit: numeric,
    limits: numeric,
    decimals: type === 'pct' || type === 'num',
    options: type === 'single' || type === 'multi',
    parts: (PART_ANSWER_TYPES as readonly AnswerType[]).includes(type),
    /** A narrative beside the value: a narrative question is one already. */
    withText: type !== 'txt',
  };
}

/** The form's fields as typed (numbers stay text until sent). */
export interface QuestionDraft {
  code: string;
  thrust: string;
  subcategory: string;
  question_tier: '1' | '2' | '3';
  text: string;
  help: string;
  answer_type: AnswerType;
  unit: string;
  min: string;
  max: string;
  expected_min: string;
  expected_max: string;
  decimals: string;
  options: QuestionOption[];
  parts: QuestionPart[];
  with_text: boolean;
  text_label: string;
  compulsory: boolean;
  /** SDG indicators or targets, separated by commas: "11.1.1, 1.4". */
  sdg_refs: string;
  sdg_tier: '' | '1' | '2' | '3';
  nua_paragraphs: string;
  source_hint: string;
  /** The expected change from the previous cycle in percent ("50" for ±50 %); '' for none (decision 078). */
  expected_change: string;
  checks: CheckDraft[];
}

/** One check as the form holds it: a comparison (`op` with `other`) or "required if `other` is `equals`". */
export interface CheckDraft {
  kind: Check['kind'];
  op: CheckOp;
  other: string;
  /** 'true' / 'false' for yes/no, a choice's value, or a number as typed. */
  equals: string;
}

/** A check as the form holds it. */
function checkDraftOf(check: Check): CheckDraft {
  return check.kind === 'compare'
    ? { kind: 'compare', op: check.op, other: check.other, equals: '' }
    : { kind: 'required_if', op: 'lte', other: check.other, equals: String(check.equals) };
}

/** A check as sent: "true"/"false" are yes and no, a number typed is a number, anything else a choice. */
function checkOfDraft(draft: CheckDraft): Check {
  if (draft.kind === 'compare') return { kind: 'compare', op: draft.op, other: draft.other };
  const typed = draft.equals.trim();
  const number = Number(typed);
  const equals =
    typed === 'true' ? true : typed === 'false' ? false : typed !== '' && Number.isFinite(number) ? number : typed;
  return { kind: 'required_if', other: draft.other, equals };
}

const text = (value: string | null) => value ?? '';
const number = (value: number | null) => (value === null ? '' : String(value));

/** The draft of a question, or of a new one in a subcategory (the next free code). */
export function draftOfQuestion(
  question: Question | null,
  start: { thrust: string; subcategory: string; code: string },
): QuestionDraft {
  if (!question) {
    return {
      code: start.code,
      thrust: start.thrust,
      subcategory: start.subcategory,
      question_tier: '2',
      text: '',
      help: '',
      answer_type: 'num',
      unit: '',
      min: '',
      max: '',
      expected_min: '',
      expected_max: '',
      decimals: '',
      options: [],
      parts: [],
      with_text: false,
      text_label: '',
      compulsory: false,
      sdg_refs: '',
      sdg_tier: '',
      nua_paragraphs: '',
      source_hint: '',
      expected_change: '',
      checks: [],
    };
  }
  return {
    code: question.code,
    thrust: question.thrust,
    subcategory: question.subcategory,
    question_tier: String(question.question_tier) as QuestionDraft['question_tier'],
    text: question.text,
    help: text(question.help),
    answer_type: question.answer_type,
    unit: text(question.unit),
    min: number(question.min),
    max: number(question.max),
    expected_min: number(question.expected_min),
    expected_max: number(question.expected_max),
    decimals: number(question.decimals),
    options: question.options.map((o) => ({ ...o })),
    parts: question.parts.map((p) => ({ ...p })),
    with_text: question.with_text,
    text_label: text(question.text_label),
    compulsory: question.compulsory,
    sdg_refs: question.sdg_refs.join(', '),
    sdg_tier: question.sdg_tier === null ? '' : (String(question.sdg_tier) as QuestionDraft['sdg_tier']),
    nua_paragraphs: text(question.nua_paragraphs),
    source_hint: text(question.source_hint),
    expected_change:
      question.expected_change === null ? '' : String(Number((question.expected_change * 100).toPrecision(12))),
    checks: question.checks.map(checkDraftOf),
  };
}

/** A typed number, or the text itself when it is not one (the shared schema then says so). */
function numberOf(value: string): number | null | string {
  const trimmed = value.trim().replace(/\s/g, '');
  if (trimmed === '') return null;
  const parsed = Number(trimmed);
  return Number.isFinite(parsed) ? parsed : value;
}

/**
 * The body of question/saved: fields that do not belong to the answer type are sent empty, so
 * a question turned from a choice into a number keeps no stale options.
 */
export function bodyOfDraft(draft: QuestionDraft, base: Question | null): QuestionSaveBody {
  const has = fieldsOfType(draft.answer_type);
  const blank = (value: string) => (value.trim() === '' ? null : value);
  return {
    ...(base && { uuid: base.uuid, version: base.version }),
    code: draft.code.trim().toUpperCase(),
    thrust: draft.thrust,
    subcategory: draft.subcategory,
    question_tier: Number(draft.question_tier) as QuestionTier,
    text: draft.text,
    help: blank(draft.help),
    answer_type: draft.answer_type,
    unit: has.unit ? blank(draft.unit) : null,
    options: has.options ? draft.options : [],
    min: (has.limits ? numberOf(draft.min) : null) as number | null,
    max: (has.limits ? numberOf(draft.max) : null) as number | null,
    expected_min: (has.limits ? numberOf(draft.expected_min) : null) as number | null,
    expected_max: (has.limits ? numberOf(draft.expected_max) : null) as number | null,
    decimals: (has.decimals ? numberOf(draft.decimals) : null) as number | null,
    parts: has.parts ? draft.parts : [],
    with_text: has.withText && draft.with_text,
    text_label: has.withText && draft.with_text ? blank(draft.text_label) : null,
    compulsory: draft.compulsory,
    sdg_refs: draft.sdg_refs
      .split(',')
      .map((ref) => ref.trim())
      .filter(Boolean),
    sdg_tier: draft.sdg_tier === '' ? null : (Number(draft.sdg_tier) as QuestionTier),
    nua_paragraphs: blank(draft.nua_paragraphs),
    source_hint: blank(draft.source_hint),
    expected_change: expectedChangeOf(draft, has.limits),
    checks: draft.checks.map(checkOfDraft),
  };
}

/** The expected change as sent: the percent typed as a fraction (50 → 0.5); the text itself when it is no number. */
function expectedChangeOf(draft: QuestionDraft, numeric: boolean): number | null {
  if (!numeric) return null;
  const typed = numberOf(draft.expected_change);
  return (typeof typed === 'number' ? typed / 100 : typed) as number | null;
}

/** The code a new question gets: one past the highest `Q<number>` in use (Q39 after Q38). */
export function nextQuestionCode(questions: readonly Pick<Question, 'code'>[]): string {
  const numbers = questions
    .map((q) => /^Q(\d+)$/.exec(q.code)?.[1])
    .filter((n): n is string => n !== undefined)
    .map(Number);
  const next = numbers.length ? Math.max(...numbers) + 1 : 1;
  return `Q${String(next).padStart(2, '0')}`;
}

/**
 * The whole questionnaire's order after moving one question up or down among the `visible`
 * questions of its subcategory (retired ones may be hidden); null when it cannot move that way.
 */
export function orderAfterMove(
  all: readonly Question[],
  uuid: string,
  direction: -1 | 1,
  visible: (q: Question) => boolean,
): Question[] | null {
  const moving = all.find((q) => q.uuid === uuid);
  if (!moving) return null;
  const siblings = all.filter((q) => q.subcategory === moving.subcategory && (visible(q) || q.uuid === uuid));
  const at = siblings.findIndex((q) => q.uuid === uuid);
  const other = siblings[at + direction];
  if (!other) return null;
  const order = [...all];
  const i = order.findIndex((q) => q.uuid === uuid);
  const j = order.findIndex((q) => q.uuid === other.uuid);
  [order[i], order[j]] = [order[j]!, order[i]!];
  return order;
}
