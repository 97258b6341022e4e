import { useEffect, useMemo, useState } from 'react';
import { renderMarkdown } from '../../../lib/urbanisation-profile/markdown.ts';
import { CATEGORY_BODY_MAX, CATEGORY_ICONS, CategorySchema, KEY_FACTS_MAX, type Category, type KeyFact } from '../../../lib/urbanisation-profile/schema.ts';
import { checkImageFile } from '../cms/image-upload.ts';
import { ApiError, conflictOf, errorMessage } from '../lib/api.ts';
import { UploadCancelled } from '../lib/xhr-send.ts';
import { useLeaveGuard } from '../lib/leave-guard.ts';
import { notifyError, notifySuccess } from '../notifications/snackbar-store.ts';
import { pathTo } from '../router.ts';
import { ConfirmDialog } from '../ui/confirm-dialog.tsx';
import { ConflictNotice } from '../ui/conflict-notice.tsx';
import { FieldError } from '../ui/states.tsx';
import { ui } from '../ui/styles.ts';
import { HeroField, type HeroChoice } from './hero-field.tsx';
import { saveCategory, uploadHero } from './profile-api.ts';

interface Draft {
  name: string;
  description: string;
  body: string;
  published: boolean;
  icon: string;
  sort: string;
  hero_alt: string;
}

const draftOf = (c: Category): Draft => ({
  name: c.name,
  description: c.description,
  body: c.body,
  published: c.published,
  icon: c.icon,
  sort: String(c.sort),
  hero_alt: c.hero_alt,
});
const emptyFact = (): KeyFact => ({ label: '', value: '', unit: null, year: null, source: null });
const FACT_LABELS = { label: 'Label', value: 'Value', unit: 'Unit', year: 'Year', source: 'Source' } as const;

/**
 * One theme's overview: its name, pictogram, place and publication, its picture, the Markdown
 * text with a live preview, and the key facts. Saved against the version read; the picture is
 * uploaded right after the text, on the version that save made.
 */
