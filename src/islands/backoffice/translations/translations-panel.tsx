import { useStore } from '@nanostores/react';
import { Labelled } from '../ui/field.tsx';
import { useEffect, useMemo, useState } from 'react';
import { LOCALE_INFO } from '../../../i18n/locales.ts';
import { languageName as nameOfLanguage } from '../../../lib/i18n/language-names.ts';
import {
  TRANSLATION_LOCALES,
  type LocaleTranslation,
  type Translatable,
  type TranslationField,
  type TranslationLocale,
} from '../../../lib/translations/schema.ts';
import { PAGE_LOCALE } from '../../i18n/page-locale.ts';
import { errorMessage } from '../lib/api.ts';
import { notifySuccess } from '../notifications/snackbar-store.ts';
import { ConflictActions, ConflictNotice } from '../ui/conflict-notice.tsx';
import { ErrorState, Skeleton } from '../ui/states.tsx';
import { ui } from '../ui/styles.ts';
import { m } from './messages.ts';
import { createTranslationsStore, isDirty, type LocaleDraft, type TranslationsStore } from './translations-store.ts';

/**
 * A language's name in the reader's language (Intl.DisplayNames), as the filter, the list and the
 * tabs name it: by its language alone ("китайский", not "китайский, упрощенное письмо"), short
 * enough for a tab at 390 px.
 */
export const languageName = (locale: TranslationLocale): string =>
  nameOfLanguage(locale, PAGE_LOCALE, LOCALE_INFO[locale].name);

/** The tab a record opens on: the language the list is filtered by, else the reader's own, else French. */
export function firstTab(filtered: TranslationLocale | ''): TranslationLocale {
  if (filtered) return filtered;
  return (TRANSLATION_LOCALES as readonly string[]).includes(PAGE_LOCALE) ? (PAGE_LOCALE as TranslationLocale) : 'fr';
}

/** The label of each kind of text, by its field name. */
const FIELD_LABELS: Partial<Record<string, Parameters<typeof m>[0]>> = {
  name: 'field.name',
  text: 'field.text',
  help: 'field.help',
  unit: 'field.unit',
  text_label: 'field.text_label',
  description: 'field.description',
  body: 'field.body',
  hero_alt: 'field.hero_alt',
  title: 'field.title',
  image_alt: 'field.image_alt',
};

/** The label of each text of a theme's key fact (`fact.<n>.<part>`, decision 061). */
const FACT_LABELS: Partial<Record<string, Parameters<typeof m>[0]>> = {
  label: 'field.factLabel',
  value: 'field.factValue',
  unit: 'field.factUnit',
  source: 'field.factSource',
};

/**
 * A field's label: what the text is, in the page's language; a choice or part named by its English, a key fact by its
 * number.
 */
function fieldLabel(field: TranslationField): string {
  const [kind, n = '', part = ''] = field.name.split('.');
  if (kind === 'option') return m('field.option', { english: field.english });
  if (kind === 'part') return m('field.part', { english: field.english });
  const fact = kind === 'fact' ? FACT_LABELS[part] : undefined;
  if (fact) return m(fact, { n });
  const key = FIELD_LABELS[field.name];
  return key ? m(key) : field.name;
}

/**
 * The translations of one record, side by side with its English (issue 17 item 2): a tab per
 * language, each field's English above its translation, a field whose English changed since
 * marked, and a save per language with the version it read. It opens on the language the list is
 * filtered by (`filtered`), and follows the filter when it changes (issue 32).
 */
export function TranslationsPanel({
  entity,
  recordKey,
  onSaved,
  filtered = '',
}: {
  entity: Translatable;
  recordKey: string;
  onSaved?: () => void;
  filtered?: TranslationLocale | '';
}) {
  const store = useMemo(() => createTranslationsStore(entity, recordKey), [entity, recordKey]);
  const state = useStore(store.$state);
  const drafts = useStore(store.$drafts);
  const [locale, setLocale] = useState<TranslationLocale>(() => firstTab(filtered));
  useEffect(() => void store.load(), [store]);
  // A new filter picks its language's tab (what was typed in another tab stays in its draft).
  const [shownFilter, setShownFilter] = useState(filtered);
  if (filtered !== shownFilter) {
    setShownFilter(filtered);
    if (filtered) setLocale(filtered);
  }

  return (
    <section aria-labelledby={`translations-${recordKey}`} className={ui.card}>
      <h2 id={`translations-${recordKey}`} className="text-base font-semibold text-slate-900">
        {m('heading')}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{m('intro')}</p>
      {state.status === 'loading' && <Skeleton rows={3} />}
      {state.status === 'error' && (
        <ErrorState error={state.error} title={m('loadFailed')} onRetry={() => void store.load()} />
      )}
      {state.status === 'ready' && state.record.fields.length === 0 && (
        <p className="mt-4 text-sm text-slate-700">{m('nothing')}</p>
      )}
      {state.status === 'ready' && state.record.fields.length > 0 && (
        <>
          <LanguageTabs
            locale={locale}
            onChoose={setLocale}
            translations={state.record.translations}
            total={state.record.fields.length}
          />
          <LocaleForm
            key={locale}
            store={store}
            locale={locale}
            fields={state.record.fields}
            saved={state.record.translations[locale]}
            draft={drafts[locale]}
            onSaved={onSaved}
          />
        </>
      )}
    </section>
  );
}

