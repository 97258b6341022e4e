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
} from '../../../lib/best-practices/schema.ts';
import { countWords } from '../../../lib/best-practices/words.ts';
import { Options, SelectField } from '../ui/filters.tsx';
import { ui } from '../ui/styles.ts';
import { WrittenLanguagePicker } from '../ui/written-language-picker.tsx';
import {
  fieldId,
  ListErrors,
  ListFieldset,
  RemoveItemButton,
  Section,
  TextArea,
  TextField,
  type SectionState,
} from './fields.tsx';
import type { PracticeDraft } from './practice-draft.ts';
import { editDraft } from './practice-form-store.ts';
import { sectionLabel, thrustName } from './labels.ts';
import { SectionAnswer } from './section-answer.tsx';
import type { SectionsForm } from './sections-form.ts';
import { categoryName } from './content.ts';
import { m } from './messages.ts';

export interface SectionsProps extends SectionState {
  draft: PracticeDraft;
  reference: PracticeRef | undefined;
  countryName: string;
}

const set = <K extends keyof PracticeDraft>(key: K, value: PracticeDraft[K]) =>
  editDraft((d) => ({ ...d, [key]: value }));

/** The lists of the draft edited in place, item by item. */
type ListKey = 'partners' | 'figures' | 'key_dates' | 'links' | 'images' | 'attachments';
type Item<K extends ListKey> = PracticeDraft[K][number];
/** The names of what is text in `T`. */
type TextKey<T> = { [F in keyof T]: T[F] extends string ? F : never }[keyof T] & string;

function setItem<K extends ListKey>(key: K, index: number, patch: Partial<Item<K>>) {
  editDraft((d) => ({ ...d, [key]: d[key].map((item, i) => (i === index ? { ...item, ...patch } : item)) }));
}
export const removeItem = (key: ListKey, index: number) =>
  editDraft((d) => ({ ...d, [key]: d[key].filter((_, i) => i !== index) }));

type BoundFieldProps = Omit<Parameters<typeof TextField>[0], 'field' | 'value' | 'onChange'> & { draft: PracticeDraft };

/** A text field on one of the draft's own texts: its name is the error's key, the value shown and what it sets. */
function DraftField({ draft, field, ...props }: BoundFieldProps & { field: TextKey<PracticeDraft> }) {
  return <TextField field={field} value={draft[field]} onChange={(v) => set(field, v)} {...props} />;
}

/** One item of a list of the draft. */
interface ItemAt<K extends ListKey> {
  draft: PracticeDraft;
  list: K;
  index: number;
}

/** A text field on one item of a list: `figures.0.label` names the error, the value shown and what it sets. */
export function ItemField<K extends ListKey>({
  at: { draft, list, index },
  name,
  ...props
}: Omit<BoundFieldProps, 'draft'> & { at: ItemAt<K>; name: TextKey<Item<K>> }) {
  const item: Item<K> = draft[list][index]!;
  return (
    <TextField
      field={`${list}.${index}.${name}`}
      value={item[name] as string}
      onChange={(v) => setItem(list, index, { [name]: v } as Partial<Item<K>>)}
      {...props}
    />
  );
}

/** A text field of the contact person. */
function ContactField({ draft, name, ...props }: BoundFieldProps & { name: keyof PracticeDraft['contact'] }) {
  return (
    <TextField
      field={`contact.${name}`}
      value={draft.contact[name]}
      onChange={(v) => editDraft((d) => ({ ...d, contact: { ...d.contact, [name]: v } }))}
      {...props}
    />
  );
}

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

export function BasicsSection(props: SectionsProps) {
  const { draft, countryName } = props;
  return (
    <Section sectionKey="basics" state={props}>
      <WrittenLanguagePicker id="practice-written-in" value={draft.written_in} onChange={(v) => set('written_in', v)} />
      <DraftField
        draft={draft}
        field="title"
        label={m('basics.title')}
        lang={draft.written_in || undefined}
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
        <DraftField draft={draft} field="city" label={m('basics.city')} maxLength={120} />
      </div>
      <div className="grid grid-cols-2 gap-3 sm:gap-5">
        <DraftField
          draft={draft}
          field="lat"
          label={m('basics.lat')}
          optional
          placeholder="10.6969"
          hint={m('basics.latHint')}
        />
        <DraftField draft={draft} field="lng" label={m('basics.lng')} optional placeholder="122.5644" />
      </div>
    </Section>
  );
}

