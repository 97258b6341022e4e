import type { ReactNode } from 'react';
import type { Question } from '../../../lib/national-reports/question-schema.ts';
import { CHECK_OPS, CHECKS_MAX, NUMERIC_ANSWER_TYPES, type CheckOp } from '../../../lib/questionnaires/schema.ts';
import type { FieldErrors } from '../lib/field-errors.ts';
import { Field } from '../ui/field.tsx';
import { ui } from '../ui/styles.ts';
import { fieldsOfType, type CheckDraft, type QuestionDraft } from './question-draft.ts';
import { m } from './messages.ts';

type SetDraft = (update: (current: QuestionDraft) => QuestionDraft) => void;

const NUMERIC: readonly string[] = NUMERIC_ANSWER_TYPES;

/**
 * The question's review rules (decision 078): the expected change from the previous cycle, and checks against other
 * questions — "this ≤ Q04" (figures only) or "an answer is expected when Q06 is Yes". A flag for the person answering
 * and the reviewer, never a refusal.
 */
export function ReviewRulesSection({
  draft,
  setDraft,
  errors,
  questions,
  own,
}: {
  draft: QuestionDraft;
  setDraft: SetDraft;
  errors: FieldErrors;
  questions: readonly Question[];
  /** The question edited (left out of the others), if it exists. */
  own: string | null;
}) {
  const numeric = fieldsOfType(draft.answer_type).limits;
  const others = questions.filter((q) => q.retired_at === null && q.uuid !== own && q.code !== draft.code);
  const setChecks = (update: (checks: CheckDraft[]) => CheckDraft[]) =>
    setDraft((current) => ({ ...current, checks: update(current.checks) }));
  const first = (kind: CheckDraft['kind']) =>
    others.find((q) => (kind === 'compare' ? NUMERIC.includes(q.answer_type) : q.answer_type === 'yn')) ?? others[0];
  const add = (kind: CheckDraft['kind']) =>
    setChecks((checks) => [...checks, { kind, op: 'lte', other: first(kind)?.code ?? '', equals: 'true' }]);
  return (
    <fieldset className="space-y-4">
      <legend className="text-base font-semibold text-slate-900">{m('qf.reviewRules')}</legend>
      <p className="text-sm text-slate-700">{m('qf.reviewRulesHint')}</p>
      {numeric && (
        <Field
          id="question-expected_change"
          label={m('qf.expectedChange')}
          optional={m('qf.optional')}
          hint={m('qf.expectedChangeHint')}
          messages={errors['expected_change']}
        >
          <div className="mt-1 flex max-w-48 items-center gap-2">
            <span aria-hidden="true">±</span>
            <input
              id="question-expected_change"
              className={ui.input}
              inputMode="decimal"
              autoComplete="off"
              value={draft.expected_change}
              aria-describedby="question-expected_change-hint"
              aria-invalid={(errors['expected_change']?.length ?? 0) > 0 || undefined}
              onChange={(event) => setDraft((current) => ({ ...current, expected_change: event.target.value }))}
            />
            <span aria-hidden="true">%</span>
          </div>
        </Field>
      )}
      {draft.checks.length > 0 && (
        <ul className="space-y-3">
          {draft.checks.map((check, i) => (
            <CheckRow
              key={i}
              i={i}
              check={check}
              others={others}
              errors={errors}
              onChange={(next) => setChecks((checks) => checks.map((c, j) => (j === i ? next : c)))}
              onRemove={() => setChecks((checks) => checks.filter((_, j) => j !== i))}
            />
          ))}
        </ul>
      )}
      <FieldMessages messages={errors['checks']} />
      {draft.checks.length < CHECKS_MAX && others.length > 0 && (
        <div className="flex flex-wrap gap-2">
          {numeric && (
            <button type="button" className={ui.secondaryButton} onClick={() => add('compare')}>
              {m('qf.addCompare')}
            </button>
          )}
          <button type="button" className={ui.secondaryButton} onClick={() => add('required_if')}>
            {m('qf.addRequiredIf')}
          </button>
        </div>
      )}
    </fieldset>
  );
}

