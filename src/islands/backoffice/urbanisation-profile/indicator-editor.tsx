import { Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';
import { useState, type ReactNode } from 'react';
import {
  INDICATOR_CODE_MAX,
  INDICATOR_LICENCE_MAX,
  INDICATOR_NAME_MAX,
  INDICATOR_SDG_MAX,
  INDICATOR_SERIES_MAX,
  INDICATOR_SOURCE_MAX,
  INDICATOR_UNIT_MAX,
} from '../../../lib/urbanisation-profile/indicator-schema.ts';
import { INDICATOR_TYPES, type Indicator } from '../../../lib/urbanisation-profile/schema.ts';
import { invalidProps, type FieldErrors } from '../lib/field-errors.ts';
import { Field } from '../ui/field.tsx';
import { Options } from '../ui/filters.tsx';
import { FieldError } from '../ui/states.tsx';
import { ui } from '../ui/styles.ts';
import { bodyOf, draftOf, type IndicatorDraft } from './indicator-draft.ts';
import type { IndicatorStore } from './indicator-store.ts';
import { INDICATOR_TYPE_LABELS } from './indicator-table.tsx';
import { HintedInput } from './hinted-input.tsx';
import { m } from './messages.ts';
import { ProgressFields } from './progress-fields.tsx';
import { StaleNotice } from './stale-notice.tsx';

type TextField = Exclude<keyof IndicatorDraft, 'answer_type' | 'progress_direction' | 'progress_target'>;

/**
 * Adds an indicator to a theme, or changes one (`indicator`): a dialog, so the keyboard stays
 * inside it until it is saved or cancelled. A change someone else saved meanwhile is shown with
 * the two ways on.
 */
export function IndicatorEditor({
  slug,
  store,
  indicator,
  onClose,
}: {
  slug: string;
  store: IndicatorStore;
  indicator: Indicator | null;
  onClose: (saved: Indicator | null) => void;
}) {
  const [draft, setDraft] = useState<IndicatorDraft>(() => draftOf(indicator));
  /** The indicator the form saves on top of: as opened, or after a conflict, theirs. */
  const [base, setBase] = useState<Indicator | null>(indicator);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [conflict, setConflict] = useState<Indicator | null>(null);
  const [busy, setBusy] = useState(false);
  const editing = indicator !== null;

  async function save() {
    const { body, errors: typed } = bodyOf(draft, { category: slug, version: base?.version ?? null });
    setErrors(typed ?? {});
    if (!body) return;
    setBusy(true);
    const outcome = await store.save(body, base);
    setBusy(false);
    if (outcome.kind === 'saved') onClose(outcome.saved);
    else if (outcome.kind === 'invalid') setErrors(outcome.errors);
    else if (outcome.kind === 'conflict') setConflict(outcome.theirs);
  }

  return (
    <Dialog
      open
      onClose={() => onClose(null)}
      className="fixed inset-0 z-50 flex items-start justify-center overflow-y-auto p-4 sm:items-center"
    >
      <DialogBackdrop className="fixed inset-0 bg-slate-900/40" />
      <DialogPanel className="relative my-8 w-full max-w-2xl rounded-lg bg-white p-6 shadow-xl">
        <DialogTitle className="text-lg font-semibold text-slate-900">
          {editing ? m('editor.editTitle', { code: indicator.code }) : m('editor.addTitle')}
        </DialogTitle>
        {conflict && (
          <StaleNotice
            className="mt-4"
            updatedAt={conflict.updated_at}
            of="editor"
            onKeepMine={() => {
              setBase(conflict);
              setConflict(null);
            }}
            onLoadTheirs={() => {
              setDraft(draftOf(conflict));
              setBase(conflict);
              setConflict(null);
            }}
          />
        )}
        <form
          className="mt-4 space-y-4"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void save();
          }}
        >
          <IndicatorFields indicator={indicator} draft={draft} setDraft={setDraft} errors={errors} />
          <FieldError id="indicator-form-error" messages={errors['_'] ?? errors['category'] ?? errors['version']} />
          <div className="flex flex-wrap justify-end gap-3 pt-2">
            <button type="button" className={ui.secondaryButton} onClick={() => onClose(null)}>
              {m('editor.cancel')}
            </button>
            <button type="submit" className={ui.primaryButton} disabled={busy}>
              {busy ? m('editor.saving') : editing ? m('editor.save') : m('editor.addButton')}
            </button>
          </div>
        </form>
      </DialogPanel>
    </Dialog>
  );
}

