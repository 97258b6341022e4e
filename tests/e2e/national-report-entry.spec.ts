import { expect, test, type Browser, type Page } from '@playwright/test';
import type { Question } from '../../src/lib/national-reports/question-schema.ts';
import {
  api,
  BASE_URL,
  DEMO,
  expectPath,
  freeCycleYear,
  idToken,
  signIn,
  validAnswer,
  watchConsole,
} from './support.ts';
import { testPdf } from '../support/pdf.ts';

/**
 * The focal point's data entry, as found when the questionnaire was tried by hand: the sections
 * rail and its jumps clear the top bar, answers to correct are found from the save bar, what is
 * typed in a question survives its earlier answer reaching the server, and the report details
 * fit a phone. The test opens a cycle of its own (years no other test uses), so no demo report
 * is touched.
 */

/** The test's own cycle (see beforeAll) and its Philippine report. */
let YEAR: number;
let FORM: string;
let API_REPORT: string;
const PDF = Buffer.from(testPdf());

interface ViewBody {
  data: {
    report: { uuid: string; version: number; status: string };
    questions: Question[];
    answers: { question_uuid: string; value: unknown; source: string | null }[];
  };
}

function isoDay(offsetDays: number): string {
  return new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);
}

async function signedInPage(
  browser: Browser,
  email: string,
  width = 1366,
): Promise<{ page: Page; problems: string[]; close: () => Promise<void> }> {
  const context = await browser.newContext({ viewport: { width, height: width < 500 ? 844 : 900 } });
  const page = await context.newPage();
  const problems = watchConsole(page);
  await signIn(page, email);
  await expectPath(page, '/dashboard');
  return { page, problems, close: () => context.close() };
}

/** How far below the back-office's top bar an element starts (negative: hidden under it). */
async function clearOfTopBar(page: Page, selector: string): Promise<number> {
  return page.evaluate((target) => {
    const bar = document.querySelector('header')!.getBoundingClientRect();
    return document.querySelector(target)!.getBoundingClientRect().top - bar.bottom;
  }, selector);
}

test.beforeAll(async () => {
  const admin = await idToken(DEMO.admin);
  YEAR = await freeCycleYear(admin, 2089);
  FORM = `/module/report/national/PH/${YEAR}/indicator/form`;
  API_REPORT = `report/type/national/${YEAR}/PH`;
  const opened = await api('report/type/national/cycles/saved', admin, {
    json: { year: YEAR, opens_at: isoDay(-1), closes_at: isoDay(30), expiry_days: 30, timely_days: 7, status: 'open' },
  });
  expect(opened.status).toBe(200);
});

