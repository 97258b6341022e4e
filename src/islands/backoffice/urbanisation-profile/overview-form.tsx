import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import {
  CategorySchema,
  type Category,
  type CATEGORY_ICONS,
  type CategorySaveBody,
  type KeyFact,
} from '../../../lib/urbanisation-profile/schema.ts';
import { checkImageFile } from '../cms/image-upload.ts';
import { ApiError, errorMessage } from '../lib/api.ts';
import { versionedEdit } from '../lib/versioned-edit.ts';
import { useLeaveGuard } from '../lib/leave-guard.ts';
import { UploadCancelled } from '../lib/xhr-send.ts';
import { notifyError, notifySuccess } from '../notifications/snackbar-store.ts';
import { pathTo } from '../router.ts';
import { LeaveDialog } from '../ui/confirm-dialog.tsx';
import { ui } from '../ui/styles.ts';
import type { HeroChoice } from './hero-field.tsx';
import {
  draftOfCategory as draftOf,
  KeyFactsFieldset,
  OverviewBody,
  ThemeDetailsCard,
  type OverviewDraft as Draft,
} from './overview-fields.tsx';
import { m } from './messages.ts';
import { StaleNotice } from './stale-notice.tsx';
import { saveCategory, uploadHero } from './profile-api.ts';

/**
 * One theme's overview: its name, pictogram, place and publication, its picture, the Markdown
 * text with a live preview, and the key facts. Saved against the version read; the picture is
 * uploaded right after the text, on the version that save made.
 */
export function OverviewForm({ category }: { category: Category }) {
  const form = useOverviewForm(category);
  const { draft, setDraft, facts, setFacts, errors, choice, setChoice, busy, guard, conflict } = form;
  return (
    <>
      {conflict && (
        <StaleNotice
          className="mb-4"
          updatedAt={conflict.updated_at}
          of="form"
          onKeepMine={() => form.keepMine(conflict)}
          onLoadTheirs={() => form.loadTheirs(conflict)}
        />
      )}
      <form
        className="space-y-6"
        onSubmit={(event) => {
          event.preventDefault();
          void form.save();
        }}
        noValidate
      >
        <ThemeDetailsCard draft={draft} setDraft={setDraft} errors={errors} heroProps={form.heroProps} />
        <OverviewBody draft={draft} setDraft={setDraft} errors={errors} />
        <KeyFactsFieldset facts={facts} setFacts={setFacts} errors={errors} />
        <div className="flex gap-3">
          <button type="submit" className={ui.primaryButton} disabled={busy}>
            {busy ? m('form.saving') : m('form.save')}
          </button>
          <a className={ui.secondaryButton} href={pathTo('profileOverview')}>
            {m('form.back')}
          </a>
        </div>
      </form>
      <LeaveDialog
        guard={guard}
        title={m('form.leaveTitle')}
        confirmLabel={m('form.leaveConfirm')}
        onLeave={() => setChoice({ kind: 'keep' })}
      >
        <p>{choice.kind === 'new' ? m('form.leaveTextPicture') : m('form.leaveText')}</p>
      </LeaveDialog>
    </>
  );
}

/**
 * The overview's state: the draft and key facts against their baseline, the picture chosen, the version read and the
 * save.
 */
