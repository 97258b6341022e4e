import {
  NARRATIVE_KEYS,
  ORG_TYPES,
  PRACTICE_CATEGORIES_MAX,
  PRACTICE_FIGURES_MAX,
  PRACTICE_KEY_DATES_MAX,
  PRACTICE_PARTNERS_MAX,
  PRACTICE_SUMMARY_WORDS_MAX,
  SUPPORT_KINDS,
  type NarrativeKey,
  type PracticeRef,
  type SectionKey,
} from '../../../lib/best-practices/schema.ts';
import { countWords } from '../../../lib/best-practices/words.ts';
import { Options, SelectField } from '../ui/filters.tsx';
import { ui } from '../ui/styles.ts';
import { WrittenLanguagePicker } from '../ui/written-language-picker.tsx';
import { fieldId, ListErrors, ListFieldset, RemoveItemButton, Section, TextArea, TextField } from './fields.tsx';
import type { PracticeDraft } from './practice-draft.ts';
import { editDraft } from './practice-form-store.ts';
import { sectionLabel, thrustName } from './labels.ts';
import { SectionAnswer } from './section-answer.tsx';
import type { SectionsForm } from './sections-form.ts';
import { categoryName } from './content.ts';
import { m } from './messages.ts';

export interface SectionsProps {
  draft: PracticeDraft;
  filled: Record<SectionKey, boolean>;
  reviewer: boolean;
  editable: boolean;
  /** The user may mark review comments resolved or open them again now. */
  canResolve: boolean;
  reference: PracticeRef | undefined;
  countryName: string;
}

const set = <K extends keyof PracticeDraft>(key: K, value: PracticeDraft[K]) =>
  editDraft((d) => ({ ...d, [key]: value }));
const setIn = <K extends 'contact'>(key: K, sub: keyof PracticeDraft[K], value: string) =>
  editDraft((d) => ({ ...d, [key]: { ...d[key], [sub]: value } }));
function setItem<K extends 'partners' | 'figures' | 'key_dates' | 'links'>(
  key: K,
  index: number,
  patch: Partial<PracticeDraft[K][number]>,
) {
  editDraft((d) => ({ ...d, [key]: d[key].map((item, i) => (i === index ? { ...item, ...patch } : item)) }));
}
const removeItem = (key: 'partners' | 'figures' | 'key_dates' | 'links', index: number) =>
  editDraft((d) => ({ ...d, [key]: d[key].filter((_, i) => i !== index) }));

export const ORG_TYPE_LABELS: Record<(typeof ORG_TYPES)[number], string> = {
  national_government: m('orgType.national_government'),
  local_government: m('orgType.local_government'),
  civil_society: m('orgType.civil_society'),
  private_sector: m('orgType.private_sector'),
  academia: m('orgType.academia'),
  international: m('orgType.international'),
  community: m('orgType.community'),
  other: m('orgType.other'),
};

const SUPPORT_LABELS: Record<(typeof SUPPORT_KINDS)[number], string> = {
  financial: m('support.financial'),
  technical: m('support.technical'),
  political: m('support.political'),
  administrative: m('support.administrative'),
};

const NARRATIVE_HINTS: Record<NarrativeKey, string> = {
  context: m('hint.context'),
  objectives: m('hint.objectives'),
  implementation: m('hint.implementation'),
  resources: m('hint.resources'),
  results: m('hint.results'),
  innovation: m('hint.innovation'),
  sustainability: m('hint.sustainability'),
  transferability: m('hint.transferability'),
  lessons: m('hint.lessons'),
};

function OrgTypeSelect({
  id,
  value,
  onChange,
  label,
}: {
  id: string;
  value: string;
  onChange: (v: string) => void;
  label: string;
}) {
  return (
    <SelectField id={id} label={label} value={value} onPick={onChange}>
      <option value="">{m('orgType.none')}</option>
      <Options options={ORG_TYPES.map((t) => ({ value: t, label: ORG_TYPE_LABELS[t] }))} />
    </SelectField>
  );
}

const removeButton = 'text-sm font-medium text-red-700 hover:underline';

