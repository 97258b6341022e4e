import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { ReportGroupsResponseSchema } from '../../src/lib/national-reports/schema.ts';
import { LocaleTranslationResponseSchema } from '../../src/lib/translations/schema.ts';
import { createTestContext } from '../support/app.ts';
import { expectError, expectJson } from '../support/assertions.ts';
import { createUser, type TestUser } from '../support/factories.ts';
import { openCycle, questionsByCode, saveAnswers, viewReport } from '../support/national-reports.ts';
import { deepStrict } from '../support/schemas.ts';

/**
 * The printable report in the reader's language (decision 060), through the real API on each
 * database: the portal's words (thrusts, questions with the translations administrators made,
 * labels, numbers) in Russian or Chinese, what the country wrote as written; a choice answered by
 * its description alone printed and counted as answered; the questions in the questionnaire's order.
 */

const ctx = await createTestContext();
const YEAR = 2026;
const PATH = `/api/report/type/national/${YEAR}/TH`;
const admin = await createUser(ctx, { role: 'admin', country: 'JP' });
await openCycle(ctx, admin, { year: YEAR });
const questions = await questionsByCode(ctx, admin);
const q = (code: string) => questions.get(code)!;

/** The New Urban Agenda's headings in the UN's Russian (A/RES/71/256). */
const RUSSIAN_THRUSTS: Record<string, string> = {
  TC1: 'Устойчивое развитие городов в интересах социальной интеграции и ликвидации нищеты',
  TC2: 'Устойчивое и всеохватное процветание городов и возможности для всех',
  TC3: 'Экологически устойчивое и жизнестойкое развитие городов',
  EI1: 'Создание структуры управления городами: формирование вспомогательной основы',
  EI2: 'Планирование и регулирование территориального развития городов',
  EI3: 'Средства осуществления',
  FR: 'Последующая деятельность и обзор',
};
const Q15_RU =
  'Какие меры помогают легализовать неформальных работников или поддерживают микро-, малые и средние ' +
  'предприятия в городах?';
const Q15_ZH = '哪些措施有助于使非正规工人正规化或支持城市中的微型、小型和中型企业？';
/** A description in Thai, no option ticked: the country's answer to Q15. */
const THAI_DESCRIPTION = 'มาตรการหลักคือการจดทะเบียนธุรกิจแบบง่ายและกองทุนสินเชื่อรายย่อยสำหรับผู้ค้าริมทาง';

let member: TestUser;
const dir = mkdtempSync(join(tmpdir(), 'print-language-'));

/** The PDF's text as poppler's pdftotext reads it, its lines joined by single spaces. */
async function pdfText(query: string): Promise<string> {
  const response = await ctx.request(`${PATH}/view-report?${query}`, { token: member.token });
  expect(response.status, await response.clone().text()).toBe(200);
  expect(response.headers.get('content-type')).toBe('application/pdf');
  const file = join(dir, `${query.replace(/\W/g, '_')}.pdf`);
  writeFileSync(file, new Uint8Array(await response.arrayBuffer()));
  return execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' }).replace(/\s+/gu, ' ');
}

const translate = async (entity: string, key: string, locale: string, fields: Record<string, string>) =>
  expectJson(
    await ctx.request(`/api/translation/${entity}/${key}/${locale}`, {
      method: 'POST',
      token: admin.token,
      json: { fields },
    }),
    200,
    LocaleTranslationResponseSchema,
  );

beforeAll(async () => {
  member = await createUser(ctx, { role: 'state_member', country: 'TH' });
  for (const [code, name] of Object.entries(RUSSIAN_THRUSTS)) await translate('thrust', code, 'ru', { name });
  await translate('question', q('Q15').uuid, 'ru', {
    text: Q15_RU,
    'option.credit': 'Доступ к кредитам и микрофинансированию',
  });
  await translate('question', q('Q15').uuid, 'zh', { text: Q15_ZH });
  const saved = await saveAnswers(ctx, member, YEAR, 'TH', [
    { question_uuid: q('Q15').uuid, value: [], text: THAI_DESCRIPTION },
    { question_uuid: q('Q04').uuid, value: 58.3, source: 'Census 2020', data_year: 2020 },
    { question_uuid: q('Q38').uuid, value: ['done'], text: 'Bangkok, 2023' },
  ]);
  expect(saved.status, await saved.clone().text()).toBe(200);
});