test('the sections rail and its jumps stay clear of the top bar', async ({ browser }) => {
  const { page, problems, close } = await signedInPage(browser, DEMO.member);
  await page.goto(FORM);

  const rail = page.getByRole('navigation', { name: 'Sections of the questionnaire' }).last();
  await rail.getByRole('link', { name: /^TC3 ·/ }).click();
  await expect(page).toHaveURL(/#thrust-TC3$/);
  await expect(page.getByRole('heading', { level: 2, name: /^TC3 ·/ })).toBeInViewport();
  expect(
    await clearOfTopBar(page, '#thrust-TC3-title'),
    'the section title is under the top bar',
  ).toBeGreaterThanOrEqual(0);
  // The rail follows the page down without sliding under the top bar.
  expect(await clearOfTopBar(page, 'aside > div.sticky'), 'the rail is under the top bar').toBeGreaterThanOrEqual(0);

  await rail.getByRole('link', { name: /^3\.2 / }).click();
  expect(await clearOfTopBar(page, '#sub-3\\.2'), 'the subcategory is under the top bar').toBeGreaterThanOrEqual(0);
  expect(problems).toEqual([]);
  await close();
});

test('answers to correct are found from the save bar, which offers no pointless retry', async ({ browser }) => {
  const { page, problems, close } = await signedInPage(browser, DEMO.member);
  await page.goto(FORM);
  const q01 = page.locator('#q-Q01');
  await q01.locator('#q-Q01-value').fill('150');
  await page.locator('#q-Q03-value').focus();
  await expect(q01.getByText('Not saved: correct the answer')).toBeVisible();

  const bar = page.getByRole('status').filter({ hasText: 'needs your attention' });
  await expect(bar).toHaveText(/1 answer needs your attention/);
  // Sending again cannot help an answer only the person can correct.
  await expect(page.getByRole('button', { name: 'Retry now' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Show them' }).click();
  await expect(page.getByRole('button', { name: 'Needs attention' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.locator('#q-Q01-value')).toBeFocused();
  await expect(page.locator('#q-Q03')).toHaveCount(0);

  await page.locator('#q-Q01-value').fill('16.7');
  await q01.getByLabel('Source').fill('Philippine Statistics Authority');
  await page.getByRole('button', { name: 'All questions' }).click();
  await expect(page.getByText('All answers are saved.')).toBeVisible();
  // With a first answer the report is in progress; "Mark complete" says what is still missing.
  await expect(page.getByText(/^\d+ required questions are still unanswered\.$/)).toBeVisible();
  expect(problems).toEqual([]);
  await close();
});

test('what is typed in a question stays when its earlier answer reaches the server', async ({ browser }, testInfo) => {
  // Sign-in, going offline and back, and typing 63 characters one by one: over a minute on a busy machine.
  test.setTimeout(150_000);
  const { page, problems, close } = await signedInPage(browser, DEMO.member);
  await page.goto(FORM);
  const value = String(20 + testInfo.retry);
  const q03 = page.locator('#q-Q03');
  await expect(q03.locator('#q-Q03-value')).toBeEditable();

  await page.context().setOffline(true);
  await q03.locator('#q-Q03-value').fill(value);
  await q03.getByLabel('Source').fill('Victimisation survey');
  await page.locator('#q-Q04-value').focus();
  await expect(q03.getByText('Not saved: offline — kept on this device')).toBeVisible();

  // Back in the same question, still typing as the connection returns and the kept answer goes.
  // Whether its reply lands mid-word depends on timing; form-store.test.ts pins that case down.
  const typed = 'Victimisation survey 2023, national statistics office, table 12';
  await q03.getByLabel('Source').fill('');
  await q03.getByLabel('Source').focus();
  await page.context().setOffline(false);
  await page.keyboard.type(typed, { delay: 60 });
  await expect(q03.getByLabel('Source')).toHaveValue(typed);

  await page.locator('#q-Q04-value').focus();
  await expect(q03.getByRole('status')).toHaveText(/^Saved at \d\d:\d\d$/);
  const { body } = await api<ViewBody>(`${API_REPORT}/view`, await idToken(DEMO.member));
  const uuid = body.data.questions.find((question) => question.code === 'Q03')!.uuid;
  expect(body.data.answers.find((answer) => answer.question_uuid === uuid)).toMatchObject({
    value: Number(value),
    source: typed,
  });
  // The browser reports the requests it could not make while offline; nothing else.
  expect(problems.filter((problem) => !problem.includes('ERR_INTERNET_DISCONNECTED'))).toEqual([]);
  await close();
});

test('a report’s details with its signed PDF fit a phone', async ({ browser }) => {
  // The country completes the report and uploads the signed PDF, under a long file name.
  const member = await idToken(DEMO.member);
  let view = (await api<ViewBody>(`${API_REPORT}/view`, member)).body.data;
  if (view.report.status === 'in_progress' || view.report.status === 'not_started') {
    const stored = new Set(view.answers.map((answer) => answer.question_uuid));
    const missing = view.questions
      .filter((question) => question.compulsory && !stored.has(question.uuid))
      .map(validAnswer);
    expect((await api(`${API_REPORT}/saved`, member, { json: { answers: missing } })).status).toBe(200);
    view = (await api<ViewBody>(`${API_REPORT}/view`, member)).body.data;
    expect(
      (await api(`${API_REPORT}/report/update`, member, { json: { version: view.report.version, action: 'complete' } }))
        .status,
    ).toBe(200);
  }
  if (view.report.status !== 'submitted') {
    const form = new FormData();
    form.append(
      'file',
      new Blob([PDF], { type: 'application/pdf' }),
      'national-report-of-the-philippines-signed-by-the-secretary.pdf',
    );
    form.append('confirm_unsigned', 'true');
    const upload = await fetch(`${BASE_URL}/api/report/type/national/${view.report.uuid}/report/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${await idToken(DEMO.stateAdmin)}` },
      body: form,
    });
    expect(upload.status).toBe(200);
  }

  const { page, problems, close } = await signedInPage(browser, DEMO.stateAdmin, 390);
  await page.goto(`/module/report/national/PH/${YEAR}/form`);
  await expect(page.getByText('national-report-of-the-philippines-signed-by-the-secretary.pdf')).toBeAttached();
  await expect(page.getByRole('link', { name: 'Open PDF' })).toBeVisible();
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, 'the page scrolls sideways').toBeLessThanOrEqual(0);
  expect(problems).toEqual([]);
  await close();
});
