/**
 * Content in several languages (issue 17 item 2, decision 044): administrators give the portal's
 * own texts (thrusts, questions, profile themes and indicators, CMS items, practice categories)
 * in Chinese, French and Russian beside the English; English fills whatever is not translated.
 */
import { z } from 'zod';
import { EditorSchema, GenericResponseSchema, pagedFields, pagingQuery, text, VersionSchema } from '../http/schema.ts';
import { zodError } from '../i18n/said.ts';

/** The records whose texts can be translated, by the name used in the API's paths. */
export const TRANSLATABLE = [
  'thrust',
  'subcategory',
  'question',
  'profile-category',
  'profile-indicator',
  'cms-item',
  'practice-category',
] as const;
export type Translatable = (typeof TRANSLATABLE)[number];
export const TranslatableSchema = z.enum(TRANSLATABLE, {
  error: zodError('must be one of {values}', { values: TRANSLATABLE.join(', ') }),
});

/** The languages content is translated into (English is the source). */
export const TRANSLATION_LOCALES = ['zh', 'fr', 'ru'] as const;
export type TranslationLocale = (typeof TRANSLATION_LOCALES)[number];
export const TranslationLocaleSchema = z.enum(TRANSLATION_LOCALES, { error: 'must be zh, fr or ru' });

/** A single-line text's and a long text's limits, as the English fields allow. */
export const LINE_MAX = 1000;
export const LONG_TEXT_MAX = 20_000;

/**
 * One translatable text of a record: its name (`name`, `text`, `help`, `option.<value>`,
 * `part.<key>`), whether it is a long text, and its English.
 */
export const TranslationFieldSchema = z.object({ name: z.string(), multiline: z.boolean(), english: z.string() });
export type TranslationField = z.output<typeof TranslationFieldSchema>;

/** A record's translation into one language. */
export const LocaleTranslationSchema = z.object({
  locale: TranslationLocaleSchema,
  /** The translated fields; a field not here shows in English. */
  fields: z.record(z.string(), z.string()),
  /** Fields whose English changed after they were translated: the translation may be out of date. */
  outdated: z.array(z.string()),
  /** null until the first translation is saved. */
  version: z.number().int().nullable(),
  updated_at: z.string().nullable(),
  updated_by: EditorSchema.nullable(),
});
export type LocaleTranslation = z.output<typeof LocaleTranslationSchema>;

/** GET /api/translation/{entity}/{key}: the record's English texts and each language's translation. */
export const ContentTranslationsSchema = z.object({
  entity: TranslatableSchema,
  key: z.string(),
  fields: z.array(TranslationFieldSchema),
  translations: z.object({ zh: LocaleTranslationSchema, fr: LocaleTranslationSchema, ru: LocaleTranslationSchema }),
});
export const ContentTranslationsResponseSchema = GenericResponseSchema.extend({ data: ContentTranslationsSchema });
export type ContentTranslationsResponse = z.output<typeof ContentTranslationsResponseSchema>;

/**
 * POST /api/translation/{entity}/{key}/{locale}: the fields in that language. A field left empty
 * goes back to English. `version` (or If-Match) is the version read; a first translation has none.
 */
export const TranslationBodySchema = z.object({
  fields: z.record(z.string().max(80), text({ max: LONG_TEXT_MAX, multiline: true })),
  version: VersionSchema.optional(),
});

export const LocaleTranslationResponseSchema = GenericResponseSchema.extend({ data: LocaleTranslationSchema });
export type LocaleTranslationResponse = z.output<typeof LocaleTranslationResponseSchema>;

/** How far a record's translation into a language has come, for the list's filter. */
export const TRANSLATION_STATES = ['missing', 'outdated', 'done'] as const;
export type TranslationState = (typeof TRANSLATION_STATES)[number];

/** GET /api/translation/list: one kind of record, with how much of each is translated. */
export const TranslationListQuerySchema = z.object({
  entity: TranslatableSchema,
  /** With `state`: the language the state is about; without, any of the three. */
  locale: z.preprocess((v) => (v === '' ? undefined : v), TranslationLocaleSchema.optional()),
  state: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.enum(TRANSLATION_STATES, { error: 'must be missing, outdated or done' }).optional(),
  ),
  q: text({ max: 100 }).optional(),
  ...pagingQuery({ unit: 'per page' }),
});
export type TranslationListQuery = z.output<typeof TranslationListQuerySchema>;

const LanguageProgressSchema = z.object({ translated: z.number().int(), outdated: z.number().int() });

export const TranslationListItemSchema = z.object({
  key: z.string(),
  /** The record's first English text (its name, title or wording), to recognise it by. */
  english: z.string(),
  /** How many texts the record has to translate. */
  fields: z.number().int(),
  languages: z.object({ zh: LanguageProgressSchema, fr: LanguageProgressSchema, ru: LanguageProgressSchema }),
});
export type TranslationListItem = z.output<typeof TranslationListItemSchema>;

export const TranslationListResponseSchema = z.object(pagedFields(TranslationListItemSchema));
export type TranslationListResponse = z.output<typeof TranslationListResponseSchema>;

/** The path of GET /api/translation/public/{locale}. */
export const PublicTranslationsPathSchema = z.object({ locale: TranslationLocaleSchema });

/**
 * GET /api/translation/public/{locale}: every translation of public content into one language,
 * by kind and record key, as the site's build reads them (drafts and unpublished records left out).
 */
export const PublicTranslationsSchema = z.object({
  locale: TranslationLocaleSchema,
  entities: z.partialRecord(TranslatableSchema, z.record(z.string(), z.record(z.string(), z.string()))),
});
export type PublicTranslations = z.output<typeof PublicTranslationsSchema>;
export const PublicTranslationsResponseSchema = GenericResponseSchema.extend({ data: PublicTranslationsSchema });
export type PublicTranslationsResponse = z.output<typeof PublicTranslationsResponseSchema>;
