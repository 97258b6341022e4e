import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import {
  CYCLE_STATUSES,
  CycleSaveBodySchema,
  CycleStatusSchema,
  DEFAULT_REMINDER_DAYS,
  GUIDELINE_VERSION_MAX,
  type Cycle,
  type CycleListItem,
  type CycleSaveBody,
  type CycleStatus,
} from '../../../lib/national-reports/schema.ts';
import { CYCLE_STATUS_TEXT } from './report-format.tsx';
import { fieldErrorsOf, invalidProps, type FieldErrors } from '../lib/field-errors.ts';
import { startingDraft, useKeptDraft } from '../lib/kept-draft.ts';
import { useLeaveGuard } from '../lib/leave-guard.ts';
import { ConfirmDialog } from '../ui/confirm-dialog.tsx';
import { ConflictActions, ConflictNotice } from '../ui/conflict-notice.tsx';
import { formatDate } from '../ui/format.ts';
import { ErrorState } from '../ui/states.tsx';
import { Field } from '../ui/field.tsx';
import { refusalOf } from '../lib/versioned-edit.ts';
import { ui } from '../ui/styles.ts';
import { EditForm } from './edit-form.tsx';
import { localFieldErrors } from './form-errors.ts';
import { m } from './messages.ts';
import { $adminCycles, cycleEdit, closeCycleForm, openCycleForm, questionnaireHref } from './questionnaire-store.ts';

const CYCLE_STATUS_HINTS = {
  draft: 'cycleHint.draft',
  open: 'cycleHint.open',
  closed: 'cycleHint.closed',
  archived: 'cycleHint.archived',
} as const satisfies Record<CycleStatus, string>;

/** Reminder days as typed, the same in every language. */
const REMINDER_EXAMPLE = '14, 7, 1';

interface CycleDraft {
  year: string;
  opens_at: string;
  closes_at: string;
  status: CycleStatus;
  expiry_days: string;
  timely_days: string;
  guideline_version: string;
  /** "14, 7, 1": the days before the closing date that reminders go. */
  reminder_days: string;
}

function draftOfCycle(cycle: Cycle | null): CycleDraft {
  const year = new Date().getUTCFullYear() + 1;
  return {
    year: String(cycle?.year ?? year),
    opens_at: cycle?.opens_at ?? '',
    closes_at: cycle?.closes_at ?? '',
    status: cycle?.status ?? 'draft',
    expiry_days: String(cycle?.expiry_days ?? 30),
    timely_days: String(cycle?.timely_days ?? 0),
    guideline_version: cycle?.guideline_version ?? '',
    reminder_days: (cycle?.reminder_days ?? DEFAULT_REMINDER_DAYS).join(', '),
  };
}

const numberOrText = (value: string): number | string =>
  value.trim() !== '' && Number.isFinite(Number(value)) ? Number(value) : value;

function bodyOfCycle(draft: CycleDraft, base: Cycle | null): CycleSaveBody {
  return {
    ...(base && { version: base.version }),
    year: numberOrText(draft.year) as number,
    opens_at: draft.opens_at,
    closes_at: draft.closes_at,
    status: draft.status,
    expiry_days: numberOrText(draft.expiry_days) as number,
    timely_days: numberOrText(draft.timely_days) as number,
    guideline_version: draft.guideline_version.trim() || null,
    reminder_days: draft.reminder_days
      .split(/[\s,;]+/)
      .filter((day) => day !== '')
      .map(numberOrText) as number[],
  };
}

/** The errors of each day of reminder_days ("reminder_days.0") shown under the one field. */
function foldDayErrors(errors: FieldErrors): FieldErrors {
  const out: FieldErrors = {};
  for (const [field, messages] of Object.entries(errors)) {
    const key = field.startsWith('reminder_days') ? 'reminder_days' : field;
    out[key] = [...(out[key] ?? []), ...(messages ?? [])];
  }
  return out;
}

const FIELDS = [
  'year',
  'opens_at',
  'closes_at',
  'status',
  'expiry_days',
  'timely_days',
  'reminder_days',
  'guideline_version',
] as const;

/** What changing a cycle's status does, said before it is saved. */
function statusChangeText(from: CycleStatus | null, to: CycleStatus, year: string): string | null {
  if (from === to || (from === null && to === 'draft')) return null;
  if (to === 'open') return m('cycleChange.open', { year });
  if (to === 'closed') return m('cycleChange.closed', { year });
  if (to === 'archived') return m('cycleChange.archived', { year });
  return m('cycleChange.draft', { year });
}

