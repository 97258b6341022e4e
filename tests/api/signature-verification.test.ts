/**
 * Signatures that are verified (issue 31, item 4; decision 056): a signed PDF is checked as a PDF
 * reader checks it, through the real upload endpoints. The signed files are made here by a
 * throw-away certificate authority (tests/support/signed-pdf.ts); the fake-signature file of the
 * issue is a fixture.
 */
import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, test } from 'vitest';
import { nationalReports, reportFiles } from '../../src/lib/db/schema.ts';
import {
  ReportResponseSchema,
  SignedPdfFactsResponseSchema,
  type PdfSignature,
} from '../../src/lib/national-reports/schema.ts';
import { addAuthority } from '../../src/lib/signatures/service.server.ts';
import { createTestContext } from '../support/app.ts';
import { expectError, expectJson } from '../support/assertions.ts';
import { createUser, type TestUser } from '../support/factories.ts';
import { completedReport, openCycle, questionsByCode, upload, viewReport } from '../support/national-reports.ts';
import { deepStrict } from '../support/schemas.ts';
import {
  activePdf,
  appendIncrementalUpdate,
  signedTestPdf,
  tamperInsideSignedRange,
  testAuthority,
  testIntermediate,
  testSigner,
  withByteRange,
  type ActiveKind,
} from '../support/signed-pdf.ts';

const ctx = await createTestContext();
const YEAR = 2026;
const BASE = '/api/report/type/national';
const admin = await createUser(ctx, { role: 'admin', country: 'JP' });
await openCycle(ctx, admin, { year: YEAR });
const questions = await questionsByCode(ctx, admin);
const StrictFacts = deepStrict(SignedPdfFactsResponseSchema);

const completed = (country: string) => completedReport(ctx, YEAR, country, questions);

function inspectRequest(user: TestUser, uuid: string, bytes: Uint8Array) {
  const form = new FormData();
  form.set('file', new File([bytes as Uint8Array<ArrayBuffer>], 'signed.pdf', { type: 'application/pdf' }));
  return ctx.request(`${BASE}/${uuid}/report/upload/inspect`, { token: user.token, body: form });
}

async function inspect(
  user: TestUser,
  uuid: string,
  bytes: Uint8Array,
): Promise<{ message: string; signature: PdfSignature | null }> {
  const body = await expectJson(await inspectRequest(user, uuid, bytes), 200, StrictFacts);
  return { message: body.message, signature: body.data.signature };
}

// One authority (root → intermediate → signers) for the whole file; its keys live only in memory.
const root = await testAuthority({ cn: 'Test Root CA', o: 'Test Trust Services', c: 'TH' });
const government = await testIntermediate(root, { cn: 'Thai Government CA', o: 'Government of Thailand', c: 'TH' });
const minister = await testSigner(government, { cn: 'สมชาย ใจดี', o: 'Ministry of Interior', c: 'TH' });
// An hour ago, in whole seconds (UTCTime): within the signer certificate's validity.
const SIGNED_AT = new Date(Math.floor(Date.now() / 1000) * 1000 - 3600_000);
const good = await signedTestPdf(minister, {
  intermediates: [government.certificate],
  signingTime: SIGNED_AT,
  name: 'Minister of Anything',
});

let th: { uuid: string; stateAdmin: TestUser };
beforeAll(async () => {
  th = await completed('TH');
});

