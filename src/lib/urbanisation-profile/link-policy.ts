/**
 * The links an overview text may carry: http, https and mailto addresses, and paths of this site
 * (one `/`, then anything but a second `/` or a `\`, which browsers read as another host).
 * Checked on the exact string that goes into the `href`: the renderer escapes it so the browser
 * reads back that same string (an entity such as `&#106;` stays text, never a scheme).
 */

// Whitespace and control characters: browsers drop some of them inside a URL (`java\tscript:`).
// eslint-disable-next-line no-control-regex -- refusing control characters
const UNSAFE = /[\s\u0000-\u001f\u007f-\u009f\\]/;

const ALLOWED = [
  /^https?:\/\/[^/]/i,
  /^mailto:[^/]/i,
  // A site path: one slash, then neither a slash nor a backslash (those make it another host).
  /^\/(?![/\\])/,
];

/** Whether `href` may be the target of a link in an overview text. */
export function isAllowedHref(href: string): boolean {
  if (href === '' || UNSAFE.test(href)) return false;
  return ALLOWED.some((pattern) => pattern.test(href));
}
