/**
 * A message of the API said by its key and values (decision 064), gettext-style: the key is the
 * English ICU message (`must be at most {max} characters`, `{count, plural, one {…} other {…}}`),
 * the values are given apart (`say('must be at most {max} characters', { max: 200 })`). Nothing
 * builds the English text to find its translation again: the API's language step (api-messages.ts)
 * looks the key up in the request's language and words it with the values by the one formatter.
 *
 * A `Said` is a String object holding its English text, so that it goes wherever the code passes a
 * message (an error's message, a body's `message`, a field's errors, a zod message) and JSON writes
 * it as that text: the English answer stays exactly what the contract says. No catalogue here:
 * schemas shared with the browser may say things too.
 */
import { formatMessage } from './message-format.ts';

export type SaidValue = string | number | null | undefined;

/** English as the API writes it: values as the code writes them (2000, not 2,000). */
function english(key: string, params: Readonly<Record<string, SaidValue>>): string {
  if (Object.keys(params).length === 0 && !key.includes('{')) return key;
  return formatMessage('en', key, params, { markup: 'raw', useGrouping: false, maximumFractionDigits: 20 });
}

export class Said extends String {
  readonly key: string;
  readonly params: Readonly<Record<string, SaidValue>>;
  constructor(key: string, params: Readonly<Record<string, SaidValue>> = {}) {
    super(english(key, params));
    this.key = key;
    this.params = params;
  }
}

/**
 * The message `key` with `params`, as a string the API can carry anywhere (a `Said`, see above). A
 * value that is itself said (`The file cannot be imported: {message}`) is worded in the same language.
 */
export function say(key: string, params: Readonly<Record<string, SaidValue>> = {}): string {
  return new Said(key, params) as unknown as string;
}

/** The key and values of a message: a `Said`'s own, or a plain string as its own key. */
export function keyOf(message: unknown): { key: string; params: Readonly<Record<string, SaidValue>> } | null {
  if (message instanceof Said) return { key: message.key, params: message.params };
  return typeof message === 'string' || message instanceof String ? { key: String(message), params: {} } : null;
}

/**
 * A said message where zod takes its error (`.max(n, { error: zodError('must be at most {max}
 * characters', { max: n }) })`): the message is the `Said`, which the field errors keep.
 */
export function zodError(key: string, params: Readonly<Record<string, SaidValue>> = {}): () => { message: string } {
  const said = say(key, params);
  return () => ({ message: said });
}

/** A message as it crosses to a worker thread and back (a String object would lose its key there). */
export type WireMessage = string | { key: string; params: Record<string, SaidValue> };

export function toWire(message: unknown): WireMessage {
  if (message instanceof Said) return { key: message.key, params: { ...message.params } };
  return String(message);
}

export function fromWire(message: WireMessage): string {
  return typeof message === 'string' ? message : say(message.key, message.params);
}