describe('a signature that holds', () => {
  test(
    'untrusted signer: "valid signature, signer not verified", with the certificate, the signed time and every ' +
      'check',
    async () => {
      const { message, signature } = await inspect(th.stateAdmin, th.uuid, good);
      expect(message).toBe('The PDF is readable; its signature is valid, but its signer is not verified');
      expect(signature).toMatchObject({
        status: 'valid_unverified_signer',
        // The certificate names the signer, never the file's /Name.
        signer: 'สมชาย ใจดี',
        signed_at: SIGNED_AT.toISOString(),
        signed_at_source: 'signed_attributes',
        authority: null,
        changed_after_signing: false,
        problem: null,
        weak_algorithm: false,
        algorithm: 'RSA with SHA-256',
        checks: { covers_file: true, digest_matches: true, signature_valid: true, chains_to_trusted: false },
        certificate: {
          subject: { name: 'สมชาย ใจดี', organisation: 'Ministry of Interior', country: 'TH' },
          issuer: { name: 'Thai Government CA', organisation: 'Government of Thailand', country: 'TH' },
          signed_within_validity: true,
        },
      });
      expect(JSON.stringify(signature)).not.toContain('Minister of Anything');
    },
  );

  test(
    'chained (through the intermediate the signature carries) to a trusted authority: verified, naming the ' +
      'authority',
    async () => {
      const vn = await completed('VN');
      // Trusted for another country only: not for Viet Nam's report.
      const added = await addAuthority(ctx.deps, { pem: root.pem, countryCode: 'TH', note: null, actorId: admin.id });
      expect((await inspect(vn.stateAdmin, vn.uuid, good)).signature).toMatchObject({
        status: 'valid_unverified_signer',
        authority: null,
      });
      const { message, signature } = await inspect(th.stateAdmin, th.uuid, good);
      expect(message).toBe('The PDF is readable; its signature is valid and verified');
      expect(signature).toMatchObject({
        status: 'verified',
        signer: 'สมชาย ใจดี',
        authority: 'Test Root CA',
        checks: { chains_to_trusted: true },
      });
      // Trusted for the region: every country's reports.
      await addAuthority(ctx.deps, { pem: root.pem, countryCode: null, note: null, actorId: admin.id });
      expect((await inspect(vn.stateAdmin, vn.uuid, good)).signature).toMatchObject({
        status: 'verified',
        authority: 'Test Root CA',
      });
      expect(added.country_code).toBe('TH');
    },
  );

  test('stored with the file on upload, no confirmation needed; the report view gives the same check', async () => {
    const my = await completed('MY');
    const signer = await testSigner(
      root,
      { cn: 'Nguyễn Văn An', o: 'Ministry of Construction', c: 'MY' },
      { kind: 'ECDSA' },
    );
    const bytes = await signedTestPdf(signer, { signingTime: null, m: new Date('2026-11-21T01:00:00Z') });
    const done = await expectJson(
      await upload(ctx, my.stateAdmin, my.uuid, bytes, 'signed.pdf', 'application/pdf', false),
      200,
      deepStrict(ReportResponseSchema),
    );
    // Without a signingTime attribute, the time is the file's /M, and said to be only recorded.
    const expected = {
      status: 'verified',
      signer: 'Nguyễn Văn An',
      signed_at: '2026-11-21T01:00:00.000Z',
      signed_at_source: 'file',
      authority: 'Test Root CA',
      algorithm: 'ECDSA with SHA-256',
    };
    expect(done.data.file?.signature).toMatchObject(expected);
    expect((await viewReport(ctx, my.stateAdmin, YEAR, 'MY')).report.files[0]?.signature).toMatchObject(expected);
  });

  test(
    'RSA-PSS with SHA-384 and ECDSA with SHA-512 hold; ' + 'SHA-1 holds but is weak, so never counts as verified',
    async () => {
      const pss = await testSigner(root, { cn: 'PSS signer', c: 'TH' }, { kind: 'RSA-PSS', hash: 'SHA-384' });
      expect(
        (await inspect(th.stateAdmin, th.uuid, await signedTestPdf(pss, { hash: 'SHA-384' }))).signature,
      ).toMatchObject({ status: 'verified', algorithm: 'RSA-PSS with SHA-384' });
      const ec = await testSigner(root, { cn: 'EC signer', c: 'TH' }, { kind: 'ECDSA', hash: 'SHA-512' });
      expect(
        (await inspect(th.stateAdmin, th.uuid, await signedTestPdf(ec, { hash: 'SHA-512' }))).signature,
      ).toMatchObject({ status: 'verified', algorithm: 'ECDSA with SHA-512' });
      const old = await testSigner(root, { cn: 'Old signer', c: 'TH' }, { kind: 'RSA', hash: 'SHA-1' });
      expect(
        (await inspect(th.stateAdmin, th.uuid, await signedTestPdf(old, { hash: 'SHA-1' }))).signature,
      ).toMatchObject({
        status: 'valid_unverified_signer',
        weak_algorithm: true,
        algorithm: 'RSA with SHA-1',
        checks: { signature_valid: true, chains_to_trusted: true },
      });
    },
  );

  test('a signing time outside the certificate’s validity is said so', async () => {
    const { signature } = await inspect(
      th.stateAdmin,
      th.uuid,
      await signedTestPdf(minister, {
        intermediates: [government.certificate],
        signingTime: new Date('2020-01-01T00:00:00Z'),
      }),
    );
    expect(signature).toMatchObject({
      status: 'verified',
      signed_at: '2020-01-01T00:00:00.000Z',
      certificate: { signed_within_validity: false },
    });
  });

  test(
    'an incremental update appended after signing: the signature holds for the signed revision, "changed after ' +
      'signing"',
    async () => {
      const { signature } = await inspect(th.stateAdmin, th.uuid, appendIncrementalUpdate(good));
      expect(signature).toMatchObject({
        status: 'verified',
        signer: 'สมชาย ใจดี',
        changed_after_signing: true,
        checks: { covers_file: true, digest_matches: true },
      });
    },
  );
});

