import ExcelJS from 'exceljs';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, test } from 'vitest';
import {
  auditEvents,
  contentTranslations,
  nationalReports,
  questions as questionRows,
  synthesisQuotes,
} from '../../src/lib/db/schema.ts';
import { CompareResponseSchema, QuotesResponseSchema } from '../../src/lib/national-reports/compare-schema.ts';
import type { Question } from '../../src/lib/national-reports/question-schema.ts';
import type { ReportStatus } from '../../src/lib/national-reports/schema.ts';
import { createTestContext } from '../support/app.ts';
import { expectError, expectJson } from '../support/assertions.ts';
import { createUser, type TestUser } from '../support/factories.ts';
import { openCycle, questionsByCode, saveAnswers, viewReport } from '../support/national-reports.ts';
import { deepStrict } from '../support/schemas.ts';

/**
 * One question across the region (issue 34 item 1, decision 075): who reads which countries'
 * answers, the filters, the question as worded and translated, the CSV and workbook downloads,
 * and the secretariat's quotes for the synthesis (its rules, its 403, its order and audit).
 */
const ctx = await createTestContext();
const YEAR = 2031;
const BASE = '/api/report/type/national';
const admin = await createUser(ctx, { role: 'admin', country: 'JP' });
await openCycle(ctx, admin, { year: YEAR });
const questions = await questionsByCode(ctx, admin);
const Q17 = questions.get('Q17')!; // a figure (num)
const Q18 = questions.get('Q18')!; // a narrative (txt)

/** Each country's answers, the status its report is put at, and the language it wrote in. */
const COUNTRIES: Record<string, { status: ReportStatus; lang: string | null; figure?: number; text?: string }> = {
  TH: { status: 'submitted', lang: 'th', figure: 12.5, text: 'เมืองต่าง ๆ สนับสนุนอุตสาหกรรมสร้างสรรค์' },
  VN: { status: 'accepted', lang: 'vi', figure: 40, text: 'Các thành phố hỗ trợ ngành công nghiệp sáng tạo' },
  JP: { status: 'published', lang: 'ja', figure: 3, text: '都市は創造産業を支援している' },
  AF: { status: 'submitted', lang: 'fa-AF', text: 'شهرها از صنایع خلاق حمایت می‌کنند' },
  KZ: { status: 'published', lang: 'ru', figure: 20, text: '=ГОРОДА поддерживают креативные индустрии' },
  PH: { status: 'in_progress', lang: 'en', figure: 99, text: 'Cities support creative industries' },
  MY: { status: 'submitted', lang: 'ms', figure: 7 },
};

const members: Record<string, TestUser> = {};
const path = (q: Question, query = '', year = YEAR) => `${BASE}/compare/${year}/${q.uuid}${query}`;
const quotesPath = (q: Question, year = YEAR) => `${BASE}/synthesis/${year}/quotes/${q.uuid}`;
const codesOf = async (response: Response) =>
  (await expectJson(response, 200, CompareResponseSchema)).data.answers.map((a) => a.country_code);

beforeAll(async () => {
  await Promise.all(
    Object.entries(COUNTRIES).map(async ([code, c]) => {
      const member = await createUser(ctx, { role: 'state_member', country: code });
      members[code] = member;
      const answers = [
        ...(c.figure === undefined
          ? []
          : [{ question_uuid: Q17.uuid, value: c.figure, data_year: 2030, source: 'NSO' }]),
        ...(c.text === undefined ? [] : [{ question_uuid: Q18.uuid, value: c.text }]),
      ];
      const saved = await saveAnswers(ctx, member, YEAR, code, answers);
      expect(saved.status, await saved.clone().text()).toBe(200);
      // The workflow to each status is tested elsewhere: here it is where the reports stand.
      await ctx.deps.db
        .update(nationalReports)
        .set({ status: c.status, writtenIn: c.lang })
        .where(and(eq(nationalReports.year, YEAR), eq(nationalReports.countryCode, code)));
    }),
  );
});

