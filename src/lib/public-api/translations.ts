/**
 * What the build reads of content translations (decision 044): each language's translations of
 * public content, fetched once per build, and the text a page shows for a record's field — the
 * translation, or the English marked as English.
 */
import type { Locale } from '../../i18n/locales.ts';
import {
  PublicTranslationsResponseSchema,
  type PublicTranslations,
  type Translatable,
} from '../translations/schema.ts';
import { fetchPublicOrNull } from './client.ts';
import { noteRead } from './page-reads.ts';

const loaded = new Map<Locale, Promise<PublicTranslations['entities']>>();

/** Every translation into `locale` (none for English; none when the server has no translations). */
export function translationsOf(locale: Locale): Promise<PublicTranslations['entities']> {
  // Noted as read by the page rendering (decision 045): its cache key covers the translations.
  noteRead(`translations:${locale}`);
  if (locale === 'en') return Promise.resolve({});
  let entities = loaded.get(locale);
  if (!entities) {
    entities = fetchPublicOrNull(`translation/public/${locale}`, PublicTranslationsResponseSchema).then(
      (body) => body?.data.entities ?? {},
    );
    loaded.set(locale, entities);
  }
  return entities;
}

/** A text as a page shows it: in the page's language when translated, else the English, with the language it is in. */
export interface ShownText {
  text: string;
  /** `en` when the English stands in for a missing translation (and on English pages). */
  lang: Locale;
  /** True when the page's language has no translation and the English shows instead. */
  fallback: boolean;
}

/** `english`, or its translation into `locale` (field `field` of record `key` of `entity`). */
export function shownText(
  entities: PublicTranslations['entities'],
  locale: Locale,
  entity: Translatable,
  key: string,
  field: string,
  english: string,
): ShownText {
  if (locale === 'en') return { text: english, lang: 'en', fallback: false };
  const translated = entities[entity]?.[key]?.[field];
  return translated
    ? { text: translated, lang: locale, fallback: false }
    : { text: english, lang: 'en', fallback: true };
}
