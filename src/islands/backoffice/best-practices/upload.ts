import {
  PRACTICE_IMAGE_MAX_BYTES,
  PRACTICE_PDF_MAX_BYTES,
  PracticeResponseSchema,
  type PracticeResponse,
} from '../../../lib/best-practices/schema.ts';
import { CMS_UPLOAD_TYPES } from '../../../lib/cms/schema.ts';
import { api, type Query, type UploadOptions } from '../lib/api.ts';
import { formatBytes } from '../cms/image-upload.ts';
import { m } from './messages.ts';

export const IMAGE_ACCEPT = CMS_UPLOAD_TYPES.join(',');

/** The server's checks, before a byte is sent; null when the file may go. */
export function checkPracticeFile(
  file: Pick<File, 'type' | 'size' | 'name'>,
  kind: 'upload' | 'attachment',
): string | null {
  const max = kind === 'upload' ? PRACTICE_IMAGE_MAX_BYTES : PRACTICE_PDF_MAX_BYTES;
  if (kind === 'upload' && !(CMS_UPLOAD_TYPES as readonly string[]).includes(file.type)) return m('file.notImage');
  if (kind === 'attachment' && file.type !== 'application/pdf' && !/\.pdf$/i.test(file.name)) return m('file.notPdf');
  if (file.size > max) return m('file.tooLarge', { max: formatBytes(max) });
  if (file.size === 0) return m('file.empty');
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
  return api.upload(`best-practice/${encodeURIComponent(uuid)}/${kind}`, form, {
    schema: PracticeResponseSchema,
    query,
    ...options,
  });
}
