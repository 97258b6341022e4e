import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { pkiEngine } from './certificates.server.ts';
import type { CertificateFacts, NameFacts, SignatureProblem } from './schema.ts';

/**
 * The cryptographic half of checking a PDF signature (decision 056): the CMS SignedData in the
 * signature's /Contents, read by pkijs; the message digest of the signed bytes compared with the
 * signed attribute; the signature checked with the signing certificate's public key (RSA PKCS#1
 * v1.5, RSA-PSS, ECDSA; SHA-256/384/512, SHA-1 reported as weak); the certificate chained to one
 * of the certificate authorities the administrators trust.
 */

/** A certificate authority the administrators trust, with the name the portal shows for it. */
export interface TrustedAuthority {
  name: string;
  certificate: pkijs.Certificate;
}

/** What the CMS check found; a `problem` means the signature is invalid and nothing else counts. */
export interface CmsFacts {
  problem: SignatureProblem | null;
  digestMatches: boolean | null;
  signatureValid: boolean | null;
  /** The trusted authority the signer's certificate chains to; null: none does. */
  authority: string | null;
  weak: boolean;
  algorithm: string | null;
  certificate: CertificateFacts | null;
  /** The signed attribute signingTime (ISO 8601); null: the signature carries none. */
  signingTime: string | null;
}

const OID = {
  signedData: '1.2.840.113549.1.7.2',
  messageDigest: '1.2.840.113549.1.9.4',
  signingTime: '1.2.840.113549.1.9.5',
  commonName: '2.5.4.3',
  organisation: '2.5.4.10',
  country: '2.5.4.6',
};
const DIGESTS = new Set(['SHA-1', 'SHA-256', 'SHA-384', 'SHA-512']);
const SIGNATURES: Record<string, string> = { 'RSASSA-PKCS1-v1_5': 'RSA', 'RSA-PSS': 'RSA-PSS', ECDSA: 'ECDSA' };
/** More certificates than any real chain carries: past it the signature is not read. */
const MAX_CERTIFICATES = 20;

const invalid = (problem: SignatureProblem, partial: Partial<CmsFacts> = {}): CmsFacts => ({
  problem,
  digestMatches: null,
  signatureValid: null,
  authority: null,
  weak: false,
  algorithm: null,
  certificate: null,
  signingTime: null,
  ...partial,
});

/** The SignedData in the DER (or BER) of a signature's /Contents; trailing zeros of the hole are ignored. */
function readSignedData(contents: Uint8Array): pkijs.SignedData | null {
  try {
    const asn1 = asn1js.fromBER(contents);
    if (asn1.offset === -1) return null;
    const info = new pkijs.ContentInfo({ schema: asn1.result });
    if (info.contentType !== OID.signedData) return null;
    return new pkijs.SignedData({ schema: info.content });
  } catch {
    return null;
  }
}

/**
 * A name's text as the portal shows it: without control characters, direction overrides and
 * zero-width characters that could make it read as something else (issue 31, item 5).
 */
// eslint-disable-next-line no-control-regex -- removing control characters is the point
const UNSHOWABLE = /[\u0000-\u001f\u007f-\u009f\u061c\u200b\u200e\u200f\u202a-\u202e\u2060\u2066-\u2069\ufeff]/g;

const textOf = (value: unknown): string | null => {
  const block = (value as { valueBlock?: { value?: unknown } } | undefined)?.valueBlock?.value;
  if (typeof block !== 'string') return null;
  const clean = block.replace(UNSHOWABLE, '').trim().slice(0, 200);
  return clean || null;
};

function nameFacts(name: pkijs.RelativeDistinguishedNames): NameFacts {
  const field = (oid: string) => textOf(name.typesAndValues.find((tv) => tv.type === oid)?.value);
  return { name: field(OID.commonName), organisation: field(OID.organisation), country: field(OID.country) };
}

function certificateFacts(certificate: pkijs.Certificate, signingTime: string | null): CertificateFacts {
  const notBefore = certificate.notBefore.value;
  const notAfter = certificate.notAfter.value;
  const at = signingTime ? new Date(signingTime) : null;
  return {
    subject: nameFacts(certificate.subject),
    issuer: nameFacts(certificate.issuer),
    serial: Buffer.from(certificate.serialNumber.valueBlock.valueHexView).toString('hex'),
    not_before: notBefore.toISOString(),
    not_after: notAfter.toISOString(),
    signed_within_validity: at ? at >= notBefore && at <= notAfter : null,
  };
}

function signedAttribute(signer: pkijs.SignerInfo, type: string): asn1js.AsnType | undefined {
  return signer.signedAttrs?.attributes.find((a) => a.type === type)?.values[0];
}

function signingTimeOf(signer: pkijs.SignerInfo): string | null {
  const value = signedAttribute(signer, OID.signingTime);
  if (value instanceof asn1js.UTCTime || value instanceof asn1js.GeneralizedTime) {
    const at = value.toDate();
    return Number.isNaN(at.getTime()) ? null : at.toISOString();
  }
  return null;
}

/** The digest and signature algorithms by name, or null when the portal does not check them. */
function algorithmsOf(signer: pkijs.SignerInfo): { digest: string; signature: string; hash: string } | null {
  const digest = (
    pkiEngine.getAlgorithmByOID(signer.digestAlgorithm.algorithmId) as { name?: string }
  ).name?.toUpperCase();
  const signature = pkiEngine.getAlgorithmByOID(signer.signatureAlgorithm.algorithmId) as {
    name?: string;
    hash?: { name: string };
  };
  const kind = signature.name ? SIGNATURES[signature.name] : undefined;
  if (!digest || !DIGESTS.has(digest) || !kind) return null;
  // rsaEncryption and ECDSA without a hash of their own sign with the digest algorithm.
  const hash = signature.hash?.name?.toUpperCase() ?? digest;
  if (!DIGESTS.has(hash)) return null;
  return { digest, signature: kind, hash };
}