export function OverviewForm({ category }: { category: Category }) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(category));
  const [facts, setFacts] = useState<KeyFact[]>(category.key_facts);
  const [hero, setHero] = useState(category.hero_image);
  const [choice, setChoice] = useState<HeroChoice>({ kind: 'keep' });
  const [problem, setProblem] = useState<string | null>(null);
  const [progress, setProgress] = useState<{ loaded: number; total: number } | null>(null);
  const [version, setVersion] = useState(category.version);
  const [baseline, setBaseline] = useState(() => JSON.stringify([draftOf(category), category.key_facts]));
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [conflict, setConflict] = useState<Category | null>(null);
  const [busy, setBusy] = useState(false);
  const preview = useMemo(() => renderMarkdown(draft.body, 3), [draft.body]);
  const dirty = JSON.stringify([draft, facts]) !== baseline || choice.kind !== 'keep';
  const guard = useLeaveGuard(dirty);
  useEffect(() => () => void (choice.kind === 'new' && URL.revokeObjectURL(choice.preview)), [choice]);

  function choose(file: File | undefined) {
    if (!file) return;
    const refusal = checkImageFile(file);
    setProblem(refusal);
    if (!refusal) setChoice({ kind: 'new', file, preview: URL.createObjectURL(file) });
  }

  /** What the person must correct before anything is sent. */
  function typedErrors(): Record<string, string[]> {
    const out: Record<string, string[]> = {};
    const sort = Number(draft.sort);
    if (!/^\d{1,4}$/.test(draft.sort.trim()) || sort > 1000) out['sort'] = ['Enter a whole number from 0 to 1000'];
    const pictured = choice.kind === 'new' || (choice.kind === 'keep' && hero !== null);
    if (pictured && !draft.hero_alt.trim()) out['hero_alt'] = ['is required: say what the picture shows'];
    return out;
  }

  async function save() {
    const typed = typedErrors();
    setErrors(typed);
    if (Object.keys(typed).length > 0) return;
    setBusy(true);
    let stage: 'text' | 'picture' = 'text';
    try {
      let saved = await saveCategory({
        slug: category.slug,
        ...draft,
        icon: draft.icon as keyof typeof CATEGORY_ICONS | '',
        sort: Number(draft.sort),
        key_facts: facts,
        version,
        ...(choice.kind === 'remove' && { hero_image: null }),
      });
      setVersion(saved.version);
      setHero(saved.hero_image);
      setConflict(null);
      if (choice.kind === 'new') {
        stage = 'picture';
        setProgress({ loaded: 0, total: choice.file.size });
        saved = (await uploadHero(category.slug, saved.version, choice.file, setProgress)).data;
        setVersion(saved.version);
        setHero(saved.hero_image);
      }
      setChoice({ kind: 'keep' });
      setBaseline(JSON.stringify([draft, facts]));
      notifySuccess(`${saved.name} is saved.`);
    } catch (error) {
      const current = conflictOf(error, CategorySchema);
      if (current) setConflict(current);
      else if (error instanceof ApiError && error.status === 400) setErrors(error.errors);
      if (!(error instanceof UploadCancelled)) {
        if (current) notifyError('Someone else changed this theme after you opened it.');
        else if (stage === 'picture') notifyError(`The text is saved, but the picture was not uploaded: ${errorMessage(error)}`);
        else notifyError(errorMessage(error));
      }
    } finally {
      setProgress(null);
      setBusy(false);
    }
  }

  const setFact = (i: number, patch: Partial<KeyFact>) => setFacts((list) => list.map((f, n) => (n === i ? { ...f, ...patch } : f)));
  const input = (name: 'name' | 'sort', label: string, extra: { inputMode?: 'numeric'; hint?: string } = {}) => (
    <div>
      <label htmlFor={`cat-${name}`} className={ui.label}>{label}</label>
      {extra.hint && <p id={`cat-${name}-hint`} className="text-xs text-slate-600">{extra.hint}</p>}
      <input dir="auto" id={`cat-${name}`} className={`${ui.input} mt-1`} value={draft[name]} inputMode={extra.inputMode}
        aria-invalid={Boolean(errors[name]) || undefined} aria-describedby={[extra.hint && `cat-${name}-hint`, `cat-${name}-error`].filter(Boolean).join(' ')}
        onChange={(e) => setDraft({ ...draft, [name]: e.target.value })} />
      <FieldError id={`cat-${name}-error`} messages={errors[name]} />
    </div>
  );

  return (
    <>
      {conflict && (
        <div className="mb-4">
          <ConflictNotice
            title="Someone else saved this theme after you opened it"
            record={{ updated_at: conflict.updated_at, updated_by: null }}
            what="it"
            actions={
              <>
                <button type="button" className={ui.secondaryButton} onClick={() => { setVersion(conflict.version); setHero(conflict.hero_image); setConflict(null); }}>Keep mine</button>
                <button type="button" className={ui.secondaryButton} onClick={() => {
                  setDraft(draftOf(conflict));
                  setFacts(conflict.key_facts);
                  setHero(conflict.hero_image);
                  setVersion(conflict.version);
                  setBaseline(JSON.stringify([draftOf(conflict), conflict.key_facts]));
                  setConflict(null);
                }}>Load theirs</button>
              </>
            }
          >
            <p className="mt-1 text-sm text-slate-700">Keep your text to save it over theirs, or load theirs.</p>
          </ConflictNotice>
        </div>
      )}
      <form className="space-y-6" onSubmit={(event) => { event.preventDefault(); void save(); }} noValidate>
        <div className={`${ui.card} space-y-4`}>
          {input('name', 'Name')}
          <div>
            <label htmlFor="cat-description" className={ui.label}>Short description</label>
            <textarea dir="auto" id="cat-description" rows={2} className={`${ui.input} mt-1`} value={draft.description} aria-invalid={Boolean(errors['description']) || undefined} aria-describedby="cat-description-error"
              onChange={(e) => setDraft({ ...draft, description: e.target.value })} />
            <FieldError id="cat-description-error" messages={errors['description']} />
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <div>
              <label htmlFor="cat-icon" className={ui.label}>Pictogram</label>
              <select id="cat-icon" className={`${ui.input} mt-1`} value={draft.icon} aria-describedby="cat-icon-error" onChange={(e) => setDraft({ ...draft, icon: e.target.value })}>
                <option value="">None</option>
                {Object.entries(CATEGORY_ICONS).map(([value, label]) => <option key={value} value={value}>{label}</option>)}
              </select>
              <FieldError id="cat-icon-error" messages={errors['icon']} />
            </div>
            {input('sort', 'Position among the themes', { inputMode: 'numeric', hint: 'Lower numbers come first.' })}
          </div>
          <label className="flex items-center gap-2 text-sm text-slate-800">
            <input type="checkbox" checked={draft.published} onChange={(e) => setDraft({ ...draft, published: e.target.checked })} />
            Show this theme on the public site
          </label>
          <HeroField current={hero} choice={choice} alt={draft.hero_alt} errors={errors} problem={problem} progress={progress} disabled={busy}
            onChoose={choose} onRemove={() => setChoice({ kind: 'remove' })} onUndo={() => { setChoice({ kind: 'keep' }); setProblem(null); }}
            onAlt={(alt) => setDraft({ ...draft, hero_alt: alt })} />
        </div>
        <div className="grid gap-4 lg:grid-cols-2">
          <div className={ui.card}>
            <label htmlFor="cat-body" className={ui.label}>Overview</label>
            <p id="cat-body-help" className="text-xs text-slate-600">Markdown: ## for a heading, **bold**, *italics*, - for a list, [text](https://…) for a link. At most {CATEGORY_BODY_MAX.toLocaleString('en')} characters.</p>
            <textarea dir="auto" id="cat-body" rows={16} className={`${ui.input} mt-2 font-mono`} value={draft.body} aria-invalid={Boolean(errors['body']) || undefined} aria-describedby="cat-body-help cat-body-error"
              onChange={(e) => setDraft({ ...draft, body: e.target.value })} />
            <FieldError id="cat-body-error" messages={errors['body']} />
          </div>
          <section aria-labelledby="preview-heading" className={ui.card}>
            <h2 id="preview-heading" className="text-sm font-semibold text-slate-800">Preview</h2>
            <div className="prose-profile mt-2 space-y-3 text-sm leading-relaxed text-slate-700" dangerouslySetInnerHTML={{ __html: preview }} />
          </section>
        </div>
        <fieldset className={ui.card}>
          <legend className="px-1 text-sm font-semibold text-slate-800">Key facts</legend>
          <p className="text-xs text-slate-600">Shown on the profile’s front page, at most {KEY_FACTS_MAX}.</p>
          <ul className="mt-3 space-y-3">
            {facts.map((f, i) => (
              <li key={i} className="grid gap-2 rounded-md border border-slate-200 p-3 sm:grid-cols-[2fr_1fr_1fr_1fr_2fr_auto]">
                {(['label', 'value', 'unit', 'year', 'source'] as const).map((field) => (
                  <div key={field}>
                    <label htmlFor={`fact-${i}-${field}`} className="block text-xs font-medium text-slate-700">{FACT_LABELS[field]}</label>
                    <input dir="auto" id={`fact-${i}-${field}`} className={`${ui.input} mt-0.5`} inputMode={field === 'year' ? 'numeric' : undefined}
                      value={f[field] === null ? '' : String(f[field])}
                      aria-invalid={Boolean(errors[`key_facts.${i}.${field}`]) || undefined}
                      aria-describedby={`fact-${i}-${field}-error`}
                      onChange={(e) => setFact(i, field === 'year' ? { year: e.target.value === '' ? null : Number(e.target.value) } : { [field]: e.target.value || (field === 'unit' || field === 'source' ? null : '') })} />
                    <FieldError id={`fact-${i}-${field}-error`} messages={errors[`key_facts.${i}.${field}`]} />
                  </div>
                ))}
                <div className="flex items-end">
                  <button type="button" className={ui.secondaryButton} onClick={() => setFacts(facts.filter((_, n) => n !== i))}>
                    Remove<span className="sr-only"> fact {i + 1}</span>
                  </button>
                </div>
              </li>
            ))}
          </ul>
          {facts.length < KEY_FACTS_MAX && (
            <button type="button" className={`${ui.secondaryButton} mt-3`} onClick={() => setFacts([...facts, emptyFact()])}>Add a key fact</button>
          )}
        </fieldset>
        <div className="flex gap-3">
          <button type="submit" className={ui.primaryButton} disabled={busy}>{busy ? 'Saving…' : 'Save'}</button>
          <a className={ui.secondaryButton} href={pathTo('profileOverview')}>Back to the themes</a>
        </div>
      </form>
      <ConfirmDialog open={guard.pending !== null} title="Leave without saving?" confirmLabel="Leave and discard" onConfirm={() => guard.leave(() => setChoice({ kind: 'keep' }))} onCancel={guard.stay}>
        <p>Your changes to this theme’s overview have not been saved{choice.kind === 'new' ? ', and the chosen picture has not been uploaded' : ''}. They will be lost.</p>
      </ConfirmDialog>
    </>
  );
}
