import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
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
import { CYCLE_STATUS_LABELS } from '../../../lib/national-reports/workflow.ts';
import { fieldErrorsOf, invalidProps, serverFieldErrors, type FieldErrors } from '../lib/field-errors.ts';
import { useLeaveGuard } from '../lib/leave-guard.ts';
import { ConfirmDialog } from '../ui/confirm-dialog.tsx';
import { ConflictActions, ConflictNotice } from '../ui/conflict-notice.tsx';
import { formatDate } from '../ui/format.ts';
import { ErrorState, FieldError } from '../ui/states.tsx';
import { ui } from '../ui/styles.ts';
import { $adminCycles, $cycleConflict, $saveCycle, closeCycleForm, openCycleForm, questionnaireHref } from './questionnaire-store.ts';

const CYCLE_STATUS_HINTS: Record<CycleStatus, string> = {
  draft: 'Being prepared: countries do not see it yet.',
  open: 'Countries answer and submit their reports. Opening it gives every active country a report.',
  closed: 'Reporting is over: countries can no longer change their answers once they lock.',
  archived: 'Kept for the record.',
};

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

const numberOrText = (value: string): number | string => (value.trim() !== '' && Number.isFinite(Number(value)) ? Number(value) : value);

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
    reminder_days: draft.reminder_days.split(/[\s,;]+/).filter((day) => day !== '').map(numberOrText) as number[],
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

const FIELDS = ['year', 'opens_at', 'closes_at', 'status', 'expiry_days', 'timely_days', 'reminder_days', 'guideline_version'] as const;

/** What changing a cycle's status does, said before it is saved. */
function statusChangeText(from: CycleStatus | null, to: CycleStatus, year: string): string | null {
  if (from === to || (from === null && to === 'draft')) return null;
  if (to === 'open') return `Countries will see the ${year} cycle and can answer its questionnaire. Every active country that has no ${year} report gets one.`;
  if (to === 'closed') return `Reporting for ${year} ends. Countries can no longer change their answers once the answers lock.`;
  if (to === 'archived') return `The ${year} cycle is kept for the record only.`;
  return `Countries will no longer see the ${year} cycle as open.`;
}

type Props = { cycle: CycleListItem | null; years: readonly number[] };

/** Adds a reporting cycle or edits one; asks before a change of status that countries will notice. */
export function CycleForm({ cycle, years }: Props) {
  const { save, draft, set, errors, theirs, refusal, dirty, guard, heading, confirming, setConfirming, send, submit, reloadTheirs } = useCycleForm({ cycle, years });
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    submit(theirs ?? cycle);
  };

  return (
    <form noValidate onSubmit={onSubmit} className={`${ui.card} max-w-3xl space-y-5`} aria-busy={save.loading} aria-labelledby="cycle-form-title">
      <div>
        <h2 id="cycle-form-title" ref={heading} tabIndex={-1} className="text-lg font-semibold text-slate-900 outline-none">
          {cycle ? `Edit the ${cycle.year} reporting cycle` : 'New reporting cycle'}
        </h2>
        <p className="mt-1 text-sm text-slate-600">The dates are shown to countries with their report; the deadline is the closing date.</p>
      </div>
      {theirs && (
        <ConflictNotice
          title={`The ${theirs.year} cycle was changed while you were editing`}
          record={{ updated_at: null, updated_by: null }}
          what={`the ${theirs.year} cycle`}
          actions={<ConflictActions saving={save.loading} onReload={() => reloadTheirs(theirs)} onKeepMine={() => submit(theirs)} />}
        >
          <p className="mt-1 text-sm text-slate-700">
            It now opens on {formatDate(theirs.opens_at)}, closes on {formatDate(theirs.closes_at)} and is {CYCLE_STATUS_LABELS[theirs.status].toLowerCase()}. Your changes are still in
            the form and have not been saved.
          </p>
        </ConflictNotice>
      )}
      {refusal && <ErrorState error={refusal} title="The cycle was not saved" />}
      <CycleFields cycle={cycle} draft={draft} set={set} errors={errors} />

      <div className="flex flex-wrap items-center gap-3 border-t border-slate-200 pt-5">
        <button type="submit" className={ui.primaryButton} disabled={save.loading}>
          {save.loading ? 'Saving…' : cycle ? 'Save changes' : 'Create the cycle'}
        </button>
        <a href={questionnaireHref({ tab: 'cycles' })} className={ui.secondaryButton}>
          {dirty ? 'Cancel' : 'Back to the cycles'}
        </a>
        {dirty && <span className="text-sm text-slate-600">Unsaved changes</span>}
      </div>

      <ConfirmDialog
        open={confirming !== null}
        title={`Make the ${draft.year} cycle ${CYCLE_STATUS_LABELS[draft.status].toLowerCase()}?`}
        confirmLabel={cycle ? 'Save the cycle' : 'Create the cycle'}
        tone="primary"
        onConfirm={() => {
          const base = confirming?.base ?? null;
          setConfirming(null);
          void send(base);
        }}
        onCancel={() => setConfirming(null)}
      >
        <p>{confirming?.text}</p>
      </ConfirmDialog>
      <ConfirmDialog open={guard.pending !== null} title="Leave without saving?" confirmLabel="Leave and discard" onConfirm={() => guard.leave(() => {})} onCancel={guard.stay}>
        <p>Your changes to this cycle have not been saved. They will be lost.</p>
      </ConfirmDialog>
    </form>
  );
}