describe('GET …/compare/{year}/{question_uuid}', () => {
  test('the secretariat reads every report handed in, figures from the highest, in the documented shape', async () => {
    const body = await expectJson(
      await ctx.request(path(Q17), { token: admin.token }),
      200,
      deepStrict(CompareResponseSchema),
    );
    expect(body.data.question).toMatchObject({ uuid: Q17.uuid, code: 'Q17', text: Q17.text, answer_type: 'num' });
    expect(body.data.answers.map((a) => [a.country_code, a.value])).toEqual([
      ['VN', 40],
      ['KZ', 20],
      ['TH', 12.5],
      ['MY', 7],
      ['JP', 3],
    ]);
    expect(body.data.answers[0]).toMatchObject({
      country_name: 'Viet Nam',
      subregion: 'SEA',
      report_status: 'accepted',
      written_lang: 'vi',
      text: null,
    });
    expect(Date.parse(body.data.answers[0]!.updated_at)).not.toBeNaN();
  });

  test('narrative answers come by country name, each in its script and language', async () => {
    const body = await expectJson(await ctx.request(path(Q18), { token: admin.token }), 200, CompareResponseSchema);
    expect(body.data.answers.map((a) => a.country_code)).toEqual(['AF', 'JP', 'KZ', 'TH', 'VN']);
    expect(body.data.answers.find((a) => a.country_code === 'AF')).toMatchObject({
      value: COUNTRIES['AF']!.text,
      written_lang: 'fa-AF',
    });
  });

  test("a country's users read their own report at any status and the others' published ones", async () => {
    expect(await codesOf(await ctx.request(path(Q17), { token: members['PH']!.token }))).toEqual(['PH', 'KZ', 'JP']);
    expect(await codesOf(await ctx.request(path(Q17), { token: members['TH']!.token }))).toEqual(['KZ', 'TH', 'JP']);
    const stateAdmin = await createUser(ctx, { role: 'state_admin', country: 'ID' });
    expect(await codesOf(await ctx.request(path(Q18), { token: stateAdmin.token }))).toEqual(['JP', 'KZ']);
  });

  test('a saved answer shows at once, though views are kept between reads', async () => {
    const read = async () =>
      (
        await expectJson(await ctx.request(path(Q17), { token: members['PH']!.token }), 200, CompareResponseSchema)
      ).data.answers.find((a) => a.country_code === 'PH')!.value;
    expect(await read()).toBe(99);
    const save = async (value: number) => {
      const { answers } = await viewReport(ctx, members['PH']!, YEAR, 'PH');
      const { version } = answers.find((a) => a.question_uuid === Q17.uuid)!;
      const saved = await saveAnswers(ctx, members['PH']!, YEAR, 'PH', [
        { question_uuid: Q17.uuid, value, data_year: 2030, source: 'NSO', version },
      ]);
      expect(saved.status, await saved.clone().text()).toBe(200);
    };
    await save(98);
    expect(await read()).toBe(98);
    await save(99);
    expect(await read()).toBe(99);
  });

  test('filters by subregion and status, within what the caller reads', async () => {
    const as = (query: string, user = admin) => ctx.request(path(Q17, query), { token: user.token });
    expect(await codesOf(await as('?subregion=SEA'))).toEqual(['VN', 'TH', 'MY']);
    expect(await codesOf(await as('?subregion=NCA'))).toEqual(['KZ']);
    expect(await codesOf(await as('?status=published'))).toEqual(['KZ', 'JP']);
    expect(await codesOf(await as('?status=in_progress'))).toEqual([]);
    expect(await codesOf(await as('?status=in_progress', members['PH']))).toEqual(['PH']);
    expect(await codesOf(await as('?subregion=SEA&status=submitted'))).toEqual(['TH', 'MY']);
    expect(await codesOf(await as('?subregion=&status='))).toHaveLength(5);
    await expectError(await as('?subregion=south-east-asia'), 400, { fields: ['subregion'] });
    await expectError(await as('?status=done'), 400, { fields: ['status'] });
    await expectError(await as('?format=pdf'), 400, { fields: ['format'] });
  });

  test('the question in the caller’s language where translated, else in English', async () => {
    await ctx.deps.db.insert(contentTranslations).values({
      entity: 'question',
      key: Q17.uuid,
      locale: 'fr',
      fields: { text: 'Dépenses par habitant (traduction)' },
      source: { text: Q17.text },
    });
    const read = async (language: string) =>
      (
        await expectJson(
          await ctx.request(path(Q17), { token: admin.token, headers: { 'Accept-Language': language } }),
          200,
          CompareResponseSchema,
        )
      ).data.question;
    expect(await read('fr-FR,fr;q=0.9')).toMatchObject({
      text: 'Dépenses par habitant (traduction)',
      translated: true,
    });
    expect(await read('ru')).toMatchObject({ text: Q17.text, translated: false });
    expect(await read('en')).toMatchObject({ text: Q17.text, translated: false });
  });

  test('404 for a cycle or question that does not exist, 400 for a malformed id, 401 and 403 as usual', async () => {
    await expectError(await ctx.request(path(Q17, '', 2099), { token: admin.token }), 404, {
      message: /no 2099 reporting cycle/,
    });
    const nobody = { ...Q17, uuid: '00000000-0000-4000-8000-000000000000' };
    await expectError(await ctx.request(path(nobody), { token: admin.token }), 404, { message: /no question/ });
    await expectError(await ctx.request(`${BASE}/compare/${YEAR}/not-a-uuid`, { token: admin.token }), 400, {
      fields: ['question_uuid'],
    });
    expect((await ctx.request(`${BASE}/compare/20x1/${Q17.uuid}`, { token: admin.token })).status).toBe(404);
    expect((await ctx.request(path(Q17))).status).toBe(401);
    const noRole = await createUser(ctx, { role: null, country: 'PH' });
    await expectError(await ctx.request(path(Q17), { token: noRole.token }), 403);
  });
});