/**
 * Whether the signer's certificate chains (through the signature's own certificates) to a trusted authority, and which.
 */
async function chainTo(
  signed: pkijs.SignedData,
  signerCertificate: pkijs.Certificate,
  trusted: readonly TrustedAuthority[],
): Promise<string | null> {
  if (trusted.length === 0) return null;
  const carried = (signed.certificates ?? []).filter((c): c is pkijs.Certificate => c instanceof pkijs.Certificate);
  const engine = new pkijs.CertificateChainValidationEngine({
    trustedCerts: trusted.map((t) => t.certificate),
    certs: [...carried.filter((c) => c !== signerCertificate), signerCertificate],
    checkDate: new Date(),
  });
  try {
    const result = await engine.verify({}, pkiEngine);
    const root = result.result ? result.certificatePath?.at(-1) : undefined;
    if (!root) return null;
    const der = Buffer.from(root.toSchema().toBER(false));
    return trusted.find((t) => der.equals(Buffer.from(t.certificate.toSchema().toBER(false))))?.name ?? null;
  } catch {
    return null;
  }
}

async function digestMatches(
  signer: pkijs.SignerInfo,
  digest: string,
  signedBytes: Uint8Array,
): Promise<boolean | null> {
  const claimed = signedAttribute(signer, OID.messageDigest);
  if (!signer.signedAttrs) return null;
  if (!(claimed instanceof asn1js.OctetString)) return false;
  const actual = new Uint8Array(await globalThis.crypto.subtle.digest(digest, signedBytes as Uint8Array<ArrayBuffer>));
  return Buffer.from(actual).equals(Buffer.from(claimed.valueBlock.valueHexView));
}

/**
 * Checks the CMS SignedData of `contents` over `signedBytes` (the bytes of the PDF that the
 * /ByteRange names) and, when it holds, whether its signer chains to a `trusted` authority.
 */
export async function verifyCms(
  contents: Uint8Array,
  signedBytes: Uint8Array,
  trusted: readonly TrustedAuthority[],
): Promise<CmsFacts> {
  const signed = readSignedData(contents);
  const signer = signed?.signerInfos[0];
  if (!signed || !signer) return invalid('unreadable');
  if ((signed.certificates?.length ?? 0) > MAX_CERTIFICATES) return invalid('unreadable');
  const algorithms = algorithmsOf(signer);
  if (!algorithms) return invalid('unsupported');
  const algorithm = `${algorithms.signature} with ${algorithms.hash}`;
  const weak = algorithms.digest === 'SHA-1' || algorithms.hash === 'SHA-1';
  const digest = await digestMatches(signer, algorithms.digest, signedBytes);
  if (digest === false) return invalid('digest', { digestMatches: false, algorithm, weak });
  let verified: pkijs.SignedDataVerifyResult;
  try {
    const data = signedBytes.buffer.slice(
      signedBytes.byteOffset,
      signedBytes.byteOffset + signedBytes.byteLength,
    ) as ArrayBuffer;
    verified = await signed.verify({ signer: 0, data, checkChain: false, extendedMode: true }, pkiEngine);
  } catch (error) {
    const code = (error as { code?: number }).code;
    return invalid(code === 2 || code === 3 ? 'no_certificate' : code === 7 ? 'unsupported' : 'signature', {
      digestMatches: digest,
      signatureValid: false,
      algorithm,
      weak,
    });
  }
  const certificate = verified.signerCertificate;
  if (!verified.signatureVerified || !certificate)
    return invalid('signature', { digestMatches: digest, signatureValid: false, algorithm, weak });
  const signingTime = signingTimeOf(signer);
  return {
    problem: null,
    digestMatches: digest ?? true,
    signatureValid: true,
    authority: await chainTo(signed, certificate, trusted),
    weak,
    algorithm,
    certificate: certificateFacts(certificate, signingTime),
    signingTime,
  };
}

/** The certificate in a PEM text (one certificate), or null when the text holds none or several. */
export function certificateFromPem(pem: string): pkijs.Certificate | null {
  const blocks = [...pem.matchAll(/-----BEGIN CERTIFICATE-----([A-Za-z0-9+/=\s]+?)-----END CERTIFICATE-----/g)];
  if (blocks.length !== 1) return null;
  try {
    const der = Buffer.from(blocks[0]![1]!.replace(/\s+/g, ''), 'base64');
    const asn1 = asn1js.fromBER(der);
    if (asn1.offset === -1 || asn1.offset !== der.length) return null;
    return new pkijs.Certificate({ schema: asn1.result });
  } catch {
    return null;
  }
}

/** A certificate's subject, issuer and validity, and whether it may certify others (basic constraints CA). */
export function describeCertificate(certificate: pkijs.Certificate): {
  subject: NameFacts;
  issuer: NameFacts;
  notBefore: Date;
  notAfter: Date;
  authority: boolean;
} {
  const constraints = certificate.extensions?.find((e) => e.extnID === '2.5.29.19')?.parsedValue as
    pkijs.BasicConstraints | undefined;
  return {
    subject: nameFacts(certificate.subject),
    issuer: nameFacts(certificate.issuer),
    notBefore: certificate.notBefore.value,
    notAfter: certificate.notAfter.value,
    authority: constraints?.cA === true,
  };
}
