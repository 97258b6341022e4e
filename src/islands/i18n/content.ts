/**
 * The portal's own content in the signed-in page's language (decision 044): questions, thrusts,
 * subcategories, indicators… as administrators translated them, else the English. Loaded once per
 * page, only for a page not in English; a part that shows content awaits it at its top level, as
 * it awaits its catalogue.
 */
import {
  PublicTranslationsResponseSchema,
  type PublicTranslations,
  type Translatable,
} from '../../lib/translations/schema.ts';
import { LOCALE_INFO } from '../../i18n/locales.ts';
import { PAGE_LOCALE } from './page-locale.ts';

type Entities = PublicTranslations['entities'];
let loading: Promise<Entities> | undefined;

async function fetchEntities(): Promise<Entities> {
  if (PAGE_LOCALE === 'en') return {};
  try {
    const response = await fetch(`/api/translation/public/${PAGE_LOCALE}`, { headers: { accept: 'application/json' } });
    if (!response.ok) return {};
    const parsed = PublicTranslationsResponseSchema.safeParse(await response.json());
    return parsed.success ? parsed.data.data.entities : {};
  } catch {
    // Offline or a failed server: the English content still reads.
    return {};
  }
}

/** The page language's content translations (empty on an English page or when they cannot load). */
export function loadContentTranslations(): Promise<Entities> {
  loading ??= fetchEntities();
  return loading;
}

/** A text of the portal's content as the page shows it, with the language it is in (for `lang`). */
export function contentText(
  entities: Entities,
  entity: Translatable,
  key: string,
  field: string,
  english: string,
): { text: string; lang: string } {
  const translated = entities[entity]?.[key]?.[field];
  return translated ? { text: translated, lang: LOCALE_INFO[PAGE_LOCALE].tag } : { text: english, lang: 'en' };
}