describe('the view as a file', () => {
  test('CSV: a byte-order mark on request, one row per country, formula-like text made harmless', async () => {
    const response = await ctx.request(path(Q18, '?format=csv&bom=1'), { token: admin.token });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="compare-q18-${YEAR}.csv"`);
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder().decode(bytes.slice(3)).trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'country_code,country,subregion,report_status,question_code,value,unit,text,written_lang,updated_at',
    );
    expect(lines.slice(1).map((l) => l.slice(0, 2))).toEqual(['AF', 'JP', 'KZ', 'TH', 'VN']);
    expect(lines.find((l) => l.startsWith('KZ'))).toContain(`,'=ГОРОДА поддерживают креативные индустрии,`);
    expect(lines.find((l) => l.startsWith('TH'))).toContain(`,${COUNTRIES['TH']!.text},`);
    const plain = await (await ctx.request(path(Q18, '?format=csv'), { token: admin.token })).text();
    expect(plain.startsWith('country_code,')).toBe(true);
  });

  test('XLSX: the same rows, figures as numbers, text as written, a country user’s own scope', async () => {
    const response = await ctx.request(path(Q17, '?format=xlsx&subregion=SEA'), { token: admin.token });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await response.arrayBuffer()) as never);
    const sheet = book.worksheets[0]!;
    const rows = sheet.getSheetValues().slice(1) as unknown[][];
    expect(rows[0]!.slice(1, 7)).toEqual([
      'country_code',
      'country',
      'subregion',
      'report_status',
      'question_code',
      'value',
    ]);
    expect(rows.slice(1).map((r) => [r[1], r[6]])).toEqual([
      ['VN', 40],
      ['TH', 12.5],
      ['MY', 7],
    ]);
    const own = await ctx.request(path(Q18, '?format=xlsx'), { token: members['PH']!.token });
    const ownBook = new ExcelJS.Workbook();
    await ownBook.xlsx.load((await own.arrayBuffer()) as never);
    const texts = (ownBook.worksheets[0]!.getSheetValues().slice(2) as unknown[][]).map((r) => [r[1], r[8]]);
    expect(texts).toEqual([
      ['JP', COUNTRIES['JP']!.text],
      ['KZ', COUNTRIES['KZ']!.text],
      ['PH', COUNTRIES['PH']!.text],
    ]);
  });
});

