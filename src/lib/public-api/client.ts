/**
 * The build's view of the running server: the public API the static site is generated from
 * (DESIGN.md §3). Every failure throws a `PublicApiError` that says what to check, so that a
 * failed build leaves the live site in place and the builder's log tells an editor why.
 */
import type { z } from 'zod';
import { mapBounded } from '../http/map-bounded.ts';
import { safeJson } from '../http/safe-text.ts';

/** Where the build reads the API: the server that spawned it sets PUBLIC_API_URL. */
export const DEFAULT_API_URL = 'http://127.0.0.1:4321';

export class PublicApiError extends Error {
  override name = 'PublicApiError';
  /** The HTTP status the API answered with; null when it could not be reached or its body was wrong. */
  readonly status: number | null;
  constructor(message: string, status: number | null = null) {
    super(message);
    this.status = status;
  }
}

export function apiBaseUrl(env: Record<string, string | undefined> = process.env): string {
  return (env['PUBLIC_API_URL'] || DEFAULT_API_URL).replace(/\/+$/, '');
}

export interface FetchOptions {
  baseUrl?: string;
  /** Give up on a request after this long (the build must not hang on a stuck server). */
  timeoutMs?: number;
  fetch?: typeof globalThis.fetch;
}

/**
 * Requests the build keeps in flight at once when it fetches one record per page (hundreds of them): the server
 * answers one while the build reads another, instead of each waiting for the other.
 */
export const FETCH_AT_ONCE = 6;

/** `fn` over `items`, at most `atOnce` at a time, the results in the items' order (the first failure fails it). */
export function fetchEach<T, R>(
  items: readonly T[],
  fn: (item: T) => Promise<R>,
  atOnce = FETCH_AT_ONCE,
): Promise<R[]> {
  return mapBounded(items, atOnce, fn);
}

/** GETs `/api/<path>` and validates the JSON body against `schema`. */
export async function fetchPublic<S extends z.ZodType>(
  path: string,
  schema: S,
  options: FetchOptions = {},
): Promise<z.output<S>> {
  const url = `${options.baseUrl ?? apiBaseUrl()}/api/${path.replace(/^\/+/, '')}`;
  const doFetch = options.fetch ?? globalThis.fetch;
  let response: Response;
  const get = () =>
    doFetch(url, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(options.timeoutMs ?? 15_000) });
  try {
    // A kept-alive connection the server closed as the request went out is tried once more on a new one.
    response = await get().catch((error: unknown) =>
      error instanceof Error && error.name !== 'TimeoutError' && error.name !== 'AbortError'
        ? get()
        : Promise.reject(error),
    );
  } catch (error) {
    const reason =
      error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : String(error);
    throw new PublicApiError(
      `The site build could not reach the portal API at ${url} (${reason}). ` +
        'Start the server first, or set PUBLIC_API_URL to its address. The live site was left as it was.',
    );
  }
  if (!response.ok) {
    throw new PublicApiError(
      `The portal API answered ${response.status} ${response.statusText} to GET ${url}; the site was not built.`,
      response.status,
    );
  }
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    throw new PublicApiError(`The portal API sent something other than JSON for GET ${url}; the site was not built.`);
  }
  // Stored text is already safe (decision 057); a row written before that, or by hand, is made safe here too.
  const parsed = schema.safeParse(safeJson(body));
  if (!parsed.success) {
    const details = parsed.error.issues
      .slice(0, 5)
      .map((issue) => `  - ${issue.path.join('.') || '(body)'}: ${issue.message}`)
      .join('\n');
    throw new PublicApiError(`The portal API's answer to GET ${url} does not have the expected shape:\n${details}`);
  }
  return parsed.data;
}

/**
 * Like fetchPublic, but a 404 gives null: for endpoints a server may not serve (yet), whose pages
 * then show an honest empty state. Every other failure still fails the build.
 */
export async function fetchPublicOrNull<S extends z.ZodType>(
  path: string,
  schema: S,
  options: FetchOptions = {},
): Promise<z.output<S> | null> {
  try {
    return await fetchPublic(path, schema, options);
  } catch (error) {
    if (error instanceof PublicApiError && error.status === 404) return null;
    throw error;
  }
}