function FieldMessages({ messages }: { messages: readonly string[] | undefined }) {
  if (!messages?.length) return null;
  return <p className="text-sm text-red-700">{messages.join(' ')}</p>;
}

const OP_SIGN: Record<CheckOp, string> = { lte: '≤', lt: '<', gte: '≥', gt: '>', eq: '=' };

/** One check: "This answer ≤ [Q04]" or "Required if [Q06] is [Yes]", with its remove button. */
function CheckRow({
  i,
  check,
  others,
  errors,
  onChange,
  onRemove,
}: {
  i: number;
  check: CheckDraft;
  others: readonly Question[];
  errors: FieldErrors;
  onChange: (next: CheckDraft) => void;
  onRemove: () => void;
}) {
  const id = `question-checks-${i}`;
  const candidates = check.kind === 'compare' ? others.filter((q) => NUMERIC.includes(q.answer_type)) : others;
  const other = others.find((q) => q.code === check.other);
  const messages = [
    ...(errors[`checks.${i}.other`] ?? []),
    ...(errors[`checks.${i}.equals`] ?? []),
    ...(errors[`checks.${i}.op`] ?? []),
    ...(errors[`checks.${i}`] ?? []),
  ];
  const otherSelect = (
    <select
      id={`${id}-other`}
      aria-label={m('qf.checkOther')}
      className={`${ui.input} w-auto`}
      value={check.other}
      onChange={(event) =>
        onChange({ ...check, other: event.target.value, equals: check.kind === 'compare' ? '' : 'true' })
      }
    >
      {!other && <option value={check.other}>{check.other}</option>}
      {candidates.map((q) => (
        <option key={q.uuid} value={q.code}>
          {q.code} — {q.text.length > 60 ? `${q.text.slice(0, 60)}…` : q.text}
        </option>
      ))}
    </select>
  );
  return (
    <li
      className="rounded-md border border-slate-200 p-3"
      aria-describedby={messages.length ? `${id}-error` : undefined}
    >
      <div className="flex flex-wrap items-center gap-2 text-sm text-slate-800">
        {check.kind === 'compare' ? (
          <>
            <span>{m('qf.checkThis')}</span>
            <select
              id={`${id}-op`}
              aria-label={m('qf.checkOp')}
              className={`${ui.input} w-auto`}
              value={check.op}
              onChange={(event) => onChange({ ...check, op: event.target.value as CheckOp })}
            >
              {CHECK_OPS.map((op) => (
                <option key={op} value={op}>
                  {OP_SIGN[op]} {m(`qf.op.${op}`)}
                </option>
              ))}
            </select>
            {otherSelect}
          </>
        ) : (
          <>
            <span>{m('qf.checkRequiredIf')}</span>
            {otherSelect}
            <span>{m('qf.checkIs')}</span>
            <EqualsInput id={`${id}-equals`} check={check} other={other} onChange={onChange} />
          </>
        )}
        <button type="button" className={`${ui.secondaryButton} ms-auto`} onClick={onRemove}>
          {m('qf.removeCheck')}
        </button>
      </div>
      {messages.length > 0 && (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
          {messages.join(' ')}
        </p>
      )}
    </li>
  );
}

/** The value that makes the answer expected: Yes/No, one of the other question's choices, or a number. */
function EqualsInput({
  id,
  check,
  other,
  onChange,
}: {
  id: string;
  check: CheckDraft;
  other: Question | undefined;
  onChange: (next: CheckDraft) => void;
}): ReactNode {
  const common = {
    id,
    'aria-label': m('qf.checkEquals'),
    className: `${ui.input} w-auto`,
    value: check.equals,
    onChange: (event: { target: { value: string } }) => onChange({ ...check, equals: event.target.value }),
  };
  if (other?.answer_type === 'yn') {
    return (
      <select {...common}>
        <option value="true">{m('qf.yes')}</option>
        <option value="false">{m('qf.no')}</option>
      </select>
    );
  }
  if (other && other.options.length > 0) {
    return (
      <select {...common}>
        {!other.options.some((o) => o.value === check.equals) && <option value={check.equals}>{check.equals}</option>}
        {other.options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    );
  }
  return <input {...common} inputMode="decimal" autoComplete="off" />;
}
