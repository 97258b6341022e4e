import { beforeAll, describe, expect, test } from 'vitest';
import { PracticeResponseSchema, type BestPractice } from '../../src/lib/best-practices/schema.ts';
import { PublicListResponseSchema, PublicShowResponseSchema } from '../../src/lib/best-practices/public-schema.ts';
import { COMPLETE_ROW, insertPractice } from '../fixtures/best-practices.ts';
import { WRITTEN_LANGUAGE_MESSAGE } from '../../src/lib/i18n/written-languages.ts';
import {
  PublicReportListResponseSchema,
  PublicReportResponseSchema,
} from '../../src/lib/national-reports/public-schema.ts';
import {
  ReportConflictResponseSchema,
  ReportResponseSchema,
  type Report,
} from '../../src/lib/national-reports/schema.ts';
import { createTestContext } from '../support/app.ts';
import { expectError, expectJson } from '../support/assertions.ts';
import { createUser, type TestUser } from '../support/factories.ts';
import {
  compulsoryAnswers,
  openCycle,
  pdfBytes,
  questionsByCode,
  saveAnswers,
  updateReport,
  upload,
  viewReport,
} from '../support/national-reports.ts';
import { deepStrict } from '../support/schemas.ts';

/**
 * The language a country writes in (decision 048): `written_in` on a national report (its title,
 * summary and answers) and on a best practice — optional, checked against the region's
 * languages, kept through stale writes (409) and left alone by clients that do not send it.
 */
const ctx = await createTestContext();
const YEAR = 2026;
const StrictReport = deepStrict(ReportResponseSchema);
const StrictPractice = deepStrict(PracticeResponseSchema);

let admin: TestUser;
let irAdmin: TestUser;
let thMember: TestUser;
let thAdmin: TestUser;
beforeAll(async () => {
  [admin, irAdmin, thMember, thAdmin] = await Promise.all([
    createUser(ctx, { role: 'admin', country: 'JP' }),
    createUser(ctx, { role: 'state_admin', country: 'IR' }),
    createUser(ctx, { role: 'state_member', country: 'TH' }),
    createUser(ctx, { role: 'state_admin', country: 'TH' }),
  ]);
  await openCycle(ctx, admin, { year: YEAR });
});

const reportOf = async (user: TestUser, country: string) => (await viewReport(ctx, user, YEAR, country)).report;
const PERSIAN_SUMMARY = 'این گزارش پیشرفت ایران در اجرای دستور کار جدید شهری را شرح می‌دهد.';

