import type { z } from 'zod';
import {
  CMS_UPLOAD_MAX_BYTES,
  CMS_UPLOAD_TYPES,
  CmsItemResponseSchema,
  type CmsItemResponse,
} from '../../../lib/cms/schema.ts';
import { ErrorResponseSchema } from '../../../lib/http/schema.ts';
import { API_BASE, ApiError, DataValidationError, firebaseToken, type TokenSource } from '../lib/api.ts';

/** The multipart field the upload endpoint reads (src/lib/cms/routes.server.ts). */
export const UPLOAD_FIELD = 'file';
export const UPLOAD_ACCEPT = CMS_UPLOAD_TYPES.join(',');

export function formatBytes(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;
}

export const TOO_LARGE_MESSAGE = `This image is too large: an image may be at most ${formatBytes(CMS_UPLOAD_MAX_BYTES)}. Choose a smaller file or make this one smaller first.`;
export const WRONG_TYPE_MESSAGE = 'This file is not a JPEG, PNG or WebP image. Choose a photo or picture in one of these formats.';

/** The same checks as the server's, before any byte is sent; null when the file may go. */
export function checkImageFile(file: Pick<File, 'type' | 'size'>): string | null {
  if (!(CMS_UPLOAD_TYPES as readonly string[]).includes(file.type)) return WRONG_TYPE_MESSAGE;
  if (file.size > CMS_UPLOAD_MAX_BYTES) return TOO_LARGE_MESSAGE;
  if (file.size === 0) return 'This file is empty. Choose another one.';
  return null;
}

/** The error of a failed upload, with a clear message for the two refusals people can fix. */
export function uploadError(status: number, body: unknown): ApiError {
  const parsed = ErrorResponseSchema.safeParse(body);
  const message = parsed.success ? parsed.data.message : undefined;
  const errors = parsed.success ? parsed.data.errors : undefined;
  // A 413 is about bytes, or (server message) about pixels: keep the server's words for the latter.
  if (status === 413) return new ApiError(413, message && /pixel/i.test(message) ? `${message}.` : TOO_LARGE_MESSAGE);
  if (status === 415) return new ApiError(415, WRONG_TYPE_MESSAGE);
  return new ApiError(status, message ?? `The server answered with status ${status}.`, errors, body);
}

export class UploadCancelled extends Error {
  constructor() {
    super('The upload was cancelled');
    this.name = 'UploadCancelled';
  }
}

export interface UploadProgress {
  loaded: number;
  total: number;
}

export interface RunningUpload<T = CmsItemResponse> {
  promise: Promise<T>;
  abort: () => void;
}

/** Sends an item's image to POST /api/cms/upload/{uuid} (see uploadImageFile). */
export function uploadCmsImage(
  uuid: string,
  /** The item's version the image goes on: a changed item refuses it (409). */
  version: number,
  file: File,
  onProgress: (progress: UploadProgress) => void,
  getToken: TokenSource = firebaseToken,
): RunningUpload {
  return uploadImageFile(`cms/upload/${encodeURIComponent(uuid)}`, CmsItemResponseSchema, version, file, onProgress, getToken);
}

/**
 * Sends an image to an upload endpoint (`path` under /api/) as multipart field `file`, with the
 * record's version in If-Match. XMLHttpRequest, because fetch reports no upload progress; like
 * every API call it carries a fresh ID token, and its answer is checked against `schema`.
 */
export function uploadImageFile<S extends z.ZodType>(
  path: string,
  schema: S,
  version: number,
  file: File,
  onProgress: (progress: UploadProgress) => void,
  getToken: TokenSource = firebaseToken,
): RunningUpload<z.output<S>> {
  const xhr = new XMLHttpRequest();
  let aborted = false;
  const promise = (async () => {
    const token = await getToken();
    if (!token) throw new ApiError(401, 'Sign in to continue');
    if (aborted) throw new UploadCancelled();
    return new Promise<z.output<S>>((resolve, reject) => {
      xhr.open('POST', `${API_BASE}${path}`);
      xhr.setRequestHeader('authorization', `Bearer ${token}`);
      xhr.setRequestHeader('accept', 'application/json');
      xhr.setRequestHeader('if-match', `"${version}"`);
      xhr.upload.onprogress = (event) => {
        onProgress({ loaded: event.loaded, total: event.lengthComputable ? event.total : file.size });
      };
      xhr.onerror = () => reject(new ApiError(0, 'Could not reach the server. Check your connection and try again.'));
      xhr.onabort = () => reject(new UploadCancelled());
      xhr.onload = () => {
        let body: unknown;
        try {
          body = JSON.parse(xhr.responseText);
        } catch {
          body = undefined;
        }
        if (xhr.status < 200 || xhr.status >= 300) {
          reject(uploadError(xhr.status, body));
          return;
        }
        const parsed = schema.safeParse(body);
        if (parsed.success) resolve(parsed.data);
        else reject(new DataValidationError(parsed.error.issues));
      };
      const form = new FormData();
      form.append(UPLOAD_FIELD, file, file.name);
      onProgress({ loaded: 0, total: file.size });
      xhr.send(form);
    });
  })();
  return {
    promise,
    abort: () => {
      aborted = true;
      xhr.abort();
    },
  };
}
