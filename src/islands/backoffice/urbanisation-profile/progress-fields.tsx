import { linkFor } from '../../../i18n/locales.ts';
import { PAGE_LOCALE } from '../../i18n/page-locale.ts';
import type { FieldErrors } from '../lib/field-errors.ts';
import { FieldError } from '../ui/states.tsx';
import { ui } from '../ui/styles.ts';
import type { IndicatorDraft } from './indicator-draft.ts';
import { HintedInput } from './hinted-input.tsx';
import { m } from './messages.ts';

/** The public page that explains how a class is decided (decision 072), in the person's language. */
const METHOD_PAGE = '/urbanisation-profile/progress/method';

type Choice<V extends string> = { value: V; label: string; hint?: string };

/**
 * One question of the fieldset as radio buttons: native ones, so arrows move between them and
 * the group is one tab stop; its messages (the form's or the server's) beside it.
 */
function Choices<V extends string>({
  id,
  legend,
  choices,
  value,
  messages,
  onChange,
}: {
  id: string;
  legend: string;
  choices: readonly Choice<V>[];
  value: V;
  messages: readonly string[] | undefined;
  onChange: (value: V) => void;
}) {
  return (
    <fieldset aria-describedby={messages ? `${id}-error` : undefined}>
      <legend className={ui.label}>{legend}</legend>
      <div className="mt-1 space-y-1">
        {choices.map((choice) => (
          <label key={choice.value} className="flex cursor-pointer items-start gap-2 text-sm text-slate-800">
            <input
              type="radio"
              name={id}
              value={choice.value}
              checked={value === choice.value}
              onChange={() => onChange(choice.value)}
              className="mt-1 accent-brand-600"
            />
            <span>
              {choice.label}
              {choice.hint && <span className="block text-xs text-slate-600">{choice.hint}</span>}
            </span>
          </label>
        ))}
      </div>
      <FieldError id={`${id}-error`} messages={messages} />
    </fieldset>
  );
}

/**
 * "Progress towards 2030" (issue 35): which way is better and the target, a fixed value in the
 * indicator's unit or the champion area. The target is asked only of an indicator that is scored.
 */
export function ProgressFields({
  draft,
  setDraft,
  errors,
}: {
  draft: IndicatorDraft;
  setDraft: (draft: IndicatorDraft) => void;
  errors: FieldErrors;
}) {
  const unit = draft.unit.trim();
  return (
    <fieldset className="rounded-md border border-slate-200 p-4">
      <legend className="px-1 text-sm font-semibold text-slate-900">{m('progress.legend')}</legend>
      <p id="indicator-progress-help" className="text-xs text-slate-600">
        {m('progress.help')}{' '}
        <a href={linkFor(PAGE_LOCALE, METHOD_PAGE)} target="_blank" rel="noopener" className={ui.link}>
          {m('progress.methodLink')}
        </a>
      </p>
      <div className="mt-3 grid gap-4 sm:grid-cols-2">
        <Choices
          id="indicator-progress-direction"
          legend={m('progress.direction')}
          value={draft.progress_direction}
          messages={errors['progress.direction'] ?? errors['progress']}
          onChange={(progress_direction) => setDraft({ ...draft, progress_direction })}
          choices={[
            { value: 'higher', label: m('progress.higher') },
            { value: 'lower', label: m('progress.lower') },
            { value: '', label: m('progress.none') },
          ]}
        />
        {draft.progress_direction !== '' && (
          <div className="space-y-3">
            <Choices
              id="indicator-progress-target"
              legend={m('progress.target')}
              value={draft.progress_target}
              messages={errors['progress.target'] ?? errors['progress.target.kind']}
              onChange={(progress_target) => setDraft({ ...draft, progress_target })}
              choices={[
                { value: 'fixed', label: m('progress.fixed'), hint: m('progress.fixedHint') },
                { value: 'champion', label: m('progress.champion'), hint: m('progress.championHint') },
              ]}
            />
            {draft.progress_target === 'fixed' && (
              <HintedInput
                id="indicator-progress-value"
                label={unit ? m('progress.valueIn', { unit }) : m('progress.value')}
                messages={errors['progress.target.value']}
                input={{
                  value: draft.progress_value,
                  maxLength: 24,
                  inputMode: 'decimal',
                  onChange: (event) => setDraft({ ...draft, progress_value: event.target.value }),
                }}
              />
            )}
          </div>
        )}
      </div>
    </fieldset>
  );
}
