import type { z } from 'zod';
import {
  CMS_UPLOAD_MAX_BYTES,
  CMS_UPLOAD_TYPES,
  CmsItemResponseSchema,
  type CmsItemResponse,
} from '../../../lib/cms/schema.ts';
import { ErrorResponseSchema } from '../../../lib/http/schema.ts';
import { api, ApiError, type UploadOptions } from '../lib/api.ts';
import { m } from './messages.ts';

/** The multipart field the upload endpoint reads (src/lib/cms/routes.server.ts). */
export const UPLOAD_FIELD = 'file';
export const UPLOAD_ACCEPT = CMS_UPLOAD_TYPES.join(',');

/** "340 KB", "4.5 MB": a file's size in the page's language (Ko and Mo in French, КБ and МБ in Russian). */
export function formatBytes(bytes: number): string {
  if (bytes < 1024 * 1024) return m('bytes.kb', { count: Math.max(1, Math.round(bytes / 1024)) });
  return m('bytes.mb', { count: Math.round((bytes / 1024 / 1024) * 10) / 10 });
}

export const TOO_LARGE_MESSAGE = m('file.tooLarge', { max: formatBytes(CMS_UPLOAD_MAX_BYTES) });
export const WRONG_TYPE_MESSAGE = m('file.wrongType');

/** The same checks as the server's, before any byte is sent; null when the file may go. */
export function checkImageFile(file: Pick<File, 'type' | 'size'>): string | null {
  if (!(CMS_UPLOAD_TYPES as readonly string[]).includes(file.type)) return WRONG_TYPE_MESSAGE;
  if (file.size > CMS_UPLOAD_MAX_BYTES) return TOO_LARGE_MESSAGE;
  if (file.size === 0) return m('file.empty');
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
  return new ApiError(status, message ?? m('file.serverStatus', { status: String(status) }), errors, body);
}

/** Sends an item's image to POST /api/cms/upload/{uuid} (see uploadImageFile). */
export function uploadCmsImage(
  uuid: string,
  /** The item's version the image goes on: a changed item refuses it (409). */
  version: number,
  file: File,
  options: Omit<UploadOptions<typeof CmsItemResponseSchema>, 'schema' | 'version'>,
): Promise<CmsItemResponse> {
  return uploadImageFile(`cms/upload/${encodeURIComponent(uuid)}`, file, {
    ...options,
    schema: CmsItemResponseSchema,
    version,
  });
}

/**
 * Sends an image to an upload endpoint (`path` under /api/) as multipart field `file`, with the
 * record's version in If-Match; the two refusals people can fix (413, 415) say what to do.
 */
export async function uploadImageFile<S extends z.ZodType>(
  path: string,
  file: File,
  options: UploadOptions<S>,
): Promise<z.output<S>> {
  const form = new FormData();
  form.append(UPLOAD_FIELD, file, file.name);
  try {
    return await api.upload(path, form, options);
  } catch (error) {
    if (error instanceof ApiError && (error.status === 413 || error.status === 415))
      throw uploadError(error.status, error.body);
    throw error;
  }
}
