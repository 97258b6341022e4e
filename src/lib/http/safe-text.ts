/**
 * Text that cannot lie (issue 31, decision 057): what people write is stored without the
 * invisible characters that make it display other than it reads, and shown inside an isolate
 * where it sits among other words. Pure, for the server, the build and the browser alike.
 *
 * Stripped everywhere: bidirectional embeddings and overrides (U+202A–U+202E) and isolates
 * (U+2066–U+2069; the portal adds its own when it shows the text, stored text never holds any),
 * the word joiner and invisible operators (U+2060–U+2064), the deprecated format controls
 * (U+206A–U+206F) and the zero-width no-break space (U+FEFF).
 * Kept where a script's writing needs them, stripped elsewhere: the zero-width space (U+200B)
 * between two letters of the scripts written without spaces (Thai, Lao, Khmer, Myanmar, Tibetan
 * and their neighbours), the Mongolian vowel separator (U+180E) between two Mongolian letters,
 * and the direction marks (LRM, RLM, ALM) in a text that holds right-to-left writing.
 * Always kept: ZWNJ (U+200C) and ZWJ (U+200D), which Persian, Hindi and emoji sequences need.
 */

/** First-strong isolate and pop-directional isolate: the isolate the portal puts around text it shows. */
export const FSI = '\u2068';
export const PDI = '\u2069';

const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/g;
const INVISIBLE = /[\u2060-\u2064\u206A-\u206F\uFEFF]/g;
const DIRECTION_MARKS = /[\u200E\u200F\u061C]/g;
/**
 * Letters written right to left: Hebrew to Arabic Extended-A (without ALM), their presentation forms, and the
 * supplementary planes' right-to-left blocks.
 */
const RIGHT_TO_LEFT = /[\u0590-\u061B\u061D-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFC\u{10800}-\u{10FFF}\u{1E800}-\u{1EFFF}]/u;
/** Scripts written without spaces between words, where U+200B marks where a line may break. */
// Whole script blocks, their combining signs (vowels above and below) included on purpose.
const UNSPACED_SCRIPT =
  // eslint-disable-next-line no-misleading-character-class
  /[\u0E00-\u0FFF\u1000-\u109F\u1780-\u17FF\u1950-\u19FF\u1A20-\u1AAF\u1B00-\u1B7F\uA980-\uA9FF\uAA60-\uAA7F]/;
/** Mongolian letters (and their variation selectors), the separator itself left out. */
const MONGOLIAN = /[\u1800-\u180D\u180F-\u18AF]/;
const SCRIPT_SEPARATORS = /[\u200B\u180E]/g;
/** Everything safeText may remove: a string without any of these is already safe. */
const SUSPECT = /[\u202A-\u202E\u2066-\u2069\u2060-\u2064\u206A-\u206F\uFEFF\u200B\u180E\u200E\u200F\u061C]/;

/** Whether `value` holds a letter written right to left (Arabic, Persian, Urdu, Hebrew, Dhivehi…). */
export function hasRightToLeft(value: string): boolean {
  return RIGHT_TO_LEFT.test(value);
}

/** A zero-width space or a Mongolian vowel separator stays only between two letters of the script that uses it. */
function keepSeparator(separator: string, offset: number, whole: string): boolean {
  const script = separator === '\u200B' ? UNSPACED_SCRIPT : MONGOLIAN;
  return script.test(whole.charAt(offset - 1)) && script.test(whole.charAt(offset + 1));
}

/** `value` without the characters that could make it display other than it reads (see above); idempotent. */
export function safeText(value: string): string {
  if (!SUSPECT.test(value)) return value;
  let clean = value.replace(BIDI_CONTROLS, '').replace(INVISIBLE, '');
  clean = clean.replace(SCRIPT_SEPARATORS, (separator: string, offset: number, whole: string) =>
    keepSeparator(separator, offset, whole) ? separator : '',
  );
  // Direction marks only move punctuation and digits next to right-to-left words; in a text with none they can only
  // mislead.
  return hasRightToLeft(clean) ? clean : clean.replace(DIRECTION_MARKS, '');
}

/**
 * Every string of parsed JSON made safe (object keys are left as they are: they name fields).
 * Walks without recursion, so that however deep the body nests it cannot overflow the stack;
 * changes the parsed value in place and returns it.
 */
export function safeJson<T>(parsed: T): T {
  if (typeof parsed === 'string') return safeText(parsed) as T;
  const pending: unknown[] = [parsed];
  while (pending.length > 0) {
    const node = pending.pop();
    if (node === null || typeof node !== 'object') continue;
    for (const key of Object.keys(node)) {
      const value = (node as Record<string, unknown>)[key];
      if (typeof value === 'string') {
        const clean = safeText(value);
        // defineProperty, not assignment: a field named __proto__ stays a field.
        if (clean !== value)
          Object.defineProperty(node, key, { value: clean, writable: true, enumerable: true, configurable: true });
      } else if (value !== null && typeof value === 'object') pending.push(value);
    }
  }
  return parsed;
}

/**
 * What people wrote, made safe and ready to sit among other words in plain text (an email's
 * subject, a page's <title>): inside FSI … PDI when it holds right-to-left writing, so that its
 * direction neither takes over the words around it nor is taken over by them.
 */
export function isolated(value: string): string {
  const clean = safeText(value);
  return hasRightToLeft(clean) ? `${FSI}${clean}${PDI}` : clean;
}
