import { beforeAll, describe, expect, test } from 'vitest';
import { ReportResponseSchema, SignedPdfFactsResponseSchema } from '../../src/lib/national-reports/schema.ts';
import { pdfDate } from '../../src/lib/national-reports/pdf-signature.server.ts';
import { createTestContext } from '../support/app.ts';
import { expectError, expectJson } from '../support/assertions.ts';
import { createUser, type TestUser } from '../support/factories.ts';
import { completedReport, openCycle, questionsByCode, upload, viewReport } from '../support/national-reports.ts';
import { testPdf } from '../support/pdf.ts';
import { signedTestPdf, testAuthority, testSigner } from '../support/signed-pdf.ts';
import { deepStrict } from '../support/schemas.ts';

const ctx = await createTestContext();
const YEAR = 2026;
const BASE = '/api/report/type/national';
const admin = await createUser(ctx, { role: 'admin', country: 'JP' });
await openCycle(ctx, admin, { year: YEAR });
const questions = await questionsByCode(ctx, admin);

const completed = (country: string) => completedReport(ctx, YEAR, country, questions);

function inspect(user: TestUser, uuid: string, bytes: Uint8Array, name = 'signed.pdf') {
  const form = new FormData();
  form.set('file', new File([bytes as Uint8Array<ArrayBuffer>], name, { type: 'application/pdf' }));
  return ctx.request(`${BASE}/${uuid}/report/upload/inspect`, { token: user.token, body: form });
}

describe('the signed-PDF check (inspect, then submit)', () => {
  let uuid: string;
  let stateAdmin: TestUser;
  beforeAll(async () => ({ uuid, stateAdmin } = await completed('TH')));

  test(
    'an unsigned PDF: pages counted, no signature; the upload is refused until the person confirms it is the ' +
      'signed copy',
    async () => {
      const bytes = testPdf({ pages: 3 });
      const facts = await expectJson(
        await inspect(stateAdmin, uuid, bytes, 'รายงาน แห่งชาติ 2026.pdf'),
        200,
        deepStrict(SignedPdfFactsResponseSchema),
      );
      expect(facts.data).toEqual({
        name: 'รายงาน แห่งชาติ 2026.pdf',
        size: bytes.byteLength,
        pages: 3,
        signature: null,
      });
      // Nothing was stored by the check: the report is still complete, without a file.
      expect((await viewReport(ctx, stateAdmin, YEAR, 'TH')).report).toMatchObject({ status: 'completed', files: [] });

      const refused = await expectError(
        await upload(ctx, stateAdmin, uuid, bytes, 'report.pdf', 'application/pdf', false),
        422,
        { fields: ['confirm_unsigned'] },
      );
      expect(refused.message).toMatch(/no digital signature/);
      expect((await viewReport(ctx, stateAdmin, YEAR, 'TH')).report).toMatchObject({ status: 'completed', files: [] });

      const done = await expectJson(
        await upload(ctx, stateAdmin, uuid, bytes, 'รายงาน แห่งชาติ 2026.pdf'),
        200,
        deepStrict(ReportResponseSchema),
      );
      expect(done.data).toMatchObject({
        status: 'submitted',
        file: { v: 1, name: 'รายงาน แห่งชาติ 2026.pdf', pages: 3, signature: null },
      });
    },
  );

  test(
    'a signed PDF: who signed (from its certificate) and ' + 'when; no confirmation needed; stored with the file',
    async () => {
      const { uuid: vn, stateAdmin: vnAdmin } = await completed('VN');
      const authority = await testAuthority({ cn: 'Viet Nam Test CA', c: 'VN' });
      const signer = await testSigner(authority, { cn: 'Nguyễn Văn An', o: 'Ministry of Construction', c: 'VN' });
      const signedAt = new Date(Math.floor(Date.now() / 1000) * 1000 - 60_000);
      const bytes = await signedTestPdf(signer, { pdf: { pages: 2 }, signingTime: signedAt, name: 'Someone Else' });
      const facts = await expectJson(await inspect(vnAdmin, vn, bytes), 200, SignedPdfFactsResponseSchema);
      const expected = {
        status: 'valid_unverified_signer',
        signer: 'Nguyễn Văn An',
        signed_at: signedAt.toISOString(),
      };
      expect(facts.data).toMatchObject({ pages: 2, signature: expected });
      const done = await expectJson(
        await upload(ctx, vnAdmin, vn, bytes, 'Отчёт-подписан.pdf', 'application/pdf', false),
        200,
        ReportResponseSchema,
      );
      expect(done.data).toMatchObject({
        status: 'submitted',
        file: { name: 'Отчёт-подписан.pdf', pages: 2, signature: expected },
      });
      // The report's own view says the same.
      expect((await viewReport(ctx, vnAdmin, YEAR, 'VN')).report.files[0]).toMatchObject({
        pages: 2,
        signature: expected,
      });
    },
  );

  test(
    'a signature field whose value is no signature (what ' + 'the file merely records): invalid, naming nobody',
    async () => {
      // TH is submitted by now; its administrator may still send a new signed copy, so may check one.
      const recorded = testPdf({ signature: { name: 'สมชาย ใจดี', m: 'D:20261101' } });
      const checked = await expectJson(await inspect(stateAdmin, uuid, recorded), 200, SignedPdfFactsResponseSchema);
      expect(checked.data.signature).toMatchObject({ status: 'invalid', signer: null, signed_at: null });
    },
  );

  test('PDF dates', () => {
    expect(pdfDate('D:20260102030405Z')).toBe('2026-01-02T03:04:05.000Z');
    expect(pdfDate("D:20260102030405-05'30'")).toBe('2026-01-02T08:34:05.000Z');
    expect(pdfDate('D:2026')).toBe('2026-01-01T00:00:00.000Z');
    expect(pdfDate('yesterday')).toBeNull();
    expect(pdfDate('D:20261399')).toBeNull();
  });
});