/** The form's state: the draft against its baseline, errors, a conflict, the status question and the save. */
function useCycleForm({ cycle, years }: Props) {
  const save = useStore($saveCycle);
  const conflict = useStore($cycleConflict);
  const [initial, setInitial] = useState(() => draftOfCycle(cycle));
  const [draft, setDraft] = useState(initial);
  const [clientErrors, setClientErrors] = useState<FieldErrors>({});
  const [confirming, setConfirming] = useState<{ base: Cycle | null; text: string } | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const year = cycle?.year ?? null;
  useEffect(() => {
    openCycleForm(year === null ? 'add-cycle' : `edit-cycle-${year}`);
    heading.current?.focus();
  }, [year]);

  const dirty = JSON.stringify(initial) !== JSON.stringify(draft) && !save.loading;
  const guard = useLeaveGuard(dirty);
  const errors = foldDayErrors({ ...serverFieldErrors(save.error), ...clientErrors });
  const theirs = conflict && conflict.year === cycle?.year ? conflict : null;
  const refusal = save.error && !theirs && Object.keys(serverFieldErrors(save.error)).length === 0 ? save.error : null;
  const set = <K extends keyof CycleDraft>(key: K, value: CycleDraft[K]) => setDraft((current) => ({ ...current, [key]: value }));

  const send = async (base: Cycle | null) => {
    try {
      const saved = await $saveCycle.mutate({ body: bodyOfCycle(draft, base), isNew: cycle === null });
      if (!saved) return;
      setInitial(draft);
      closeCycleForm(saved);
    } catch {
      // The store keeps the error (and a conflict): the form shows them.
    }
  };

  const submit = (base: Cycle | null) => {
    const checked = CycleSaveBodySchema.safeParse(bodyOfCycle(draft, base));
    const found: FieldErrors = checked.success ? {} : foldDayErrors(fieldErrorsOf(checked.error.issues));
    if (cycle === null && checked.success && years.includes(checked.data.year)) found['year'] = [`there is already a ${checked.data.year} cycle: edit it instead`];
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
    $cycleConflict.set(null);
    $adminCycles.invalidate();
    const next = draftOfCycle(record);
    setInitial(next);
    setDraft(next);
  };

  return { save, draft, set, errors, theirs, refusal, dirty, guard, heading, confirming, setConfirming, send, submit, reloadTheirs };
}

/** The cycle's year, dates, status, lock and grace days, reminders and guidelines. */
function CycleFields({ cycle, draft, set, errors }: { cycle: CycleListItem | null; draft: CycleDraft; set: <K extends keyof CycleDraft>(key: K, value: CycleDraft[K]) => void; errors: FieldErrors }) {
  // Once countries have their reports, the cycle cannot go back to draft (the server refuses it too).
  const draftClosed = cycle !== null && cycle.status !== 'draft' && Object.values(cycle.counts).some((count) => count > 0);
  const input = (name: Exclude<keyof CycleDraft, 'status'>, label: string, props: Record<string, unknown>, hint?: string) => (
    <div>
      <label htmlFor={`cycle-${name}`} className={ui.label}>
        {label}
      </label>
      <input dir="auto"
        id={`cycle-${name}`}
        className={`${ui.input} mt-1`}
        value={draft[name]}
        autoComplete="off"
        onChange={(event) => set(name, event.target.value)}
        {...props}
        {...invalidProps(errors, name, `cycle-${name}-error`)}
        {...(hint && !errors[name] && { 'aria-describedby': `cycle-${name}-hint` })}
      />
      {hint && (
        <p id={`cycle-${name}-hint`} className="mt-1 text-xs text-slate-600">
          {hint}
        </p>
      )}
      <FieldError id={`cycle-${name}-error`} messages={errors[name]} />
    </div>
  );

  return (
    <>
      <div className="grid gap-4 sm:grid-cols-3">
        {input('year', 'Year', { inputMode: 'numeric', maxLength: 4, readOnly: cycle !== null, 'aria-readonly': cycle !== null || undefined }, cycle ? 'The year of a cycle does not change.' : undefined)}
        {input('opens_at', 'Opens on', { type: 'date' })}
        {input('closes_at', 'Closes on', { type: 'date' })}
      </div>
      <div>
        <label htmlFor="cycle-status" className={ui.label}>
          Status
        </label>
        <select id="cycle-status" className={`${ui.input} mt-1`} value={draft.status} onChange={(event) => set('status', CycleStatusSchema.parse(event.target.value))} aria-describedby="cycle-status-hint" {...invalidProps(errors, 'status', 'cycle-status-error')}>
          {CYCLE_STATUSES.map((status) => (
            <option key={status} value={status} disabled={status === 'draft' && draftClosed}>
              {CYCLE_STATUS_LABELS[status]}
            </option>
          ))}
        </select>
        <p id="cycle-status-hint" className="mt-1 text-xs text-slate-600">
          {CYCLE_STATUS_HINTS[draft.status]}
          {draftClosed && ' It cannot go back to draft: countries already have their reports.'}
        </p>
        <FieldError id="cycle-status-error" messages={errors['status']} />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        {input('expiry_days', 'Days until answers lock', { inputMode: 'numeric' }, 'After the closing date, countries may still correct their answers for this many days.')}
        {input('timely_days', 'Days of grace for an on-time report', { inputMode: 'numeric' }, 'A report submitted within this many days after closing counts as on time.')}
      </div>
      {input(
        'reminder_days',
        'Reminders, in days before the closing date',
        { placeholder: '14, 7, 1' },
        'The focal points and country administrators of reports not yet submitted are reminded on these days, and once the day after the closing date. Separate the days with commas.',
      )}
      {input('guideline_version', 'Reporting guidelines (optional)', { maxLength: GUIDELINE_VERSION_MAX, placeholder: 'Guidelines for reporting on the NUA (2025)' }, 'The edition of the guidelines countries follow in this cycle.')}
    </>
  );
}
