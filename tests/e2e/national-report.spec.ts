import { expect, test, type Browser, type Page } from '@playwright/test';
import type { Question } from '../../src/lib/national-reports/question-schema.ts';
import {
  api,
  BASE_URL,
  DEMO,
  expectNoAxeViolations,
  expectPath,
  freeCycleYear,
  idToken,
  signIn,
  validAnswer,
  watchConsole,
} from './support.ts';
import { testPdf } from '../support/pdf.ts';

/**
 * A national report's whole journey in the back-office: the focal point answers (also while
 * offline), marks it complete; the country administrator uploads the signed PDF; the
 * administrator returns it with a note; it comes back, is accepted and published.
 * The test opens a cycle of its own, far in the future, so no demo report is touched.
 */

/** The test's own cycle (see beforeAll) and its Philippine report. */
let YEAR: number;
let FORM: string;
let HEADER: string;
let API_REPORT: string;
const PDF = Buffer.from(testPdf());

function isoDay(offsetDays: number): string {
  return new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);
}

interface ViewBody {
  data: {
    report: { uuid: string; version: number; status: string };
    questions: Question[];
    answers: { question_uuid: string; value: unknown }[];
  };
}

async function signedInPage(
  browser: Browser,
  email: string,
): Promise<{ page: Page; problems: string[]; close: () => Promise<void> }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const problems = watchConsole(page);
  await signIn(page, email);
  await expectPath(page, '/dashboard');
  return { page, problems, close: () => context.close() };
}

test.beforeAll(async () => {
  const admin = await idToken(DEMO.admin);
  YEAR = await freeCycleYear(admin, 2079);
  FORM = `/module/report/national/PH/${YEAR}/indicator/form`;
  HEADER = `/module/report/national/PH/${YEAR}/form`;
  API_REPORT = `report/type/national/${YEAR}/PH`;
  const opened = await api(`report/type/national/cycles/saved`, admin, {
    json: { year: YEAR, opens_at: isoDay(-1), closes_at: isoDay(30), expiry_days: 30, timely_days: 7, status: 'open' },
  });
  expect(opened.status).toBe(200);
});

test('the list, the questionnaire and the report details fit a phone and a laptop', async ({ browser }, testInfo) => {
  // Six screens and three accessibility scans: more than the default minute on a busy machine.
  test.setTimeout(150_000);
  const { page, problems, close } = await signedInPage(browser, DEMO.member);
  for (const width of [390, 1366]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    for (const [name, path] of [
      ['list', '/module/report/national'],
      ['form', `/module/report/national/PH/${YEAR}/indicator/form`],
      ['header', `/module/report/national/PH/${YEAR}/form`],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByRole('status').filter({ hasText: /Loading/ })).toHaveCount(0);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, `${name} at ${width} px scrolls sideways`).toBeLessThanOrEqual(0);
      await page.screenshot({ path: testInfo.outputPath(`national-report-${name}-${width}.png`) });
      if (width === 1366) {
        await expectNoAxeViolations(page, name);
      }
    }
  }
  expect(problems).toEqual([]);
  await close();
});

