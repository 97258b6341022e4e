import { PRACTICE_IMAGE_MAX_BYTES, PRACTICE_PDF_MAX_BYTES, PracticeResponseSchema, type PracticeResponse } from '../../../lib/best-practices/schema.ts';
import { CMS_UPLOAD_TYPES } from '../../../lib/cms/schema.ts';
import { ErrorResponseSchema } from '../../../lib/http/schema.ts';
import { API_BASE, ApiError, DataValidationError, firebaseToken, withQuery } from '../lib/api.ts';
import { formatBytes } from '../cms/image-upload.ts';

export const IMAGE_ACCEPT = CMS_UPLOAD_TYPES.join(',');

/** The server's checks, before a byte is sent; null when the file may go. */
export function checkPracticeFile(file: Pick<File, 'type' | 'size' | 'name'>, kind: 'upload' | 'attachment'): string | null {
  const max = kind === 'upload' ? PRACTICE_IMAGE_MAX_BYTES : PRACTICE_PDF_MAX_BYTES;
  if (kind === 'upload' && !(CMS_UPLOAD_TYPES as readonly string[]).includes(file.type)) return 'This file is not a JPEG, PNG or WebP image. Choose a photo in one of these formats.';
  if (kind === 'attachment' && file.type !== 'application/pdf' && !/\.pdf$/i.test(file.name)) return 'This file is not a PDF document. Choose a PDF.';
  if (file.size > max) return `This file is too large: it may be at most ${formatBytes(max)}.`;
  if (file.size === 0) return 'This file is empty. Choose another one.';
  return null;
}

export interface RunningPracticeUpload {
  promise: Promise<PracticeResponse>;
  abort: () => void;
}

/**
 * Sends an image (`upload`) or a PDF (`attachment`) of a practice. XMLHttpRequest, for its
 * upload progress; like every call it carries a fresh ID token and its answer is checked.
 */
export function uploadPracticeFile(
  uuid: string,
  kind: 'upload' | 'attachment',
  file: File,
  query: Record<string, string | number | undefined>,
  onProgress: (loaded: number, total: number) => void,
): RunningPracticeUpload {
  const xhr = new XMLHttpRequest();
  const promise = (async () => {
    const token = await firebaseToken();
    if (!token) throw new ApiError(401, 'Sign in to continue');
    return new Promise<PracticeResponse>((resolve, reject) => {
      xhr.open('POST', API_BASE + withQuery(`best-practice/${encodeURIComponent(uuid)}/${kind}`, query));
      xhr.setRequestHeader('authorization', `Bearer ${token}`);
      xhr.setRequestHeader('accept', 'application/json');
      xhr.upload.onprogress = (event) => onProgress(event.loaded, event.lengthComputable ? event.total : file.size);
      xhr.onerror = () => reject(new ApiError(0, 'Could not reach the server. Check your connection and try again.'));
      xhr.onabort = () => reject(new ApiError(0, 'The upload was cancelled'));
      xhr.onload = () => {
        let body: unknown;
        try {
          body = JSON.parse(xhr.responseText);
        } catch {
          body = undefined;
        }
        if (xhr.status < 200 || xhr.status >= 300) {
          const error = ErrorResponseSchema.safeParse(body);
          reject(new ApiError(xhr.status, error.success ? error.data.message : `The server answered with status ${xhr.status}.`, error.success ? error.data.errors : {}, body));
          return;
        }
        const parsed = PracticeResponseSchema.safeParse(body);
        if (parsed.success) resolve(parsed.data);
        else reject(new DataValidationError(parsed.error.issues));
      };
      const form = new FormData();
      form.append('file', file, file.name);
      onProgress(0, file.size);
      xhr.send(form);
    });
  })();
  return { promise, abort: () => xhr.abort() };
}