function useOverviewForm(category: Category) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(category));
  const [facts, setFacts] = useState<KeyFact[]>(category.key_facts);
  const [hero, setHero] = useState(category.hero_image);
  const [choice, setChoice] = useState<HeroChoice>({ kind: 'keep' });
  const [problem, setProblem] = useState<string | null>(null);
  const [progress, setProgress] = useState<{ loaded: number; total: number } | null>(null);
  /** The theme as last read or saved: the next save is on its version. */
  const [base, setBase] = useState(category);
  const [baseline, setBaseline] = useState(() => JSON.stringify([draftOf(category), category.key_facts]));
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [edit] = useState(overviewEdit);
  const conflict = useStore(edit.$state).conflict?.theirs ?? null;
  const [busy, setBusy] = useState(false);
  const dirty = JSON.stringify([draft, facts]) !== baseline || choice.kind !== 'keep';
  const guard = useLeaveGuard(dirty);
  useEffect(() => () => void (choice.kind === 'new' && URL.revokeObjectURL(choice.preview)), [choice]);

  function choose(file: File | undefined) {
    if (!file) return;
    const refusal = checkImageFile(file);
    setProblem(refusal);
    if (!refusal) setChoice({ kind: 'new', file, preview: URL.createObjectURL(file) });
  }

  async function save() {
    const typed = typedErrors(draft, choice, hero);
    setErrors(typed);
    if (Object.keys(typed).length > 0) return;
    setBusy(true);
    try {
      const saved = await sendOverview(
        edit,
        { slug: category.slug, draft, facts, base, choice },
        {
          setBase,
          setHero,
          setProgress,
          setErrors,
        },
      );
      setChoice({ kind: 'keep' });
      setBaseline(JSON.stringify([draft, facts]));
      notifySuccess(m('form.saved', { name: saved.name }));
    } catch {
      // sendOverview said what went wrong.
    } finally {
      setProgress(null);
      setBusy(false);
    }
  }

  /** After a conflict: what was typed stays, and the next save is on their version. */
  const keepMine = (theirs: Category) => {
    setBase(theirs);
    setHero(theirs.hero_image);
    edit.reset();
  };
  const loadTheirs = (theirs: Category) => {
    edit.takeTheirs();
    setDraft(draftOf(theirs));
    setFacts(theirs.key_facts);
    setHero(theirs.hero_image);
    setBase(theirs);
    setBaseline(JSON.stringify([draftOf(theirs), theirs.key_facts]));
  };
  const heroProps = {
    hero,
    choice,
    problem,
    progress,
    busy,
    onChoose: choose,
    onRemove: () => setChoice({ kind: 'remove' }),
    onUndo: () => {
      setChoice({ kind: 'keep' });
      setProblem(null);
    },
  };
  return {
    draft,
    setDraft,
    facts,
    setFacts,
    errors,
    choice,
    setChoice,
    busy,
    guard,
    conflict,
    heroProps,
    save,
    keepMine,
    loadTheirs,
  };
}

/** What the person must correct before anything is sent. */
function typedErrors(draft: Draft, choice: HeroChoice, hero: Category['hero_image']): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  const sort = Number(draft.sort);
  if (!/^\d{1,4}$/.test(draft.sort.trim()) || sort > 1000) out['sort'] = [m('form.sortError')];
  const pictured = choice.kind === 'new' || (choice.kind === 'keep' && hero !== null);
  if (pictured && !draft.hero_alt.trim()) out['hero_alt'] = [m('form.altError')];
  return out;
}

interface OverviewSetters {
  setBase: (theme: Category) => void;
  setHero: (hero: Category['hero_image']) => void;
  setProgress: (progress: { loaded: number; total: number } | null) => void;
  setErrors: (errors: Record<string, string[]>) => void;
}

type OverviewBody = Omit<CategorySaveBody, 'version'>;

/** A theme's overview, saved on top of the version read (its picture goes after, on the version that save made). */
function overviewEdit() {
  return versionedEdit<Category, OverviewBody>({ schema: CategorySchema, send: (body) => saveCategory(body) });
}

/**
 * Saves the text against the version read, then uploads a new picture on the version that save
 * made; returns the theme as saved, or throws after saying what went wrong.
 */
async function sendOverview(
  edit: ReturnType<typeof overviewEdit>,
  {
    slug,
    draft,
    facts,
    base,
    choice,
  }: { slug: string; draft: Draft; facts: KeyFact[]; base: Category; choice: HeroChoice },
  set: OverviewSetters,
): Promise<Category> {
  const body: OverviewBody = {
    slug,
    ...draft,
    icon: draft.icon as keyof typeof CATEGORY_ICONS | '',
    sort: Number(draft.sort),
    key_facts: facts,
    ...(choice.kind === 'remove' && { hero_image: null }),
  };
  const outcome = await edit.save(body, base);
  if (outcome.kind !== 'saved') {
    if (outcome.kind === 'invalid' && outcome.error instanceof ApiError && outcome.error.status === 400)
      set.setErrors(outcome.errors);
    notifyError(outcome.kind === 'conflict' ? m('form.conflict') : errorMessage(outcome.error));
    throw outcome.error;
  }
  let saved = outcome.saved;
  set.setBase(saved);
  set.setHero(saved.hero_image);
  if (choice.kind !== 'new') return saved;
  set.setProgress({ loaded: 0, total: choice.file.size });
  try {
    saved = (await uploadHero(slug, saved.version, choice.file, set.setProgress)).data;
  } catch (error) {
    // A conflict on the picture is shown as the text's would be; its words stay the picture's.
    const refused = edit.refuse(error, saved, body);
    if (refused.kind === 'invalid' && error instanceof ApiError && error.status === 400) set.setErrors(refused.errors);
    if (!(error instanceof UploadCancelled))
      notifyError(
        refused.kind === 'conflict' ? m('form.conflict') : m('form.pictureFailed', { reason: errorMessage(error) }),
      );
    throw error;
  }
  set.setBase(saved);
  set.setHero(saved.hero_image);
  return saved;
}
