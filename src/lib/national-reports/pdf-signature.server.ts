import {
  PDFArray,
  PDFDict,
  PDFHexString,
  PDFName,
  PDFNumber,
  PDFString,
  type PDFDocument,
  type PDFObject,
} from 'pdf-lib';
import { verifyCms, type CmsFacts, type TrustedAuthority } from '../signatures/cms-verify.server.ts';
import type { PdfSignature, SignatureChecks } from '../signatures/schema.ts';

/**
 * A PDF's digital signature, checked the way a PDF reader checks it (decision 056, superseding
 * the "as recorded" reading of 025): the /ByteRange covers the whole file except the signature's
 * own hole (or a whole earlier revision: then the file was changed after signing), the digest of
 * those bytes is the signed one, the CMS signature holds for the signing certificate's key, and
 * the certificate chains to an authority the administrators trust. The file's /Name is never
 * shown: only a certificate whose signature holds names the signer.
 */

/** A signature field's value as the file states it. */
interface SignatureValue {
  range: number[];
  contents: Uint8Array;
  subFilter: string | null;
  m: string | null;
}

/** Signature kinds whose /Contents is a detached CMS SignedData over the byte range. */
const DETACHED = new Set(['adbe.pkcs7.detached', 'ETSI.CAdES.detached']);
/** More signature fields than a report carries: the rest are not checked. */
const MAX_SIGNATURES = 5;

function safe<T>(read: () => T): T | undefined {
  try {
    return read();
  } catch {
    return undefined;
  }
}

const resolved = (dict: PDFDict, key: string): PDFObject | undefined => safe(() => dict.lookup(PDFName.of(key)));

function valueOf(dict: PDFDict): SignatureValue | null {
  const range = resolved(dict, 'ByteRange');
  const contents = resolved(dict, 'Contents');
  if (!(range instanceof PDFArray) || range.size() !== 4) return null;
  if (!(contents instanceof PDFHexString || contents instanceof PDFString)) return null;
  const numbers = range.asArray().map((n) => (n instanceof PDFNumber ? n.asNumber() : Number.NaN));
  const subFilter = resolved(dict, 'SubFilter');
  const m = resolved(dict, 'M');
  return {
    range: numbers,
    contents: safe(() => contents.asBytes()) ?? new Uint8Array(),
    subFilter: subFilter instanceof PDFName ? subFilter.decodeText() : null,
    m: m instanceof PDFString || m instanceof PDFHexString ? (safe(() => m.decodeText()) ?? null) : null,
  };
}

/** The values of the AcroForm's /Sig fields that have a 4-number /ByteRange and /Contents, in field order. */
export function signatureValues(doc: PDFDocument): SignatureValue[] {
  const acroForm = resolved(doc.catalog, 'AcroForm');
  const fields = acroForm instanceof PDFDict ? resolved(acroForm, 'Fields') : undefined;
  const found: SignatureValue[] = [];
  const seen = new Set<PDFDict>();
  const walk = (list: PDFArray, inheritedType: string | undefined, depth: number): void => {
    if (depth > 12) return;
    for (let i = 0; i < list.size() && found.length < MAX_SIGNATURES; i++) {
      const field = safe(() => list.lookup(i));
      if (!(field instanceof PDFDict) || seen.has(field)) continue;
      seen.add(field);
      const ft = resolved(field, 'FT');
      const type = ft instanceof PDFName ? ft.decodeText() : inheritedType;
      const value = type === 'Sig' ? resolved(field, 'V') : undefined;
      const read = value instanceof PDFDict ? valueOf(value) : null;
      if (read) found.push(read);
      const kids = resolved(field, 'Kids');
      if (kids instanceof PDFArray) walk(kids, type, depth + 1);
    }
  };
  if (fields instanceof PDFArray) walk(fields, undefined, 0);
  return found;
}

const latin1 = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');

/**
 * The bytes a signature covers, when its /ByteRange is [0 b c d] with the hole b…c being exactly
 * this signature's /Contents hex string (its < > included) and c + d the end of the file or of
 * an earlier revision (then `changedAfter`); null for any other range.
 */
export function coveredBytes(
  bytes: Uint8Array,
  value: SignatureValue,
): { signed: Uint8Array; changedAfter: boolean } | null {
  const [a, b, c, d] = value.range as [number, number, number, number];
  if (![a, b, c, d].every((n) => Number.isSafeInteger(n) && n >= 0)) return null;
  const end = c + d;
  if (a !== 0 || b <= 0 || c <= b + 1 || end > bytes.length) return null;
  const hole = latin1(bytes.subarray(b, c));
  if (!/^<(?:[0-9A-Fa-f]{2})*>$/.test(hole)) return null;
  if (!Buffer.from(hole.slice(1, -1), 'hex').equals(Buffer.from(value.contents))) return null;
  if (!/\/Contents\s*$/.test(latin1(bytes.subarray(Math.max(0, b - 64), b)))) return null;
  const changedAfter = end < bytes.length;
  // A range that stops short of the end must stop at the end of a revision (%%EOF).
  if (changedAfter && !/%%EOF\s*$/.test(latin1(bytes.subarray(Math.max(0, end - 16), end)))) return null;
  const signed = new Uint8Array(b + d);
  signed.set(bytes.subarray(0, b));
  signed.set(bytes.subarray(c, end), b);
  return { signed, changedAfter };
}

