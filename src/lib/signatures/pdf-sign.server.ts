import * as asn1js from 'asn1js';
import { PDFDocument, PDFHexString, PDFName, PDFString, type PDFRef } from 'pdf-lib';
import * as pkijs from 'pkijs';
import { pkiEngine, type HashName, type KeyAndCertificate } from './certificates.server.ts';

/**
 * Signs a PDF the way signing software does (ISO 32000 §12.8, adbe.pkcs7.detached): a signature
 * field whose value has a /ByteRange and a /Contents hole of fixed size; the bytes outside the
 * hole are hashed, a CMS SignedData with signed attributes (content type, message digest, signing
 * time) is made with the signer's key, and its DER goes into the hole as hex. Used for the
 * demonstration's signed reports and by the tests; the portal itself never signs a real report.
 */

export interface SignOptions {
  signer: KeyAndCertificate;
  /** Authorities between the signer and the root, carried in the signature for chain building. */
  intermediates?: pkijs.Certificate[];
  hash?: HashName;
  /** The signed attribute signingTime; null leaves it out. Default: now. */
  signingTime?: Date | null;
  /** The field's /M (the time as the file records it) and /Name, when given. */
  m?: Date;
  name?: string;
  /** Bytes kept for the signature in the file (hex takes twice as many). */
  holeBytes?: number;
}

const OID = {
  data: '1.2.840.113549.1.7.1',
  signedData: '1.2.840.113549.1.7.2',
  contentType: '1.2.840.113549.1.9.3',
  messageDigest: '1.2.840.113549.1.9.4',
  signingTime: '1.2.840.113549.1.9.5',
};

/** What the placeholder /ByteRange is written as: four numbers wide enough for any real one. */
const WIDE = 9_999_999_999;

function addSignatureField(doc: PDFDocument, options: SignOptions, holeBytes: number): void {
  const { context } = doc;
  const value = context.obj({
    Type: 'Sig',
    Filter: 'Adobe.PPKLite',
    SubFilter: 'adbe.pkcs7.detached',
    ByteRange: [0, WIDE, WIDE, WIDE],
    Contents: PDFHexString.of('0'.repeat(holeBytes * 2)),
  });
  if (options.m) value.set(PDFName.of('M'), PDFString.fromDate(options.m));
  if (options.name !== undefined) value.set(PDFName.of('Name'), PDFHexString.fromText(options.name));
  const page = doc.getPage(0);
  const widget = context.register(
    context.obj({
      FT: 'Sig',
      T: PDFString.of('Signature1'),
      V: context.register(value),
      Type: 'Annot',
      Subtype: 'Widget',
      Rect: [0, 0, 0, 0],
      F: 132,
      P: page.ref,
    }),
  );
  page.node.addAnnot(widget);
  const fields: PDFRef[] = [widget];
  doc.catalog.set(PDFName.of('AcroForm'), context.obj({ Fields: fields, SigFlags: 3 }));
}

const latin1 = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');

/** The CMS SignedData (DER) over `data`, detached, with signed attributes. */
export async function cmsSignature(data: Uint8Array, options: SignOptions): Promise<Uint8Array> {
  const hash = options.hash ?? 'SHA-256';
  const { certificate, key } = options.signer;
  const digest = await globalThis.crypto.subtle.digest(hash, data as Uint8Array<ArrayBuffer>);
  const attributes = [
    new pkijs.Attribute({ type: OID.contentType, values: [new asn1js.ObjectIdentifier({ value: OID.data })] }),
    new pkijs.Attribute({ type: OID.messageDigest, values: [new asn1js.OctetString({ valueHex: digest })] }),
  ];
  const signingTime = options.signingTime === undefined ? new Date() : options.signingTime;
  if (signingTime)
    attributes.push(
      new pkijs.Attribute({ type: OID.signingTime, values: [new asn1js.UTCTime({ valueDate: signingTime })] }),
    );
  const signedData = new pkijs.SignedData({
    version: 1,
    encapContentInfo: new pkijs.EncapsulatedContentInfo({ eContentType: OID.data }),
    signerInfos: [
      new pkijs.SignerInfo({
        version: 1,
        sid: new pkijs.IssuerAndSerialNumber({ issuer: certificate.issuer, serialNumber: certificate.serialNumber }),
        signedAttrs: new pkijs.SignedAndUnsignedAttributes({ type: 0, attributes }),
      }),
    ],
    certificates: [certificate, ...(options.intermediates ?? [])],
  });
  await signedData.sign(key, 0, hash, undefined, pkiEngine);
  const info = new pkijs.ContentInfo({ contentType: OID.signedData, content: signedData.toSchema(true) });
  return new Uint8Array(info.toSchema().toBER(false));
}

/** `pdf` signed by `options.signer`: a new file whose only revision carries the signature. */
export async function signPdf(pdf: Uint8Array, options: SignOptions): Promise<Uint8Array> {
  const holeBytes = options.holeBytes ?? 8192;
  const doc = await PDFDocument.load(pdf, { updateMetadata: false });
  addSignatureField(doc, options, holeBytes);
  const bytes = await doc.save({ useObjectStreams: false, updateFieldAppearances: false });
  const text = latin1(bytes);
  const placeholder = `[ 0 ${WIDE} ${WIDE} ${WIDE} ]`;
  const rangeAt = text.indexOf(placeholder);
  const holeStart = text.indexOf(`<${'0'.repeat(holeBytes * 2)}>`);
  if (rangeAt < 0 || holeStart < 0) throw new Error('signPdf: the signature placeholder was not written as expected');
  const holeEnd = holeStart + holeBytes * 2 + 2;
  const range = `[0 ${holeStart} ${holeEnd} ${bytes.length - holeEnd}]`;
  bytes.set(Buffer.from(range.padEnd(placeholder.length, ' '), 'latin1'), rangeAt);
  const signed = new Uint8Array(holeStart + bytes.length - holeEnd);
  signed.set(bytes.subarray(0, holeStart));
  signed.set(bytes.subarray(holeEnd), holeStart);
  const cms = await cmsSignature(signed, options);
  if (cms.length > holeBytes)
    throw new Error(`signPdf: the signature (${cms.length} bytes) does not fit in ${holeBytes} bytes`);
  bytes.set(Buffer.from(Buffer.from(cms).toString('hex'), 'latin1'), holeStart + 1);
  return bytes;
}
