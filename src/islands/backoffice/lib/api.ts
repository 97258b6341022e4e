import type { z } from 'zod';
import { getFirebaseAuth } from '../../../lib/client/firebase.ts';
import { ApiError, dataOf, OFFLINE_MESSAGE, type WireAnswer } from './api-error.ts';
import { m } from './messages.ts';
import type { UploadProgress, WireRequest } from './xhr-send.ts';
import { LOCALE_INFO } from '../../../i18n/locales.ts';
import { PAGE_LOCALE } from '../../i18n/page-locale.ts';

export { ApiError, conflictOf, DataValidationError, errorMessage, OFFLINE_MESSAGE } from './api-error.ts';
export type { UploadProgress } from './xhr-send.ts';

export const API_BASE = '/api/';

/**
 * Where the bearer token comes from; swapped in tests. `forceRefresh` asks the identity service
 * for a new token rather than the cached one.
 */
export type TokenSource = (forceRefresh?: boolean) => Promise<string | null>;

export type Fetch = (input: string, init: RequestInit) => Promise<Response>;

export interface ApiClientOptions {
  getToken: TokenSource;
  fetch?: Fetch;
  /** Node has no XMLHttpRequest: tests pass a stand-in. */
  createXhr?: () => XMLHttpRequest;
}

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
export type Query = Record<string, string | number | undefined | null>;

export interface CallOptions<S extends z.ZodType> {
  /** The shared schema the answer must match ("Could not validate data" otherwise). */
  schema: S;
  query?: Query;
  /** Sent as `If-Match`: the version of the record a write is based on (DESIGN.md §12). */
  version?: number;
}

export interface RequestOptions<S extends z.ZodType> extends CallOptions<S> {
  /** JSON, or a FormData sent as multipart. */
  body?: unknown;
  /**
   * The page is being left: the request outlives it (fetch's keepalive, for a JSON body under
   * the browser's 64 KB limit) and goes with the last token used, without asking for one.
   */
  keepalive?: boolean;
}

/** Keepalive requests may carry 64 KB in all: a larger body goes as an ordinary request. */
const KEEPALIVE_BODY_MAX = 60_000;

export interface UploadOptions<S extends z.ZodType> extends CallOptions<S> {
  onProgress?: (progress: UploadProgress) => void;
  /** Aborting it cancels the upload: the promise rejects with UploadCancelled (`lib/xhr-send.ts`). */
  signal?: AbortSignal;
}

/** Path plus query string, leaving out blank values: `user/list?q=ana&page=2`. */
export function withQuery(path: string, query: Query | undefined): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

/**
 * The portal API's one client (DESIGN.md §6, §8): every call carries the signed-in user's ID
 * token, a 401 is tried once more with a freshly issued token (the cached one may have been
 * revoked or have expired in a sleeping tab), and every answer is checked against its shared zod
 * schema before anyone sees it. `request` goes through fetch; `upload` through XMLHttpRequest,
 * for its upload progress.
 */
export function createApiClient(options: ApiClientOptions) {
  const doFetch = options.fetch ?? ((input, init) => fetch(input, init));

  const sendByFetch = async (request: WireRequest): Promise<WireAnswer> => {
    let response: Response;
    try {
      response = await doFetch(request.url, request);
    } catch {
      throw new ApiError(0, OFFLINE_MESSAGE);
    }
    return { status: response.status, json: await response.json().catch(() => undefined) };
  };

  /** The last token a request carried: a request made as the page is left takes it without waiting. */
  let lastToken: string | null = null;

  async function call<S extends z.ZodType>(
    send: (request: WireRequest) => Promise<WireAnswer>,
    method: Method,
    path: string,
    init: CallOptions<S> & { body?: string | FormData | undefined; keepalive?: boolean },
  ): Promise<z.output<S>> {
    const keepalive = init.keepalive === true && typeof init.body === 'string' && init.body.length < KEEPALIVE_BODY_MAX;
    const wire = (token: string): WireRequest => {
      const headers: Record<string, string> = {
        accept: 'application/json',
        // The API writes its messages and field errors in the page's language (issue 17).
        'accept-language': LOCALE_INFO[PAGE_LOCALE].tag,
        authorization: `Bearer ${token}`,
      };
      if (typeof init.body === 'string') headers['content-type'] = 'application/json';
      if (init.version !== undefined) headers['if-match'] = `"${init.version}"`;
      return {
        method,
        url: API_BASE + withQuery(path.replace(/^\//, ''), init.query),
        headers,
        body: init.body,
        ...(keepalive && { keepalive: true }),
      };
    };
    const token = keepalive && lastToken ? lastToken : await options.getToken();
    lastToken = token;
    if (!token) throw new ApiError(401, m('signInToContinue'));
    let answer = await send(wire(token));
    if (answer.status === 401) {
      const fresh = await options.getToken(true).catch(() => null);
      if (fresh) answer = await send(wire(fresh));
    }
    return dataOf(answer, init.schema);
  }

  return {
    /** One API call: `path` under /api/, the answer checked against `schema`. */
    request<S extends z.ZodType>(method: Method, path: string, init: RequestOptions<S>): Promise<z.output<S>> {
      const { body } = init;
      return call(sendByFetch, method, path, {
        ...init,
        body: body === undefined || body instanceof FormData ? body : JSON.stringify(body),
      });
    },

    /** POSTs a form with files, reporting the upload's progress; `signal` cancels it. */
    upload<S extends z.ZodType>(path: string, form: FormData, init: UploadOptions<S>): Promise<z.output<S>> {
      // Loaded on the first upload: most sessions never send a file, and the first load stays small.
      const send = async (request: WireRequest) =>
        (await import('./xhr-send.ts')).xhrSend(request, init, options.createXhr);
      return call(send, 'POST', path, { ...init, body: form });
    },
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;

/** The ID token of the signed-in Firebase user; `getIdToken()` refreshes it when it is near expiry. */
export const firebaseToken: TokenSource = async (forceRefresh) => {
  const auth = await getFirebaseAuth();
  return auth.currentUser ? auth.currentUser.getIdToken(forceRefresh) : null;
};

export const api = createApiClient({ getToken: firebaseToken });
