import { mkdirSync } from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import type { Question } from '../../src/lib/national-reports/question-schema.ts';
import { testPdf } from '../support/pdf.ts';
import {
  api,
  BASE_URL,
  countryAccount,
  DEMO,
  expectNoAxeViolations,
  freeCycleYear,
  idToken,
  rebuild,
  signIn,
  validAnswer,
} from './support.ts';

/**
 * What countries write stays in the language it was written in (decision 048): a report written
 * in Persian and a practice written in Thai, each with its "Written in", are published; their
 * public pages, in English and in French, mark the country's words with that `lang` and
 * `dir="auto"` (Persian reads right to left), and the interface around them stays the page's.
 * Screenshots at 390 and 1366 px go to test-results/written-language/ for a person to look at.
 */

const PASSWORD = 'Written-Language-2026';
const PERSIAN_TITLE = 'گزارش ملی جمهوری اسلامی ایران';
const PERSIAN_SUMMARY =
  'این گزارش پیشرفت شهرهای ایران را در اجرای دستور کار جدید شهری شرح می‌دهد.\n\nمسکن مقرون‌به‌صرفه و حمل‌ونقل ' +
  'عمومی دو اولویت اصلی هستند.';
const PERSIAN_ANSWER = 'برنامهٔ ملی شهرسازی هر دو سال یک‌بار با مشارکت شهرداری‌ها بازنگری می‌شود.';
const THAI_TITLE = `ตลาดน้ำชุมชนอัมพวา ${Date.now().toString(36)}`;
const SHOTS = 'test-results/written-language';

let YEAR: number;
let practiceUuid = '';
const UNSTATED_TITLE = `Floating market guides ${Date.now().toString(36)}`;

async function ok<T>(promise: Promise<{ status: number; body: T }>, what: string): Promise<T> {
  const { status, body } = await promise;
  expect([200, 201], `${what}: ${JSON.stringify(body).slice(0, 400)}`).toContain(status);
  return body;
}

/** An active country administrator of Iran. */
async function iranAdmin(): Promise<string> {
  return (
    await countryAccount({
      prefix: 'iran',
      name: 'Maryam Rahimi',
      password: PASSWORD,
      country: 'IR',
      role: 'state_admin',
    })
  ).token;
}

