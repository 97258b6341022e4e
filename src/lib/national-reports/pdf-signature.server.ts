import { PDFArray, PDFDict, PDFHexString, PDFName, PDFString, type PDFDocument, type PDFObject } from 'pdf-lib';
import type { PdfSignature } from './schema.ts';

/**
 * The digital signature a PDF records, read as the file states it (decision 025): an AcroForm
 * field of type /Sig whose value has a /ByteRange and /Contents. The signer is the value's /Name,
 * else the common name of the signing certificate in the PKCS#7 /Contents; the time is /M.
 * Nothing here checks the signature cryptographically: the portal says "as recorded in the file".
 */
export function signatureOf(doc: PDFDocument): PdfSignature | null {
  const acroForm = lookup(doc.catalog, 'AcroForm', 'dict');
  const fields = acroForm ? lookup(acroForm, 'Fields', 'array') : undefined;
  if (!fields) return null;
  const seen = new Set<PDFDict>();
  const walk = (list: PDFArray, inheritedType: string | undefined, depth: number): PdfSignature | null => {
    if (depth > 12) return null;
    for (let i = 0; i < list.size(); i++) {
      const field = safe(() => list.lookup(i));
      if (!(field instanceof PDFDict) || seen.has(field)) continue;
      seen.add(field);
      const type = lookup(field, 'FT', 'name')?.decodeText() ?? inheritedType;
      const value = type === 'Sig' ? lookup(field, 'V', 'dict') : undefined;
      if (value && lookup(value, 'ByteRange', 'array')?.size() === 4 && textOrBytes(value, 'Contents')) return describe(value);
      const kids = lookup(field, 'Kids', 'array');
      const found = kids ? walk(kids, type, depth + 1) : null;
      if (found) return found;
    }
    return null;
  };
  return walk(fields, undefined, 0);
}

function describe(value: PDFDict): PdfSignature {
  const name = lookupText(value, 'Name');
  const contents = textOrBytes(value, 'Contents');
  const signer = name?.trim() || (contents ? certificateCommonName(contents) : null);
  const when = lookupText(value, 'M');
  return { signer: signer ? signer.slice(0, 200) : null, signed_at: when ? pdfDate(when) : null };
}

/** dict[key] resolved and of the expected kind, or undefined (a damaged or odd entry is not an error here). */
function lookup(dict: PDFDict, key: string, kind: 'dict'): PDFDict | undefined;
function lookup(dict: PDFDict, key: string, kind: 'array'): PDFArray | undefined;
function lookup(dict: PDFDict, key: string, kind: 'name'): PDFName | undefined;
function lookup(dict: PDFDict, key: string, kind: 'dict' | 'array' | 'name'): PDFObject | undefined {
  const found = safe(() => dict.lookup(PDFName.of(key)));
  if (kind === 'dict') return found instanceof PDFDict ? found : undefined;
  if (kind === 'array') return found instanceof PDFArray ? found : undefined;
  return found instanceof PDFName ? found : undefined;
}

function lookupText(dict: PDFDict, key: string): string | null {
  const found = safe(() => dict.lookup(PDFName.of(key)));
  if (found instanceof PDFString || found instanceof PDFHexString) return safe(() => found.decodeText()) ?? null;
  return null;
}

function textOrBytes(dict: PDFDict, key: string): Uint8Array | null {
  const found = safe(() => dict.lookup(PDFName.of(key)));
  if (found instanceof PDFString || found instanceof PDFHexString) return safe(() => found.asBytes()) ?? null;
  return null;
}

function safe<T>(read: () => T): T | undefined {
  try {
    return read();
  } catch {
    return undefined;
  }
}

/** A PDF date (D:YYYYMMDDHHmmSSOHH'mm') as ISO 8601 in UTC; null when it is not one. */
export function pdfDate(text: string): string | null {
  const m = /^(?:D:)?(\d{4})(\d{2})?(\d{2})?(\d{2})?(\d{2})?(\d{2})?(?:([Zz+-])(\d{2})?'?(\d{2})?'?)?/.exec(text.trim());
  if (!m) return null;
  const [, y, mo = '01', d = '01', h = '00', mi = '00', s = '00', sign, oh = '00', om = '00'] = m;
  const local = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s));
  const offset = sign === '+' || sign === '-' ? (sign === '+' ? 1 : -1) * (Number(oh) * 60 + Number(om)) : 0;
  const at = new Date(local - offset * 60_000);
  if (Number.isNaN(at.getTime()) || Number(mo) > 12 || Number(d) > 31 || Number(h) > 23 || Number(mi) > 59) return null;
  return at.toISOString();
}