const NOT_REACHED: SignatureChecks = {
  covers_file: null,
  digest_matches: null,
  signature_valid: null,
  chains_to_trusted: null,
};

function invalidSignature(problem: PdfSignature['problem'], checks: SignatureChecks, cms?: CmsFacts): PdfSignature {
  return {
    status: 'invalid',
    signer: null,
    signed_at: null,
    signed_at_source: null,
    certificate: null,
    authority: null,
    changed_after_signing: null,
    problem,
    checks,
    algorithm: cms?.algorithm ?? null,
    weak_algorithm: cms?.weak ?? false,
    checked_at: new Date().toISOString(),
  };
}

async function checkOne(
  bytes: Uint8Array,
  value: SignatureValue,
  trusted: readonly TrustedAuthority[],
): Promise<PdfSignature & { end: number }> {
  const end = (value.range[2] ?? 0) + (value.range[3] ?? 0);
  const covered = coveredBytes(bytes, value);
  if (!covered) return { ...invalidSignature('byte_range', { ...NOT_REACHED, covers_file: false }), end };
  if (!value.subFilter || !DETACHED.has(value.subFilter))
    return { ...invalidSignature('unsupported', { ...NOT_REACHED, covers_file: true }), end };
  const cms = await verifyCms(value.contents, covered.signed, trusted);
  const checks: SignatureChecks = {
    covers_file: true,
    digest_matches: cms.digestMatches,
    signature_valid: cms.signatureValid,
    chains_to_trusted: cms.problem ? null : cms.authority !== null,
  };
  if (cms.problem || !cms.certificate) return { ...invalidSignature(cms.problem ?? 'signature', checks, cms), end };
  const fileTime = value.m ? pdfDate(value.m) : null;
  const subject = cms.certificate.subject;
  return {
    status: cms.authority && !cms.weak ? 'verified' : 'valid_unverified_signer',
    signer: subject.name ?? subject.organisation,
    signed_at: cms.signingTime ?? fileTime,
    signed_at_source: cms.signingTime ? 'signed_attributes' : fileTime ? 'file' : null,
    certificate: cms.certificate,
    authority: cms.authority,
    changed_after_signing: covered.changedAfter,
    problem: null,
    checks,
    algorithm: cms.algorithm,
    weak_algorithm: cms.weak,
    checked_at: new Date().toISOString(),
    end,
  };
}

/**
 * The check of the PDF's digital signature, or null when it carries none. With several, an
 * invalid one is reported (a file with a broken signature is not shown as signed), else the one
 * that covers the most of the file (the latest).
 */
export async function verifyPdfSignature(
  bytes: Uint8Array,
  doc: PDFDocument,
  trusted: readonly TrustedAuthority[],
): Promise<PdfSignature | null> {
  const values = signatureValues(doc);
  if (values.length === 0) return null;
  const results: (PdfSignature & { end: number })[] = [];
  for (const value of values) results.push(await checkOne(bytes, value, trusted));
  const chosen =
    results.find((r) => r.status === 'invalid') ?? results.reduce((best, r) => (r.end > best.end ? r : best));
  const { end: _end, ...signature } = chosen;
  return signature;
}

/** A PDF date (D:YYYYMMDDHHmmSSOHH'mm') as ISO 8601 in UTC; null when it is not one. */
export function pdfDate(text: string): string | null {
  const m = /^(?:D:)?(\d{4})(\d{2})?(\d{2})?(\d{2})?(\d{2})?(\d{2})?(?:([Zz+-])(\d{2})?'?(\d{2})?'?)?/.exec(
    text.trim(),
  );
  if (!m) return null;
  const [, y, mo = '01', d = '01', h = '00', mi = '00', s = '00', sign, oh = '00', om = '00'] = m;
  const local = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s));
  const offset = sign === '+' || sign === '-' ? (sign === '+' ? 1 : -1) * (Number(oh) * 60 + Number(om)) : 0;
  const at = new Date(local - offset * 60_000);
  if (Number.isNaN(at.getTime()) || Number(mo) > 12 || Number(d) > 31 || Number(h) > 23 || Number(mi) > 59) return null;
  return at.toISOString();
}