/**
 * The indicator's code (new ones only), name, kind, unit, decimals, expected range, source,
 * references and how its progress towards 2030 is scored.
 */
function IndicatorFields({
  indicator,
  draft,
  setDraft,
  errors,
}: {
  indicator: Indicator | null;
  draft: IndicatorDraft;
  setDraft: (draft: IndicatorDraft) => void;
  errors: FieldErrors;
}) {
  const editing = indicator !== null;
  const field = (
    name: TextField,
    label: string,
    max: number,
    options: { hint?: string; required?: boolean; inputMode?: 'decimal' | 'numeric'; className?: string } = {},
  ): ReactNode => {
    return (
      <HintedInput
        id={`indicator-${name.replace(/_/g, '-')}`}
        className={options.className}
        label={
          <>
            {label}
            {options.required && <span className="text-slate-600">{m('editor.required')}</span>}
          </>
        }
        hint={options.hint}
        messages={errors[name]}
        input={{
          value: draft[name],
          maxLength: max,
          inputMode: options.inputMode,
          onChange: (event) => setDraft({ ...draft, [name]: event.target.value }),
        }}
      />
    );
  };

  return (
    <>
      {editing ? (
        <p className="text-sm text-slate-700">
          {m('editor.code')} <span className="font-mono font-semibold">{indicator.code}</span>
          {m('editor.codeFixed')}
        </p>
      ) : (
        field('code', m('editor.code'), INDICATOR_CODE_MAX, { required: true, hint: m('editor.codeHint') })
      )}
      {field('name', m('editor.name'), INDICATOR_NAME_MAX, { required: true })}
      <div className="grid gap-4 sm:grid-cols-3">
        <Field id="indicator-answer-type" label={m('editor.kind')} messages={errors['answer_type']}>
          <select
            id="indicator-answer-type"
            className={`${ui.input} mt-1`}
            value={draft.answer_type}
            {...invalidProps(errors, 'answer_type', 'indicator-answer-type-error')}
            onChange={(event) =>
              setDraft({ ...draft, answer_type: event.target.value as IndicatorDraft['answer_type'] })
            }
          >
            <Options options={INDICATOR_TYPES.map((type) => ({ value: type, label: INDICATOR_TYPE_LABELS[type] }))} />
          </select>
        </Field>
        {field('unit', m('editor.unit'), INDICATOR_UNIT_MAX, { hint: m('editor.unitHint') })}
        {field('decimals', m('editor.decimals'), 1, { inputMode: 'numeric', hint: m('editor.decimalsHint') })}
      </div>
      <fieldset>
        <legend className={ui.label}>{m('editor.range')}</legend>
        <p className="text-xs text-slate-600">{m('editor.rangeHelp')}</p>
        <div className="mt-1 grid gap-4 sm:grid-cols-2">
          {field('expected_min', m('editor.min'), 24, { inputMode: 'decimal' })}
          {field('expected_max', m('editor.max'), 24, { inputMode: 'decimal' })}
        </div>
      </fieldset>
      {field('source', m('editor.source'), INDICATOR_SOURCE_MAX, { required: true, hint: m('editor.sourceHint') })}
      <div className="grid gap-4 sm:grid-cols-3">
        {field('source_series', m('editor.series'), INDICATOR_SERIES_MAX, { hint: m('editor.seriesHint') })}
        {field('sdg_ref', m('editor.sdg'), INDICATOR_SDG_MAX, { hint: m('editor.sdgHint') })}
        {field('licence', m('editor.licence'), INDICATOR_LICENCE_MAX, { hint: m('editor.licenceHint') })}
      </div>
      <ProgressFields draft={draft} setDraft={setDraft} errors={errors} />
    </>
  );
}