describe('the quotes for the synthesis', () => {
  const put = (codes: unknown, user: TestUser = admin, q: Question = Q18) =>
    ctx.request(quotesPath(q), { method: 'PUT', token: user.token, json: { country_codes: codes } });
  const quoted = async () =>
    (await expectJson(await ctx.request(quotesPath(Q18), { token: admin.token }), 200, QuotesResponseSchema)).data
      .country_codes;

  test('none at first; a PUT replaces the set in its order, and is audited', async () => {
    expect(await quoted()).toEqual([]);
    expect((await expectJson(await put(['th', 'VN']), 200, QuotesResponseSchema)).data.country_codes).toEqual([
      'TH',
      'VN',
    ]);
    expect(await quoted()).toEqual(['TH', 'VN']);
    await expectJson(await put(['AF', 'TH', 'JP', 'KZ', 'VN']), 200, QuotesResponseSchema);
    expect(await quoted()).toEqual(['AF', 'TH', 'JP', 'KZ', 'VN']);
    const [q18] = await ctx.deps.db
      .select({ id: questionRows.id })
      .from(questionRows)
      .where(eq(questionRows.uuid, Q18.uuid));
    const rows = await ctx.deps.db
      .select({ sort: synthesisQuotes.sort, createdBy: synthesisQuotes.createdBy })
      .from(synthesisQuotes)
      .where(and(eq(synthesisQuotes.year, YEAR), eq(synthesisQuotes.questionId, q18!.id)));
    expect(rows.map((r) => r.sort).sort()).toEqual([0, 1, 2, 3, 4]);
    expect(rows.every((r) => r.createdBy === admin.id)).toBe(true);
    const audits = await ctx.deps.db
      .select({ before: auditEvents.before, after: auditEvents.after })
      .from(auditEvents)
      .where(and(eq(auditEvents.entity, 'synthesis_quotes'), eq(auditEvents.entityId, `${YEAR}:${Q18.uuid}`)));
    expect(audits.at(-1)).toEqual({
      before: { country_codes: ['TH', 'VN'] },
      after: { country_codes: ['AF', 'TH', 'JP', 'KZ', 'VN'] },
    });
    await expectJson(await put([]), 200, QuotesResponseSchema);
    expect(await quoted()).toEqual([]);
  });

  test('refuses more than five, a repeat, a report not handed in, no narrative, and keeps the set', async () => {
    await expectJson(await put(['JP']), 200, QuotesResponseSchema);
    const codes = ['AF', 'TH', 'JP', 'KZ', 'VN', 'MY'];
    await expectError(await put(codes), 400, { fields: ['country_codes'] });
    await expectError(await put(['TH', 'th']), 400, { fields: ['country_codes'], message: /country_codes/ });
    const body = await expectError(await put(['PH', 'TH']), 400, { fields: ['country_codes'] });
    expect(body.errors!['country_codes']).toEqual([
      'PH has no narrative answer to this question in a report submitted or later',
    ]);
    await expectError(await put(['MY']), 400, { fields: ['country_codes'] });
    await expectError(await put(['XX']), 400, { fields: ['country_codes'] });
    await expectError(await put(['TH'], admin, Q17), 400, { fields: ['country_codes'] });
    await expectError(await put('TH'), 400, { fields: ['country_codes'] });
    expect(await quoted()).toEqual(['JP']);
  });

  test('only the secretariat reads and chooses them; 404 for no cycle or question', async () => {
    for (const user of [members['TH']!, await createUser(ctx, { role: 'state_admin', country: 'TH' })]) {
      await expectError(await put(['TH'], user), 403);
      await expectError(await ctx.request(quotesPath(Q18), { token: user.token }), 403);
    }
    expect((await put(['TH'], { ...admin, token: '' })).status).toBe(401);
    await expectError(await ctx.request(quotesPath(Q18, 2099), { token: admin.token }), 404);
    await expectError(
      await ctx.request(`${BASE}/synthesis/${YEAR}/quotes/00000000-0000-4000-8000-000000000000`, {
        method: 'PUT',
        token: admin.token,
        json: { country_codes: [] },
      }),
      404,
    );
    expect(await quoted()).toEqual(['JP']);
  });
});