export function BasicsSection({ draft, filled, reviewer, editable, canResolve, countryName }: SectionsProps) {
  return (
    <Section sectionKey="basics" filled={filled.basics} reviewer={reviewer} editable={editable} canResolve={canResolve}>
      <WrittenLanguagePicker id="practice-written-in" value={draft.written_in} onChange={(v) => set('written_in', v)} />
      <TextField
        field="title"
        label={m('basics.title')}
        value={draft.title}
        lang={draft.written_in || undefined}
        onChange={(v) => set('title', v)}
        maxLength={160}
        hint={m('basics.titleHint')}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <div>
          <span className={ui.label}>{m('basics.country')}</span>
          <p className="mt-1 rounded-md border border-slate-200 bg-slate-50 px-3 py-2 text-sm text-slate-800">
            {countryName}
          </p>
        </div>
        <TextField
          field="city"
          label={m('basics.city')}
          value={draft.city}
          onChange={(v) => set('city', v)}
          maxLength={120}
        />
      </div>
      <div className="grid grid-cols-2 gap-3 sm:gap-5">
        <TextField
          field="lat"
          label={m('basics.lat')}
          optional
          value={draft.lat}
          onChange={(v) => set('lat', v)}
          placeholder="10.6969"
          hint={m('basics.latHint')}
        />
        <TextField
          field="lng"
          label={m('basics.lng')}
          optional
          value={draft.lng}
          onChange={(v) => set('lng', v)}
          placeholder="122.5644"
        />
      </div>
    </Section>
  );
}

export function OrganisationsSection({ draft, filled, reviewer, editable, canResolve }: SectionsProps) {
  return (
    <Section
      sectionKey="organisations"
      filled={filled.organisations}
      reviewer={reviewer}
      editable={editable}
      canResolve={canResolve}
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          field="lead_organisation"
          label={m('orgs.lead')}
          value={draft.lead_organisation}
          onChange={(v) => set('lead_organisation', v)}
          maxLength={200}
        />
        <OrgTypeSelect
          id={fieldId('org_type')}
          label={m('orgs.type')}
          value={draft.org_type}
          onChange={(v) => set('org_type', v)}
        />
      </div>
      <ListFieldset
        field="partners"
        legend={m('orgs.partners')}
        canAdd={draft.partners.length < PRACTICE_PARTNERS_MAX}
        addLabel={m('orgs.addPartner')}
        onAdd={() => set('partners', [...draft.partners, { name: '', type: '', support: [] }])}
      >
        {draft.partners.map((p, i) => (
          <li key={i} className="rounded-md border border-slate-200 p-3">
            <div className="grid gap-3 sm:grid-cols-2">
              <TextField
                field={`partners.${i}.name`}
                label={m('orgs.partner', { number: i + 1 })}
                value={p.name}
                onChange={(v) => setItem('partners', i, { name: v })}
                maxLength={200}
              />
              <OrgTypeSelect
                id={fieldId(`partners.${i}.type`)}
                label={m('orgs.partnerType')}
                value={p.type}
                onChange={(v) => setItem('partners', i, { type: v })}
              />
            </div>
            <div
              className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-2"
              role="group"
              aria-label={m('orgs.support', { number: i + 1 })}
            >
              {SUPPORT_KINDS.map((kind) => (
                <label key={kind} className="inline-flex items-center gap-2 text-sm capitalize text-slate-800">
                  <input
                    type="checkbox"
                    className="size-4 accent-brand-600"
                    checked={p.support.includes(kind)}
                    onChange={(e) =>
                      setItem('partners', i, {
                        support: e.target.checked ? [...p.support, kind] : p.support.filter((s) => s !== kind),
                      })
                    }
                  />
                  {SUPPORT_LABELS[kind]}
                </label>
              ))}
              <button type="button" className={`${removeButton} ml-auto`} onClick={() => removeItem('partners', i)}>
                {m('orgs.removePartner')}
              </button>
            </div>
          </li>
        ))}
      </ListFieldset>
    </Section>
  );
}

