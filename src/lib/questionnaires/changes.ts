/**
 * What changed in a form's answers (issue 34 item 3, decision 077): the engine's one rule, for any
 * form. It knows no form and reads no table: the form hands it snapshots of answers (two sets to
 * compare) or the audited changes of its answers after a point in time (oldest first), and gets
 * back the answers whose content differs, each as it was before and as it is after, with who
 * changed it last and when. Only what an answer says counts: its value, text, source and data
 * year; a change of its note alone, or changes that came back to where they started, are none.
 */

import type { AnswerValue } from './schema.ts';

/** What an answer says, as the changes compare and show it. A missing answer is null. */
export interface AnswerFacts {
  value: AnswerValue;
  text: string | null;
  source: string | null;
  data_year: number | null;
}

/** One answer changed: before and after (null: none), who changed it last and when (null: no change of its own). */
export interface FormAnswerChange<P> {
  question_uuid: string;
  before: AnswerFacts | null;
  after: AnswerFacts | null;
  changed_by: P | null;
  changed_at: string | null;
}

/** An answer as it is now, with who changed it last and when. */
export interface StampedAnswer<P> {
  answer: AnswerFacts | null;
  by: P | null;
  at: string | null;
}

/** One audited change of one answer: its question, when, by whom, and the answer before and after it. */
export interface AnswerEvent<P> {
  question: string;
  at: string;
  by: P | null;
  before: AnswerFacts | null;
  after: AnswerFacts | null;
}

const blank = (text: string | null | undefined) => (text == null || text.trim() === '' ? null : text);

/** A value written the same way whatever the order of its keys (a choice's object, a table's rows). */
function canonical(value: unknown): string {
  if (value === undefined || value === null || value === '') return 'null';
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** An answer's content in the changes' shape, from any object carrying it (an audit snapshot, a served answer). */
export function factsOf(raw: unknown): AnswerFacts | null {
  if (!raw || typeof raw !== 'object') return null;
  const r = raw as Record<string, unknown>;
  const facts: AnswerFacts = {
    value: (r['value'] ?? null) as AnswerValue,
    text: blank(r['text'] as string | null | undefined),
    source: blank(r['source'] as string | null | undefined),
    data_year: typeof r['data_year'] === 'number' ? r['data_year'] : null,
  };
  return isEmpty(facts) ? null : facts;
}

const isEmpty = (a: AnswerFacts) =>
  canonical(a.value) === 'null' && a.text === null && a.source === null && a.data_year === null;

/** Whether two answers say the same: an empty answer is the same as none, blank text the same as no text. */
export function sameAnswer(a: AnswerFacts | null, b: AnswerFacts | null): boolean {
  const x = a && factsOf(a);
  const y = b && factsOf(b);
  if (!x || !y) return !x && !y;
  return (
    canonical(x.value) === canonical(y.value) &&
    x.text === y.text &&
    x.source === y.source &&
    x.data_year === y.data_year
  );
}

/** Changes in the order of `order` (the form's questions); questions it does not name follow, by question. */
function ordered<P>(changes: FormAnswerChange<P>[], order: readonly string[]): FormAnswerChange<P>[] {
  const rank = new Map(order.map((q, i) => [q, i]));
  const at = (q: string) => rank.get(q) ?? order.length;
  return changes.sort(
    (a, b) => at(a.question_uuid) - at(b.question_uuid) || a.question_uuid.localeCompare(b.question_uuid),
  );
}

/**
 * The answers that differ between two sets (e.g. the same instance of an earlier round, and this
 * one), by question: before from `before`, after with its stamp from `after`. A question in only
 * one of them counts as unanswered in the other.
 */
export function answerChanges<P>(
  before: ReadonlyMap<string, AnswerFacts | null>,
  after: ReadonlyMap<string, StampedAnswer<P>>,
  order: readonly string[] = [],
): FormAnswerChange<P>[] {
  const questions = new Set([...before.keys(), ...after.keys()]);
  const out: FormAnswerChange<P>[] = [];
  for (const question of questions) {
    const was = factsOf(before.get(question) ?? null);
    const now = after.get(question);
    const is = factsOf(now?.answer ?? null);
    if (sameAnswer(was, is)) continue;
    out.push({
      question_uuid: question,
      before: was,
      after: is,
      changed_by: now?.by ?? null,
      changed_at: now?.at ?? null,
    });
  }
  return ordered(out, order);
}

/**
 * The answers changed by `events` (every audited change after a point in time, oldest first): each
 * question's answer before its first change and after its last, with the last change's person and
 * time; a question whose changes came back to where they started is left out.
 */
export function changesSince<P>(
  events: readonly AnswerEvent<P>[],
  order: readonly string[] = [],
): FormAnswerChange<P>[] {
  const first = new Map<string, AnswerEvent<P>>();
  const last = new Map<string, AnswerEvent<P>>();
  for (const event of events) {
    if (!first.has(event.question)) first.set(event.question, event);
    last.set(event.question, event);
  }
  const out: FormAnswerChange<P>[] = [];
  for (const [question, start] of first) {
    const end = last.get(question)!;
    const was = factsOf(start.before);
    const is = factsOf(end.after);
    if (sameAnswer(was, is)) continue;
    out.push({ question_uuid: question, before: was, after: is, changed_by: end.by, changed_at: end.at });
  }
  return ordered(out, order);
}
