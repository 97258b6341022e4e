/**
 * One record's translations as its panel edits them (issue 17 item 2, decision 044): loaded once,
 * each language's draft kept apart, saved with the version it read; a stale save keeps the
 * person's draft and shows whose translation is there now.
 */
import { atom, map } from 'nanostores';
import {
  ContentTranslationsResponseSchema,
  LocaleTranslationResponseSchema,
  LocaleTranslationSchema,
  type ContentTranslations,
  type LocaleTranslation,
  type Translatable,
  type TranslationLocale,
} from '../../../lib/translations/schema.ts';
import { api, conflictOf } from '../lib/api.ts';

export type PanelState =
  { status: 'loading' } | { status: 'error'; error: unknown } | { status: 'ready'; record: ContentTranslations };

export interface LocaleDraft {
  fields: Record<string, string>;
  saving: boolean;
  error: unknown;
  /** The translation someone else saved meanwhile, when a save found it. */
  conflict: LocaleTranslation | null;
}

const emptyDraft = (saved: LocaleTranslation): LocaleDraft => ({
  fields: { ...saved.fields },
  saving: false,
  error: null,
  conflict: null,
});

export function createTranslationsStore(entity: Translatable, key: string) {
  const $state = atom<PanelState>({ status: 'loading' });
  const $drafts = map<Partial<Record<TranslationLocale, LocaleDraft>>>({});
  const path = `translation/${entity}/${encodeURIComponent(key)}`;

  async function load(): Promise<void> {
    $state.set({ status: 'loading' });
    try {
      const { data } = await api.request('GET', path, { schema: ContentTranslationsResponseSchema });
      $state.set({ status: 'ready', record: data });
      $drafts.set({
        zh: emptyDraft(data.translations.zh),
        fr: emptyDraft(data.translations.fr),
        ru: emptyDraft(data.translations.ru),
      });
    } catch (error) {
      $state.set({ status: 'error', error });
    }
  }

  function edit(locale: TranslationLocale, field: string, value: string): void {
    const draft = $drafts.get()[locale];
    if (draft) $drafts.setKey(locale, { ...draft, fields: { ...draft.fields, [field]: value } });
  }

  function savedOf(locale: TranslationLocale): LocaleTranslation | null {
    const state = $state.get();
    return state.status === 'ready' ? state.record.translations[locale] : null;
  }

  function keep(locale: TranslationLocale, saved: LocaleTranslation, draft: LocaleDraft): void {
    const state = $state.get();
    if (state.status !== 'ready') return;
    $state.set({
      status: 'ready',
      record: { ...state.record, translations: { ...state.record.translations, [locale]: saved } },
    });
    $drafts.setKey(locale, draft);
  }

  /** Saves the language's draft over `base` (the version read, or the one a conflict showed). */
  async function save(locale: TranslationLocale, base = savedOf(locale)): Promise<boolean> {
    const draft = $drafts.get()[locale];
    if (!draft || !base) return false;
    $drafts.setKey(locale, { ...draft, saving: true, error: null });
    try {
      const body = { fields: draft.fields, ...(base.version === null ? {} : { version: base.version }) };
      const { data } = await api.request('POST', `${path}/${locale}`, {
        schema: LocaleTranslationResponseSchema,
        body,
      });
      keep(locale, data, emptyDraft(data));
      return true;
    } catch (error) {
      const current = conflictOf(error, LocaleTranslationSchema);
      $drafts.setKey(locale, { ...draft, saving: false, error: current ? null : error, conflict: current });
      return false;
    }
  }

  /** Takes the translation saved by someone else, dropping the draft. */
  function reloadTheirs(locale: TranslationLocale): void {
    const theirs = $drafts.get()[locale]?.conflict;
    if (theirs) keep(locale, theirs, emptyDraft(theirs));
  }

  /** Saves the draft over the translation saved by someone else. */
  function keepMine(locale: TranslationLocale): Promise<boolean> {
    const theirs = $drafts.get()[locale]?.conflict;
    return theirs ? save(locale, theirs) : Promise.resolve(false);
  }

  return { $state, $drafts, load, edit, save, reloadTheirs, keepMine };
}

export type TranslationsStore = ReturnType<typeof createTranslationsStore>;

/** Whether the draft differs from what is saved. */
export function isDirty(draft: LocaleDraft | undefined, saved: LocaleTranslation): boolean {
  if (!draft) return false;
  const names = new Set([...Object.keys(draft.fields), ...Object.keys(saved.fields)]);
  return [...names].some((name) => (draft.fields[name] ?? '').trim() !== (saved.fields[name] ?? ''));
}