export function PeriodSection({ draft, filled, reviewer, editable, canResolve }: SectionsProps) {
  return (
    <Section sectionKey="period" filled={filled.period} reviewer={reviewer} editable={editable} canResolve={canResolve}>
      <div className="grid gap-5 sm:grid-cols-3 sm:items-end">
        <TextField
          field="start_date"
          label={m('period.start')}
          type="date"
          value={draft.start_date}
          onChange={(v) => set('start_date', v)}
        />
        {!draft.ongoing && (
          <TextField
            field="end_date"
            label={m('period.end')}
            type="date"
            optional
            value={draft.end_date}
            onChange={(v) => set('end_date', v)}
          />
        )}
        <label className="inline-flex items-center gap-2 pb-2 text-sm text-slate-800">
          <input
            id={fieldId('ongoing')}
            type="checkbox"
            className="size-4 accent-brand-600"
            checked={draft.ongoing}
            onChange={(e) =>
              editDraft((d) => ({ ...d, ongoing: e.target.checked, end_date: e.target.checked ? '' : d.end_date }))
            }
          />
          {m('period.ongoing')}
        </label>
      </div>
      <ListFieldset
        field="key_dates"
        legend={m('period.keyDates', { max: PRACTICE_KEY_DATES_MAX })}
        canAdd={draft.key_dates.length < PRACTICE_KEY_DATES_MAX}
        addLabel={m('period.addDate')}
        onAdd={() => set('key_dates', [...draft.key_dates, { date: '', label: '' }])}
      >
        {draft.key_dates.map((d, i) => (
          <li key={i} className="grid gap-3 sm:grid-cols-[10rem_1fr_auto] sm:items-end">
            <TextField
              field={`key_dates.${i}.date`}
              label={m('period.date')}
              type="date"
              value={d.date}
              onChange={(v) => setItem('key_dates', i, { date: v })}
            />
            <TextField
              field={`key_dates.${i}.label`}
              label={m('period.what')}
              value={d.label}
              onChange={(v) => setItem('key_dates', i, { label: v })}
              maxLength={200}
            />
            <RemoveItemButton onRemove={() => removeItem('key_dates', i)} />
          </li>
        ))}
      </ListFieldset>
    </Section>
  );
}

export function ThemesSection({ draft, filled, reviewer, editable, canResolve, reference }: SectionsProps) {
  const toggle = (key: 'categories' | 'nua_thrusts', value: string, on: boolean) =>
    editDraft((d) => ({ ...d, [key]: on ? [...d[key], value] : d[key].filter((v) => v !== value) }));
  return (
    <Section sectionKey="themes" filled={filled.themes} reviewer={reviewer} editable={editable} canResolve={canResolve}>
      <fieldset className="min-w-0">
        <legend className={ui.label}>{m('themes.themes', { max: PRACTICE_CATEGORIES_MAX })}</legend>
        <div className="mt-2 grid gap-2 sm:grid-cols-2" id={fieldId('categories')}>
          {(reference?.categories ?? []).map((c) => {
            const on = draft.categories.includes(c.slug);
            const name = categoryName(c);
            return (
              <label key={c.slug} className="inline-flex items-start gap-2 text-sm text-slate-800">
                <input
                  type="checkbox"
                  className="mt-0.5 size-4 accent-brand-600"
                  checked={on}
                  disabled={!on && draft.categories.length >= PRACTICE_CATEGORIES_MAX}
                  onChange={(e) => toggle('categories', c.slug, e.target.checked)}
                />
                <span dir="auto" lang={name.lang}>
                  {name.text}
                </span>
              </label>
            );
          })}
        </div>
        <ListErrors field="categories" />
      </fieldset>
      <TextField
        field="sdg_targets"
        label={m('themes.sdg')}
        optional
        value={draft.sdg_targets}
        onChange={(v) => set('sdg_targets', v)}
        placeholder="11.1, 11.3, 13.1"
        hint={m('themes.sdgHint')}
      />
      <ListErrors field="sdg_targets" />
      <fieldset className="min-w-0">
        <legend className={ui.label}>
          {m('themes.nua')} <span className="font-normal text-slate-600">{m('fields.optional')}</span>
        </legend>
        <div className="mt-2 space-y-2">
          {(reference?.nua_thrusts ?? []).map((t) => (
            <label key={t.code} className="flex items-start gap-2 text-sm text-slate-800">
              <input
                type="checkbox"
                className="mt-0.5 size-4 accent-brand-600"
                checked={draft.nua_thrusts.includes(t.code)}
                onChange={(e) => toggle('nua_thrusts', t.code, e.target.checked)}
              />
              <span>
                <span className="font-medium">{t.code}</span> {thrustName(t.code, t.name)}
              </span>
            </label>
          ))}
        </div>
      </fieldset>
    </Section>
  );
}