describe('a national report’s language', () => {
  test('is not stated until the country states it; a tag of the list is stored as the list spells it', async () => {
    let report = await reportOf(irAdmin, 'IR');
    expect(report.written_in).toBeNull();
    const body = await expectJson(
      await updateReport(ctx, irAdmin, YEAR, 'IR', {
        version: report.version,
        written_in: 'FA',
        title: 'گزارش ملی ایران',
        executive_summary: PERSIAN_SUMMARY,
      }),
      200,
      StrictReport,
    );
    report = body.data;
    expect(report).toMatchObject({
      written_in: 'fa',
      title: 'گزارش ملی ایران',
      executive_summary: PERSIAN_SUMMARY,
      version: report.version,
    });
    expect((await reportOf(irAdmin, 'IR')).written_in).toBe('fa');
    // zh-hant is zh-Hant, Dari's prs is fa-AF (CLDR's tag); languages of every kind of script are accepted (the whole
    // list: written-languages.test.ts).
    for (const [sent, stored] of [
      ['zh-hant', 'zh-Hant'],
      ['prs', 'fa-AF'],
      ['dv', 'dv'],
      ['mh', 'mh'],
      ['ka', 'ka'],
    ]) {
      const now = await reportOf(irAdmin, 'IR');
      const saved = await expectJson(
        await updateReport(ctx, irAdmin, YEAR, 'IR', { version: now.version, written_in: sent }),
        200,
        ReportResponseSchema,
      );
      expect(saved.data.written_in).toBe(stored);
    }
  });

  test('a client that does not send it changes the other fields and keeps the language', async () => {
    let report = await reportOf(irAdmin, 'IR');
    report = (
      await expectJson(
        await updateReport(ctx, irAdmin, YEAR, 'IR', { version: report.version, written_in: 'fa-AF' }),
        200,
        StrictReport,
      )
    ).data;
    const saved = await expectJson(
      await updateReport(ctx, irAdmin, YEAR, 'IR', { version: report.version, title: 'راپور ملی' }),
      200,
      StrictReport,
    );
    expect(saved.data).toMatchObject({ title: 'راپور ملی', written_in: 'fa-AF', executive_summary: PERSIAN_SUMMARY });
  });

  test('null or an empty text takes the statement back', async () => {
    for (const value of [null, '']) {
      let report = await reportOf(irAdmin, 'IR');
      report = (
        await expectJson(
          await updateReport(ctx, irAdmin, YEAR, 'IR', { version: report.version, written_in: 'ur' }),
          200,
          ReportResponseSchema,
        )
      ).data;
      const saved = await expectJson(
        await updateReport(ctx, irAdmin, YEAR, 'IR', { version: report.version, written_in: value }),
        200,
        StrictReport,
      );
      expect(saved.data.written_in).toBeNull();
    }
  });

  test('a tag outside the list, or not a text, is a 400 naming the field, in the reader’s language', async () => {
    const report = await reportOf(irAdmin, 'IR');
    for (const value of ['xx', 'persian', 'fa-IR-x-private', 'en_US', 42, ['fa'], 'a'.repeat(500)]) {
      const body = await expectError(
        await updateReport(ctx, irAdmin, YEAR, 'IR', { version: report.version, written_in: value }),
        400,
        { fields: ['written_in'] },
      );
      expect(body.errors?.['written_in'], JSON.stringify(value)).toEqual([WRITTEN_LANGUAGE_MESSAGE]);
    }
    const french = await ctx.request(`/api/report/type/national/${YEAR}/IR/report/update`, {
      token: irAdmin.token,
      json: { version: report.version, written_in: 'klingon' },
      headers: { 'accept-language': 'fr' },
    });
    const body = await expectError(french, 400, { fields: ['written_in'] });
    expect(body.errors?.['written_in']).toEqual([
      'doit être une langue de la région, indiquée par son étiquette de langue, par exemple th, fa ou zh-Hant',
    ]);
    // Nothing was stored.
    expect((await reportOf(irAdmin, 'IR')).version).toBe(report.version);
  });

  test('a stale write is a 409 with the report as it is now, its language included, and changes nothing', async () => {
    const report = await reportOf(irAdmin, 'IR');
    const fresh = (
      await expectJson(
        await updateReport(ctx, irAdmin, YEAR, 'IR', { version: report.version, written_in: 'fa' }),
        200,
        ReportResponseSchema,
      )
    ).data;
    const stale = await expectJson(
      await updateReport(ctx, admin, YEAR, 'IR', { version: report.version, written_in: 'ps' }),
      409,
      deepStrict(ReportConflictResponseSchema),
    );
    expect(stale.current).toMatchObject({ written_in: 'fa', version: fresh.version });
    expect((await reportOf(irAdmin, 'IR')).written_in).toBe('fa');
  });

  test('the published report says its language on the public list and page', async () => {
    const questions = await questionsByCode(ctx, thMember);
    expect((await saveAnswers(ctx, thMember, YEAR, 'TH', compulsoryAnswers(questions.values()))).status).toBe(200);
    let report: Report = await reportOf(thMember, 'TH');
    report = (
      await expectJson(
        await updateReport(ctx, thMember, YEAR, 'TH', {
          version: report.version,
          action: 'complete',
          written_in: 'th',
          title: 'รายงานแห่งชาติ',
        }),
        200,
        ReportResponseSchema,
      )
    ).data;
    report = (await expectJson(await upload(ctx, thAdmin, report.uuid, pdfBytes()), 200, ReportResponseSchema)).data;
    for (const action of ['accept', 'publish'] as const) {
      report = (
        await expectJson(
          await updateReport(ctx, admin, YEAR, 'TH', { version: report.version, action }),
          200,
          ReportResponseSchema,
        )
      ).data;
    }
    const list = await expectJson(
      await ctx.request(`/api/report/type/national/public/list?country_code=TH`),
      200,
      deepStrict(PublicReportListResponseSchema),
    );
    expect(list.data.map((r) => [r.title, r.written_in])).toEqual([['รายงานแห่งชาติ', 'th']]);
    const page = await expectJson(
      await ctx.request(`/api/report/type/national/public/report/${YEAR}/TH`),
      200,
      deepStrict(PublicReportResponseSchema),
    );
    expect(page.data.report.written_in).toBe('th');
  });
});