const PRACTICE_CONTENT = {
  city: 'อัมพวา',
  lead_organisation: 'เทศบาลตำบลอัมพวา',
  start_date: '2004-03-01',
  ongoing: true,
  categories: ['culture-heritage'],
  sdg_targets: ['11.4'],
  summary: 'ชุมชนริมคลองอัมพวาฟื้นฟูตลาดน้ำและบ้านไม้เก่า โดยเทศบาลและชาวบ้านร่วมกันวางแผน',
  narrative: {
    context: 'ตลาดน้ำเกือบร้างเมื่อถนนเข้ามาแทนคลอง',
    implementation: 'ชาวบ้านตั้งกติกาการค้าและซ่อมบ้านไม้ร่วมกัน',
    results: 'ร้านค้ากว่าสามร้อยร้าน และนักท่องเที่ยวพักค้างคืนนานขึ้น',
  },
  contact: { name: 'ผู้ประสานงาน', email: 'amphawa@example.org', phone: null },
};

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(300_000);
  const admin = await idToken(DEMO.superadmin);
  const ir = await iranAdmin();
  YEAR = await freeCycleYear(admin, 2075);
  const today = new Date().toISOString().slice(0, 10);
  const closes = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
  await ok(
    api('report/type/national/cycles/saved', admin, {
      json: { year: YEAR, opens_at: today, closes_at: closes, expiry_days: 30, timely_days: 7, status: 'open' },
    }),
    'open the cycle',
  );

  // The report: compulsory answers, and a text answer in Persian.
  const questions = (await ok(api<{ data: Question[] }>('question/list', admin), 'questions')).data;
  const txt = questions.find((q) => q.answer_type === 'txt' && q.parts.length === 0)!;
  const answers = [
    ...questions
      .filter((q) => q.compulsory && q !== txt)
      .map((q) => ({ ...validAnswer(q), source: 'مرکز آمار ایران' })),
    { question_uuid: txt.uuid, value: PERSIAN_ANSWER, data_year: 2024, source: 'مرکز آمار ایران' },
  ];
  await ok(api(`report/type/national/${YEAR}/IR/saved`, ir, { json: { answers } }), 'answers');
  let report = (
    await ok(
      api<{ data: { report: { uuid: string; version: number } } }>(`report/type/national/${YEAR}/IR/view`, ir),
      'view',
    )
  ).data.report;
  const update = async (token: string, body: Record<string, unknown>, what: string) => {
    report = (
      await ok(
        api<{ data: { uuid: string; version: number } }>(`report/type/national/${YEAR}/IR/report/update`, token, {
          json: { version: report.version, ...body },
        }),
        what,
      )
    ).data;
  };
  await update(
    ir,
    { written_in: 'fa', title: PERSIAN_TITLE, executive_summary: PERSIAN_SUMMARY, action: 'complete' },
    'written in Persian, complete',
  );
  const form = new FormData();
  form.append(
    'file',
    new Blob([testPdf() as Uint8Array<ArrayBuffer>], { type: 'application/pdf' }),
    'signed-report.pdf',
  );
  form.append('confirm_unsigned', 'true');
  const upload = await fetch(`${BASE_URL}/api/report/type/national/${report.uuid}/report/upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${ir}` },
    body: form,
  });
  expect(upload.status, await upload.clone().text()).toBe(200);
  report = ((await upload.json()) as { data: { uuid: string; version: number } }).data;
  await update(admin, { action: 'accept' }, 'accept');
  await update(admin, { action: 'publish' }, 'publish');

  // The practice, written in Thai.
  let practice = (
    await ok(
      api<{ data: { uuid: string; version: number } }>('best-practice/saved', admin, {
        json: { ...PRACTICE_CONTENT, title: THAI_TITLE, country_code: 'TH', written_in: 'th' },
      }),
      'create the practice',
    )
  ).data;
  for (const action of ['submit', 'publish']) {
    practice = (
      await ok(
        api<{ data: { uuid: string; version: number } }>(`best-practice/${practice.uuid}/transition`, admin, {
          json: { action, version: practice.version },
        }),
        action,
      )
    ).data;
  }
  practiceUuid = practice.uuid;
  // Another, whose language nobody stated.
  let unstated = (
    await ok(
      api<{ data: { uuid: string; version: number } }>('best-practice/saved', admin, {
        json: { ...PRACTICE_CONTENT, title: UNSTATED_TITLE, country_code: 'TH' },
      }),
      'create the practice without a language',
    )
  ).data;
  for (const action of ['submit', 'publish']) {
    unstated = (
      await ok(
        api<{ data: { uuid: string; version: number } }>(`best-practice/${unstated.uuid}/transition`, admin, {
          json: { action, version: unstated.version },
        }),
        action,
      )
    ).data;
  }
  await rebuild(admin);
});

async function shots(page: Page, name: string, show?: Locator) {
  mkdirSync(SHOTS, { recursive: true });
  for (const width of [390, 1366]) {
    await page.setViewportSize({ width, height: 900 });
    if (show) await show.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: false });
  }
}

