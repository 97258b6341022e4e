import { useMemo } from 'react';
import { renderMarkdown } from '../../../lib/urbanisation-profile/markdown.ts';
import {
  CATEGORY_BODY_MAX,
  CATEGORY_ICONS,
  KEY_FACTS_MAX,
  type Category,
  type KeyFact,
} from '../../../lib/urbanisation-profile/schema.ts';
import { TextAreaField } from '../lib/text-area-field.tsx';
import { Field } from '../ui/field.tsx';
import { Options } from '../ui/filters.tsx';
import { FieldError } from '../ui/states.tsx';
import { ui } from '../ui/styles.ts';
import { formatNumber } from '../ui/format.ts';
import { HeroField, type HeroFieldProps } from './hero-field.tsx';
import { HintedInput } from './hinted-input.tsx';
import { m } from './messages.ts';

export interface OverviewDraft {
  name: string;
  description: string;
  body: string;
  published: boolean;
  icon: string;
  sort: string;
  hero_alt: string;
}

export const draftOfCategory = (c: Category): OverviewDraft => ({
  name: c.name,
  description: c.description,
  body: c.body,
  published: c.published,
  icon: c.icon,
  sort: String(c.sort),
  hero_alt: c.hero_alt,
});
const emptyFact = (): KeyFact => ({ label: '', value: '', unit: null, year: null, source: null });
const FACT_LABELS = {
  label: m('fields.factLabel'),
  value: m('fields.factValue'),
  unit: m('fields.factUnit'),
  year: m('fields.factYear'),
  source: m('fields.factSource'),
} as const;
const ICON_LABELS: Record<keyof typeof CATEGORY_ICONS, string> = {
  people: m('icon.people'),
  house: m('icon.house'),
  tap: m('icon.tap'),
  briefcase: m('icon.briefcase'),
  leaf: m('icon.leaf'),
  shield: m('icon.shield'),
  heritage: m('icon.heritage'),
  columns: m('icon.columns'),
  chart: m('icon.chart'),
  globe: m('icon.globe'),
};

type Errors = Record<string, string[]>;
interface DraftProps {
  draft: OverviewDraft;
  setDraft: (draft: OverviewDraft) => void;
  errors: Errors;
}

function CategoryInput({
  name,
  label,
  extra = {},
  draft,
  setDraft,
  errors,
}: DraftProps & { name: 'name' | 'sort'; label: string; extra?: { inputMode?: 'numeric'; hint?: string } }) {
  return (
    <HintedInput
      id={`cat-${name}`}
      label={label}
      hint={extra.hint}
      messages={errors[name]}
      input={{
        value: draft[name],
        inputMode: extra.inputMode,
        onChange: (e) => setDraft({ ...draft, [name]: e.target.value }),
      }}
    />
  );
}

/** What the overview form gives the picture field (the alt text comes from the draft). */
export type HeroProps = Pick<HeroFieldProps, 'choice' | 'problem' | 'progress' | 'onChoose' | 'onRemove' | 'onUndo'> & {
  hero: Category['hero_image'];
  busy: boolean;
};

/** The theme's name, description, pictogram, position, publication and picture. */
export function ThemeDetailsCard({ draft, setDraft, errors, heroProps }: DraftProps & { heroProps: HeroProps }) {
  const { hero, busy, ...choosing } = heroProps;
  return (
    <div className={`${ui.card} space-y-4`}>
      <CategoryInput name="name" label={m('fields.name')} draft={draft} setDraft={setDraft} errors={errors} />
      <TextAreaField
        id="cat-description"
        label={m('fields.description')}
        messages={errors['description']}
        textarea={{
          rows: 2,
          value: draft.description,
          'aria-invalid': Boolean(errors['description']) || undefined,
          'aria-describedby': 'cat-description-error',
          onChange: (e) => setDraft({ ...draft, description: e.target.value }),
        }}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="cat-icon" label={m('fields.pictogram')} messages={errors['icon']}>
          <select
            id="cat-icon"
            className={`${ui.input} mt-1`}
            value={draft.icon}
            aria-describedby="cat-icon-error"
            onChange={(e) => setDraft({ ...draft, icon: e.target.value })}
          >
            <option value="">{m('fields.noPictogram')}</option>
            <Options
              options={(Object.keys(CATEGORY_ICONS) as (keyof typeof CATEGORY_ICONS)[]).map((value) => ({
                value,
                label: ICON_LABELS[value],
              }))}
            />
          </select>
        </Field>
        <CategoryInput
          name="sort"
          label={m('fields.position')}
          extra={{ inputMode: 'numeric', hint: m('fields.positionHint') }}
          draft={draft}
          setDraft={setDraft}
          errors={errors}
        />
      </div>
      <label className="flex items-center gap-2 text-sm text-slate-800">
        <input
          type="checkbox"
          checked={draft.published}
          onChange={(e) => setDraft({ ...draft, published: e.target.checked })}
        />
        {m('fields.show')}
      </label>
      <HeroField
        {...choosing}
        current={hero}
        alt={draft.hero_alt}
        errors={errors}
        disabled={busy}
        onAlt={(alt) => setDraft({ ...draft, hero_alt: alt })}
      />
    </div>
  );
}

