/** Browser behaviour of the error pages, loaded as small external module scripts (strict CSP). */

export type Reason = 'inactive' | 'forbidden';

const TITLES: Record<Reason, string> = {
  inactive: 'Your account is awaiting activation',
  forbidden: 'You do not have access to this page',
};

/** `?reason=inactive` or anything else (forbidden is the safe default). */
export function reasonFrom(search: string): Reason {
  return new URLSearchParams(search).get('reason') === 'inactive' ? 'inactive' : 'forbidden';
}

/** Shows only the panel for the page's reason and names it in the tab title. */
export function showReason(doc: Document, search: string): void {
  const reason = reasonFrom(search);
  for (const panel of doc.querySelectorAll<HTMLElement>('[data-reason]'))
    panel.hidden = panel.dataset['reason'] !== reason;
  doc.title = doc.title.replace(/^[^·]+/, `${TITLES[reason]} `);
}

/**
 * Where "Try again" leads. The server serves this page at the failing address itself (then a
 * reload is right: null). At /server-error, go back to `?from=` or the same-origin referrer.
 */
export function retryTarget(
  location: { pathname: string; search: string; origin: string },
  referrer: string,
): string | null {
  if (!/^\/server-error\/?$/.test(location.pathname)) return null;
  const from = new URLSearchParams(location.search).get('from');
  if (from && from.startsWith('/') && !from.startsWith('//') && !from.startsWith('/\\')) return from;
  try {
    const url = new URL(referrer);
    if (url.origin === location.origin && !/^\/server-error\/?$/.test(url.pathname))
      return url.pathname + url.search + url.hash;
  } catch {
    // No referrer, or not a URL.
  }
  return '/';
}