describe('the printable report in the reader’s language', () => {
  test(
    'a Russian PDF: Russian thrusts, the question’s Russian translation, Russian labels and numbers; the Thai ' +
      'answer as written',
    async () => {
      const text = await pdfText('format=pdf&lang=ru');
      for (const name of Object.values(RUSSIAN_THRUSTS)) expect(text).toContain(name);
      expect(text).toContain(Q15_RU);
      expect(text).toContain('58,3 %');
      expect(text).toContain('Источник: Census 2020');
      expect(text).toContain('Нет ответа');
      // The Thai, shaped, comes back whole (pdftotext may space its words apart).
      expect(text.replace(/\s/gu, '')).toContain(THAI_DESCRIPTION);
      // No English the portal wrote where a translation exists: thrusts, labels.
      for (const english of [
        'Means of implementation',
        'Follow-up and review',
        'Not answered',
        'Source:',
        'Reporting cycle',
      ])
        expect(text).not.toContain(english);
      // A question with no Russian translation stays in English, and the reader is told.
      expect(text).toContain(q('Q16').text.slice(0, 40));
      expect(text).toContain('напечатаны на английском языке');
    },
  );

  test('the answer with only a description prints as answered and counts', async () => {
    const text = await pdfText('format=pdf&lang=ru');
    const q15 = text.slice(text.indexOf('Q15.'), text.indexOf('Q16.'));
    expect(q15).not.toContain('Нет ответа');
    expect(q15.replace(/\s/gu, '')).toContain(THAI_DESCRIPTION);
    const { report } = await viewReport(ctx, member, YEAR, 'TH');
    expect(report.completeness.answered).toBe(3);
    expect(text).toContain(`Вопросов с ответом: 3 из ${report.completeness.total}`);
    const english = await pdfText('format=pdf');
    const q15en = english.slice(english.indexOf('Q15.'), english.indexOf('Q16.'));
    expect(q15en).not.toContain('Not answered');
    expect(english).toContain(`3 of ${report.completeness.total} questions answered`);
  });

  test(
    'a Chinese PDF: the question’s Chinese translation and ' + 'Chinese labels; English without a language, as before',
    async () => {
      const zh = await pdfText('format=pdf&lang=zh');
      expect(zh.replace(/\s/gu, '')).toContain(Q15_ZH);
      expect(zh).toContain('未作答');
      expect(zh).not.toContain('Not answered');
      const en = await pdfText('format=pdf');
      expect(en).toContain('Means of implementation');
      expect(en).toContain('58.3 %');
      expect(en).not.toContain(Q15_RU);
    },
  );

  test('the questions print in the questionnaire’s order, Q01 to Q38', async () => {
    const text = await pdfText('format=pdf&lang=fr');
    const places = [...questions.keys()].sort().map((code) => text.indexOf(`${code}.`));
    expect(places.every((place) => place >= 0)).toBe(true);
    expect(places).toEqual([...places].sort((a, b) => a - b));
  });

  test('the JSON in a language; a language the portal does not speak is a 400', async () => {
    const json = await expectJson(
      await ctx.request(`${PATH}/view-report?lang=ru`, { token: member.token }),
      200,
      deepStrict(ReportGroupsResponseSchema),
    );
    expect(json.data.groups.map((g) => g.thrust.name)).toEqual(Object.values(RUSSIAN_THRUSTS));
    const item = json.data.groups
      .flatMap((g) => g.subcategories.flatMap((s) => s.items))
      .find((i) => i.question.code === 'Q04')!;
    expect(item.display).toBe('58,3\u00a0%');
    for (const lang of ['de', 'RU', '']) {
      await expectError(
        await ctx.request(`${PATH}/view-report?format=pdf&lang=${lang}`, { token: member.token }),
        400,
        { fields: ['lang'] },
      );
    }
    const russian = await ctx.request(`${PATH}/view-report?format=pdf&lang=xx`, {
      token: member.token,
      headers: { 'Accept-Language': 'ru' },
    });
    expect(((await russian.json()) as { errors: Record<string, string[]> }).errors['lang']).toEqual([
      'должно быть en, zh, fr или ru',
    ]);
  });
});
