import { join } from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import type { Question } from '../../src/lib/national-reports/question-schema.ts';
import { testPdf } from '../support/pdf.ts';
import { signedTestPdf, testAuthority, testSigner } from '../support/signed-pdf.ts';
import {
  api,
  DEMO,
  expectNoAxeViolations,
  expectPath,
  freeCycleYear,
  idToken,
  signIn,
  validAnswer,
  watchConsole,
} from './support.ts';

/**
 * Submitting by signed PDF, as a country administrator does it (issue 16, item 5): the step is at
 * the top of the report's details, visible without scrolling on a laptop and a phone; a file is
 * checked by the server before anything is submitted; the confirmation shows the file's name,
 * size, pages and first page, and what the portal verified of its signature (decision 056: the
 * PDF is really signed by a throw-away authority the portal does not trust), or asks the person
 * to confirm that an unsigned file is the signed copy. The test opens a cycle of its own.
 */

let YEAR: number;
let HEADER: string;

interface ViewBody {
  data: {
    report: { uuid: string; version: number; status: string };
    questions: Question[];
    answers: { question_uuid: string }[];
  };
}

const isoDay = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

async function signedInPage(
  browser: Browser,
  width: number,
  height: number,
): Promise<{ page: Page; problems: string[]; close: () => Promise<void> }> {
  const context = await browser.newContext({ viewport: { width, height } });
  const page = await context.newPage();
  const problems = watchConsole(page);
  await signIn(page, DEMO.stateAdmin);
  await expectPath(page, '/dashboard');
  return { page, problems, close: () => context.close() };
}

async function shot(page: Page, name: string) {
  const dir = process.env['E2E_SCREENSHOTS'];
  if (dir) await page.screenshot({ path: join(dir, name), fullPage: false });
}

/** The refused checks answer 4xx, which the browser logs as failed loads; anything else is a problem. */
const unexpected = (problems: string[]) => problems.filter((problem) => !/status of 4(13|15|22)/.test(problem));

test.beforeAll(async () => {
  const admin = await idToken(DEMO.admin);
  YEAR = await freeCycleYear(admin, 2095);
  HEADER = `/module/report/national/PH/${YEAR}/form`;
  const opened = await api('report/type/national/cycles/saved', admin, {
    json: { year: YEAR, opens_at: isoDay(-1), closes_at: isoDay(30), expiry_days: 30, timely_days: 7, status: 'open' },
  });
  expect(opened.status).toBe(200);
  // The focal point answers every compulsory question and marks the report complete.
  const member = await idToken(DEMO.member);
  const path = `report/type/national/${YEAR}/PH`;
  let view = (await api<ViewBody>(`${path}/view`, member)).body.data;
  const stored = new Set(view.answers.map((answer) => answer.question_uuid));
  const missing = view.questions
    .filter((question) => question.compulsory && !stored.has(question.uuid))
    .map(validAnswer);
  expect((await api(`${path}/saved`, member, { json: { answers: missing } })).status).toBe(200);
  view = (await api<ViewBody>(`${path}/view`, member)).body.data;
  expect(
    (await api(`${path}/report/update`, member, { json: { version: view.report.version, action: 'complete' } })).status,
  ).toBe(200);
});