function LanguageTabs({
  locale,
  onChoose,
  translations,
  total,
}: {
  locale: TranslationLocale;
  onChoose: (l: TranslationLocale) => void;
  translations: Record<TranslationLocale, LocaleTranslation>;
  total: number;
}) {
  return (
    <div role="group" aria-label={m('tabs')} className="mt-4 flex flex-wrap gap-2">
      {TRANSLATION_LOCALES.map((option) => (
        <button
          key={option}
          type="button"
          aria-pressed={option === locale}
          onClick={() => onChoose(option)}
          className={
            `rounded-md border px-3 py-1.5 ` +
            'text-sm ' +
            (option === locale
              ? 'border-brand-600 bg-brand-50 font-semibold text-brand-800'
              : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50')
          }
        >
          <span>{languageName(option)}</span>
          <span className="ml-2 text-xs font-normal text-slate-600">
            {m('progress', { done: Object.keys(translations[option].fields).length, total })}
          </span>
        </button>
      ))}
    </div>
  );
}

interface LocaleFormProps {
  store: TranslationsStore;
  locale: TranslationLocale;
  fields: TranslationField[];
  saved: LocaleTranslation;
  draft: LocaleDraft | undefined;
  onSaved: (() => void) | undefined;
}

function LocaleForm({ store, locale, fields, saved, draft, onSaved }: LocaleFormProps) {
  const dirty = isDirty(draft, saved);
  const name = languageName(locale);
  const done = (ok: boolean) => {
    if (!ok) return;
    notifySuccess(m('saved', { language: name }));
    onSaved?.();
  };
  const submit = async () => done(await store.save(locale));
  return (
    <form
      className="mt-4 space-y-5"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      {draft?.conflict && (
        <ConflictNotice
          title={m('conflictTitle')}
          record={draft.conflict}
          what={m('conflictWhat')}
          actions={
            <ConflictActions
              saving={draft.saving}
              onReload={() => store.reloadTheirs(locale)}
              onKeepMine={() => void store.keepMine(locale).then(done)}
            />
          }
        />
      )}
      {fields.map((field) => (
        <TranslationInput
          key={field.name}
          store={store}
          locale={locale}
          field={field}
          value={draft?.fields[field.name] ?? ''}
          outdated={saved.outdated.includes(field.name)}
        />
      ))}
      {draft?.error ? (
        <p role="alert" className="text-sm text-red-700">
          {errorMessage(draft.error)}
        </p>
      ) : null}
      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" className={ui.primaryButton} disabled={!dirty || draft?.saving}>
          {draft?.saving ? m('saving') : m('save', { language: name })}
        </button>
        {dirty && <span className="text-sm text-amber-800">{m('unsaved')}</span>}
      </div>
    </form>
  );
}

function TranslationInput({
  store,
  locale,
  field,
  value,
  outdated,
}: {
  store: TranslationsStore;
  locale: TranslationLocale;
  field: TranslationField;
  value: string;
  outdated: boolean;
}) {
  const id = `translation-${locale}-${field.name}`;
  const Control = field.multiline ? 'textarea' : 'input';
  return (
    <Labelled id={id} label={fieldLabel(field)}>
      <p className="mt-1 rounded-md bg-slate-50 px-3 py-2 text-sm whitespace-pre-line text-slate-700">
        <span className="mr-2 text-xs font-semibold tracking-wide text-slate-500 uppercase">{m('english')}</span>
        <span lang="en" dir="auto">
          {field.english}
        </span>
      </p>
      <Control
        id={id}
        lang={LOCALE_INFO[locale].tag}
        dir="auto"
        className={`${ui.input} mt-2`}
        value={value}
        rows={field.multiline ? Math.min(12, Math.max(3, Math.ceil(field.english.length / 90))) : undefined}
        aria-describedby={outdated ? `${id}-outdated` : undefined}
        onChange={(event) => store.edit(locale, field.name, event.target.value)}
      />
      {outdated && (
        <p id={`${id}-outdated`} className="mt-1 text-sm text-amber-800">
          {m('outdated')}
        </p>
      )}
    </Labelled>
  );
}
