import { useStore } from '@nanostores/react';
import { useEffect, useState, type FormEvent } from 'react';
import { canActInCountry, hasModuleRule, isAdminLevel } from '../../../lib/access/permissions.ts';
import { sectionState } from '../../../lib/best-practices/completeness.ts';
import { PRACTICE_TITLE_MAX, type BestPractice } from '../../../lib/best-practices/schema.ts';
import { canEditContent, canResolveComments, PRACTICE_STATUS_LABELS } from '../../../lib/best-practices/workflow.ts';
import type { Whoami } from '../../../lib/identity/schema.ts';
import { useLeaveGuard } from '../lib/leave-guard.ts';
import { ApiError } from '../lib/api.ts';
import { pathTo } from '../router.ts';
import type { ScreenProps } from '../screen-props.ts';
import { ConfirmDialog } from '../ui/confirm-dialog.tsx';
import { formatDate } from '../ui/format.ts';
import { Icon } from '../ui/icons.tsx';
import { PageHeading } from '../ui/page-heading.tsx';
import { EmptyState, ErrorState, FieldError, Skeleton } from '../ui/states.tsx';
import { ui } from '../ui/styles.ts';
import { SectionNav } from './section-nav.tsx';
import { MediaSection } from './media-section.tsx';
import { contentOf } from './practice-draft.ts';
import { $dirty, $formTarget, $practiceForm, $shownPractice, closePractice, createPractice, openPractice, resolveConflict, saveDraft } from './practice-form-store.ts';
import { $countryOptions, $practiceRef } from './practice-list-store.ts';
import { PublicCopyNote, ReadOnlyNote, ReviewersNote, showNoteFor } from './practice-notes.tsx';
import {
  BasicsSection,
  ContactSection,
  NARRATIVE_KEYS,
  NarrativeSection,
  OrganisationsSection,
  PeriodSection,
  SummarySection,
  ThemesSection,
  type SectionsProps,
} from './practice-sections.tsx';
import { CommentSummary, Timeline, WorkflowActions } from './review-panel.tsx';
import { PRACTICE_TONES, StatusChip } from '../ui/status-chip.tsx';

/** What the person looking at the practice can do next, by status and by who they are. */
const NEXT_STEP: Record<BestPractice['status'], Record<'author' | 'reviewer', string>> = {
  draft: { author: 'Write the practice, then submit it for review', reviewer: 'A draft: its authors have not submitted it yet' },
  submitted: { author: 'Submitted: the reviewers are reading it', reviewer: 'Review: comment on sections, then publish, request changes or reject' },
  changes_requested: { author: 'Make the changes asked for, then submit again', reviewer: 'Changes requested: waiting for the authors' },
  published: {
    author: 'Published in the public library. To change it, choose “Revise”',
    reviewer: 'Published in the public library. To change it, choose “Revise”; to take it off, archive it',
  },
  rejected: { author: 'Not accepted for the library', reviewer: 'Not accepted for the library' },
  archived: { author: 'Archived: no longer in the public library', reviewer: 'Archived: no longer in the public library' },
};

/** The same while a published practice is revised: its public copy is what visitors see. */
const NEXT_STEP_REVISED: Partial<Record<BestPractice['status'], Record<'author' | 'reviewer', string>>> = {
  draft: { author: 'Make your changes, then submit the new version for review', reviewer: 'Being revised: its authors have not submitted the new version yet' },
  submitted: { author: 'Submitted: the reviewers are reading the new version', reviewer: 'Review the new version: publish it, request changes, or archive the practice' },
  changes_requested: { author: 'Make the changes asked for, then submit the new version again', reviewer: 'Changes requested: waiting for the authors' },
};

/** Whether the user may write to this practice at all (the workflow decides when). */
export function canWrite(identity: Whoami, practice: BestPractice): boolean {
  if (!canActInCountry(identity, practice.country.code)) return false;
  if (hasModuleRule(identity, 'best-practice', ['update'])) return true;
  return hasModuleRule(identity, 'best-practice', ['create']) && practice.created_by?.id === identity.id;
}

