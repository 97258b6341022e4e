import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import type { Question } from '../../src/lib/national-reports/question-schema.ts';
import { api, countryAccount, DEMO, expectNoAxeViolations, freeCycleYear, idToken, ok, signIn } from './support.ts';

/**
 * The report preview and its PDF in the reader's language (decision 060): a Thai country member
 * whose interface is Russian sees the thrusts and a question's translation in Russian, an answer
 * given only as a description shown as answered, and downloads the PDF in Chinese and in Russian
 * (read back with poppler's pdftotext). axe at 390 and 1366 px; screenshots of the preview and
 * the PDFs go to test-results/report-preview-language/ for a person to look at.
 */

const PASSWORD = 'Preview-Language-2026';
const SHOTS = process.env['E2E_SHOTS_DIR'] ?? 'test-results/report-preview-language';
const Q15_RU =
  'Какие меры помогают легализовать неформальных работников или поддерживают микро-, малые и средние ' +
  'предприятия в городах?';
const Q15_ZH = '哪些措施有助于使非正规工人正规化或支持城市中的微型、小型和中型企业？';
const THAI_DESCRIPTION = 'มาตรการหลักคือการจดทะเบียนธุรกิจแบบง่ายและกองทุนสินเชื่อรายย่อยสำหรับผู้ค้าริมทาง';
/** The New Urban Agenda's headings in the UN's Russian (A/RES/71/256), used where the portal has none yet. */
const RUSSIAN_THRUSTS: Record<string, string> = {
  TC1: 'Устойчивое развитие городов в интересах социальной интеграции и ликвидации нищеты',
  TC2: 'Устойчивое и всеохватное процветание городов и возможности для всех',
  TC3: 'Экологически устойчивое и жизнестойкое развитие городов',
  EI1: 'Создание структуры управления городами: формирование вспомогательной основы',
  EI2: 'Планирование и регулирование территориального развития городов',
  EI3: 'Средства осуществления',
  FR: 'Последующая деятельность и обзор',
};

let YEAR: number;
let member: { email: string; token: string };
/** The Russian thrust names as the portal holds them. */
const thrustNames: string[] = [];

interface Translations {
  data: { translations: Record<string, { fields: Record<string, string>; version: number | null }> };
}

/**
 * Writes `fields` as the record's translation into `locale` (with the version it has, if any); returns what is stored.
 */
async function translate(
  token: string,
  entity: string,
  key: string,
  locale: string,
  fields: Record<string, string>,
  keep = false,
) {
  const current = (await ok(api<Translations>(`translation/${entity}/${key}`, token), `read ${entity} ${key}`)).data
    .translations[locale]!;
  if (keep && Object.keys(current.fields).length > 0) return current.fields;
  const json = current.version === null ? { fields } : { fields, version: current.version };
  await ok(api(`translation/${entity}/${key}/${locale}`, token, { json }), `translate ${entity} ${key} into ${locale}`);
  return fields;
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  const admin = await idToken(DEMO.superadmin);
  YEAR = await freeCycleYear(admin, 2089);
  const today = new Date().toISOString().slice(0, 10);
  const closes = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
  await ok(
    api('report/type/national/cycles/saved', admin, {
      json: { year: YEAR, opens_at: today, closes_at: closes, expiry_days: 30, timely_days: 7, status: 'open' },
    }),
    'open the cycle',
  );
  // Thrusts in Russian (kept where the portal has them already), a question in Russian and Chinese.
  for (const [code, name] of Object.entries(RUSSIAN_THRUSTS))
    thrustNames.push((await translate(admin, 'thrust', code, 'ru', { name }, true))['name']!);
  const questions = (await ok(api<{ data: Question[] }>('question/list', admin), 'questions')).data;
  const q15 = questions.find((q) => q.code === 'Q15')!;
  const q04 = questions.find((q) => q.code === 'Q04')!;
  await translate(admin, 'question', q15.uuid, 'ru', { text: Q15_RU });
  await translate(admin, 'question', q15.uuid, 'zh', { text: Q15_ZH });

  // A Thai country member whose interface is Russian; a description without a ticked option.
  member = await countryAccount({
    prefix: 'preview-ru',
    name: 'Somchai Wongsakul',
    password: PASSWORD,
    country: 'TH',
    role: 'state_member',
  });
  await ok(api('user/saved/language', member.token, { json: { language: 'ru' } }), 'Russian interface');
  await ok(
    api(`report/type/national/${YEAR}/TH/saved`, member.token, {
      json: {
        answers: [
          { question_uuid: q15.uuid, value: [], text: THAI_DESCRIPTION },
          { question_uuid: q04.uuid, value: 58.3, source: 'สำนักงานสถิติแห่งชาติ', data_year: 2020 },
        ],
      },
    }),
    'answers',
  );
});