describe('refusals: clear 4xx, nothing stored, the report stays complete', () => {
  let uuid: string;
  let stateAdmin: TestUser;
  beforeAll(async () => ({ uuid, stateAdmin } = await completed('MY')));

  const good = testPdf({ pages: 2 });
  const cases: [string, () => Uint8Array, number, RegExp][] = [
    [
      'not a PDF (a text file)',
      () => new TextEncoder().encode('Dear colleagues, the report is attached.'),
      415,
      /not a PDF/,
    ],
    [
      'a PDF cut short (truncated download)',
      () => good.subarray(0, Math.floor(good.length * 0.7)),
      422,
      /damaged or incomplete/,
    ],
    [
      'a PDF whose end is there but whose objects are garbage',
      () =>
        new TextEncoder().encode(
          '%PDF-1.7\n1 0 obj << /Type /Catalog /Pages 9 0 R >> endobj\n%%%garbage%%%\nstartxref\n9\n%%EOF\n',
        ),
      422,
      /damaged or incomplete/,
    ],
    [
      'a PDF whose xref points nowhere',
      () =>
        new TextEncoder().encode(
          new TextDecoder('latin1').decode(good).replace(/startxref\n\d+/, 'startxref\n99999999'),
        ),
      422,
      /damaged or incomplete/,
    ],
    ['a PDF without pages', () => testPdf({ pages: 0 }), 422, /has no pages/],
    ['an encrypted PDF', () => testPdf({ encrypted: true }), 422, /encrypted/],
  ];
  test.each(cases)('%s: refused on inspect and on upload', async (_, bytes, status, message) => {
    await expectError(await inspect(stateAdmin, uuid, bytes()), status, { fields: ['file'], message });
    await expectError(await upload(ctx, stateAdmin, uuid, bytes()), status, { fields: ['file'], message });
    expect((await viewReport(ctx, stateAdmin, YEAR, 'MY')).report).toMatchObject({ status: 'completed', files: [] });
  });

  test('too large: 413 with the limit in the message, on inspect and on upload', async () => {
    const big = testPdf({ padding: 20 * 1024 * 1024 + 10 });
    await expectError(await inspect(stateAdmin, uuid, big), 413, { message: /larger than 20 MB/ });
    await expectError(await upload(ctx, stateAdmin, uuid, big), 413, { message: /larger than 20 MB/ });
  });

  test(
    'inspect checks who may submit: another country is ' + '403, a report not yet complete is 409, anonymous 401',
    async () => {
      const other = await createUser(ctx, { role: 'state_admin', country: 'PH' });
      await expectError(await inspect(other, uuid, good), 403);
      const { report } = await viewReport(ctx, other, YEAR, 'PH');
      expect((await inspect(other, report.uuid, good)).status).toBe(409);
      const form = new FormData();
      form.set('file', new File([good as Uint8Array<ArrayBuffer>], 'a.pdf'));
      expect((await ctx.request(`${BASE}/${uuid}/report/upload/inspect`, { body: form })).status).toBe(401);
    },
  );

  test('the confirmation may come as ?confirm_unsigned=true as well', async () => {
    const form = new FormData();
    form.set('file', new File([good as Uint8Array<ArrayBuffer>], 'signed.pdf', { type: 'application/pdf' }));
    const done = await expectJson(
      await ctx.request(`${BASE}/${uuid}/report/upload?confirm_unsigned=true`, { token: stateAdmin.token, body: form }),
      200,
      ReportResponseSchema,
    );
    expect(done.data).toMatchObject({ status: 'submitted', file: { pages: 2, signature: null } });
  });
});
