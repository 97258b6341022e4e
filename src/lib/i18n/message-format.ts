/**
 * The portal's one message formatter (decision 064): every message of every catalogue (the public
 * site, the back-office, the API, the mail, the notifications, the publishing status, the PDF) is
 * an ICU MessageFormat string, worded here by `intl-messageformat` (FormatJS). Plurals follow the
 * language's rules (`{count, plural, one {# страна} few {# страны} many {# стран} other {# страны}}`),
 * numbers its digits (`{n, number}`, `#`). Pure: the browser and the server import it alike.
 *
 * On top of ICU, the rules the portal's texts have always followed:
 * - a number given to a plain `{name}` is written the language's way too, as `{name, number}`
 *   would (a `{year}` is written as is); a `{name}` the message also counts with is a number;
 * - a text value is made safe, and isolated when written right to left (decision 057): inside
 *   FSI … PDI in plain text, in a `<bdi>` in HTML (where the words are escaped too);
 * - a value that ends with a full stop (a Russian date, "20 декабря 2026 г.") takes the place of the
 *   sentence's own when the message puts one right after it;
 * - a value not given leaves its `{name}` in place (a missing count counts as 0) rather than failing.
 * Each message is compiled once per language and options, then kept.
 */
import IntlMessageFormat from 'intl-messageformat';
import { isolated, safeText } from '../http/safe-text.ts';

export type MessageValue = string | number | null | undefined;
export type MessageValues = Readonly<Record<string, MessageValue>>;

export interface FormatOptions {
  /** `text` (the default): values isolated; `html`: the words escaped and each value in a `<bdi>`; `raw`: as given. */
  markup?: 'text' | 'html' | 'raw';
  /** The most fraction digits a number is written with (3 unless told). */
  maximumFractionDigits?: number;
  /** false: numbers without group separators (the API's English writes 2000 as its contract does). */
  useGrouping?: boolean;
}

// The AST of @formatjs/icu-messageformat-parser, as far as this module reads it.
const Type = { literal: 0, argument: 1, number: 2, plural: 6 } as const;
interface Element {
  type: number;
  value?: string;
  style?: unknown;
  options?: Record<string, { value: Element[] }>;
}

interface Compiled {
  format: IntlMessageFormat;
  /** Every argument the message names. */
  names: Set<string>;
  /** Arguments the message counts with or formats as numbers. */
  numeric: Set<string>;
  /** Arguments followed by a full stop. */
  beforeStop: Set<string>;
}

const OPEN = '\uE000';
const CLOSE = '\uE001';

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

/** Reads the names of `elements` into `compiled`, and makes each plain `{name}` that is counted a `{name, number}`. */
function analyse(elements: Element[], compiled: Omit<Compiled, 'format'>): void {
  elements.forEach((element, i) => {
    if (element.value !== undefined && element.type !== Type.literal) compiled.names.add(element.value);
    if (element.type === Type.plural || element.type === Type.number) compiled.numeric.add(element.value!);
    const next = elements[i + 1];
    if (element.type === Type.argument && next?.type === Type.literal && next.value!.startsWith('.'))
      compiled.beforeStop.add(element.value!);
    for (const option of Object.values(element.options ?? {})) analyse(option.value, compiled);
  });
}

function countedAsNumbers(elements: Element[], numeric: Set<string>): void {
  for (const element of elements) {
    if (element.type === Type.argument && numeric.has(element.value!)) {
      element.type = Type.number;
      element.style = null;
    }
    for (const option of Object.values(element.options ?? {})) countedAsNumbers(option.value, numeric);
  }
}

const numberFormats = new Map<string, Intl.NumberFormat>();
const pluralRules = new Map<string, Intl.PluralRules>();
const dateFormats = new Map<string, Intl.DateTimeFormat>();

function kept<T>(cache: Map<string, T>, key: string, make: () => T): T {
  let value = cache.get(key);
  if (value === undefined) cache.set(key, (value = make()));
  return value;
}

/** Intl's number format for `tag`, with the options' digits. */
export function numberFormat(tag: string, options: FormatOptions = {}, style?: Intl.NumberFormatOptions) {
  const all: Intl.NumberFormatOptions = {
    maximumFractionDigits: options.maximumFractionDigits ?? 3,
    ...(options.useGrouping === false ? { useGrouping: false } : {}),
    ...style,
  };
  return kept(numberFormats, `${tag}|${JSON.stringify(all)}`, () => new Intl.NumberFormat(tag, all));
}