async function shots(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  for (const width of [390, 1366]) {
    await page.setViewportSize({ width, height: 900 });
    await page.getByLabel('Скачать PDF на языке').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/${name}-top-${width}.png` });
    await page.getByText(THAI_DESCRIPTION).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png` });
  }
}

/** Downloads the PDF in the language named `language` and gives its text back, its lines joined by spaces. */
async function downloadPdf(page: Page, language: string, name: string): Promise<string> {
  await page.getByLabel('Скачать PDF на языке').selectOption({ label: language });
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Скачать PDF' }).click(),
  ]);
  mkdirSync(SHOTS, { recursive: true });
  const file = `${SHOTS}/${name}.pdf`;
  await download.saveAs(file);
  execFileSync('pdftoppm', ['-png', '-r', '60', '-f', '1', '-l', '2', file, `${SHOTS}/${name}`]);
  return execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' }).replace(/\s+/gu, ' ');
}

test(
  'a Russian-interface member previews the report in ' + 'Russian and downloads its PDF in Chinese and in Russian',
  async ({ page }) => {
    test.setTimeout(180_000);
    const preview = `/module/report/national/TH/${YEAR}/indicator/preview`;
    await signIn(page, member.email, PASSWORD, preview);
    await page.waitForURL((url) => url.pathname === preview);
    await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
    const report = page.locator('#printable-report');
    for (const name of thrustNames)
      await expect(
        report.getByRole('heading', { level: 2, name: new RegExp(name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) }),
      ).toBeVisible();
    await expect(report.getByText(Q15_RU)).toHaveAttribute('lang', 'ru');
    // The description alone answers Q15: no "Нет ответа" beside it; the Thai as written.
    const q15 = report.locator('div.avoid-break', { hasText: Q15_RU });
    await expect(q15.getByText(THAI_DESCRIPTION)).toBeVisible();
    await expect(q15).not.toContainText('Нет ответа');
    await expect(report.locator('div.avoid-break', { hasText: 'Q04' })).toContainText(/58,3\s%/u);
    // A question without a Russian translation shows in English, marked as English.
    await expect(report.locator('div.avoid-break', { hasText: 'Q16' }).locator('bdi')).toHaveAttribute('lang', 'en');
    // The PDF's language: the reader's first, each language named in itself.
    const picker = page.getByLabel('Скачать PDF на языке');
    await expect(picker).toHaveValue('ru');
    await expect(picker.locator('option')).toHaveText(['English', '简体中文', 'Français', 'Русский']);

    for (const width of [390, 1366]) {
      await page.setViewportSize({ width, height: 900 });
      await expectNoAxeViolations(page, `preview at ${width} px`);
    }
    await shots(page, 'preview-ru');

    const chinese = await downloadPdf(page, '简体中文', 'report-zh');
    expect(chinese.replace(/\s/gu, '')).toContain(Q15_ZH);
    expect(chinese).toContain('未作答');
    expect(chinese).not.toContain('Not answered');

    const russian = await downloadPdf(page, 'Русский', 'report-ru');
    for (const name of thrustNames) expect(russian).toContain(name);
    expect(russian).toContain(Q15_RU);
    expect(russian).toContain('58,3 %');
    const q15Text = russian.slice(russian.indexOf('Q15.'), russian.indexOf('Q16.'));
    expect(q15Text).not.toContain('Нет ответа');
    expect(q15Text.replace(/\s/gu, '')).toContain(THAI_DESCRIPTION);
    // The questions in the questionnaire's order.
    const places = ['Q26.', 'Q27.', 'Q28.', 'Q29.', 'Q30.', 'Q31.', 'Q32.', 'Q33.'].map((code) =>
      russian.indexOf(code),
    );
    expect(places).toEqual([...places].sort((a, b) => a - b));
  },
);
