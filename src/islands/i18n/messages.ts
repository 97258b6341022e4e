/**
 * The signed-in pages' interface strings (issue 17, decision 042). Each part of the back-office
 * keeps its catalogue beside it (`messages/{en,zh,fr,ru}.json`, flat keys, ICU MessageFormat as
 * everywhere in the portal: `{name}`, `{count, plural, one {# item} other {# items}}`). English is
 * in the part's chunk; another language is its own small chunk, loaded with the part before it
 * renders:
 *
 *   import en from './messages/en.json';
 *   export const m = await loadMessages(en, { zh: () => import('./messages/zh.json'), … });
 *   m('list.title', { count: 3 })
 */
import { frenchSpaces, type Locale } from '../../i18n/locales.ts';
import { INTL_TAG, PAGE_LOCALE } from './page-locale.ts';
import { formatMessage } from '../../lib/i18n/message-format.ts';

export type Message = string;
export type Params = Record<string, string | number>;
export type Translate<K extends string> = (key: K, params?: Params) => string;
type Loader = () => Promise<{ default: Record<string, Message> }>;

/**
 * `message` (ICU MessageFormat) in the page's language, by the portal's one formatter (decision
 * 064): numbers written the page language's way, and a text written right to left (a practice's
 * title, a person's name) isolated from the words around it (decision 057).
 */
export function fillMessage(message: Message, params: Params = {}): string {
  return formatMessage(INTL_TAG, message, params, { maximumFractionDigits: 2 });
}

/** A translator over one catalogue: the page language's message, English where it has none. */
export function translatorOf<C extends Record<string, Message>>(
  english: C,
  other: Record<string, Message> | undefined,
): Translate<Extract<keyof C, string>> {
  return (key, params) => fillMessage(other?.[key] ?? english[key] ?? key, params);
}

function withFrenchSpaces(catalogue: Record<string, Message>): Record<string, Message> {
  return Object.fromEntries(Object.entries(catalogue).map(([key, message]) => [key, frenchSpaces(message)]));
}

/** The catalogue of one part of the back-office in the page's language. */
export async function loadMessages<C extends Record<string, Message>>(
  english: C,
  loaders: Record<Exclude<Locale, 'en'>, Loader>,
  locale: Locale = PAGE_LOCALE,
): Promise<Translate<Extract<keyof C, string>>> {
  if (locale === 'en') return translatorOf(english, undefined);
  try {
    const catalogue = (await loaders[locale]()).default;
    return translatorOf(english, locale === 'fr' ? withFrenchSpaces(catalogue) : catalogue);
  } catch {
    // A chunk that cannot load (offline, new deploy) must not stop the page: English it is.
    return translatorOf(english, undefined);
  }
}