/** The Markdown text beside its live preview. */
export function OverviewBody({ draft, setDraft, errors }: DraftProps) {
  const preview = useMemo(() => renderMarkdown(draft.body, 3), [draft.body]);
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <div className={ui.card}>
        <label htmlFor="cat-body" className={ui.label}>
          {m('fields.overview')}
        </label>
        <p id="cat-body-help" className="text-xs text-slate-600">
          {m('fields.markdownHelp', { max: formatNumber(CATEGORY_BODY_MAX) })}
        </p>
        <textarea
          dir="auto"
          id="cat-body"
          rows={16}
          className={`${ui.input} mt-2 font-mono`}
          value={draft.body}
          aria-invalid={Boolean(errors['body']) || undefined}
          aria-describedby="cat-body-help cat-body-error"
          onChange={(e) => setDraft({ ...draft, body: e.target.value })}
        />
        <FieldError id="cat-body-error" messages={errors['body']} />
      </div>
      <section aria-labelledby="preview-heading" className={ui.card}>
        <h2 id="preview-heading" className="text-sm font-semibold text-slate-800">
          {m('fields.preview')}
        </h2>
        <div
          className="prose-profile mt-2 space-y-3 text-sm leading-relaxed text-slate-700"
          dangerouslySetInnerHTML={{ __html: preview }}
        />
      </section>
    </div>
  );
}

/** The key facts: rows of label, value, unit, year and source. */
export function KeyFactsFieldset({
  facts,
  setFacts,
  errors,
}: {
  facts: KeyFact[];
  setFacts: (update: KeyFact[] | ((list: KeyFact[]) => KeyFact[])) => void;
  errors: Errors;
}) {
  const setFact = (i: number, patch: Partial<KeyFact>) =>
    setFacts((list) => list.map((f, n) => (n === i ? { ...f, ...patch } : f)));
  return (
    <fieldset className={ui.card}>
      <legend className="px-1 text-sm font-semibold text-slate-800">{m('fields.keyFacts')}</legend>
      <p className="text-xs text-slate-600">{m('fields.keyFactsHelp', { max: KEY_FACTS_MAX })}</p>
      <ul className="mt-3 space-y-3">
        {facts.map((f, i) => (
          <li
            key={i}
            className="grid gap-2 rounded-md border border-slate-200 p-3 sm:grid-cols-[2fr_1fr_1fr_1fr_2fr_auto]"
          >
            {(['label', 'value', 'unit', 'year', 'source'] as const).map((field) => (
              <div key={field}>
                <label htmlFor={`fact-${i}-${field}`} className="block text-xs font-medium text-slate-700">
                  {FACT_LABELS[field]}
                </label>
                <input
                  dir="auto"
                  id={`fact-${i}-${field}`}
                  className={`${ui.input} mt-0.5`}
                  inputMode={field === 'year' ? 'numeric' : undefined}
                  value={f[field] === null ? '' : String(f[field])}
                  aria-invalid={Boolean(errors[`key_facts.${i}.${field}`]) || undefined}
                  aria-describedby={`fact-${i}-${field}-error`}
                  onChange={(e) =>
                    setFact(
                      i,
                      field === 'year'
                        ? { year: e.target.value === '' ? null : Number(e.target.value) }
                        : { [field]: e.target.value || (field === 'unit' || field === 'source' ? null : '') },
                    )
                  }
                />
                <FieldError id={`fact-${i}-${field}-error`} messages={errors[`key_facts.${i}.${field}`]} />
              </div>
            ))}
            <div className="flex items-end">
              <button
                type="button"
                className={ui.secondaryButton}
                onClick={() => setFacts(facts.filter((_, n) => n !== i))}
              >
                {m('fields.remove')}
                <span className="sr-only">{m('fields.factNumber', { number: i + 1 })}</span>
              </button>
            </div>
          </li>
        ))}
      </ul>
      {facts.length < KEY_FACTS_MAX && (
        <button
          type="button"
          className={`${ui.secondaryButton} mt-3`}
          onClick={() => setFacts([...facts, emptyFact()])}
        >
          {m('fields.addFact')}
        </button>
      )}
    </fieldset>
  );
}