/** /module/best-practice/form/{uuid?}: a new practice, or one to write, review or read. */
export function PracticeFormScreen({ identity }: ScreenProps) {
  const target = useStore($formTarget);
  const shown = useStore($shownPractice);
  const uuid = target?.uuid ?? null;

  useEffect(() => {
    if (shown.data?.data && shown.data.data.uuid === uuid) openPractice(shown.data.data, identity.uuid);
  }, [shown.data, uuid, identity.uuid]);
  useEffect(() => (uuid ? () => closePractice(uuid) : undefined), [uuid]);

  return (
    <>
      <p className="mb-2">
        <a href={pathTo('bestPractices')} className="inline-flex items-center gap-1 text-sm font-medium text-brand-600 hover:text-brand-800">
          <Icon name="chevronLeft" className="size-4" />
          Back to best practices
        </a>
      </p>
      {!uuid ? (
        <StartPractice identity={identity} />
      ) : shown.error instanceof ApiError && shown.error.status === 404 ? (
        <EmptyState title="Practice not found">
          There is nothing at this address; it may have been deleted.{' '}
          <a href={pathTo('bestPractices')} className={ui.link}>
            Back to best practices
          </a>
        </EmptyState>
      ) : shown.error !== undefined && !shown.data ? (
        <ErrorState error={shown.error} title="This practice could not be loaded"
          onRetry={shown.error instanceof ApiError && shown.error.status === 403 ? undefined : () => $shownPractice.invalidate()} />
      ) : (
        <PracticeEditor identity={identity} />
      )}
    </>
  );
}

function StartPractice({ identity }: { identity: Whoami }) {
  const admin = isAdminLevel(identity);
  const countries = useStore($countryOptions);
  const [title, setTitle] = useState('');
  const [country, setCountry] = useState(identity.country_code ?? '');
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!title.trim()) return setErrors({ title: ['is required'] });
    setBusy(true);
    setErrors((await createPractice(title.trim(), country)) ?? {});
    setBusy(false);
  };
  return (
    <>
      <PageHeading description="Start with a title. The rest of the form opens next and saves by itself as you write.">New best practice</PageHeading>
      <form noValidate onSubmit={(e) => void submit(e)} className={`${ui.card} max-w-2xl space-y-5`}>
        <div>
          <label htmlFor="bp-new-title" className={ui.label}>
            Title
          </label>
          <input dir="auto" id="bp-new-title" className={`${ui.input} mt-1`} value={title} maxLength={PRACTICE_TITLE_MAX} onChange={(e) => setTitle(e.target.value)}
            aria-invalid={errors['title'] ? true : undefined} aria-describedby={errors['title'] ? 'bp-new-title-error' : undefined} />
          <FieldError id="bp-new-title-error" messages={errors['title']} />
        </div>
        <div>
          <label htmlFor="bp-new-country" className={ui.label}>
            Country
          </label>
          {admin ? (
            <select id="bp-new-country" className={`${ui.input} mt-1`} value={country} onChange={(e) => setCountry(e.target.value)}>
              {(countries.data?.data ?? []).map((c) => (
                <option key={c.code} value={c.code}>
                  {c.name}
                </option>
              ))}
            </select>
          ) : (
            <p id="bp-new-country" className="mt-1 rounded-md border border-slate-200 bg-slate-50 px-3 py-2 text-sm text-slate-800">
              {identity.country?.name}
            </p>
          )}
          <FieldError id="bp-new-country-error" messages={errors['country_code']} />
        </div>
        <button type="submit" className={ui.primaryButton} disabled={busy}>
          {busy ? 'Creating…' : 'Create draft'}
        </button>
      </form>
    </>
  );
}

/** What the save indicator says while changes wait in the browser. */
const KEPT_TEXT = {
  offline: 'Offline: your changes are kept on this computer and saved when the connection is back',
  signedOut: 'Not saved: your sign-in has expired. Your changes are kept on this computer; sign in again to save them',
} as const;

function SaveIndicator() {
  const { save, failure } = useStore($practiceForm);
  const dirty = useStore($dirty);
  const text =
    save === 'saving' ? 'Saving…' : save === 'invalid' ? 'Not saved: check the fields marked in red' : save === 'failed' ? `Not saved: ${failure ?? ''}` : save === 'conflict' ? 'Not saved: changed by someone else' : save === 'kept' ? KEPT_TEXT[failure === 'offline' ? 'offline' : 'signedOut'] : dirty ? 'Unsaved changes' : save === 'saved' ? 'All changes saved' : 'Saved';
  const tone = save === 'invalid' || save === 'failed' || save === 'conflict' ? 'text-red-700' : save === 'kept' ? 'text-amber-800' : 'text-slate-600';
  return (
    <span role="status" className={`inline-flex items-center gap-1 text-sm ${tone}`}>
      {!dirty && (save === 'saved' || save === 'idle') && <Icon name="check" className="size-4 text-emerald-700" />}
      {text}
    </span>
  );
}