type Props = { cycle: CycleListItem | null; years: readonly number[] };

/** Adds a reporting cycle or edits one; asks before a change of status that countries will notice. */
export function CycleForm({ cycle, years }: Props) {
  const form = useCycleForm({ cycle, years });
  const { save, draft, theirs, confirming } = form;

  return (
    <EditForm
      id="cycle-form"
      className="max-w-3xl space-y-5"
      onSubmit={() => form.submit(theirs ?? cycle)}
      headingRef={form.heading}
      title={cycle ? m('cycleForm.editTitle', { year: String(cycle.year) }) : m('cycles.new')}
      hint={m('cycleForm.hint')}
      saving={save.saving}
      dirty={form.dirty}
      submitLabel={cycle ? m('common.saveChanges') : m('cycleForm.create')}
      back={{ href: questionnaireHref({ tab: 'cycles' }), label: m('cycleForm.back') }}
      leave={{ guard: form.guard, onLeave: cycleEdit.clearDraft, body: m('cycleForm.leaveBody') }}
      dialogs={
        <ConfirmDialog
          open={confirming !== null}
          title={m('cycleForm.confirmTitle', {
            year: draft.year,
            status: CYCLE_STATUS_TEXT[draft.status].toLowerCase(),
          })}
          confirmLabel={cycle ? m('cycleForm.save') : m('cycleForm.create')}
          tone="primary"
          onConfirm={() => {
            const base = confirming?.base ?? null;
            form.setConfirming(null);
            void form.send(base);
          }}
          onCancel={() => form.setConfirming(null)}
        >
          <p>{confirming?.text}</p>
        </ConfirmDialog>
      }
    >
      {theirs && (
        <ConflictNotice
          title={m('cycleForm.changedTitle', { year: String(theirs.year) })}
          record={{ updated_at: null, updated_by: null }}
          what={m('cycles.editWhich', { year: String(theirs.year) })}
          actions={
            <ConflictActions
              saving={save.saving}
              onReload={() => form.reloadTheirs(theirs)}
              onKeepMine={() => form.submit(theirs)}
            />
          }
        >
          <p className="mt-1 text-sm text-slate-700">
            {m('cycleForm.changedBody', {
              opens: formatDate(theirs.opens_at),
              closes: formatDate(theirs.closes_at),
              status: CYCLE_STATUS_TEXT[theirs.status].toLowerCase(),
            })}
          </p>
        </ConflictNotice>
      )}
      {form.refusal && <ErrorState error={form.refusal} title={m('cycleForm.notSaved')} />}
      <CycleFields cycle={cycle} draft={draft} set={form.set} errors={form.errors} />
    </EditForm>
  );
}

/** The form's state: the draft against its baseline, errors, a conflict, the status question and the save. */
function useCycleForm({ cycle, years }: Props) {
  const save = useStore(cycleEdit.$state);
  const conflict = save.conflict?.theirs ?? null;
  const [initial, setInitial] = useState(() => draftOfCycle(cycle));
  const [draft, setDraft] = useState(() => startingDraft(cycleEdit, cycle?.version ?? null, initial));
  const [clientErrors, setClientErrors] = useState<FieldErrors>({});
  const [confirming, setConfirming] = useState<{ base: Cycle | null; text: string } | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const year = cycle?.year ?? null;
  useEffect(() => {
    openCycleForm(year === null ? 'add-cycle' : `edit-cycle-${year}`);
    heading.current?.focus();
  }, [year]);

  const dirty = JSON.stringify(initial) !== JSON.stringify(draft) && !save.saving;
  const guard = useLeaveGuard(dirty);
  useKeptDraft(cycleEdit, draft, cycle?.version ?? null, JSON.stringify(initial) !== JSON.stringify(draft));
  const errors = localFieldErrors(foldDayErrors({ ...save.errors, ...clientErrors }));
  const theirs = conflict && conflict.year === cycle?.year ? conflict : null;
  const refusal = refusalOf(save);
  const set = <K extends keyof CycleDraft>(key: K, value: CycleDraft[K]) =>
    setDraft((current) => ({ ...current, [key]: value }));

  const send = async (base: Cycle | null) => {
    // A refusal stays in the store (the error, a conflict): the form shows it.
    const outcome = await cycleEdit.save(bodyOfCycle(draft, base), base);
    if (outcome.kind !== 'saved') return;
    setInitial(draft);
    closeCycleForm(outcome.saved);
  };

  const submit = (base: Cycle | null) => {
    const checked = CycleSaveBodySchema.safeParse(bodyOfCycle(draft, base));
    const found: FieldErrors = checked.success ? {} : foldDayErrors(fieldErrorsOf(checked.error.issues));
    if (cycle === null && checked.success && years.includes(checked.data.year))
      found['year'] = [m('cycleForm.yearTaken', { year: String(checked.data.year) })];
    setClientErrors(found);
    const first = FIELDS.find((field) => found[field]);
    if (first) {
      document.getElementById(`cycle-${first}`)?.focus();
      return;
    }
    const change = statusChangeText(base?.status ?? null, draft.status, draft.year);
    if (change) setConfirming({ base, text: change });
    else void send(base);
  };

  const reloadTheirs = (record: Cycle) => {
    cycleEdit.takeTheirs();
    $adminCycles.invalidate();
    const next = draftOfCycle(record);
    setInitial(next);
    setDraft(next);
  };

  return {
    save,
    draft,
    set,
    errors,
    theirs,
    refusal,
    dirty,
    guard,
    heading,
    confirming,
    setConfirming,
    send,
    submit,
    reloadTheirs,
  };
}

