/**
 * The signed-in pages' interface strings (issue 17, decision 042). Each part of the back-office
 * keeps its catalogue beside it (`messages/{en,zh,fr,ru}.json`, flat keys, the public site's
 * format: a string with `{name}` placeholders, or plural forms by `Intl.PluralRules` category
 * chosen by `count`). English is in the part's chunk; another language is its own small chunk,
 * loaded with the part before it renders:
 *
 *   import en from './messages/en.json';
 *   export const m = await loadMessages(en, { zh: () => import('./messages/zh.json'), … });
 *   m('list.title', { count: 3 })
 */
import { frenchSpaces, type Locale } from '../../i18n/locales.ts';
import { INTL_TAG, PAGE_LOCALE } from './page-locale.ts';
import { isolated } from '../../lib/http/safe-text.ts';

export type PluralForms = Partial<Record<Intl.LDMLPluralRule, string>> & { other: string };
export type Message = string | PluralForms;
export type Params = Record<string, string | number>;
export type Translate<K extends string> = (key: K, params?: Params) => string;
type Loader = () => Promise<{ default: Record<string, Message> }>;

let plural: Intl.PluralRules | undefined;
const numberFormat = new Intl.NumberFormat(INTL_TAG, { maximumFractionDigits: 2 });

/**
 * Fills `{name}` placeholders; numbers are written the page language's way, and a text written
 * right to left (a practice's title, a person's name) is isolated from the words around it (decision 057).
 */
export function fillMessage(message: Message, params: Params = {}): string {
  let text: string;
  if (typeof message === 'string') text = message;
  else {
    plural ??= new Intl.PluralRules(INTL_TAG);
    text = message[plural.select(Number(params['count'] ?? 0))] ?? message.other;
  }
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = params[name];
    if (value === undefined) return whole;
    return typeof value === 'number' ? numberFormat.format(value) : isolated(value);
  });
}

/** A translator over one catalogue: the page language's message, English where it has none. */
export function translatorOf<C extends Record<string, Message>>(
  english: C,
  other: Record<string, Message> | undefined,
): Translate<Extract<keyof C, string>> {
  return (key, params) => fillMessage(other?.[key] ?? english[key] ?? key, params);
}

function withFrenchSpaces(catalogue: Record<string, Message>): Record<string, Message> {
  const spaced = (message: Message): Message =>
    typeof message === 'string'
      ? frenchSpaces(message)
      : (Object.fromEntries(Object.entries(message).map(([form, text]) => [form, frenchSpaces(text)])) as PluralForms);
  return Object.fromEntries(Object.entries(catalogue).map(([key, message]) => [key, spaced(message)]));
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
