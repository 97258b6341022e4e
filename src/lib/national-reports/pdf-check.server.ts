import { PDFDocument } from 'pdf-lib';
import { ApiError } from '../http/errors.server.ts';
import { say } from '../i18n/said.ts';
import type { TrustedAuthority } from '../signatures/cms-verify.server.ts';
import type { PdfSignature } from '../signatures/schema.ts';
import { activeContentOf, ACTIVE_CONTENT_WORDS, type ActiveContent } from './pdf-active-content.server.ts';
import { verifyPdfSignature } from './pdf-signature.server.ts';

/** A PDF starts with `%PDF-` at its very first byte; anything else is refused. */
export function isPdf(bytes: Uint8Array): boolean {
  const magic = [0x25, 0x50, 0x44, 0x46, 0x2d];
  return bytes.length > magic.length && magic.every((b, i) => bytes[i] === b);
}

export interface PdfFacts {
  pages: number;
  signature: PdfSignature | null;
}

const refuse = (status: 415 | 422, message: string, problem: string) =>
  new ApiError(status, message, { file: [problem] });

export const PDF_PROBLEMS = {
  notPdf: () => refuse(415, 'The file is not a PDF: upload the signed report as a PDF file', 'must be a PDF file'),
  damaged: () =>
    refuse(
      422,
      'The PDF is damaged or incomplete and cannot be read: save or scan the signed report again and upload ' +
        'the new file',
      'is damaged or incomplete',
    ),
  noPages: () => refuse(422, 'The PDF file has no pages: upload the signed report itself', 'has no pages'),
  encrypted: () =>
    refuse(
      422,
      'The PDF file is encrypted (protected by a password or against changes): save a copy without protection ' +
        'and upload that file',
      'is encrypted',
    ),
  tooComplex: () =>
    refuse(
      422,
      'The PDF is too complex to be checked (too many parts in one file): save or print the signed report to ' +
        'PDF again and upload the new file',
      'is too complex to check',
    ),
  activeContent: (kinds: readonly ActiveContent[]) =>
    refuse(
      422,
      say(
        'The PDF holds {activeContent}, which the portal does not accept in a report: save the report again without ' +
          'it (for example as PDF/A), sign it and upload the new file',
        { activeContent: kinds.map((kind) => ACTIVE_CONTENT_WORDS[kind]).join(', ') },
      ),
      'holds active content',
    ),
};

/**
 * The end of a whole PDF: `startxref`, the offset of its cross-reference (a table "xref" or a
 * stream "n g obj"), then `%%EOF`. A file cut short in a download or a copy has none of these.
 */
function endsWell(bytes: Uint8Array): boolean {
  const tailStart = Math.max(0, bytes.length - 2048);
  const tail = new TextDecoder('latin1').decode(bytes.subarray(tailStart));
  const at = tail.lastIndexOf('startxref');
  if (at < 0) return false;
  const m = /^startxref\s+(\d+)\s+%%EOF/.exec(tail.slice(at));
  if (!m) return false;
  const offset = Number(m[1]);
  if (!Number.isSafeInteger(offset) || offset <= 0 || offset >= bytes.length) return false;
  const there = new TextDecoder('latin1')
    .decode(bytes.subarray(offset, Math.min(bytes.length, offset + 64)))
    .trimStart();
  if (there.startsWith('xref'))
    return new TextDecoder('latin1').decode(bytes.subarray(offset, tailStart + at)).includes('trailer');
  return /^\d+\s+\d+\s+obj\b/.test(there);
}

/** The most objects a PDF may declare ("n 0 obj"): far above a long report, far below what costs the server. */
export const PDF_OBJECTS_MAX = 50_000;

/**
 * How many objects the file writes out (" obj" keywords; those packed in object streams are bounded by the reader's
 * heap).
 */
export function objectCount(bytes: Uint8Array): number {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let count = 0;
  for (let at = buffer.indexOf(' obj'); at >= 0 && count <= PDF_OBJECTS_MAX; at = buffer.indexOf(' obj', at + 4))
    count++;
  return count;
}

/**
 * Checks that the bytes are one well-formed, readable PDF of at least one page without active
 * content (scripts, launch actions, embedded files, rich media), and checks its digital
 * signature, trusting the certificate authorities `trusted` (decision 056). Every refusal is a 415
 * or 422 with words for the person who uploads (decision 025); the size limit is the upload's own (413).
 */
export async function inspectPdf(bytes: Uint8Array, trusted: readonly TrustedAuthority[]): Promise<PdfFacts> {
  if (!isPdf(bytes)) throw PDF_PROBLEMS.notPdf();
  if (!endsWell(bytes)) throw PDF_PROBLEMS.damaged();
  // Counted before anything is parsed: a report of hundreds of pages has a few thousand objects.
  if (objectCount(bytes) > PDF_OBJECTS_MAX) throw PDF_PROBLEMS.tooComplex();
  let doc: PDFDocument;
  try {
    doc = await PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false, throwOnInvalidObject: true });
  } catch {
    throw PDF_PROBLEMS.damaged();
  }
  if (doc.isEncrypted) throw PDF_PROBLEMS.encrypted();
  let pages: number;
  try {
    // Walks the page tree (the /Count a damaged file states is not trusted).
    pages = doc.getPages().length;
  } catch {
    throw PDF_PROBLEMS.damaged();
  }
  if (pages === 0) throw PDF_PROBLEMS.noPages();
  const active = activeContentOf(doc);
  if (active.length > 0) throw PDF_PROBLEMS.activeContent(active);
  return { pages, signature: await verifyPdfSignature(bytes, doc, trusted) };
}
