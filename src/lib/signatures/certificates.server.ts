import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';

/**
 * Certificates made here, in memory, for the demonstration's signed reports and for the tests: a
 * throw-away certificate authority and the signers it certifies (pkijs with WebCrypto). Nothing
 * here is trusted by itself: the portal trusts only the authorities its administrators add.
 */

/** The WebCrypto engine pkijs works with (Node's own `crypto.subtle`). */
export const pkiEngine = new pkijs.CryptoEngine({ name: 'webcrypto', crypto: globalThis.crypto });

export type KeyKind = 'RSA' | 'RSA-PSS' | 'ECDSA';
export type HashName = 'SHA-1' | 'SHA-256' | 'SHA-384' | 'SHA-512';

/** A name's parts: common name, organisation, country (two letters). */
export interface NameParts {
  cn: string;
  o?: string;
  c?: string;
}

export interface KeyAndCertificate {
  key: CryptoKey;
  certificate: pkijs.Certificate;
}

const NAME_OIDS = { c: '2.5.4.6', o: '2.5.4.10', cn: '2.5.4.3' } as const;

/** A name of one attribute per RDN (C, then O, then CN), as certificate authorities write them. */
function distinguishedName(parts: NameParts): pkijs.RelativeDistinguishedNames {
  const rdns: asn1js.Set[] = [];
  for (const field of ['c', 'o', 'cn'] as const) {
    const text = parts[field];
    if (text === undefined) continue;
    const value = field === 'c' ? new asn1js.PrintableString({ value: text }) : new asn1js.Utf8String({ value: text });
    rdns.push(
      new asn1js.Set({ value: [new pkijs.AttributeTypeAndValue({ type: NAME_OIDS[field], value }).toSchema()] }),
    );
  }
  return pkijs.RelativeDistinguishedNames.fromBER(new asn1js.Sequence({ value: rdns }).toBER(false));
}

/** A key pair of the kind asked (RSA 2048 or ECDSA P-256), able to sign with `hash`. */
export async function generateKeys(kind: KeyKind, hash: HashName): Promise<CryptoKeyPair> {
  const algorithm =
    kind === 'ECDSA'
      ? { name: 'ECDSA', namedCurve: 'P-256' }
      : {
          name: kind === 'RSA' ? 'RSASSA-PKCS1-v1_5' : 'RSA-PSS',
          modulusLength: 2048,
          publicExponent: new Uint8Array([1, 0, 1]),
          hash,
        };
  return (await globalThis.crypto.subtle.generateKey(algorithm, false, ['sign', 'verify'])) as CryptoKeyPair;
}

function extension(
  extnID: string,
  critical: boolean,
  value: asn1js.BaseBlock | pkijs.BasicConstraints,
): pkijs.Extension {
  const encoded = value instanceof pkijs.BasicConstraints ? value.toSchema() : value;
  return new pkijs.Extension({ extnID, critical, extnValue: encoded.toBER(false), parsedValue: value });
}

export interface CertificateRequest {
  subject: NameParts;
  keys: CryptoKeyPair;
  /** Who certifies it; none: it certifies itself (a root authority). */
  issuer?: KeyAndCertificate;
  /** An authority (may certify others) or an end signer. */
  authority: boolean;
  notBefore?: Date;
  notAfter?: Date;
  hash?: HashName;
}

let serials = 0;

/** A certificate for `keys`, certified by `issuer` (or by itself), valid for a year by default. */
export async function makeCertificate(request: CertificateRequest): Promise<pkijs.Certificate> {
  const certificate = new pkijs.Certificate();
  certificate.version = 2;
  const serial = new Uint8Array(9);
  globalThis.crypto.getRandomValues(serial);
  serial[0] = 0x10 + (serials++ % 0x60);
  certificate.serialNumber = new asn1js.Integer({ valueHex: serial });
  certificate.subject = distinguishedName(request.subject);
  certificate.issuer = request.issuer ? request.issuer.certificate.subject : distinguishedName(request.subject);
  const now = Date.now();
  certificate.notBefore.value = request.notBefore ?? new Date(now - 24 * 3600_000);
  certificate.notAfter.value = request.notAfter ?? new Date(now + 365 * 24 * 3600_000);
  // keyCertSign + cRLSign, or digitalSignature + nonRepudiation
  const usage = new Uint8Array([request.authority ? 0x06 : 0xc0]);
  certificate.extensions = [
    extension('2.5.29.19', true, new pkijs.BasicConstraints({ cA: request.authority })),
    extension(
      '2.5.29.15',
      true,
      new asn1js.BitString({ valueHex: usage.buffer, unusedBits: request.authority ? 1 : 6 }),
    ),
  ];
  await certificate.subjectPublicKeyInfo.importKey(request.keys.publicKey, pkiEngine);
  await certificate.sign(request.issuer?.key ?? request.keys.privateKey, request.hash ?? 'SHA-256', pkiEngine);
  return certificate;
}

/** A certificate as PEM text, the way administrators paste one. */
export function certificatePem(certificate: pkijs.Certificate): string {
  const base64 = Buffer.from(certificate.toSchema().toBER(false)).toString('base64');
  return `-----BEGIN CERTIFICATE-----\n${base64.replace(/.{1,64}/g, '$&\n')}-----END CERTIFICATE-----\n`;
}
