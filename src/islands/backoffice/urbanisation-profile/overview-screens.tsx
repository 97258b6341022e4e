import { useStore } from '@nanostores/react';
import { useMemo, useState } from 'react';
import { renderMarkdown } from '../../../lib/urbanisation-profile/markdown.ts';
import { CATEGORY_BODY_MAX, KEY_FACTS_MAX, type Category, type KeyFact } from '../../../lib/urbanisation-profile/schema.ts';
import { ApiError, errorMessage } from '../lib/api.ts';
import { createFetcherStore, fetchWith } from '../lib/query.ts';
import { notifyError, notifySuccess } from '../notifications/snackbar-store.ts';
import { pathTo } from '../router.ts';
import type { ScreenProps } from '../screen-props.ts';
import { PageHeading } from '../ui/page-heading.tsx';
import { EmptyState, ErrorState, FieldError, Skeleton } from '../ui/states.tsx';
import { ui } from '../ui/styles.ts';
import { $categories, CategoryConflictSchema, CategoryResponseSchema, categoryPath, conflictOf, saveCategory } from './profile-api.ts';

/** /module/urbanisation-profile/overview: the categories and their overview texts (administrators). */
export function ProfileOverviewScreen(_: ScreenProps) {
  const list = useStore($categories);
  return (
    <>
      <PageHeading description="The themes of the public urbanisation profile: their overview text, key facts and whether they are published.">
        Urbanisation Profile: Overview
      </PageHeading>
      {list.error !== undefined && !list.data ? (
        <ErrorState error={list.error} onRetry={() => $categories.invalidate()} />
      ) : !list.data ? (
        <Skeleton rows={8} label="Loading the themes…" />
      ) : list.data.data.length === 0 ? (
        <EmptyState title="No themes yet" />
      ) : (
        <div className={`${ui.cardFlush} overflow-x-auto`}>
          <table className="min-w-full divide-y divide-slate-200">
            <thead className="bg-slate-50">
              <tr>
                <th scope="col" className={ui.th}>Theme</th>
                <th scope="col" className={ui.th}>Key facts</th>
                <th scope="col" className={ui.th}>Public site</th>
                <th scope="col" className={ui.th}>Last changed</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {list.data.data.map((c) => (
                <tr key={c.slug}>
                  <th scope="row" className={`${ui.td} text-left font-medium`}>
                    <a className={ui.link} href={pathTo('profileOverviewForm', { category: c.slug })}>{c.name}</a>
                    <span className="block text-xs font-normal text-slate-600">{c.description}</span>
                  </th>
                  <td className={ui.td}>{c.key_facts.length}</td>
                  <td className={ui.td}>{c.published ? 'Published' : 'Hidden'}</td>
                  <td className={ui.td}>{new Date(c.updated_at).toLocaleDateString('en-GB', { dateStyle: 'medium' })}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}

const emptyFact = (): KeyFact => ({ label: '', value: '', unit: null, year: null, source: null });

/** /module/urbanisation-profile/overview/{category}/form: one theme's overview, with a live preview. */
export function ProfileOverviewFormScreen({ page }: ScreenProps) {
  const slug = String((page.params as Record<string, string>)['category'] ?? '');
  const store = useMemo(() => createFetcherStore([categoryPath(slug)], { fetcher: fetchWith(CategoryResponseSchema) }), [slug]);
  const loaded = useStore(store);
  if (loaded.error !== undefined && !loaded.data) return <ErrorState error={loaded.error} onRetry={() => store.invalidate()} />;
  if (!loaded.data) return <Skeleton rows={10} label="Loading the theme…" />;
  return <OverviewForm key={`${slug}:${loaded.data.data.version}`} category={loaded.data.data} />;
}

function OverviewForm({ category }: { category: Category }) {
  const [draft, setDraft] = useState({ name: category.name, description: category.description, body: category.body, published: category.published });
  const [facts, setFacts] = useState<KeyFact[]>(category.key_facts);
  const [version, setVersion] = useState(category.version);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [conflict, setConflict] = useState<Category | null>(null);
  const [busy, setBusy] = useState(false);
  const preview = useMemo(() => renderMarkdown(draft.body, 3), [draft.body]);

  async function save() {
    setBusy(true);
    setErrors({});
    try {
      const saved = await saveCategory({ slug: category.slug, ...draft, key_facts: facts, version });
      setVersion(saved.version);
      setConflict(null);
      notifySuccess(`${saved.name} is saved.`);
    } catch (error) {
      const current = conflictOf(error, CategoryConflictSchema);
      if (current) setConflict(current.current);
      else if (error instanceof ApiError && error.status === 400) setErrors(error.errors);
      notifyError(current ? 'Someone else changed this theme after you opened it.' : errorMessage(error));
    } finally {
      setBusy(false);
    }
  }

  const setFact = (i: number, patch: Partial<KeyFact>) => setFacts((list) => list.map((f, n) => (n === i ? { ...f, ...patch } : f)));
  return (
    <>
      <PageHeading description="What visitors read at the top of the theme’s public page.">{category.name}</PageHeading>
      {conflict && (
        <div role="alert" className="mb-4 rounded-md border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900">
          <p className="font-semibold">Someone else saved this theme after you opened it.</p>
          <p className="mt-1">Their version was saved {new Date(conflict.updated_at).toLocaleString('en-GB')}. Keep your text to save over it, or load theirs.</p>
          <div className="mt-3 flex gap-3">
            <button type="button" className={ui.secondaryButton} onClick={() => { setVersion(conflict.version); setConflict(null); }}>Keep mine</button>
            <button type="button" className={ui.secondaryButton} onClick={() => {
              setDraft({ name: conflict.name, description: conflict.description, body: conflict.body, published: conflict.published });
              setFacts(conflict.key_facts);
              setVersion(conflict.version);
              setConflict(null);
            }}>Load theirs</button>
          </div>
        </div>
      )}
      <form className="space-y-6" onSubmit={(event) => { event.preventDefault(); void save(); }} noValidate>
        <div className={`${ui.card} space-y-4`}>
          <div>
            <label htmlFor="cat-name" className={ui.label}>Name</label>
            <input id="cat-name" className={`${ui.input} mt-1`} value={draft.name} aria-invalid={Boolean(errors['name'])} aria-describedby="cat-name-error"
              onChange={(e) => setDraft({ ...draft, name: e.target.value })} />
            <FieldError id="cat-name-error" messages={errors['name']} />
          </div>
          <div>
            <label htmlFor="cat-description" className={ui.label}>Short description</label>
            <textarea id="cat-description" rows={2} className={`${ui.input} mt-1`} value={draft.description} aria-invalid={Boolean(errors['description'])} aria-describedby="cat-description-error"
              onChange={(e) => setDraft({ ...draft, description: e.target.value })} />
            <FieldError id="cat-description-error" messages={errors['description']} />
          </div>
          <label className="flex items-center gap-2 text-sm text-slate-800">
            <input type="checkbox" checked={draft.published} onChange={(e) => setDraft({ ...draft, published: e.target.checked })} />
            Show this theme on the public site
          </label>
        </div>
        <div className="grid gap-4 lg:grid-cols-2">
          <div className={ui.card}>
            <label htmlFor="cat-body" className={ui.label}>Overview</label>
            <p id="cat-body-help" className="text-xs text-slate-600">Markdown: ## for a heading, **bold**, *italics*, - for a list, [text](https://…) for a link. At most {CATEGORY_BODY_MAX.toLocaleString('en')} characters.</p>
            <textarea id="cat-body" rows={16} className={`${ui.input} mt-2 font-mono`} value={draft.body} aria-invalid={Boolean(errors['body'])} aria-describedby="cat-body-help cat-body-error"
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
                    <input id={`fact-${i}-${field}`} className={`${ui.input} mt-0.5`} inputMode={field === 'year' ? 'numeric' : undefined}
                      value={f[field] === null ? '' : String(f[field])}
                      aria-invalid={Boolean(errors[`key_facts.${i}.${field}`])}
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
    </>
  );
}

const FACT_LABELS = { label: 'Label', value: 'Value', unit: 'Unit', year: 'Year', source: 'Source' } as const;
