/**
 * The API's messages in the portal's languages (decisions 043 and 064). The code says a message by
 * its key and values (`say('must be at most {max} characters', { max: 200 })`, src/lib/i18n/said.ts)
 * or, when it has no values, by the plain key (`'Not found'`); the `message` and the field `errors`
 * of every JSON body are worded on the way out in the request's language: the key is looked up,
 * exactly, in that language's catalogue (`api-messages/{en,zh,fr,ru}.json`, ICU MessageFormat keyed
 * by the English message) and worded with the values by the one formatter (message-format.ts).
 *
 * Before wording, a value is translated where the catalogue has a term for it: the value of
 * `{reportStatus}` is looked up under `reportStatus:<value>` (`reportStatus:submitted` → `soumis`),
 * each item of a list of terms ("Summary, Results") under its own, and a value that is itself said
 * (`The file cannot be imported: {message}`) is worded in the same language. A key the catalogue
 * does not know is left as written (zod's own messages come in the request's language already).
 */
import en from './api-messages/en.json' with { type: 'json' };
import fr from './api-messages/fr.json' with { type: 'json' };
import ru from './api-messages/ru.json' with { type: 'json' };
import zh from './api-messages/zh.json' with { type: 'json' };
import { LOCALE_INFO, type Locale } from '../../i18n/locales.ts';
import { formatMessage } from './message-format.ts';
import { keyOf, Said, type SaidValue } from './said.ts';

export type ApiCatalogue = Record<string, string>;

export const API_CATALOGUES: Record<Locale, ApiCatalogue> = { en, zh, fr, ru };

/** A value in `locale`: its term, each item's term in a list of terms, a said message worded, or as given. */
function valueIn(locale: Locale, name: string, value: SaidValue | Said): SaidValue {
  if (value instanceof Said) return wordIn(locale, value);
  if (typeof value !== 'string') return value;
  const catalogue = API_CATALOGUES[locale];
  const term = catalogue[`${name}:${value}`];
  if (term !== undefined) return term;
  // A message given as a value (`The file cannot be imported: {message}`), said by its plain key.
  if (/\s/.test(value) && !value.includes('{') && catalogue[value] !== undefined) return wordIn(locale, value);
  const items = value.split(', ').map((item) => catalogue[`${name}:${item}`]);
  if (items.length > 1 && items.every((item) => item !== undefined)) return items.join(locale === 'zh' ? '、' : ', ');
  return value;
}

/** `message` (a said message or a plain key) in `locale`; as written when the catalogue does not know its key. */
export function wordIn(locale: Locale, message: unknown): string {
  const said = keyOf(message);
  if (said === null) return String(message);
  const text = API_CATALOGUES[locale][said.key];
  if (text === undefined) return String(message);
  const values = Object.fromEntries(Object.entries(said.params).map(([name, v]) => [name, valueIn(locale, name, v)]));
  // English writes its values as the code does (the contract's 2000); the others their language's way.
  const english = locale === 'en' ? { useGrouping: false, maximumFractionDigits: 20 } : {};
  return formatMessage(LOCALE_INFO[locale].tag, text, values, { markup: 'raw', ...english });
}

/** A response body with its `message` and field `errors` in `locale`; anything else is left as it is. */
export function localiseBody(locale: Locale, body: unknown): unknown {
  if (locale === 'en' || typeof body !== 'object' || body === null || Array.isArray(body)) return body;
  const record = body as Record<string, unknown>;
  if (keyOf(record['message']) === null) return body;
  const out: Record<string, unknown> = { ...record, message: wordIn(locale, record['message']) };
  const errors = record['errors'];
  if (errors && typeof errors === 'object' && !Array.isArray(errors)) {
    const worded = Object.create(null) as Record<string, unknown>;
    for (const [field, messages] of Object.entries(errors)) {
      worded[field] = Array.isArray(messages) ? messages.map((m) => (keyOf(m) ? wordIn(locale, m) : m)) : messages;
    }
    out['errors'] = worded;
  }
  return out;
}
