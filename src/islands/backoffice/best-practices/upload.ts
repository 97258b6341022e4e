import { PRACTICE_IMAGE_MAX_BYTES, PRACTICE_PDF_MAX_BYTES, PracticeResponseSchema, type PracticeResponse } from '../../../lib/best-practices/schema.ts';
import { CMS_UPLOAD_TYPES } from '../../../lib/cms/schema.ts';
import { api, type Query, type UploadOptions } from '../lib/api.ts';
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

/** Sends an image (`upload`) or a PDF (`attachment`) of a practice, with its upload progress; `signal` cancels it. */
export async function uploadPracticeFile(
  uuid: string,
  kind: 'upload' | 'attachment',
  file: File,
  query: Query,
  options: Pick<UploadOptions<typeof PracticeResponseSchema>, 'onProgress' | 'signal'>,
): Promise<PracticeResponse> {
  const form = new FormData();
  form.append('file', file, file.name);
  return api.upload(`best-practice/${encodeURIComponent(uuid)}/${kind}`, form, { schema: PracticeResponseSchema, query, ...options });
}