describe('a signature that does not hold: "signature invalid", naming no signer', () => {
  const invalid = (problem: string, checks: Record<string, boolean | null>) => ({
    status: 'invalid',
    signer: null,
    signed_at: null,
    certificate: null,
    authority: null,
    problem,
    checks: expect.objectContaining(checks),
  });

  test(
    'the fake signature of the issue (ByteRange [0 100 200 300], zeros, /Name "Minister of Anything"): invalid; ' +
      'upload needs the confirmation',
    async () => {
      const fake = new Uint8Array(readFileSync(new URL('../fixtures/fake-signature.pdf', import.meta.url)));
      const ph = await completed('PH');
      const { message, signature } = await inspect(ph.stateAdmin, ph.uuid, fake);
      expect(message).toBe('The PDF is readable; its signature is invalid');
      expect(signature).toMatchObject(
        invalid('byte_range', { covers_file: false, digest_matches: null, signature_valid: null }),
      );
      const refused = await expectError(
        await upload(ctx, ph.stateAdmin, ph.uuid, fake, 'signed.pdf', 'application/pdf', false),
        422,
        { fields: ['confirm_unsigned'] },
      );
      expect(refused.message).toMatch(/digital signature of this PDF is invalid/);
      const done = await expectJson(await upload(ctx, ph.stateAdmin, ph.uuid, fake), 200, ReportResponseSchema);
      expect(done.data.file?.signature).toMatchObject({ status: 'invalid', signer: null });
      const view = await viewReport(ctx, ph.stateAdmin, YEAR, 'PH');
      expect(JSON.stringify(view)).not.toContain('Minister of Anything');
    },
  );

  test('one byte changed inside the signed range: the digest does not match', async () => {
    const { signature } = await inspect(th.stateAdmin, th.uuid, tamperInsideSignedRange(good));
    expect(signature).toMatchObject(
      invalid('digest', { covers_file: true, digest_matches: false, signature_valid: null }),
    );
  });

  test('a real signature whose ByteRange does not cover the file', async () => {
    const { signature } = await inspect(th.stateAdmin, th.uuid, withByteRange(good, [0, 100, 200, 300]));
    expect(signature).toMatchObject(invalid('byte_range', { covers_file: false }));
  });

  test('a ByteRange that stops short of the end without an end of revision there', async () => {
    const text = Buffer.from(good).toString('latin1');
    const [, b, c, d] = /\/ByteRange \[(\d+) (\d+) (\d+) (\d+)/.exec(text)!.slice(1).map(Number) as number[];
    const { signature } = await inspect(th.stateAdmin, th.uuid, withByteRange(good, [0, b!, c!, d! - 40]));
    expect(signature).toMatchObject(invalid('byte_range', { covers_file: false }));
  });

  test('a signature made by another key than the certificate’s: the signature does not match', async () => {
    const impostor = await testSigner(root, { cn: 'สมชาย ใจดี', o: 'Ministry of Interior', c: 'TH' });
    // The impostor's signature, carrying the minister's certificate (same issuer and serial as the sid says).
    const forged = await signedTestPdf(
      { key: impostor.key, certificate: minister.certificate },
      { intermediates: [government.certificate] },
    );
    const { signature } = await inspect(th.stateAdmin, th.uuid, forged);
    expect(signature).toMatchObject(
      invalid('signature', { covers_file: true, digest_matches: true, signature_valid: false }),
    );
  });
});

describe('active content is refused with a 422 that names it; nothing is stored', () => {
  let my2: { uuid: string; stateAdmin: TestUser };
  beforeAll(async () => {
    my2 = await completed('ID');
  });
  const cases: [ActiveKind, RegExp][] = [
    ['javascript', /holds JavaScript,/],
    ['names-javascript', /holds JavaScript,/],
    ['launch', /holds a launch action,/],
    ['embedded-file', /holds embedded files,/],
    ['rich-media', /holds rich media,/],
  ];
  test.each(cases)('%s', async (kind, message) => {
    const bytes = await activePdf(kind);
    await expectError(await inspectRequest(my2.stateAdmin, my2.uuid, bytes), 422, { fields: ['file'], message });
    await expectError(await upload(ctx, my2.stateAdmin, my2.uuid, bytes), 422, { fields: ['file'], message });
    expect((await viewReport(ctx, my2.stateAdmin, YEAR, 'ID')).report).toMatchObject({
      status: 'completed',
      files: [],
    });
  });

  test('the refusal in the person’s language', async () => {
    const form = new FormData();
    form.set(
      'file',
      new File([(await activePdf('launch')) as Uint8Array<ArrayBuffer>], 'signed.pdf', { type: 'application/pdf' }),
    );
    const french = await ctx.request(`${BASE}/${my2.uuid}/report/upload/inspect`, {
      token: my2.stateAdmin.token,
      headers: { 'Accept-Language': 'fr' },
      body: form,
    });
    expect(french.status).toBe(422);
    const body = (await french.json()) as { message: string; errors: Record<string, string[]> };
    expect(body.message).toMatch(/^Le PDF contient une action de lancement, ce que le portail n’accepte pas/);
    expect(body.errors).toEqual({ file: ['contient du contenu actif'] });
  });
});

test(
  'a file stored before signatures were checked: its ' + 'signature as the file recorded it, status not_checked',
  async () => {
    const kh = await completed('KH');
    await upload(ctx, kh.stateAdmin, kh.uuid, await signedTestPdf(minister));
    // As migration 0030 leaves an older row: signer and time as recorded, marked not_checked.
    const [report] = await ctx.deps.db
      .select({ id: nationalReports.id })
      .from(nationalReports)
      .where(eq(nationalReports.uuid, kh.uuid));
    await ctx.deps.db
      .update(reportFiles)
      .set({ signature: { signer: 'Recorded Name', signed_at: '2025-01-01T00:00:00.000Z', status: 'not_checked' } })
      .where(eq(reportFiles.reportId, report!.id));
    const file = (await viewReport(ctx, kh.stateAdmin, YEAR, 'KH')).report.files[0];
    expect(file?.signature).toEqual({
      status: 'not_checked',
      signer: 'Recorded Name',
      signed_at: '2025-01-01T00:00:00.000Z',
      signed_at_source: 'file',
      certificate: null,
      authority: null,
      changed_after_signing: null,
      problem: null,
      checks: null,
      algorithm: null,
      weak_algorithm: false,
      checked_at: null,
    });
  },
);
