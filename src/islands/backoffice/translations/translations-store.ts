/**
 * One record's translations as its panel edits them (issue 17 item 2, decision 044): loaded once,
 * each language's draft kept apart, saved with the version it read; a stale save keeps the
 * person's draft and shows whose translation is there now.
 */
import { map } from 'nanostores';
import {
  ContentTranslationsResponseSchema,
  LocaleTranslationResponseSchema,
  LocaleTranslationSchema,
  TRANSLATION_LOCALES,
  type LocaleTranslation,
  type Translatable,
  type TranslationLocale,
} from '../../../lib/translations/schema.ts';
import { api } from '../lib/api.ts';
import { loadable, versionedEdit, type VersionedEdit } from '../lib/versioned-edit.ts';

export interface LocaleDraft {
  fields: Record<string, string>;
  saving: boolean;
  error: unknown;
  /** The translation someone else saved meanwhile, when a save found it. */
  conflict: LocaleTranslation | null;
}

const emptyDraft = (saved: LocaleTranslation, fields = saved.fields): LocaleDraft => ({
  fields: { ...fields },
  saving: false,
  error: null,
  conflict: null,
});

type Fields = Record<string, string>;

export function createTranslationsStore(entity: Translatable, key: string) {
  const path = `translation/${entity}/${encodeURIComponent(key)}`;
  const { $record: $state, load: read } = loadable(
    async () => (await api.request('GET', path, { schema: ContentTranslationsResponseSchema })).data,
  );
  const $drafts = map<Partial<Record<TranslationLocale, LocaleDraft>>>({});
  /** Each language is saved on its own, with the version it read; what is typed waits in the tab until saved. */
  const edits = Object.fromEntries(
    TRANSLATION_LOCALES.map((locale) => [
      locale,
      versionedEdit<LocaleTranslation, { fields: Fields }, LocaleTranslation, Fields>({
        schema: LocaleTranslationSchema,
        send: async (body) =>
          (await api.request('POST', `${path}/${locale}`, { schema: LocaleTranslationResponseSchema, body })).data,
        draftKey: () => `translation:${entity}:${key}:${locale}`,
      }),
    ]),
  ) as Record<TranslationLocale, VersionedEdit<LocaleTranslation, { fields: Fields }, LocaleTranslation, Fields>>;

  /** Loads the record; a language's draft kept from before a reload comes back if it was typed on the version read. */
  async function load(): Promise<void> {
    const record = await read();
    if (!record) return;
    const drafts: Partial<Record<TranslationLocale, LocaleDraft>> = {};
    for (const locale of TRANSLATION_LOCALES) {
      const saved = record.translations[locale];
      const kept = edits[locale].readDraft();
      drafts[locale] = emptyDraft(saved, kept && kept.version === saved.version ? kept.values : saved.fields);
    }
    $drafts.set(drafts);
  }

  function edit(locale: TranslationLocale, field: string, value: string): void {
    const draft = $drafts.get()[locale];
    if (!draft) return;
    const fields = { ...draft.fields, [field]: value };
    $drafts.setKey(locale, { ...draft, fields });
    edits[locale].keepDraft(fields, savedOf(locale)?.version ?? null);
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
    const outcome = await edits[locale].save({ fields: draft.fields }, base);
    if (outcome.kind === 'saved') {
      keep(locale, outcome.saved, emptyDraft(outcome.saved));
      return true;
    }
    const conflict = outcome.kind === 'conflict' ? outcome.theirs : null;
    const error = conflict ? null : edits[locale].$state.get().error;
    $drafts.setKey(locale, { ...draft, saving: false, error, conflict });
    return false;
  }

  /** Takes the translation saved by someone else, dropping the draft. */
  function reloadTheirs(locale: TranslationLocale): void {
    const theirs = edits[locale].takeTheirs();
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
