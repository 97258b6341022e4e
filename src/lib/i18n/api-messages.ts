/**
 * The API's messages in the portal's languages (decision 043). The code writes English; the
 * `message` and the field `errors` of every JSON body are translated on the way out, through one
 * catalogue per language (`api-messages/{en,zh,fr,ru}.json`) keyed by the English text.
 *
 * A key is the English message, with `{name}` where the code builds a value in (`must be at most
 * {max} characters`). The English catalogue gives the texts the key stands for: the key itself,
 * or plural forms (`{count} answers break…`, `1 answer breaks…`) told apart by `count`. A
 * translation is a string, or plural forms by `Intl.PluralRules`. A value built in is kept as
 * written (a field name, a country, a year), formatted as a number when it is one, except where
 * the catalogue has a term for it: the value of `{reportStatus}` is looked up under
 * `reportStatus:<value>` (`reportStatus:submitted` → `soumis`), and a value that is itself a
 * message (`The file cannot be imported: {message}`) under its own key.
 */
import en from './api-messages/en.json' with { type: 'json' };
import fr from './api-messages/fr.json' with { type: 'json' };
import ru from './api-messages/ru.json' with { type: 'json' };
import zh from './api-messages/zh.json' with { type: 'json' };
import { LOCALE_INFO, pluralForm, type Locale, type PluralForms } from '../../i18n/locales.ts';

export type ApiMessage = string | PluralForms;
export type ApiCatalogue = Record<string, ApiMessage>;

export const API_CATALOGUES: Record<Locale, ApiCatalogue> = { en, zh, fr, ru };

interface Pattern {
  key: string;
  regex: RegExp;
  names: string[];
  /** Letters outside the placeholders: the more, the more specific. */
  weight: number;
}

const PLACEHOLDER = /\{(\w+)\}/g;
const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The English texts a key stands for. */
export function englishForms(key: string): string[] {
  const message = API_CATALOGUES.en[key] ?? key;
  return typeof message === 'string'
    ? [message]
    : Object.values(message).filter((text): text is string => typeof text === 'string');
}

function compile(key: string, form: string): Pattern {
  const names: string[] = [];
  let source = '';
  let last = 0;
  for (const match of form.matchAll(PLACEHOLDER)) {
    source += escapeRegex(form.slice(last, match.index)) + '([\\s\\S]+?)';
    names.push(match[1]!);
    last = match.index + match[0].length;
  }
  source += escapeRegex(form.slice(last));
  return { key, regex: new RegExp(`^${source}$`), names, weight: form.replace(PLACEHOLDER, '').length };
}

let patterns: Pattern[] | null = null;

/** Every key with placeholders, most specific first (`… {count} days` before `… {max} {unit}`). */
function allPatterns(): Pattern[] {
  patterns ??= Object.keys(API_CATALOGUES.en)
    .filter((key) => !key.includes(':') || key.includes('{'))
    .flatMap((key) =>
      englishForms(key)
        .filter((form) => form.includes('{'))
        .map((form) => compile(key, form)),
    )
    .sort((a, b) => b.weight - a.weight);
  return patterns;
}

function chooseForm(locale: Locale, message: ApiMessage, count: number): string {
  if (typeof message === 'string') return message;
  return pluralForm(locale, message, count);
}

/** A value built into a message, in `locale`: its term, a message, a number the language's way, or as written. */
function valueIn(locale: Locale, name: string, value: string, depth: number): string {
  const term = API_CATALOGUES[locale][`${name}:${value}`];
  if (typeof term === 'string') return term;
  // A list of terms ("Summary, Results"): each item in the language, joined its way.
  const items = value.split(', ').map((item) => API_CATALOGUES[locale][`${name}:${item}`]);
  if (items.length > 1 && items.every((item) => typeof item === 'string'))
    return items.join(locale === 'zh' ? '、' : ', ');
  if (/^\d{4,}$/.test(value) && name !== 'year' && name !== 'id') {
    return new Intl.NumberFormat(LOCALE_INFO[locale].tag).format(Number(value));
  }
  if (depth < 2 && /\s/.test(value)) {
    const inner = translateIn(locale, value, depth + 1);
    if (inner !== null) return inner;
  }
  return value;
}

function translateIn(locale: Locale, text: string, depth: number): string | null {
  const catalogue = API_CATALOGUES[locale];
  const exact = catalogue[text];
  if (exact !== undefined && !text.includes('{')) return chooseForm(locale, exact, 1);
  for (const pattern of allPatterns()) {
    const match = pattern.regex.exec(text);
    if (!match) continue;
    const message = catalogue[pattern.key];
    if (message === undefined) return null;
    const values = new Map(pattern.names.map((name, i) => [name, match[i + 1]!]));
    const count = Number(values.get('count') ?? 1);
    return chooseForm(locale, message, count).replace(PLACEHOLDER, (whole, name: string) => {
      const value = values.get(name);
      return value === undefined ? whole : valueIn(locale, name, value, depth);
    });
  }
  return null;
}

/** `text` (an English message of the API) in `locale`; unchanged when the catalogue has no translation. */
export function translateMessage(locale: Locale, text: string): string {
  if (locale === 'en') return text;
  return translateIn(locale, text, 0) ?? text;
}

/** A response body with its `message` and field `errors` in `locale`; anything else is left as it is. */
export function localiseBody(locale: Locale, body: unknown): unknown {
  if (locale === 'en' || typeof body !== 'object' || body === null || Array.isArray(body)) return body;
  const record = body as Record<string, unknown>;
  if (typeof record['message'] !== 'string') return body;
  const out: Record<string, unknown> = { ...record, message: translateMessage(locale, record['message']) };
  const errors = record['errors'];
  if (errors && typeof errors === 'object' && !Array.isArray(errors)) {
    const translated = Object.create(null) as Record<string, unknown>;
    for (const [field, messages] of Object.entries(errors)) {
      translated[field] = Array.isArray(messages)
        ? messages.map((m) => (typeof m === 'string' ? translateMessage(locale, m) : m))
        : messages;
    }
    out['errors'] = translated;
  }
  return out;
}