test(
  'on a phone: the step is on the first screen; a signed PDF shows what was verified: a valid signature, its ' +
    'signer not verified',
  async ({ browser }) => {
    const { page, problems, close } = await signedInPage(browser, 390, 844);
    await page.goto(HEADER);
    await expect(page.getByRole('heading', { name: 'Submit the signed report' })).toBeInViewport();
    await expect(page.getByRole('button', { name: 'Choose the file' })).toBeInViewport();
    await shot(page, 'signed-390-choose.png');

    const name = '国家报告-签署版-Отчёт.pdf';
    const authority = await testAuthority({ cn: 'Philippine Test CA', c: 'PH' });
    const signer = await testSigner(authority, {
      cn: '王小明 (Wang Xiaoming)',
      o: 'Department of Human Settlements',
      c: 'PH',
    });
    const pdf = Buffer.from(
      await signedTestPdf(signer, { pdf: { pages: 4, title: 'National report of the Philippines' } }),
    );
    await page.getByLabel('Signed report (PDF)').setInputFiles({ name, mimeType: 'application/pdf', buffer: pdf });
    const step = page.getByRole('region', { name: 'Submit the signed report' });
    await expect(step.getByText(name, { exact: true })).toBeVisible();
    await expect(step.getByText('Valid signature by 王小明 (Wang Xiaoming); the signer is not verified')).toBeVisible();
    await expect(step.getByText('The file has not been changed since it was signed.')).toBeVisible();
    await expect(
      step.getByText(
        /^Certificate of 王小明 \(Wang Xiaoming\), Department of Human Settlements, PH, issued by Philippine Test CA, PH/,
      ),
    ).toBeVisible();
    await expect(step.getByText('4', { exact: true })).toBeVisible();
    // A signed file needs no further confirmation.
    await expect(step.getByLabel('I confirm this is the signed copy of the report.')).toHaveCount(0);
    await expect(step.getByRole('button', { name: 'Submit', exact: true })).toBeEnabled();
    await expect(step.locator('iframe[title^="First page of"], figure div')).toHaveCount(1);
    await expectNoAxeViolations(page, 'a signed PDF chosen, on a phone');
    await shot(page, 'signed-390-review.png');
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, 'the page scrolls sideways').toBeLessThanOrEqual(0);

    // Putting it aside submits nothing.
    await step.getByRole('button', { name: 'Choose another file' }).click();
    await expect(step.getByRole('button', { name: 'Choose the file' })).toBeVisible();
    expect(unexpected(problems)).toEqual([]);
    await close();
  },
);

test(
  'on a laptop: refusals in plain words, then an unsigned PDF is confirmed, checked on its first page and ' +
    'submitted',
  async ({ browser }) => {
    const { page, problems, close } = await signedInPage(browser, 1366, 768);
    await page.goto(HEADER);
    const step = page.getByRole('region', { name: 'Submit the signed report' });
    await expect(step.getByRole('button', { name: 'Choose the file' })).toBeInViewport();
    await expectNoAxeViolations(page, 'the signed-report step');
    await shot(page, 'signed-1366-choose.png');

    const input = page.getByLabel('Signed report (PDF)');
    await input.setInputFiles({
      name: 'minutes.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('Minutes of the meeting, not a PDF'),
    });
    await expect(step.getByRole('alert')).toContainText('minutes.pdf: The file is not a PDF');
    const whole = testPdf({ pages: 2 });
    await input.setInputFiles({
      name: 'cut-short.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from(whole.subarray(0, whole.length - 200)),
    });
    await expect(step.getByRole('alert')).toContainText('damaged or incomplete');
    await input.setInputFiles({
      name: 'empty.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from(testPdf({ pages: 0 })),
    });
    await expect(step.getByRole('alert')).toContainText('has no pages');

    const name = 'รายงานแห่งชาติ-ฟิลิปปินส์-ลงนาม.pdf';
    const pdf = Buffer.from(testPdf({ pages: 3, title: 'Signed on paper and scanned' }));
    await input.setInputFiles({ name, mimeType: 'application/pdf', buffer: pdf });
    await expect(step.getByText(name, { exact: true })).toBeVisible();
    await expect(
      step.getByText(pdf.length < 1024 * 1024 ? `${Math.max(1, Math.round(pdf.length / 1024))} KB` : 'MB'),
    ).toBeVisible();
    await expect(step.getByText('3', { exact: true })).toBeVisible();
    await expect(step.getByText('This PDF carries no digital signature.')).toBeVisible();
    await expect(step.locator('iframe[title^="First page of"]')).toBeVisible();
    const submit = step.getByRole('button', { name: 'Submit', exact: true });
    await expect(submit).toBeDisabled();
    await expect(submit).toBeInViewport();
    await expectNoAxeViolations(page, 'an unsigned PDF chosen');
    await shot(page, 'signed-1366-review.png');

    await step.getByLabel('I confirm this is the signed copy of the report.').check();
    await expect(submit).toBeEnabled();
    await submit.click();
    // The server reads the whole PDF and submits in one transaction after the upload: on a busy CI machine this
    // took over 10 s once.
    await expect(page.getByText('The signed report is uploaded and the report is submitted.')).toBeVisible({
      timeout: 30_000,
    });
    await expect(page.locator('dd').getByText('Submitted', { exact: true })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Signed report' }).getByText(name)).toBeVisible();
    await expect(page.getByRole('region', { name: 'Signed report' }).getByText(/3 pages/)).toBeVisible();
    await expectNoAxeViolations(page, 'the report submitted with its PDF');
    await shot(page, 'signed-1366-submitted.png');
    expect(unexpected(problems)).toEqual([]);
    await close();
  },
);
