import { useStore } from '@nanostores/react';
import { atom } from 'nanostores';
import { useEffect, useState, type FormEvent } from 'react';
import { canActInCountry, hasModuleRule, isAdminLevel } from '../../../lib/access/permissions.ts';
import { sectionState } from '../../../lib/best-practices/completeness.ts';
import { PRACTICE_TITLE_MAX, type BestPractice } from '../../../lib/best-practices/schema.ts';
import { canEditContent, canResolveComments } from '../../../lib/best-practices/workflow.ts';
import type { Whoami } from '../../../lib/identity/schema.ts';
import { useLeaveGuard } from '../lib/leave-guard.ts';
import { ApiError } from '../lib/api.ts';
import { pathTo } from '../router.ts';
import type { ScreenProps } from '../screen-props.ts';
import { LeaveDialog } from '../ui/confirm-dialog.tsx';
import { formatDate } from '../ui/format.ts';
import { Icon } from '../ui/icons.tsx';
import { PageHeading } from '../ui/page-heading.tsx';
import { EmptyState, ErrorState, Skeleton } from '../ui/states.tsx';
import { Field } from '../ui/field.tsx';
import { ui } from '../ui/styles.ts';
import { SectionNav } from './section-nav.tsx';
import { MediaSection } from './media-section.tsx';
import { contentOf } from './practice-draft.ts';
import {
  $dirty,
  $formTarget,
  $practiceForm,
  $shownPractice,
  acceptSectionsSaved,
  closePractice,
  createPractice,
  openPractice,
  resolveConflict,
  saveDraft,
} from './practice-form-store.ts';
import { $sectionsForm, closeSections, narrativeOnScreen, openSections } from './sections-form.ts';
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
import { countryName } from '../../i18n/countries.ts';
import { STATUS_LABELS } from './labels.ts';
import { m } from './messages.ts';

/** What the person looking at the practice can do next, by status and by who they are. */
const NEXT_STEP: Record<BestPractice['status'], Record<'author' | 'reviewer', string>> = {
  draft: { author: m('next.draft.author'), reviewer: m('next.draft.reviewer') },
  submitted: { author: m('next.submitted.author'), reviewer: m('next.submitted.reviewer') },
  changes_requested: { author: m('next.changes_requested.author'), reviewer: m('next.changes_requested.reviewer') },
  published: { author: m('next.published.author'), reviewer: m('next.published.reviewer') },
  rejected: { author: m('next.rejected'), reviewer: m('next.rejected') },
  archived: { author: m('next.archived'), reviewer: m('next.archived') },
};