export function OrganisationsSection(props: SectionsProps) {
  const { draft } = props;
  return (
    <Section sectionKey="organisations" state={props}>
      <div className="grid gap-5 sm:grid-cols-2">
        <DraftField draft={draft} field="lead_organisation" label={m('orgs.lead')} maxLength={200} />
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
        {draft.partners.map((p, i) => {
          const at = { draft, list: 'partners', index: i } as const;
          return (
            <li key={i} className="rounded-md border border-slate-200 p-3">
              <div className="grid gap-3 sm:grid-cols-2">
                <ItemField at={at} name="name" label={m('orgs.partner', { number: i + 1 })} maxLength={200} />
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
          );
        })}
      </ListFieldset>
    </Section>
  );
}

export function PeriodSection(props: SectionsProps) {
  const { draft } = props;
  return (
    <Section sectionKey="period" state={props}>
      <div className="grid gap-5 sm:grid-cols-3 sm:items-end">
        <DraftField draft={draft} field="start_date" label={m('period.start')} type="date" />
        {!draft.ongoing && <DraftField draft={draft} field="end_date" label={m('period.end')} type="date" optional />}
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
        {draft.key_dates.map((_, i) => {
          const at = { draft, list: 'key_dates', index: i } as const;
          return (
            <li key={i} className="grid gap-3 sm:grid-cols-[10rem_1fr_auto] sm:items-end">
              <ItemField at={at} name="date" label={m('period.date')} type="date" />
              <ItemField at={at} name="label" label={m('period.what')} maxLength={200} />
              <RemoveItemButton onRemove={() => removeItem('key_dates', i)} />
            </li>
          );
        })}
      </ListFieldset>
    </Section>
  );
}

export function ThemesSection(props: SectionsProps) {
  const { draft, reference } = props;
  const toggle = (key: 'categories' | 'nua_thrusts', value: string, on: boolean) =>
    editDraft((d) => ({ ...d, [key]: on ? [...d[key], value] : d[key].filter((v) => v !== value) }));
  return (
    <Section sectionKey="themes" state={props}>
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
      <DraftField
        draft={draft}
        field="sdg_targets"
        label={m('themes.sdg')}
        optional
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

export function SummarySection(props: SectionsProps) {
  const { draft } = props;
  const words = countWords(draft.summary);
  const over = words > PRACTICE_SUMMARY_WORDS_MAX;
  const counterTone = over ? 'font-semibold text-red-700' : 'text-slate-600';
  return (
    <Section sectionKey="summary" state={props}>
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
export function NarrativeSection(props: SectionsProps & { section: NarrativeKey; sections: SectionsForm }) {
  const { draft, section, sections } = props;
  const label = sectionLabel(section);
  return (
    <Section sectionKey={section} state={props}>
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
      {draft.figures.map((_, i) => {
        const at = { draft, list: 'figures', index: i } as const;
        return (
          <li key={i} className="grid gap-3 sm:grid-cols-[1fr_8rem_6rem_auto] sm:items-end">
            <ItemField at={at} name="label" label={m('figures.label')} maxLength={160} />
            <ItemField at={at} name="value" label={m('figures.value')} maxLength={40} />
            <ItemField at={at} name="unit" label={m('figures.unit')} optional maxLength={40} />
            <RemoveItemButton onRemove={() => removeItem('figures', i)} />
          </li>
        );
      })}
    </ListFieldset>
  );
}

export function ContactSection(props: SectionsProps) {
  const { draft } = props;
  return (
    <Section sectionKey="contact" state={props} intro={m('contact.intro')}>
      <div className="grid gap-5 sm:grid-cols-3">
        <ContactField draft={draft} name="name" label={m('contact.name')} maxLength={120} />
        <ContactField draft={draft} name="email" label={m('contact.email')} type="email" maxLength={200} />
        <ContactField draft={draft} name="phone" label={m('contact.phone')} type="tel" optional maxLength={40} />
      </div>
    </Section>
  );
}

export { NARRATIVE_KEYS };