test(
  'a report written in Persian: its title, summary and ' + 'answers marked lang="fa" dir="auto", read right to left',
  async ({ page }) => {
    for (const prefix of ['', '/fr']) {
      await page.goto(`${prefix}/national-reports/${YEAR}/IR`);
      const title = page.getByRole('heading', { level: 1 });
      await expect(title).toHaveText(PERSIAN_TITLE);
      await expect(title).toHaveAttribute('lang', 'fa');
      await expect(title).toHaveAttribute('dir', 'auto');
      const summary = page.getByText(PERSIAN_SUMMARY.split('\n\n')[0]!);
      await expect(summary).toHaveAttribute('lang', 'fa');
      await expect(summary).toHaveAttribute('dir', 'auto');
      expect(await summary.evaluate((el) => getComputedStyle(el).direction)).toBe('rtl');
      const answer = page.locator('p', { hasText: PERSIAN_ANSWER });
      await expect(answer).toHaveAttribute('lang', 'fa');
      await expect(answer).toHaveAttribute('dir', 'auto');
      expect(await answer.evaluate((el) => getComputedStyle(el).direction)).toBe('rtl');
      await expect(page.locator('li', { has: answer }).locator('bdi', { hasText: 'مرکز آمار ایران' })).toHaveAttribute(
        'lang',
        'fa',
      );
      // The page's own words are not claimed for Persian.
      await expect(page.locator('html')).toHaveAttribute('lang', prefix === '/fr' ? 'fr' : 'en');
      await expect(page.locator('li', { has: answer }).locator('p').first()).not.toHaveAttribute('lang', 'fa');
      await expectNoAxeViolations(page, `${prefix}/national-reports/${YEAR}/IR`, { bestPractice: true });
    }
    await page.goto(`/national-reports/${YEAR}/IR`);
    await shots(page, 'report-fa-top');
    await page.goto(`/national-reports/${YEAR}/IR#summary`);
    await shots(page, 'report-fa');
    await shots(page, 'report-fa-answer', page.locator('li', { has: page.locator('p', { hasText: PERSIAN_ANSWER }) }));
    await page.goto(`/national-reports/${YEAR}`);
    const card = page.locator('article', { hasText: PERSIAN_TITLE });
    await expect(card.getByRole('heading')).toHaveAttribute('lang', 'fa');
    await expect(card.locator('p[dir="auto"]').last()).toHaveAttribute('lang', 'fa');
  },
);

test(
  'a practice written in Thai: its page and card marked ' +
    'lang="th"; a practice without a stated language claims none',
  async ({ page }) => {
    for (const prefix of ['', '/ru']) {
      await page.goto(`${prefix}/best-practices-overview/view/${practiceUuid}`);
      const title = page.getByRole('heading', { level: 1 });
      await expect(title).toHaveText(THAI_TITLE);
      await expect(title).toHaveAttribute('lang', 'th');
      await expect(page.getByText('ชุมชนริมคลองอัมพวาฟื้นฟูตลาดน้ำ')).toHaveAttribute('lang', 'th');
      await expectNoAxeViolations(page, `${prefix}/best-practices-overview/view/${practiceUuid}`, {
        bestPractice: true,
      });
    }
    await shots(page, 'practice-th');
    await page.goto('/ru/best-practices-overview/country/TH');
    await expect(page.locator('article', { hasText: THAI_TITLE }).getByRole('heading')).toHaveAttribute('lang', 'th');
    // Not stated: "language unknown" (lang=""), neither the page's Russian nor English.
    await expect(page.locator('article', { hasText: UNSTATED_TITLE }).getByRole('heading')).toHaveAttribute('lang', '');
    await expectNoAxeViolations(page, '/ru/best-practices-overview/country/TH', { bestPractice: true });
    await shots(page, 'practices-th');
  },
);

test(
  'the back-office picker: "Written in" named in each language’s own script, found by name, and the text boxes ' +
    'take its lang',
  async ({ page }) => {
    await signIn(page, DEMO.superadmin);
    await page.goto(`/module/report/national/IR/${YEAR}/form`);
    const picker = page.getByRole('combobox', { name: 'Written in' });
    await expect(picker).toHaveValue('fa');
    await expect(picker.locator('option:checked')).toHaveText('فارسی — Persian');
    await expect(page.locator('#report-title')).toHaveAttribute('lang', 'fa');
    await expect(page.locator('#report-summary')).toHaveAttribute('lang', 'fa');
    await page.getByRole('searchbox', { name: 'Find a language' }).fill('dari');
    await expect(picker.locator('option')).toHaveText(['Not stated', 'فارسی — Persian', 'دری — Dari']);
    await picker.selectOption('fa-AF');
    await expect(page.locator('#report-title')).toHaveAttribute('lang', 'fa-AF');
    await page.getByRole('searchbox', { name: 'Find a language' }).fill('');
    await shots(page, 'backoffice-report-picker', page.locator('#report-details'));
    await page.goto(`/module/best-practice/form/${practiceUuid}`);
    const practicePicker = page.getByRole('combobox', { name: 'Written in' });
    await expect(practicePicker).toHaveValue('th');
    await expect(practicePicker.locator('option:checked')).toHaveText('ไทย — Thai');
    await shots(page, 'backoffice-practice-picker', page.getByText('Written in', { exact: true }));
  },
);