/** The same while a published practice is revised: its public copy is what visitors see. */
const NEXT_STEP_REVISED: Partial<Record<BestPractice['status'], Record<'author' | 'reviewer', string>>> = {
  draft: { author: m('nextRevised.draft.author'), reviewer: m('nextRevised.draft.reviewer') },
  submitted: { author: m('nextRevised.submitted.author'), reviewer: m('nextRevised.submitted.reviewer') },
  changes_requested: {
    author: m('nextRevised.changes_requested.author'),
    reviewer: m('next.changes_requested.reviewer'),
  },
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
    if (shown.data?.data && shown.data.data.uuid === uuid) {
      openPractice(shown.data.data, identity.uuid);
      // The narrative sections on the data-entry kit: made once per person and practice.
      openSections(shown.data.data, identity.uuid, null, acceptSectionsSaved);
    }
  }, [shown.data, uuid, identity.uuid]);
  useEffect(
    () =>
      uuid
        ? () => {
            closePractice(uuid);
            closeSections();
          }
        : undefined,
    [uuid],
  );

  return (
    <>
      <p className="mb-2">
        <a
          href={pathTo('bestPractices')}
          className="inline-flex items-center gap-1 text-sm font-medium text-brand-600 hover:text-brand-800"
        >
          <Icon name="chevronLeft" className="size-4" />
          {m('form.back')}
        </a>
      </p>
      {!uuid ? (
        <StartPractice identity={identity} />
      ) : shown.error instanceof ApiError && shown.error.status === 404 ? (
        <EmptyState title={m('form.notFound')}>
          {m('form.notFoundText')}{' '}
          <a href={pathTo('bestPractices')} className={ui.link}>
            {m('form.back')}
          </a>
        </EmptyState>
      ) : shown.error !== undefined && !shown.data ? (
        <ErrorState
          error={shown.error}
          title={m('form.loadFailed')}
          onRetry={
            shown.error instanceof ApiError && shown.error.status === 403
              ? undefined
              : () => $shownPractice.invalidate()
          }
        />
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
    if (!title.trim()) return setErrors({ title: [m('form.required')] });
    setBusy(true);
    setErrors((await createPractice(title.trim(), country)) ?? {});
    setBusy(false);
  };
  return (
    <>
      <PageHeading description={m('form.startHint')}>{m('form.newTitle')}</PageHeading>
      <form noValidate onSubmit={(e) => void submit(e)} className={`${ui.card} max-w-2xl space-y-5`}>
        <Field id="bp-new-title" label={m('form.title')} messages={errors['title']}>
          <input
            dir="auto"
            id="bp-new-title"
            className={`${ui.input} mt-1`}
            value={title}
            maxLength={PRACTICE_TITLE_MAX}
            onChange={(e) => setTitle(e.target.value)}
            aria-invalid={errors['title'] ? true : undefined}
            aria-describedby={errors['title'] ? 'bp-new-title-error' : undefined}
          />
        </Field>
        <Field id="bp-new-country" label={m('form.country')} messages={errors['country_code']}>
          {admin ? (
            <select
              id="bp-new-country"
              className={`${ui.input} mt-1`}
              value={country}
              onChange={(e) => setCountry(e.target.value)}
            >
              {(countries.data?.data ?? []).map((c) => (
                <option key={c.code} value={c.code}>
                  {countryName(c.code, c.name)}
                </option>
              ))}
            </select>
          ) : (
            <p
              id="bp-new-country"
              className="mt-1 rounded-md border border-slate-200 bg-slate-50 px-3 py-2 text-sm text-slate-800"
            >
              {identity.country && countryName(identity.country.code, identity.country.name)}
            </p>
          )}
        </Field>
        <button type="submit" className={ui.primaryButton} disabled={busy}>
          {busy ? m('form.creating') : m('form.create')}
        </button>
      </form>
    </>
  );
}

/** What the save indicator says while changes wait in the browser. */
const KEPT_TEXT = {
  offline: m('save.offline'),
  signedOut: m('save.signedOut'),
} as const;

const QUIET_BAR = atom({ tone: 'quiet' as string, message: '' });
const NO_RAW = atom<Record<string, { value: unknown }>>({});
const NO_FIELDS = atom<Record<string, { kind: string }>>({});
const ONLINE = atom<string>('online');

/** What the record's save says, or the data-entry kit's save bar while sections wait, travel or need the person. */
function SaveIndicator() {
  const { save, failure } = useStore($practiceForm);
  const dirty = useStore($dirty);
  const sections = useStore($sectionsForm);
  const bar = useStore(sections?.$saveBar ?? QUIET_BAR);
  const fields = useStore(sections?.$fields ?? NO_FIELDS);
  // A section saved in this visit counts as a save, as the record's does.
  const saved = save === 'saved' || Object.values(fields).some((f) => f.kind === 'saved' || f.kind === 'warning');
  const recordQuiet = save === 'idle' || save === 'saved';
  const kit = recordQuiet && bar.tone !== 'quiet';
  const connection = useStore(sections?.$connection ?? ONLINE);
  // Sections waiting offline (or signed out) are said as the record's changes are.
  const text = kit
    ? bar.tone === 'waiting'
      ? KEPT_TEXT[connection === 'offline' ? 'offline' : 'signedOut']
      : bar.message
    : save === 'saving'
      ? m('save.saving')
      : save === 'invalid'
        ? m('save.invalid')
        : save === 'failed'
          ? m('save.failed', { reason: failure ?? '' })
          : save === 'conflict'
            ? m('save.conflict')
            : save === 'kept'
              ? KEPT_TEXT[failure === 'offline' ? 'offline' : 'signedOut']
              : dirty
                ? m('save.unsaved')
                : saved
                  ? m('save.allSaved')
                  : m('save.saved');
  const tone = kit
    ? bar.tone === 'problem'
      ? 'text-red-700'
      : bar.tone === 'waiting'
        ? 'text-amber-800'
        : 'text-slate-600'
    : save === 'invalid' || save === 'failed' || save === 'conflict'
      ? 'text-red-700'
      : save === 'kept'
        ? 'text-amber-800'
        : 'text-slate-600';
  return (
    <span role="status" className={`inline-flex items-center gap-1 text-sm ${tone}`}>
      {!dirty && !kit && recordQuiet && <Icon name="check" className="size-4 text-emerald-700" />}
      {text}
    </span>
  );
}

function PracticeEditor({ identity }: { identity: Whoami }) {
  const form = useStore($practiceForm);
  const dirty = useStore($dirty);
  const ref = useStore($practiceRef);
  const sections = useStore($sectionsForm);
  const raw = useStore(sections?.$raw ?? NO_RAW);
  const guard = useLeaveGuard(dirty && form.save !== 'saving');
  const { practice } = form;
  const writer = !!practice && canWrite(identity, practice);
  const reviewer = isAdminLevel(identity);
  const actor = reviewer ? 'reviewer' : 'author';
  const editable = !!practice && writer && canEditContent(practice.status, actor) && !form.conflict;
  // The kit takes no text while the practice cannot be edited (its drafts wait in the browser).
  useEffect(() => sections?.setLocked(editable ? null : m('form.sectionsLocked')), [sections, editable]);
  // The narrative as the kit's inputs show it: the sections filled and the submit check count it.
  const draft = form.draft && sections ? { ...form.draft, narrative: narrativeOnScreen(raw) } : form.draft;
  if (!practice || !draft) return <Skeleton rows={8} label={m('form.loading')} />;

  const filled = sectionState(contentOf(draft));
  const canResolve = writer && canResolveComments(practice.status, actor);
  const props: SectionsProps = {
    draft,
    filled,
    reviewer,
    editable,
    canResolve,
    reference: ref.data?.data,
    countryName: countryName(practice.country.code, practice.country.name),
  };

  return (
    <>
      <PageHeading
        description={
          <span className="inline-flex flex-wrap items-center gap-x-3 gap-y-1">
            <StatusChip status={practice.status} labels={STATUS_LABELS} tones={PRACTICE_TONES} />
            <span>
              {countryName(practice.country.code, practice.country.name)}
              {practice.city && (
                <>
                  , <bdi>{practice.city}</bdi>
                </>
              )}
            </span>
            {practice.featured && <span className="font-medium text-brand-700">{m('form.featured')}</span>}
            {editable && <SaveIndicator />}
          </span>
        }
      >
        <span dir="auto">{practice.title}</span>
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
              {
                ((practice.public_copy_kept_at && NEXT_STEP_REVISED[practice.status]) || NEXT_STEP[practice.status])[
                  actor
                ]
              }
            </h2>
            <div className="mt-3">
              <WorkflowActions
                practice={practice}
                draft={draft}
                actor={actor}
                canWrite={writer}
                isAuthor={practice.created_by?.id === identity.id}
              />
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
            {sections &&
              NARRATIVE_KEYS.map((key) => <NarrativeSection key={key} {...props} section={key} sections={sections} />)}
            <MediaSection {...props} />
            <ContactSection {...props} />
          </div>
          <Timeline practice={practice} />
        </div>
      </div>

      <LeaveDialog guard={guard} title={m('form.leaveTitle')} confirmLabel={m('form.leaveConfirm')}>
        <p>{m('form.leaveText')}</p>
      </LeaveDialog>
    </>
  );
}

function ConflictBanner({ theirs }: { theirs: BestPractice }) {
  const by = [...theirs.timeline].reverse()[0]?.actor_name;
  return (
    <div role="alert" className="mb-6 rounded-lg border border-red-200 bg-red-50 p-4 text-red-900">
      <p className="font-semibold">{m('conflict.title')}</p>
      <p className="mt-1 text-sm">
        {by
          ? m('conflict.textBy', { name: by, date: formatDate(theirs.updated_at) })
          : m('conflict.text', { date: formatDate(theirs.updated_at) })}
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        <button type="button" className={ui.secondaryButton} onClick={() => void resolveConflict('reload')}>
          {m('conflict.load')}
        </button>
        <button type="button" className={ui.primaryButton} onClick={() => void resolveConflict('keep')}>
          {m('conflict.keep')}
        </button>
      </div>
    </div>
  );
}
