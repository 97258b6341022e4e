import { expect, test, type Page } from '@playwright/test';
import type { Question } from '../../src/lib/national-reports/question-schema.ts';
import {
  api,
  DEMO,
  expectNoAxeViolations,
  freeCycleYear,
  idToken,
  signIn,
  validAnswer,
  watchConsole,
} from './support.ts';

/**
 * Issue 16, items 3 and 4, as the focal point sees them: the dashboard says when their report is
 * due; once the secretariat returns it, the dashboard and the top of the questionnaire say so,
 * with the reason, who and when. The test opens a cycle of its own, far in the future.
 */

let YEAR: number;
let API_REPORT: string;
const REASON = 'Please add the 2020 figures for Q03 and cite the source. ขอบคุณครับ';

interface ViewBody {
  data: { report: { version: number }; questions: Question[]; answers: { question_uuid: string }[] };
}

function isoDay(offsetDays: number): string {
  return new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);
}

/** Screenshots at a phone's and a laptop's width, with no sideways scrolling and no accessibility problem. */
async function lookAt(page: Page, name: string, outputPath: (name: string) => string) {
  for (const width of [390, 1366]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    // Polled: the page lays itself out again after the resize (once it measured 65 px before it had).
    const overflow = () =>
      page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    await expect
      .poll(overflow, { message: `${name} at ${width} px scrolls sideways`, timeout: 5000 })
      .toBeLessThanOrEqual(0);
    await page.screenshot({ path: outputPath(`deadlines-${name}-${width}.png`), fullPage: width === 390 });
    await expectNoAxeViolations(page, `${name} at ${width} px`);
  }
}

test.beforeAll(async () => {
  const admin = await idToken(DEMO.admin);
  YEAR = await freeCycleYear(admin, 2089);
  API_REPORT = `report/type/national/${YEAR}/PH`;
  const opened = await api('report/type/national/cycles/saved', admin, {
    json: { year: YEAR, opens_at: isoDay(-1), closes_at: isoDay(12), expiry_days: 30, timely_days: 7, status: 'open' },
  });
  expect(opened.status).toBe(200);
});

test('the dashboard says when the report is due; a returned report says why, there and atop its questionnaire', async ({
  page,
}, testInfo) => {
  // Four screens and four accessibility scans on a busy machine: the last scan alone passed the three-minute mark once.
  test.setTimeout(300_000);
  const problems = watchConsole(page);
  await signIn(page, DEMO.member);
  await page.goto('/dashboard');
  const own = page.getByRole('listitem').filter({ hasText: `Philippines ${YEAR}` });
  await expect(own.getByText('Due in 12 days')).toBeVisible();
  await expect(own.getByText('Not started')).toBeVisible();
  await expect(own.getByRole('region', { name: 'Returned for revision' })).toHaveCount(0);

  // The focal point answers and marks the report complete; the secretariat returns it with a reason.
  const member = await idToken(DEMO.member);
  const view = (await api<ViewBody>(`${API_REPORT}/view`, member)).body.data;
  const saved = await api(`${API_REPORT}/saved`, member, {
    json: { answers: view.questions.filter((q) => q.compulsory).map(validAnswer) },
  });
  expect(saved.status).toBe(200);
  let version = (await api<ViewBody>(`${API_REPORT}/view`, member)).body.data.report.version;
  expect((await api(`${API_REPORT}/report/update`, member, { json: { action: 'complete', version } })).status).toBe(
    200,
  );
  const admin = await idToken(DEMO.admin);
  version = (await api<ViewBody>(`${API_REPORT}/view`, admin)).body.data.report.version;
  expect(
    (await api(`${API_REPORT}/report/update`, admin, { json: { action: 'return', note: REASON, version } })).status,
  ).toBe(200);

  await page.reload();
  const notice = own.getByRole('region', { name: 'Returned for revision' });
  await expect(notice).toContainText(REASON);
  await expect(notice).toContainText(/returned it on \d{1,2} \w{3} \d{4}/);
  await expect(own.getByText('Due in 12 days')).toBeVisible();
  await lookAt(page, 'dashboard', (name) => testInfo.outputPath(name));

  await own.getByRole('link', { name: 'Revise the report' }).click();
  await expect(page).toHaveURL(new RegExp(`/module/report/national/PH/${YEAR}/indicator/form`));
  const top = page.getByRole('region', { name: 'Returned for revision' });
  await expect(top).toContainText(REASON);
  await expect(page.getByRole('status').filter({ hasText: /Loading/ })).toHaveCount(0);
  // The notice comes before the first question.
  const noticeBox = await top.boundingBox();
  const firstQuestion = await page.locator('#q-Q01').boundingBox();
  expect(noticeBox!.y).toBeLessThan(firstQuestion!.y);
  await lookAt(page, 'questionnaire', (name) => testInfo.outputPath(name));
  expect(problems).toEqual([]);
});
