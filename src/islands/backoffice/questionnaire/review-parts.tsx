import { useStore } from '@nanostores/react';
import { useState, type ChangeEvent } from 'react';
import type { FormQuestion } from '../../../lib/questionnaires/schema.ts';
import { ui } from '../ui/styles.ts';
import type { AnswerErrors } from './autosave-queue.ts';
import type { QuestionnaireForm } from './form-store.ts';
import { m } from './messages.ts';
import { ErrorLine } from './question-parts.tsx';
import { errorText, type RawAnswer } from './raw-answer.ts';
import { flagText } from './review-flags.ts';
import { FIELD_ATTR } from './value-input.tsx';

/**
 * Beside an answer: what the review rules flag in it as the person types (decision 078), and the field that explains
 * why it stands. An explanation already written stays in view when the flag is gone (it is still the answer's).
 */
export function ReviewNotes({
  form,
  question,
  raw,
  errors,
  base,
  locked,
}: {
  form: QuestionnaireForm;
  question: FormQuestion;
  raw: RawAnswer;
  errors: AnswerErrors;
  base: string;
  locked: boolean;
}) {
  const flags = useStore(form.$flags)[question.uuid] ?? [];
  const [open, setOpen] = useState(false);
  const explanation = raw.explanation ?? '';
  if (flags.length === 0 && !explanation) return null;
  const showField = open || explanation !== '' || flags.length > 0;
  return (
    <div className="mt-3 rounded-md border border-amber-300 bg-amber-50 p-3" data-review-flags={question.code}>
      {flags.length > 0 && (
        <div role="status" aria-live="polite">
          <p className="text-sm font-semibold text-amber-900">{m('review.heading')}</p>
          <ul className="mt-1 list-disc space-y-0.5 ps-5 text-sm text-amber-900">
            {flags.map((flag, i) => (
              <li key={`${flag.rule}-${i}`} dir="auto">
                {flagText(flag)}
              </li>
            ))}
          </ul>
        </div>
      )}
      {showField ? (
        <div className="mt-2">
          <label htmlFor={`${base}-explanation`} className={ui.label}>
            {m('review.explanation')}
          </label>
          <p id={`${base}-explanation-help`} className="text-xs text-slate-700">
            {m('review.explanationHelp')}
          </p>
          <textarea
            {...FIELD_ATTR}
            dir="auto"
            id={`${base}-explanation`}
            rows={2}
            value={explanation}
            disabled={locked}
            aria-describedby={`${base}-explanation-help`}
            aria-invalid={Boolean(errors['explanation']) || undefined}
            className={`${ui.input} mt-1`}
            onChange={(event: ChangeEvent<HTMLTextAreaElement>) =>
              form.change(question.uuid, { explanation: event.target.value })
            }
          />
          <ErrorLine
            id={`${base}-explanation-error`}
            text={errorText(errors['explanation'], m('review.explanation'))}
          />
        </div>
      ) : (
        !locked && (
          <button type="button" className="mt-2 text-sm font-medium text-brand-600" onClick={() => setOpen(true)}>
            {m('review.explain')}
          </button>
        )
      )}
    </div>
  );
}
