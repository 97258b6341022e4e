import type { z } from 'zod';
import { getFirebaseAuth } from '../../../lib/client/firebase.ts';
import { ErrorResponseSchema } from '../../../lib/http/schema.ts';

export const API_BASE = '/api/';

/**
 * A non-2xx answer of the API, carrying the server's `{status, message, errors?}` body; a 409 for
 * a stale write also carries `current`, the record as it is now (unchecked: see `conflictOf`).
 */
export class ApiError extends Error {
  readonly status: number;
  readonly errors: Record<string, string[]>;
  /** The whole error body, e.g. a 409's `current` record (DESIGN.md §12). */
  readonly body: unknown;
  /** A 409's record as it is now (DESIGN.md §12), when the body carries one. */
  readonly current: unknown;
  constructor(status: number, message: string, errors: Record<string, string[]> = {}, body?: unknown) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.errors = errors;
    this.body = body;
    this.current = (body as { current?: unknown } | undefined)?.current;
  }
}

/**
 * The record of a stale-write refusal (409 with `current`), checked against its shared schema;
 * null for any other error, including a 409 that is a rule's refusal (no `current`).
 */
export function conflictOf<S extends z.ZodType>(error: unknown, schema: S): z.output<S> | null {
  if (!(error instanceof ApiError) || error.status !== 409 || error.current === undefined) return null;
  const parsed = schema.safeParse(error.current);
  return parsed.success ? parsed.data : null;
}

/** A response that does not match its shared schema (spec §5). */
export class DataValidationError extends Error {
  readonly details: readonly z.core.$ZodIssue[];
  constructor(details: readonly z.core.$ZodIssue[]) {
    super('Could not validate data');
    this.name = 'DataValidationError';
    this.details = details;
  }
}

/** Where the bearer token comes from; swapped in tests. */
export type TokenSource = () => Promise<string | null>;

export interface ApiClientOptions {
  getToken: TokenSource;
  fetch?: typeof fetch;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | undefined | null>;
  /** Sent as `If-Match`: the version of the record a write is based on (DESIGN.md §12). */
  version?: number;
}

/** Path plus query string, leaving out blank values: `user/list?q=ana&page=2`. */
export function withQuery(path: string, query: RequestOptions['query']): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

/**
 * A client for the portal API: every call carries a freshly fetched ID token and every answer
 * is checked against its shared zod schema before anyone sees it.
 */
export function createApiClient(options: ApiClientOptions) {
  const doFetch = options.fetch ?? ((input, init) => fetch(input, init));

  return async function request<S extends z.ZodType>(
    path: string,
    schema: S,
    init: RequestOptions = {},
  ): Promise<z.output<S>> {
    const token = await options.getToken();
    if (!token) throw new ApiError(401, 'Sign in to continue');
    const headers: Record<string, string> = { accept: 'application/json', authorization: `Bearer ${token}` };
    if (init.body !== undefined) headers['content-type'] = 'application/json';
    if (init.version !== undefined) headers['if-match'] = `"${init.version}"`;

    let response: Response;
    try {
      response = await doFetch(API_BASE + withQuery(path.replace(/^\//, ''), init.query), {
        method: init.method ?? 'GET',
        headers,
        ...(init.body !== undefined && { body: JSON.stringify(init.body) }),
      });
    } catch {
      throw new ApiError(0, 'Could not reach the server. Check your connection and try again.');
    }

    const json: unknown = await response.json().catch(() => undefined);
    if (!response.ok) {
      const body = ErrorResponseSchema.safeParse(json);
      if (body.success) throw new ApiError(response.status, body.data.message, body.data.errors, json);
      throw new ApiError(response.status, `The server answered with status ${response.status}.`);
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) throw new DataValidationError(parsed.error.issues);
    return parsed.data;
  };
}

/** The ID token of the signed-in Firebase user; `getIdToken()` refreshes it when it is near expiry. */
export const firebaseToken: TokenSource = async () => {
  const auth = await getFirebaseAuth();
  return auth.currentUser ? auth.currentUser.getIdToken() : null;
};

export const api = createApiClient({ getToken: firebaseToken });

/** A message a person can act on, for any error an API call may throw. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError || error instanceof DataValidationError) return error.message;
  return 'Something went wrong. Please try again.';
}
