import { z } from 'zod';
import { CountryCodeSchema } from '../countries/schema.ts';
import { dataResponse, EditorSchema, itemResponse, oneOf, text, VersionSchema } from '../http/schema.ts';
import { zodError } from '../i18n/said.ts';

/**
 * Digital signatures of submitted reports, as the portal checks them (decision 056), and the
 * certificate authorities the administrators trust. Shared by the server and the back-office.
 */

/**
 * verified: the signature holds and its certificate chains to a trusted authority;
 * valid_unverified_signer: the signature holds, but no trusted authority vouches for the signer;
 * invalid: it does not hold (or cannot be checked), and no signer is named;
 * not_checked: a file stored before the portal checked signatures (as the file recorded it).
 */
export const SIGNATURE_STATUSES = ['verified', 'valid_unverified_signer', 'invalid', 'not_checked'] as const;
export type SignatureStatus = (typeof SIGNATURE_STATUSES)[number];

/**
 * Why a signature is invalid: its byte range does not cover the file (or its hole is not the
 * signature), its contents cannot be read, the file's bytes do not match the signed digest, the
 * signature does not match the certificate's key, the certificate is missing, or it is of a kind
 * or algorithm the portal does not check.
 */
export const SIGNATURE_PROBLEMS = [
  'byte_range',
  'unreadable',
  'digest',
  'signature',
  'no_certificate',
  'unsupported',
] as const;
export type SignatureProblem = (typeof SIGNATURE_PROBLEMS)[number];

/** Where the signing time comes from: the signed attributes (signed with the rest), or the file's /M (not signed). */
export const SIGNING_TIME_SOURCES = ['signed_attributes', 'file'] as const;

/** A certificate's name: common name, organisation, country. */
export const NameFactsSchema = z.object({
  name: z.string().nullable(),
  organisation: z.string().nullable(),
  country: z.string().nullable(),
});
export type NameFacts = z.output<typeof NameFactsSchema>;

/** The signing certificate of a signature that holds. */
export const CertificateFactsSchema = z.object({
  subject: NameFactsSchema,
  issuer: NameFactsSchema,
  /** The serial number, hex. */
  serial: z.string(),
  not_before: z.string(),
  not_after: z.string(),
  /** Whether the signing time falls within the certificate's validity; null: no signing time. */
  signed_within_validity: z.boolean().nullable(),
});
export type CertificateFacts = z.output<typeof CertificateFactsSchema>;

/** What was checked, each true or false; null: not reached (an earlier check failed) or not applicable. */
export const SignatureChecksSchema = z.object({
  /** The /ByteRange covers the whole file (or a whole earlier revision) except the signature itself. */
  covers_file: z.boolean().nullable(),
  /** The digest of the covered bytes equals the one the signature signed. */
  digest_matches: z.boolean().nullable(),
  /** The signature matches the signing certificate's public key. */
  signature_valid: z.boolean().nullable(),
  /** The certificate chains to a certificate authority the administrators trust. */
  chains_to_trusted: z.boolean().nullable(),
});
export type SignatureChecks = z.output<typeof SignatureChecksSchema>;

/**
 * The portal's check of a PDF's digital signature, stored with the file. `signer` and
 * `signed_at` keep their meaning for older readers: the signer's name is given only for a
 * signature that holds (or, with status not_checked, as an older file recorded it).
 */
export const PdfSignatureSchema = z.object({
  status: oneOf(SIGNATURE_STATUSES),
  /** The signing certificate's common name; null when the signature is invalid or names none. */
  signer: z.string().nullable(),
  /** The signing time (ISO 8601); null: none is recorded. */
  signed_at: z.string().nullable(),
  signed_at_source: oneOf(SIGNING_TIME_SOURCES).nullable(),
  certificate: CertificateFactsSchema.nullable(),
  /** The trusted certificate authority the signer's certificate chains to. */
  authority: z.string().nullable(),
  /** Bytes were added to the file after it was signed (an incremental update). */
  changed_after_signing: z.boolean().nullable(),
  problem: oneOf(SIGNATURE_PROBLEMS).nullable(),
  checks: SignatureChecksSchema.nullable(),
  /** e.g. "RSA with SHA-256". */
  algorithm: z.string().nullable(),
  /** Signed with SHA-1, which no longer proves that a file is unchanged. */
  weak_algorithm: z.boolean(),
  /** When the portal checked it (the certificate chain is checked at that time). */
  checked_at: z.string().nullable(),
});
export type PdfSignature = z.output<typeof PdfSignatureSchema>;

/** A stored signature check as the API gives it: rows from before the check get the fields they lack. */
export function signatureOut(
  stored: { signer: string | null; signed_at: string | null; [key: string]: unknown } | null,
): PdfSignature | null {
  if (!stored) return null;
  return {
    status: 'not_checked',
    signed_at_source: stored.signed_at ? 'file' : null,
    certificate: null,
    authority: null,
    changed_after_signing: null,
    problem: null,
    checks: null,
    algorithm: null,
    weak_algorithm: false,
    checked_at: null,
    ...(stored as Partial<PdfSignature>),
    signer: stored.signer,
    signed_at: stored.signed_at,
  };
}

// ---- trusted certificate authorities ----

/** A PEM text holds one certificate: a few kilobytes at most. */
export const AUTHORITY_PEM_MAX = 20_000;
export const AUTHORITY_NOTE_MAX = 500;

export const TrustedAuthoritySchema = z.object({
  uuid: z.string(),
  /** null: trusted for every country of the region. */
  country_code: z.string().nullable(),
  name: z.string(),
  subject: NameFactsSchema,
  /** SHA-256 of the certificate, hex. */
  fingerprint: z.string(),
  not_before: z.string(),
  not_after: z.string(),
  note: z.string().nullable(),
  /** The demonstration's own authority (npm start). */
  demo: z.boolean(),
  version: z.number().int(),
  created_at: z.string(),
  created_by: EditorSchema.nullable(),
});
export type TrustedAuthority = z.output<typeof TrustedAuthoritySchema>;

/** GET /api/trusted-authority/list: every authority, the region's first, then by country and name. */
export const TrustedAuthorityListResponseSchema = dataResponse(TrustedAuthoritySchema);
export type TrustedAuthorityListResponse = z.output<typeof TrustedAuthorityListResponseSchema>;

/** POST /api/trusted-authority/create: a certificate authority's certificate (PEM), for the region or one country. */
export const TrustedAuthorityCreateBodySchema = z.object({
  pem: z
    .string({ error: 'is required' })
    .min(1, 'is required')
    .max(AUTHORITY_PEM_MAX, { error: zodError('must be at most {max} characters', { max: AUTHORITY_PEM_MAX }) }),
  country_code: CountryCodeSchema.nullable().optional(),
  note: text({ max: AUTHORITY_NOTE_MAX }).nullable().optional(),
});

/** POST /api/trusted-authority/delete/{uuid}: the version read (or If-Match). */
export const TrustedAuthorityDeleteBodySchema = z.object({ version: VersionSchema.optional() });

export const TrustedAuthorityResponseSchema = itemResponse(TrustedAuthoritySchema);
export type TrustedAuthorityResponse = z.output<typeof TrustedAuthorityResponseSchema>;