// ---- the signer's certificate in a PKCS#7 (CMS) SignedData, DER ----

interface Tlv {
  tag: number;
  start: number;
  end: number;
}

function tlvAt(der: Uint8Array, pos: number, limit: number): Tlv | null {
  if (pos + 2 > limit) return null;
  const tag = der[pos]!;
  let len = der[pos + 1]!;
  let start = pos + 2;
  if (len & 0x80) {
    const count = len & 0x7f;
    if (count === 0 || count > 4 || start + count > limit) return null; // indefinite (BER) or absurd length
    len = 0;
    for (let i = 0; i < count; i++) len = len * 256 + der[start + i]!;
    start += count;
  }
  return start + len <= limit ? { tag, start, end: start + len } : null;
}

function childrenOf(der: Uint8Array, parent: Tlv): Tlv[] {
  const out: Tlv[] = [];
  for (let pos = parent.start; pos < parent.end; ) {
    const child = tlvAt(der, pos, parent.end);
    if (!child) break;
    out.push(child);
    pos = child.end;
  }
  return out;
}

/** 2.5.4.3, commonName, as the content of its OBJECT IDENTIFIER. */
const CN_OID = [0x55, 0x04, 0x03];

function commonNameIn(der: Uint8Array, name: Tlv): string | null {
  for (const rdn of childrenOf(der, name)) {
    for (const pair of childrenOf(der, rdn)) {
      const [oid, value] = childrenOf(der, pair);
      if (!oid || !value || oid.end - oid.start !== 3) continue;
      const isCn = CN_OID.every((b, i) => der[oid.start + i] === b);
      if (isCn) return decodeString(value.tag, der.subarray(value.start, value.end));
    }
  }
  return null;
}

function decodeString(tag: number, bytes: Uint8Array): string | null {
  if (tag === 0x0c) return new TextDecoder('utf-8').decode(bytes);
  if (tag === 0x13 || tag === 0x16 || tag === 0x14) return new TextDecoder('latin1').decode(bytes);
  if (tag === 0x1e) return new TextDecoder('utf-16be').decode(bytes);
  return null;
}

const same = (der: Uint8Array, a: Tlv, b: Tlv) => a.end - a.start === b.end - b.start && der.subarray(a.start, a.end).every((x, i) => x === der[b.start + i]);

/**
 * The common name of the certificate that signed: SignedData's first SignerInfo names it by issuer
 * and serial number; the certificate with that serial gives its subject's CN. Null when the
 * structure is not the plain DER this reads.
 */
export function certificateCommonName(contents: Uint8Array): string | null {
  const root = tlvAt(contents, 0, contents.length);
  if (!root || root.tag !== 0x30) return null;
  const wrapped = childrenOf(contents, root)[1];
  const signedData = wrapped?.tag === 0xa0 ? childrenOf(contents, wrapped)[0] : undefined;
  if (!signedData || signedData.tag !== 0x30) return null;
  const parts = childrenOf(contents, signedData);
  const certs = parts.find((p) => p.tag === 0xa0);
  const signerInfos = parts.at(-1);
  if (!certs || signerInfos?.tag !== 0x31) return null;
  const sid = childrenOf(contents, childrenOf(contents, signerInfos)[0] ?? signerInfos)[1];
  const serial = sid?.tag === 0x30 ? childrenOf(contents, sid)[1] : undefined;
  const subjects = childrenOf(contents, certs).map((cert) => {
    const tbs = childrenOf(contents, cert)[0];
    const fields = tbs ? childrenOf(contents, tbs) : [];
    const rest = fields[0]?.tag === 0xa0 ? fields.slice(1) : fields;
    return { serial: rest[0], subject: rest[4] };
  });
  const match = (serial && subjects.find((s) => s.serial && same(contents, s.serial, serial))) ?? subjects[0];
  return match?.subject ? commonNameIn(contents, match.subject) : null;
}
