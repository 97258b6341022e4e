import type { Context } from 'hono';
import { ApiError } from '../http/errors.server.ts';
import { readUploadedFile } from '../storage/multipart.server.ts';
import { looksLikeZip } from '../storage/zip-guard.server.ts';
import type { ImportSource } from './import-table.server.ts';
import { IMPORT_FILE_MAX_BYTES } from './schema.ts';
import { say } from '../i18n/said.ts';

/**
 * The uploaded file of profile/import/file[/preview]: an Excel workbook (.xlsx) or CSV text in
 * UTF-8, told apart by their first bytes (what the browser says about the file is not trusted).
 * Anything else is refused with a 415 that names what to send instead.
 */

const SEND_INSTEAD = 'choose an Excel workbook (.xlsx) or a CSV file';

function wrongType(what: string): ApiError {
  return new ApiError(415, say('This is {what}: {instead}', { what, instead: SEND_INSTEAD }), {
    file: [say('is {what}: {instead}', { what, instead: SEND_INSTEAD })],
  });
}

const starts = (bytes: Uint8Array, ...head: number[]) => head.every((b, i) => bytes[i] === b);

/** What the bytes are, when they are a kind of file people pick by mistake. */
function knownOther(bytes: Uint8Array): string | null {
  if (starts(bytes, 0xd0, 0xcf, 0x11, 0xe0))
    return 'an older Excel file (.xls); in Excel, use Save As and choose "Excel Workbook (.xlsx)"';
  if (starts(bytes, 0x25, 0x50, 0x44, 0x46)) return 'a PDF document';
  if (starts(bytes, 0x89, 0x50, 0x4e, 0x47) || starts(bytes, 0xff, 0xd8, 0xff) || starts(bytes, 0x47, 0x49, 0x46))
    return 'a picture';
  return null;
}

/** Reads the upload into an import source, or throws the 4xx that says why it cannot be one. */
export async function readImportUpload(c: Context): Promise<ImportSource> {
  const file = await readUploadedFile(c, { field: 'file', maxBytes: IMPORT_FILE_MAX_BYTES });
  const { bytes } = file;
  if (looksLikeZip(bytes)) return { kind: 'xlsx', bytes };
  const other = knownOther(bytes);
  if (other) throw wrongType(other);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    // Excel's plain "CSV" saves in the computer's old code page (Windows-1252, 1251…), which cannot be told apart
    // reliably.
    const message =
      'is not saved as UTF-8 text: in Excel, use Save As and choose "CSV UTF-8", or upload the workbook (.xlsx) itself';
    throw new ApiError(400, say('The file cannot be imported: it {problem}', { problem: message }), {
      file: [message],
    });
  }
  // eslint-disable-next-line no-control-regex -- NUL and other control bytes: a binary file
  if (/[\u0000-\u0008\u000e-\u001a]/.test(text.slice(0, 4096))) throw wrongType('not a CSV file or an Excel workbook');
  return { kind: 'csv', text };
}