/** The cycle's year, dates, status, lock and grace days, reminders and guidelines. */
function CycleFields({
  cycle,
  draft,
  set,
  errors,
}: {
  cycle: CycleListItem | null;
  draft: CycleDraft;
  set: <K extends keyof CycleDraft>(key: K, value: CycleDraft[K]) => void;
  errors: FieldErrors;
}) {
  // Once countries have their reports, the cycle cannot go back to draft (the server refuses it too).
  const draftClosed =
    cycle !== null && cycle.status !== 'draft' && Object.values(cycle.counts).some((count) => count > 0);
  const input = (
    name: Exclude<keyof CycleDraft, 'status'>,
    label: string,
    props: Record<string, unknown>,
    hint?: string,
  ) => (
    <Field id={`cycle-${name}`} label={label} hint={hint} messages={errors[name]}>
      <input
        dir="auto"
        id={`cycle-${name}`}
        className={`${ui.input} mt-1`}
        value={draft[name]}
        autoComplete="off"
        onChange={(event) => set(name, event.target.value)}
        {...props}
        {...invalidProps(errors, name, `cycle-${name}-error`)}
        {...(hint && !errors[name] && { 'aria-describedby': `cycle-${name}-hint` })}
      />
    </Field>
  );

  return (
    <>
      <div className="grid gap-4 sm:grid-cols-3">
        {input(
          'year',
          m('cycleForm.year'),
          {
            inputMode: 'numeric',
            maxLength: 4,
            readOnly: cycle !== null,
            'aria-readonly': cycle !== null || undefined,
          },
          cycle ? m('cycleForm.yearHint') : undefined,
        )}
        {input('opens_at', m('cycleForm.opensOn'), { type: 'date' })}
        {input('closes_at', m('cycleForm.closesOn'), { type: 'date' })}
      </div>
      <Field
        id="cycle-status"
        label={m('list.status')}
        hint={
          <>
            {m(CYCLE_STATUS_HINTS[draft.status])}
            {draftClosed && ` ${m('cycleForm.noDraft')}`}
          </>
        }
        messages={errors['status']}
      >
        <select
          id="cycle-status"
          className={`${ui.input} mt-1`}
          value={draft.status}
          onChange={(event) => set('status', CycleStatusSchema.parse(event.target.value))}
          aria-describedby="cycle-status-hint"
          {...invalidProps(errors, 'status', 'cycle-status-error')}
        >
          {CYCLE_STATUSES.map((status) => (
            <option key={status} value={status} disabled={status === 'draft' && draftClosed}>
              {CYCLE_STATUS_TEXT[status]}
            </option>
          ))}
        </select>
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        {input('expiry_days', m('cycleForm.expiry'), { inputMode: 'numeric' }, m('cycleForm.expiryHint'))}
        {input('timely_days', m('cycleForm.timely'), { inputMode: 'numeric' }, m('cycleForm.timelyHint'))}
      </div>
      {input(
        'reminder_days',
        m('cycleForm.reminders'),
        { placeholder: REMINDER_EXAMPLE },
        m('cycleForm.remindersHint'),
      )}
      {input(
        'guideline_version',
        m('cycleForm.guidelines'),
        { maxLength: GUIDELINE_VERSION_MAX, placeholder: m('cycleForm.guidelinesPlaceholder') },
        m('cycleForm.guidelinesHint'),
      )}
    </>
  );
}