export function SummarySection({ draft, filled, reviewer, editable, canResolve }: SectionsProps) {
  const words = countWords(draft.summary);
  const over = words > PRACTICE_SUMMARY_WORDS_MAX;
  const counterTone = over ? 'font-semibold text-red-700' : 'text-slate-600';
  return (
    <Section
      sectionKey="summary"
      filled={filled.summary}
      reviewer={reviewer}
      editable={editable}
      canResolve={canResolve}
    >
      <TextArea
        field="summary"
        label={m('summary.label')}
        hideLabel
        rows={7}
        value={draft.summary}
        lang={draft.written_in || undefined}
        onChange={(v) => set('summary', v)}
        hint={m('summary.hint')}
        counter={
          <span className={counterTone} aria-live="polite">
            {m('summary.words', { count: words, max: PRACTICE_SUMMARY_WORDS_MAX })}
            {over ? m('summary.remove', { count: words - PRACTICE_SUMMARY_WORDS_MAX }) : ''}
          </span>
        }
      />
    </Section>
  );
}

/** A narrative section: its text on the data-entry kit (`sections`), its comments and, for results, the key figures. */
export function NarrativeSection({
  draft,
  filled,
  reviewer,
  editable,
  canResolve,
  section,
  sections,
}: SectionsProps & { section: NarrativeKey; sections: SectionsForm }) {
  const label = sectionLabel(section);
  return (
    <Section
      sectionKey={section}
      filled={filled[section]}
      reviewer={reviewer}
      editable={editable}
      canResolve={canResolve}
    >
      <SectionAnswer
        form={sections}
        section={section}
        label={label}
        hint={NARRATIVE_HINTS[section]}
        rows={section === 'results' || section === 'implementation' ? 8 : 5}
        lang={draft.written_in || undefined}
      />
      {section === 'results' && <FiguresList draft={draft} />}
    </Section>
  );
}

function FiguresList({ draft }: { draft: PracticeDraft }) {
  return (
    <ListFieldset
      field="figures"
      legend={m('figures.legend')}
      canAdd={draft.figures.length < PRACTICE_FIGURES_MAX}
      addLabel={m('figures.add')}
      onAdd={() => set('figures', [...draft.figures, { label: '', value: '', unit: '' }])}
    >
      {draft.figures.map((f, i) => (
        <li key={i} className="grid gap-3 sm:grid-cols-[1fr_8rem_6rem_auto] sm:items-end">
          <TextField
            field={`figures.${i}.label`}
            label={m('figures.label')}
            value={f.label}
            onChange={(v) => setItem('figures', i, { label: v })}
            maxLength={160}
          />
          <TextField
            field={`figures.${i}.value`}
            label={m('figures.value')}
            value={f.value}
            onChange={(v) => setItem('figures', i, { value: v })}
            maxLength={40}
          />
          <TextField
            field={`figures.${i}.unit`}
            label={m('figures.unit')}
            optional
            value={f.unit}
            onChange={(v) => setItem('figures', i, { unit: v })}
            maxLength={40}
          />
          <RemoveItemButton onRemove={() => removeItem('figures', i)} />
        </li>
      ))}
    </ListFieldset>
  );
}

export function ContactSection({ draft, filled, reviewer, editable, canResolve }: SectionsProps) {
  return (
    <Section
      sectionKey="contact"
      filled={filled.contact}
      reviewer={reviewer}
      editable={editable}
      canResolve={canResolve}
      intro={m('contact.intro')}
    >
      <div className="grid gap-5 sm:grid-cols-3">
        <TextField
          field="contact.name"
          label={m('contact.name')}
          value={draft.contact.name}
          onChange={(v) => setIn('contact', 'name', v)}
          maxLength={120}
        />
        <TextField
          field="contact.email"
          label={m('contact.email')}
          type="email"
          value={draft.contact.email}
          onChange={(v) => setIn('contact', 'email', v)}
          maxLength={200}
        />
        <TextField
          field="contact.phone"
          label={m('contact.phone')}
          type="tel"
          optional
          value={draft.contact.phone}
          onChange={(v) => setIn('contact', 'phone', v)}
          maxLength={40}
        />
      </div>
    </Section>
  );
}

export { NARRATIVE_KEYS };