function PracticeEditor({ identity }: { identity: Whoami }) {
  const form = useStore($practiceForm);
  const dirty = useStore($dirty);
  const ref = useStore($practiceRef);
  const guard = useLeaveGuard(dirty && form.save !== 'saving');
  const { practice, draft } = form;
  if (!practice || !draft) return <Skeleton rows={8} label="Loading the practice…" />;

  const reviewer = isAdminLevel(identity);
  const writer = canWrite(identity, practice);
  const actor = reviewer ? 'reviewer' : 'author';
  const editable = writer && canEditContent(practice.status, actor) && !form.conflict;
  const filled = sectionState(contentOf(draft));
  const canResolve = writer && canResolveComments(practice.status, actor);
  const props: SectionsProps = { draft, filled, reviewer, editable, canResolve, reference: ref.data?.data, countryName: practice.country.name };

  return (
    <>
      <PageHeading
        description={
          <span className="inline-flex flex-wrap items-center gap-x-3 gap-y-1">
            <StatusChip status={practice.status} labels={PRACTICE_STATUS_LABELS} tones={PRACTICE_TONES} />
            <span>
              {practice.country.name}
              {practice.city && <>, <bdi>{practice.city}</bdi></>}
            </span>
            {practice.featured && <span className="font-medium text-brand-700">Featured on the home page</span>}
            {editable && <SaveIndicator />}
          </span>
        }
      >
        {practice.title}
      </PageHeading>

      {form.conflict && <ConflictBanner theirs={form.conflict} />}
      {practice.public_copy_kept_at && <PublicCopyNote since={practice.public_copy_kept_at} />}
      {showNoteFor(practice) && <ReviewersNote practice={practice} />}
      {!editable && !form.conflict && <ReadOnlyNote practice={practice} writer={writer} />}

      <div className="grid gap-6 lg:grid-cols-[15rem_minmax(0,1fr)]">
        <SectionNav comments={practice.comments} filled={filled} />

        <div className="min-w-0 space-y-6">
          <section aria-labelledby="bp-next-step" className={ui.card}>
            <h2 id="bp-next-step" className="text-base font-semibold text-slate-900">
              {((practice.public_copy_kept_at && NEXT_STEP_REVISED[practice.status]) || NEXT_STEP[practice.status])[actor]}
            </h2>
            <div className="mt-3">
              <WorkflowActions practice={practice} draft={draft} actor={actor} canWrite={writer} isAuthor={practice.created_by?.id === identity.id} />
            </div>
            <CommentSummary practice={practice} />
          </section>
          {/* Autosave: leaving any field saves what changed, with the version it was based on. */}
          <div className="space-y-6" onBlur={() => dirty && editable && void saveDraft()}>
            <BasicsSection {...props} />
            <OrganisationsSection {...props} />
            <PeriodSection {...props} />
            <ThemesSection {...props} />
            <SummarySection {...props} />
            {NARRATIVE_KEYS.map((key) => (
              <NarrativeSection key={key} {...props} section={key} />
            ))}
            <MediaSection {...props} />
            <ContactSection {...props} />
          </div>
          <Timeline practice={practice} />
        </div>
      </div>

      <ConfirmDialog open={guard.pending !== null} title="Leave with unsaved changes?" confirmLabel="Leave and discard" onConfirm={() => guard.leave(() => {})} onCancel={guard.stay}>
        <p>Some of your latest changes could not be saved. They will be lost.</p>
      </ConfirmDialog>
    </>
  );
}

function ConflictBanner({ theirs }: { theirs: BestPractice }) {
  const by = [...theirs.timeline].reverse()[0]?.actor_name;
  return (
    <div role="alert" className="mb-6 rounded-lg border border-red-200 bg-red-50 p-4 text-red-900">
      <p className="font-semibold">Someone else changed this practice while you were editing it</p>
      <p className="mt-1 text-sm">
        It was saved again{by ? ` (last step by ${by})` : ''} on {formatDate(theirs.updated_at)}. Your latest changes are not saved yet. Load their version, or keep your changes and save them over it.
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        <button type="button" className={ui.secondaryButton} onClick={() => void resolveConflict('reload')}>
          Load their version
        </button>
        <button type="button" className={ui.primaryButton} onClick={() => void resolveConflict('keep')}>
          Keep my changes
        </button>
      </div>
    </div>
  );
}
