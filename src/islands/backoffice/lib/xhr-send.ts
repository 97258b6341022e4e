import { ApiError, OFFLINE_MESSAGE, type WireAnswer } from './api-error.ts';
import { m } from './messages.ts';

/**
 * An upload stopped by the person (its AbortSignal); callers that offer "Cancel" stay quiet about
 * it. It lives here, with the upload, so that the back-office's first load does not carry it.
 */
export class UploadCancelled extends ApiError {
  constructor() {
    super(0, m('uploadCancelled'));
    this.name = 'UploadCancelled';
  }
}

export interface UploadProgress {
  loaded: number;
  total: number;
}

/** One request as the client puts it on the wire. */
export interface WireRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string | FormData | undefined;
  /** fetch's keepalive: the request outlives the page (see `api.request`). */
  keepalive?: boolean;
}

export interface XhrOptions {
  onProgress?: ((progress: UploadProgress) => void) | undefined;
  signal?: AbortSignal | undefined;
}

/** JSON.parse that gives undefined for a body that is not JSON (a proxy's HTML error page, say). */
function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The bytes of the files in a form: the total to show until the browser knows the real one. */
function formSize(body: WireRequest['body']): number {
  if (!(body instanceof FormData)) return 0;
  let size = 0;
  for (const value of body.values()) if (typeof value !== 'string') size += value.size;
  return size;
}

/**
 * Sends a request with XMLHttpRequest, because fetch reports no upload progress. Resolves with
 * any answer the server gives; rejects with ApiError(0) when the server cannot be reached and
 * with UploadCancelled when `signal` aborts (also when it aborted before the send). Tests pass
 * `createXhr`: Node has no XMLHttpRequest.
 */
export function xhrSend(
  request: WireRequest,
  options: XhrOptions,
  createXhr = () => new XMLHttpRequest(),
): Promise<WireAnswer> {
  const { signal, onProgress } = options;
  if (signal?.aborted) return Promise.reject(new UploadCancelled());
  const total = formSize(request.body);
  const xhr = createXhr();
  return new Promise<WireAnswer>((resolve, reject) => {
    const abort = () => xhr.abort();
    const settle = () => signal?.removeEventListener('abort', abort);
    xhr.open(request.method, request.url);
    for (const [name, value] of Object.entries(request.headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) =>
      onProgress?.({ loaded: event.loaded, total: event.lengthComputable ? event.total : total });
    xhr.onerror = () => {
      settle();
      reject(new ApiError(0, OFFLINE_MESSAGE));
    };
    xhr.onabort = () => {
      settle();
      reject(new UploadCancelled());
    };
    xhr.onload = () => {
      settle();
      resolve({ status: xhr.status, json: parseJson(xhr.responseText) });
    };
    signal?.addEventListener('abort', abort);
    onProgress?.({ loaded: 0, total });
    xhr.send(request.body ?? null);
  });
}
