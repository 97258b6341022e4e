/**
 * Text from requests and errors made safe for a one-line log: a request for
 * `/x%0AGET%20/api/…` must not forge a second line, an escape sequence must not repaint the
 * terminal, and an error must not copy a visitor's whole message into the log.
 */

/** C0/C1 controls, DEL, line and paragraph separators, bidi overrides and isolates. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;
const NAMED: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/** Longest piece of request text a log line carries. */
export const LOG_TEXT_MAX = 300;

/** `value` with unsafe characters written as escapes, cut to `max` characters. */
export function logSafe(value: string, max = LOG_TEXT_MAX): string {
  const cut = value.length > max ? `${value.slice(0, max)}…(${value.length - max} more)` : value;
  UNSAFE.lastIndex = 0;
  if (!UNSAFE.test(cut)) return cut;
  return cut.replace(UNSAFE, (ch) => NAMED[ch] ?? `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/**
 * An unexpected error for the log: for it and each cause, its kind and the first line of its
 * message (cut short and escaped), then our stack frames. A database error's first line is the
 * statement with its placeholders; the values, a visitor's message among them, come after it
 * and are left out.
 */
export function errorForLog(error: unknown): string {
  const parts: string[] = [];
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current !== undefined && current !== null; depth++) {
    if (current instanceof Error) {
      parts.push(`${logSafe(current.name, 60)}: ${logSafe(current.message.split('\n', 1)[0] ?? '')}`);
      current = current.cause;
    } else {
      parts.push(logSafe(String(current)));
      break;
    }
  }
  const frames =
    error instanceof Error
      ? (error.stack ?? '')
          .split('\n')
          .filter((line) => /^\s+at /.test(line))
          .slice(0, 10)
          .map((line) => logSafe(line))
      : [];
  return [parts.join(' | caused by '), ...frames].join('\n');
}