describe('a best practice’s language', () => {
  const save = (user: TestUser, json: Record<string, unknown>) =>
    ctx.request('/api/best-practice/saved', { token: user.token, json });

  test('is stored on creation and on update, and kept by a save that does not send it', async () => {
    const created = await expectJson(
      await save(irAdmin, { title: 'باغ‌های محله‌ای تهران', country_code: 'IR', written_in: 'fa' }),
      201,
      StrictPractice,
    );
    expect(created.data.written_in).toBe('fa');
    const later = await expectJson(
      await save(irAdmin, {
        uuid: created.data.uuid,
        version: created.data.version,
        summary: 'شهرداری و ساکنان با هم باغ‌ها را ساختند.',
      }),
      200,
      StrictPractice,
    );
    expect(later.data).toMatchObject({ written_in: 'fa', version: created.data.version + 1 });
    const none = await expectJson(
      await save(irAdmin, { title: 'Neighbourhood gardens', country_code: 'IR' }),
      201,
      StrictPractice,
    );
    expect(none.data.written_in).toBeNull();
    const cleared = await expectJson(
      await save(irAdmin, { uuid: later.data.uuid, version: later.data.version, written_in: '' }),
      200,
      StrictPractice,
    );
    expect(cleared.data.written_in).toBeNull();
  });

  test('a tag outside the list is a 400; a stale save is a 409 that keeps the stored language', async () => {
    const created = (
      await expectJson(
        await save(irAdmin, { title: 'پارک‌های جیبی', country_code: 'IR', written_in: 'fa' }),
        201,
        PracticeResponseSchema,
      )
    ).data;
    const bad = await expectError(
      await save(irAdmin, { uuid: created.uuid, version: created.version, written_in: 'farsi' }),
      400,
      { fields: ['written_in'] },
    );
    expect(bad.errors?.['written_in']).toEqual([WRITTEN_LANGUAGE_MESSAGE]);
    const next: BestPractice = (
      await expectJson(
        await save(irAdmin, { uuid: created.uuid, version: created.version, written_in: 'ps' }),
        200,
        PracticeResponseSchema,
      )
    ).data;
    const stale = await ctx.request('/api/best-practice/saved', {
      token: admin.token,
      json: { uuid: created.uuid, version: created.version, written_in: 'ur' },
    });
    expect(stale.status).toBe(409);
    const current = (
      await expectJson(
        await ctx.request(`/api/best-practice/show/${created.uuid}`, { token: admin.token }),
        200,
        PracticeResponseSchema,
      )
    ).data;
    expect(current).toMatchObject({ written_in: 'ps', version: next.version });
  });

  test(
    'the public library and page say the language of a ' + 'published practice, and null where none is stated',
    async () => {
      const thai = await insertPractice(ctx, {
        ...COMPLETE_ROW,
        title: 'ตลาดน้ำชุมชนอัมพวา',
        countryCode: 'TH',
        status: 'published',
        publishedAt: new Date(),
        writtenIn: 'th',
      });
      const unstated = await insertPractice(ctx, {
        ...COMPLETE_ROW,
        title: 'Floating market of Amphawa',
        countryCode: 'TH',
        status: 'published',
        publishedAt: new Date(),
      });
      const list = await expectJson(
        await ctx.request('/api/best-practice/public/list?country_code=TH'),
        200,
        PublicListResponseSchema,
      );
      const cards = new Map(list.data.map((card) => [card.uuid, card.written_in]));
      expect([cards.get(thai.uuid), cards.get(unstated.uuid)]).toEqual(['th', null]);
      const page = await expectJson(
        await ctx.request(`/api/best-practice/public/show/${thai.uuid}`),
        200,
        PublicShowResponseSchema,
      );
      expect(page.data.written_in).toBe('th');
    },
  );
});