function formattersFor(options: FormatOptions) {
  const mark = options.markup === 'html' ? (text: string) => OPEN + text + CLOSE : (text: string) => text;
  return {
    getNumberFormat: (locales?: string | string[], style?: Intl.NumberFormatOptions) => {
      const format = numberFormat(String(locales), options, style);
      return { format: (n: number | bigint) => mark(format.format(n)) } as Intl.NumberFormat;
    },
    getPluralRules: (locales?: string | string[], rules?: Intl.PluralRulesOptions) =>
      kept(pluralRules, `${String(locales)}|${rules?.type}`, () => new Intl.PluralRules(locales, rules)),
    getDateTimeFormat: (locales?: string | string[], style?: Intl.DateTimeFormatOptions) =>
      kept(dateFormats, `${String(locales)}|${JSON.stringify(style)}`, () => new Intl.DateTimeFormat(locales, style)),
  };
}

const compiledMessages = new Map<string, Compiled>();

function compile(tag: string, message: string, options: FormatOptions): Compiled {
  const shape = `${options.markup ?? 'text'}|${options.maximumFractionDigits}|${options.useGrouping}`;
  const key = `${tag}\u0000${shape}\u0000${message}`;
  return kept(compiledMessages, key, () => {
    const parsed = new IntlMessageFormat(message, tag, undefined, { ignoreTag: true });
    const ast = parsed.getAst() as unknown as Element[];
    const facts = { names: new Set<string>(), numeric: new Set<string>(), beforeStop: new Set<string>() };
    analyse(ast, facts);
    countedAsNumbers(ast, facts.numeric);
    const format = new IntlMessageFormat(ast as never, tag, undefined, { formatters: formattersFor(options) as never });
    return { format, ...facts };
  });
}

function written(tag: string, name: string, value: MessageValue, compiled: Compiled, options: FormatOptions) {
  if (value === undefined || value === null) return compiled.numeric.has(name) ? 0 : `{${name}}`;
  if (typeof value === 'number') {
    if (compiled.numeric.has(name)) return value;
    value = name === 'year' ? String(value) : numberFormat(tag, options).format(value);
  } else {
    value = String(value); // a String object too (a message said by its key, src/lib/i18n/said.ts)
    if (compiled.beforeStop.has(name) && value.endsWith('.')) value = value.slice(0, -1);
  }
  if (options.markup === 'html') return OPEN + safeText(value) + CLOSE;
  return options.markup === 'raw' ? value : isolated(value);
}

/**
 * `message` (ICU MessageFormat) worded in the language of `tag` (a BCP 47 tag: `en`, `zh-Hans`,
 * `fr`, `ru`) with `values` filled in. Throws when the message is not valid ICU.
 */
export function formatMessage(tag: string, message: string, values: MessageValues = {}, options: FormatOptions = {}) {
  const compiled = compile(tag, message, options);
  const given: Record<string, string | number> = {};
  for (const name of compiled.names) given[name] = written(tag, name, values[name], compiled, options);
  const text = String(compiled.format.format(given));
  if (options.markup !== 'html') return text;
  return escapeHtml(text).replaceAll(OPEN, '<bdi>').replaceAll(CLOSE, '</bdi>');
}

/** The arguments `message` names, sorted (a translation names the same as English); throws when it is not ICU. */
export function messageArguments(message: string): string[] {
  return [...compile('en', message, { markup: 'raw' }).names].sort();
}

/**
 * The plural categories `message` gives forms for (`one,other`), by argument, for the catalogue
 * checks: a translation gives each category its language uses.
 */
export function pluralCategories(message: string): Map<string, string[]> {
  const found = new Map<string, string[]>();
  const walk = (elements: Element[]) => {
    for (const element of elements) {
      if (element.type === Type.plural) {
        const forms = Object.keys(element.options ?? {}).filter((form) => !form.startsWith('='));
        found.set(element.value!, [...new Set([...(found.get(element.value!) ?? []), ...forms])].sort());
      }
      for (const option of Object.values(element.options ?? {})) walk(option.value);
    }
  };
  walk(new IntlMessageFormat(message, 'en', undefined, { ignoreTag: true }).getAst() as unknown as Element[]);
  return found;
}
