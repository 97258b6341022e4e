/**
 * Really signed PDFs for the tests (issue 31, decision 056): a throw-away certificate authority
 * and signers made in memory for each test run (their private keys never leave the process and
 * are never written anywhere), the portal's own test PDF signed with a detached CMS signature,
 * and the ways a signed file is tampered with. PDFs with active content (scripts, launch actions,
 * embedded files, rich media) are made with pdf-lib.
 */
import { PDFDocument, PDFHexString, PDFName, PDFString } from 'pdf-lib';
import type * as pkijs from 'pkijs';
import {
  certificatePem,
  generateKeys,
  makeCertificate,
  type HashName,
  type KeyAndCertificate,
  type KeyKind,
  type NameParts,
} from '../../src/lib/signatures/certificates.server.ts';
import { signPdf, type SignOptions } from '../../src/lib/signatures/pdf-sign.server.ts';
import { testPdf, type TestPdfOptions } from './pdf.ts';

export interface TestAuthority extends KeyAndCertificate {
  /** The certificate as an administrator pastes it. */
  pem: string;
}

/** A root certificate authority (ECDSA P-256, SHA-256), valid from yesterday for a year. */
export async function testAuthority(
  subject: NameParts = { cn: 'Test Root CA', o: 'Test Trust Services', c: 'TH' },
): Promise<TestAuthority> {
  const keys = await generateKeys('ECDSA', 'SHA-256');
  const certificate = await makeCertificate({ subject, keys, authority: true });
  return { key: keys.privateKey, certificate, pem: certificatePem(certificate) };
}

/** An intermediate authority certified by `issuer`. */
export async function testIntermediate(issuer: KeyAndCertificate, subject: NameParts): Promise<TestAuthority> {
  const keys = await generateKeys('ECDSA', 'SHA-256');
  const certificate = await makeCertificate({ subject, keys, issuer, authority: true });
  return { key: keys.privateKey, certificate, pem: certificatePem(certificate) };
}

export interface SignerOptions {
  kind?: KeyKind;
  hash?: HashName;
  notBefore?: Date;
  notAfter?: Date;
}

/** A signer's key and certificate, certified by `issuer`. */
export async function testSigner(
  issuer: KeyAndCertificate,
  subject: NameParts,
  options: SignerOptions = {},
): Promise<KeyAndCertificate> {
  const keys = await generateKeys(options.kind ?? 'RSA', options.hash ?? 'SHA-256');
  const certificate = await makeCertificate({
    subject,
    keys,
    issuer,
    authority: false,
    notBefore: options.notBefore,
    notAfter: options.notAfter,
  });
  return { key: keys.privateKey, certificate };
}

/** The test PDF (`pdf` options) signed by `signer`, carrying `intermediates` for the chain. */
export async function signedTestPdf(
  signer: KeyAndCertificate,
  options: Omit<SignOptions, 'signer'> & { pdf?: TestPdfOptions; intermediates?: pkijs.Certificate[] } = {},
): Promise<Uint8Array> {
  const { pdf, ...sign } = options;
  return signPdf(testPdf(pdf ?? { pages: 2 }), { signer, ...sign });
}

const latin1 = (bytes: Uint8Array) => Buffer.from(bytes).toString('latin1');

/** The signed file with one letter of its page text changed: inside the signed range, still a readable PDF. */
export function tamperInsideSignedRange(signed: Uint8Array): Uint8Array {
  const text = latin1(signed);
  const at = text.indexOf('signed copy');
  if (at < 0) throw new Error('tamperInsideSignedRange: the page text was not found');
  const changed = Uint8Array.from(signed);
  changed[at] = 'S'.charCodeAt(0);
  return changed;
}

/** The signed file with its /ByteRange rewritten (same width) to `range`, e.g. [0 100 200 300]. */
export function withByteRange(signed: Uint8Array, range: [number, number, number, number]): Uint8Array {
  const text = latin1(signed);
  const match = /\/ByteRange\s*\[([^\]]*)\]/.exec(text);
  if (!match) throw new Error('withByteRange: no /ByteRange');
  const inside = range.join(' ').padEnd(match[1]!.length, ' ');
  if (inside.length !== match[1]!.length) throw new Error('withByteRange: the new range is wider than the old one');
  const changed = Uint8Array.from(signed);
  changed.set(Buffer.from(inside, 'latin1'), match.index + match[0].indexOf('[') + 1);
  return changed;
}

/**
 * The signed file with an incremental update appended after it (a new revision that replaces the
 * document information), as an editor saving changes to a signed PDF writes it.
 */
export function appendIncrementalUpdate(signed: Uint8Array, producer = 'Changed after signing'): Uint8Array {
  const text = latin1(signed);
  const trailer = text.slice(text.lastIndexOf('trailer'));
  const size = Number(/\/Size (\d+)/.exec(trailer)?.[1]);
  const root = /\/Root (\d+ \d+ R)/.exec(trailer)?.[1];
  const previous = Number(/startxref\s+(\d+)/.exec(text.slice(text.lastIndexOf('startxref')))?.[1]);
  if (!size || !root || !previous) throw new Error('appendIncrementalUpdate: the trailer was not read');
  const separator = text.endsWith('\n') ? '' : '\n';
  const objectAt = signed.length + separator.length;
  const object = `${size} 0 obj\n<< /Producer (${producer}) >>\nendobj\n`;
  const xrefAt = objectAt + object.length;
  const update =
    `${separator}${object}xref\n0 1\n0000000000 65535 f \n${size} 1\n${String(objectAt).padStart(10, '0')} 00000 n \n` +
    `trailer\n<< /Size ${size + 1} /Root ${root} /Info ${size} 0 R /Prev ${previous} >>\nstartxref\n${xrefAt}\n%%EOF\n`;
  return Buffer.concat([signed, Buffer.from(update, 'latin1')]);
}

export type ActiveKind = 'javascript' | 'names-javascript' | 'launch' | 'embedded-file' | 'rich-media';

/** A one-page PDF (saved with object streams, as pdf-lib does) carrying one kind of active content. */
export async function activePdf(kind: ActiveKind): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([595, 842]);
  page.drawText('National report: signed copy', { x: 72, y: 760, size: 20 });
  const { context } = doc;
  if (kind === 'javascript') {
    doc.catalog.set(PDFName.of('OpenAction'), context.obj({ S: 'JavaScript', JS: PDFString.of("app.alert('hello')") }));
  } else if (kind === 'names-javascript') {
    const script = context.register(context.obj({ S: 'JavaScript', JS: PDFHexString.fromText('this.print()') }));
    doc.catalog.set(
      PDFName.of('Names'),
      context.obj({ JavaScript: context.obj({ Names: [PDFString.of('print'), script] }) }),
    );
  } else if (kind === 'launch') {
    page.node.set(PDFName.of('AA'), context.obj({ O: context.obj({ S: 'Launch', F: PDFString.of('calc.exe') }) }));
  } else if (kind === 'embedded-file') {
    await doc.attach(new TextEncoder().encode('hidden'), 'notes.txt', { mimeType: 'text/plain' });
  } else {
    page.node.addAnnot(context.register(context.obj({ Type: 'Annot', Subtype: 'RichMedia', Rect: [0, 0, 100, 100] })));
  }
  return doc.save();
}