test('a national report goes from the first answer to publication', async ({ browser }) => {
  test.setTimeout(240_000);

  // The focal point answers: each question is saved when they leave it.
  const member = await signedInPage(browser, DEMO.member);
  const page = member.page;
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'National Reports' }).click();
  await expectPath(page, '/module/report/national');
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: `Philippines ${YEAR}` }) });
  await expect(card.getByText('Not started')).toBeVisible();
  await card.getByRole('link', { name: 'Answer the questions' }).click();
  await expectPath(page, FORM);
  await expect(page.getByText('Closes in 30 days')).toBeVisible();

  const q01 = page.locator('#q-Q01');
  await q01.locator('#q-Q01-value').fill('140');
  await q01.getByLabel('Data year').fill('2023');
  await q01.getByLabel('Source').fill('Philippine Statistics Authority, Family Income and Expenditure Survey');
  await q01.getByLabel('Source').press('Enter'); // Enter moves on, out of the question
  await expect(q01.getByText('The answer must be at most 100 %.')).toBeVisible();
  await expect(q01.getByText('Not saved: correct the answer')).toBeVisible();
  await q01.locator('#q-Q01-value').fill('16.7');
  // Space on the focused radio: a click could land elsewhere when Q01's error line goes away on blur.
  await page.locator('#q-Q02').getByRole('radio', { name: 'Yes' }).focus();
  await page.keyboard.press('Space');
  await expect(page.locator('#q-Q02').getByRole('radio', { name: 'Yes' })).toBeChecked();
  await expect(q01.getByRole('status')).toHaveText(/^Saved at \d\d:\d\d$/);
  await page.locator('#q-Q02-narrative').fill('The Pantawid Pamilyang Pilipino Program covers urban poor households.');
  await page.locator('#q-Q04-value').focus();
  await expect(page.locator('#q-Q02').getByRole('status')).toHaveText(/^Saved at \d\d:\d\d$/);

  // Offline: the answer is kept on the device and sent when the connection returns.
  await page.context().setOffline(true);
  await page.locator('#q-Q04-value').fill('33.9');
  await page.locator('#q-Q04').getByLabel('Data year').fill('2022');
  await page.locator('#q-Q04').getByLabel('Source').fill('UN-Habitat Urban Indicators Database');
  await page.locator('#q-Q07-year').focus();
  await expect(page.locator('#q-Q04').getByRole('status')).toContainText('Not saved: offline — kept on this device');
  await expect(
    page.getByText('Not saved: offline — 1 answer is kept on this device and sent when you are back online'),
  ).toBeVisible();
  await page.context().setOffline(false);
  await expect(page.locator('#q-Q04').getByRole('status')).toHaveText(/^Saved at \d\d:\d\d$/, { timeout: 20_000 });
  await expect(page.getByText('All answers are saved.')).toBeVisible();

  const memberToken = await idToken(DEMO.member);
  let view = (await api<ViewBody>(`${API_REPORT}/view`, memberToken)).body.data;
  const byCode = new Map(view.questions.map((question) => [question.code, question]));
  const stored = new Map(view.answers.map((answer) => [answer.question_uuid, answer.value]));
  expect(stored.get(byCode.get('Q01')!.uuid)).toBe(16.7);
  expect(stored.get(byCode.get('Q04')!.uuid)).toBe(33.9);

  // The remaining compulsory questions are answered through the API, then the report is marked complete.
  const missing = view.questions
    .filter((question) => question.compulsory && !stored.has(question.uuid))
    .map(validAnswer);
  const saved = await api(`${API_REPORT}/saved`, memberToken, { json: { answers: missing } });
  expect(saved.status).toBe(200);
  await page.reload();
  await page.getByRole('button', { name: 'Mark complete' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Mark complete' }).click();
  await expect(page.getByText('The report is marked complete.')).toBeVisible();
  await expect(page.getByText('The report is marked complete, so its answers are locked.')).toBeVisible();
  // Requests made while offline fail in the console; nothing else may.
  expect(member.problems.filter((problem) => !/ERR_INTERNET_DISCONNECTED/.test(problem))).toEqual([]);
  await member.close();

  // The country administrator uploads the signed PDF: the report is submitted.
  const stateAdmin = await signedInPage(browser, DEMO.stateAdmin);
  await stateAdmin.page.goto(HEADER);
  await expect(stateAdmin.page.getByRole('heading', { name: 'Submit the signed report' })).toBeVisible();
  await stateAdmin.page
    .getByLabel('Signed report (PDF)')
    .setInputFiles({ name: 'PH-national-report-signed.pdf', mimeType: 'application/pdf', buffer: PDF });
  // The step shows what the file holds; a PDF without a digital signature needs the person's word.
  await expect(stateAdmin.page.getByText('This PDF carries no digital signature.')).toBeVisible();
  await expect(stateAdmin.page.getByRole('button', { name: 'Submit', exact: true })).toBeDisabled();
  await stateAdmin.page.getByLabel('I confirm this is the signed copy of the report.').check();
  await stateAdmin.page.getByRole('button', { name: 'Submit', exact: true }).click();
  await expect(stateAdmin.page.getByText('The signed report is uploaded and the report is submitted.')).toBeVisible();
  await expect(stateAdmin.page.getByText('PH-national-report-signed.pdf')).toBeVisible();
  await expect(stateAdmin.page.locator('dd').getByText('Submitted', { exact: true })).toBeVisible();
  expect(stateAdmin.problems).toEqual([]);
  await stateAdmin.close();

  // The administrator returns it with a note; the note shows in the status history.
  const adminPage = await signedInPage(browser, DEMO.admin);
  const ap = adminPage.page;
  await ap.goto(`/module/report/national?year=${YEAR}&q=Philippines`);
  await expect(ap.getByRole('row', { name: /Philippines/ }).getByText('Submitted')).toBeVisible();
  await ap.getByRole('link', { name: `Report of Philippines ${YEAR}` }).click();
  await expectPath(ap, HEADER);
  await ap.getByRole('button', { name: 'Return to the country' }).click();
  const dialog = ap.getByRole('dialog');
  await expect(dialog.getByRole('button', { name: 'Return' })).toBeDisabled();
  await dialog
    .getByLabel('Reason (required)')
    .fill('Please give the data year of the slum figure (Q04) from the 2020 census.');
  await dialog.getByRole('button', { name: 'Return' }).click();
  await expect(ap.getByText('The report was returned to the country.')).toBeVisible();
  await expect(
    ap
      .getByRole('region', { name: 'Status history' })
      .getByText('“Please give the data year of the slum figure (Q04) from the 2020 census.”'),
  ).toBeVisible();
  await expect(ap.locator('dd').getByText('In progress', { exact: true })).toBeVisible();

  // The country completes and submits it again (through the API), the administrator accepts and publishes.
  view = (await api<ViewBody>(`${API_REPORT}/view`, memberToken)).body.data;
  const completed = await api(`${API_REPORT}/report/update`, memberToken, {
    json: { version: view.report.version, action: 'complete' },
  });
  expect(completed.status).toBe(200);
  const form = new FormData();
  form.append('file', new Blob([PDF], { type: 'application/pdf' }), 'PH-national-report-signed-v2.pdf');
  form.append('confirm_unsigned', 'true');
  const upload = await fetch(`${BASE_URL}/api/report/type/national/${view.report.uuid}/report/upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${await idToken(DEMO.stateAdmin)}` },
    body: form,
  });
  expect(upload.status).toBe(200);

  await ap.reload();
  await expect(ap.locator('dd').getByText('Submitted', { exact: true })).toBeVisible();
  await expect(ap.getByText('Earlier uploads (1)')).toBeVisible();
  await ap.getByRole('button', { name: 'Accept' }).click();
  await ap.getByRole('dialog').getByRole('button', { name: 'Accept' }).click();
  await expect(ap.getByText('The report is accepted.')).toBeVisible();
  await ap.getByRole('button', { name: 'Publish' }).click();
  await ap.getByRole('dialog').getByRole('button', { name: 'Publish' }).click();
  await expect(ap.getByText('The report is published.')).toBeVisible();
  await expect(ap.locator('dd').getByText('Published', { exact: true })).toBeVisible();
  await expect(ap.getByRole('button', { name: 'Unpublish' })).toBeVisible();
  expect(adminPage.problems).toEqual([]);
  await adminPage.close();
});
