import { expect, test, type Browser, type Page } from '@playwright/test';
import {
  api,
  DEMO,
  expectNoAxeViolations,
  expectPath,
  freeCycleYear,
  idToken,
  signIn,
  watchConsole,
} from './support.ts';

/**
 * The questionnaire's reference data in the administrators' hands (issue 7, part 1): an
 * administrator adds a question, meets a conflicting edit, moves the question, retires it; the
 * focal point's form follows, and an answer given before the retirement stays. Then the
 * administrator edits a reporting cycle. The test opens two cycles of its own (free years) and
 * closes them at the end, so no demo report is touched.
 */

const SCREEN = '/module/report/national/questionnaire';
const CODE = `E${(Date.now() % 1_000_000).toString(36).toUpperCase()}`;
const TEXT = `Share of households with a rain-water tank (${CODE})`;

interface Question {
  uuid: string;
  code: string;
  subcategory: string;
  version: number;
  [key: string]: unknown;
}

let adminToken: string;
let memberToken: string;
/** ANSWERED: the focal point answers the new question in this cycle's report; FRESH: never. */
let ANSWERED: number;
let FRESH: number;

function isoDay(offsetDays: number): string {
  return new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);
}

async function ok<T>(promise: Promise<{ status: number; body: T }>, what: string): Promise<T> {
  const { status, body } = await promise;
  expect(status, `${what}: ${JSON.stringify(body).slice(0, 400)}`).toBe(200);
  return body;
}

async function signedInPage(browser: Browser, email: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const problems = watchConsole(page);
  await signIn(page, email);
  await expectPath(page, '/dashboard');
  return { page, problems, close: () => context.close() };
}

async function expectNoSidewaysScroll(page: Page, name: string) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, `${name} scrolls sideways`).toBeLessThanOrEqual(0);
}

async function questionByCode(code: string): Promise<Question> {
  const list = await ok(api<{ data: Question[] }>('question/list?include_retired=true', adminToken), 'questions');
  return list.data.find((q) => q.code === code)!;
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  adminToken = await idToken(DEMO.admin);
  memberToken = await idToken(DEMO.member);
  const openFreeCycle = async () => {
    const year = await freeCycleYear(adminToken, 2099);
    await ok(
      api('report/type/national/cycles/saved', adminToken, {
        json: { year, opens_at: isoDay(-1), closes_at: isoDay(40), expiry_days: 30, timely_days: 7, status: 'open' },
      }),
      `open the ${year} cycle`,
    );
    return year;
  };
  ANSWERED = await openFreeCycle();
  FRESH = await openFreeCycle();
});

test.afterAll(async () => {
  // The cycles end: later tests see no extra open cycle.
  const cycles = await ok(
    api<{ data: { year: number; version: number; opens_at: string; closes_at: string }[] }>(
      'report/type/national/cycles',
      adminToken,
    ),
    'cycles',
  );
  for (const cycle of cycles.data.filter((c) => c.year === ANSWERED || c.year === FRESH)) {
    await ok(
      api('report/type/national/cycles/saved', adminToken, {
        json: {
          year: cycle.year,
          version: cycle.version,
          opens_at: cycle.opens_at,
          closes_at: cycle.closes_at,
          status: 'closed',
        },
      }),
      `close the ${cycle.year} cycle`,
    );
  }
});

test(
  'an administrator adds, edits, moves and retires a question; ' +
    'the focal point’s form follows and past answers stay',
  async ({ browser }) => {
    test.setTimeout(180_000);
    const admin = await signedInPage(browser, DEMO.admin);
    const page = admin.page;
    await page.setViewportSize({ width: 1366, height: 900 });

    // From the national reports list to the new screen.
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'National Reports' }).click();
    await expectPath(page, '/module/report/national');
    await page.getByRole('link', { name: 'Questionnaire and cycles' }).click();
    await expectPath(page, SCREEN);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Questionnaire and reporting cycles');
    await expect(page.locator('[id="sub-1.1"]')).toBeVisible();
    await expect(page.getByText(/^\d+ questions in use/)).toBeVisible();
    await expectNoAxeViolations(page, 'questions');

    // Add a question: type-specific fields follow the answer type.
    await page.getByRole('link', { name: 'Add a question' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Add a question' })).toBeFocused();
    await page.getByLabel('Code').fill(CODE);
    await page.getByLabel('Thrust').selectOption('TC1');
    await page.getByLabel('Subcategory').selectOption('1.1');
    await page.getByLabel('Question', { exact: true }).fill(TEXT);
    await page.getByLabel('Type of answer').selectOption('single');
    await expect(page.getByLabel('Value 1')).toBeVisible();
    await expect(page.getByLabel('Highest expected')).toHaveCount(0);
    await page.getByLabel('Type of answer').selectOption('pct');
    await expect(page.getByLabel('Value 1')).toHaveCount(0);
    await page.getByLabel('Highest expected').fill('eighty');
    await page.getByRole('button', { name: 'Add the question' }).click();
    await expect(page.getByText('Must be a number.')).toBeVisible();
    await expect(page.getByLabel('Highest expected')).toBeFocused();
    await page.getByLabel('Highest expected').fill('80');
    await page.getByLabel('SDG indicators or targets (optional)').fill('6.1.1, 11.1');
    await expectNoAxeViolations(page, 'question form');
    await page.getByRole('button', { name: 'Add the question' }).click();
    await expect(page.getByText(`Question ${CODE} added`)).toBeVisible();
    await expectPath(page, SCREEN);

    const group = page.locator('section[aria-labelledby="sub-1.1"] > ol > li');
    const codes = async () => (await group.locator('span.font-mono').allTextContents()).map((c) => c.trim());
    await expect(group.last()).toContainText(TEXT);
    await expect(group.last()).toContainText('Percentage · Optional · SDG 6.1.1, 11.1');
    const before = await codes();
    expect(before.at(-1)).toBe(CODE);

    // The focal point's forms of both cycles now hold it; the focal point answers it in one of them.
    const question = await questionByCode(CODE);
    await ok(
      api(`report/type/national/${ANSWERED}/PH/saved`, memberToken, {
        json: { answers: [{ question_uuid: question.uuid, value: 42.5 }] },
      }),
      'answer it',
    );

    // Someone else edits it while the administrator does: the conflict is shown, and the administrator keeps their
    // change.
    await page.getByRole('link', { name: `Edit ${CODE}` }).click();
    await expect(page.getByRole('heading', { level: 2, name: `Edit question ${CODE}` })).toBeFocused();
    await page.getByLabel('Help text (optional)').fill('Count tanks of at least 500 litres.');
    const { uuid: _uuid, version, retired_at: _retired, sort: _sort, ...fields } = await questionByCode(CODE);
    await ok(
      api('question/saved', adminToken, {
        json: { ...fields, uuid: question.uuid, version, source_hint: 'Household survey' },
      }),
      'the other edit',
    );
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByRole('heading', { name: `${CODE} was changed while you were editing` })).toBeFocused();
    await page.getByRole('button', { name: 'Keep my changes and save again' }).click();
    await expect(page.getByText(`Question ${CODE} saved`)).toBeVisible();
    await expect(page.getByRole('link', { name: `Edit ${CODE}` })).toBeFocused();
    expect((await questionByCode(CODE)).help).toBe('Count tanks of at least 500 litres.');

    // Move it up with the keyboard: the focus stays on the button, the order is saved.
    await page.getByRole('button', { name: `Move ${CODE} up` }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('status').filter({ hasText: `${CODE} moved up` })).toHaveText(
      new RegExp(`now ${before.length - 1} of ${before.length} in 1\\.1`),
    );
    await expect(page.getByRole('button', { name: `Move ${CODE} up` })).toBeFocused();
    const moved = [...before.slice(0, -2), CODE, before.at(-2)!];
    expect(await codes()).toEqual(moved);
    await page.reload();
    await expect(group.first()).toBeVisible();
    expect(await codes()).toEqual(moved);
    await expect(page.getByRole('button', { name: `Move ${before[0]} up` })).toBeDisabled();

    // The focal point sees it in the form of the cycle they have not answered it in.
    const member = await signedInPage(browser, DEMO.member);
    await member.page.goto(`/module/report/national/PH/${FRESH}/indicator/form`);
    await expect(member.page.locator(`#q-${CODE}`)).toContainText(TEXT);

    // Retire it, after a confirmation that says what happens to answers.
    await page.getByRole('button', { name: `Retire ${CODE}` }).click();
    const dialog = page.getByRole('dialog', { name: `Retire question ${CODE}?` });
    await expect(dialog).toContainText('Past answers are kept');
    await dialog.getByRole('button', { name: 'Retire the question' }).click();
    await expect(page.getByText(`Question ${CODE} retired. Past answers are kept.`).first()).toBeVisible();
    await expect(group.filter({ hasText: TEXT })).toHaveCount(0);
    await page.getByLabel('Show retired questions').check();
    await expect(group.filter({ hasText: TEXT })).toContainText('Retired on');

    // The form without an answer no longer shows it; the one that answered it keeps the answer.
    await member.page.reload();
    await expect(member.page.locator('#q-Q01')).toBeVisible();
    await expect(member.page.locator(`#q-${CODE}`)).toHaveCount(0);
    await member.page.goto(`/module/report/national/PH/${ANSWERED}/indicator/form`);
    await expect(member.page.locator(`#q-${CODE}-value`)).toHaveValue('42.5');

    // The browser logs the refused save (409) of the conflict; nothing else may fail.
    expect(admin.problems.filter((problem) => !/status of 409/.test(problem))).toEqual([]);
    expect(member.problems).toEqual([]);
    await member.close();
    await admin.close();
  },
);

test('an administrator edits a reporting cycle; the screen fits a phone and a laptop', async ({ browser }) => {
  test.setTimeout(150_000);
  const admin = await signedInPage(browser, DEMO.admin);
  const page = admin.page;
  await page.goto(SCREEN);
  await page
    .getByRole('navigation', { name: 'Parts of the questionnaire' })
    .getByRole('link', { name: 'Reporting cycles' })
    .click();
  await expect(page.getByRole('table', { name: 'Reporting cycles' })).toBeVisible();
  await expectNoAxeViolations(page, 'cycles');

  await page.getByRole('link', { name: `Edit the ${FRESH} cycle` }).click();
  await expect(page.getByRole('heading', { level: 2, name: `Edit the ${FRESH} reporting cycle` })).toBeFocused();
  await expect(page.getByLabel('Year')).toHaveAttribute('readonly', '');
  await page.getByLabel('Closes on').fill(isoDay(60));
  await page.getByLabel('Opens on').fill(isoDay(61));
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Must not be before the opening date.')).toBeVisible();
  await expect(page.getByLabel('Closes on')).toBeFocused();
  await page.getByLabel('Opens on').fill(isoDay(-1));
  await page.getByLabel('Reporting guidelines (optional)').fill('Guidelines for the test cycle');
  await expectNoAxeViolations(page, 'cycle form');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText(`Reporting cycle ${FRESH} saved`)).toBeVisible();
  const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: String(FRESH) }) });
  const closes = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' }).format(
    new Date(`${isoDay(60)}T00:00:00Z`),
  );
  await expect(row).toContainText(closes);
  await expect(page.getByRole('link', { name: `Edit the ${FRESH} cycle` })).toBeFocused();

  // Closing a cycle asks first and says what it does.
  await page.getByRole('link', { name: `Edit the ${FRESH} cycle` }).click();
  await page.getByLabel('Status').selectOption('closed');
  await page.getByRole('button', { name: 'Save changes' }).click();
  const dialog = page.getByRole('dialog', { name: `Make the ${FRESH} cycle closed?` });
  await expect(dialog).toContainText('can no longer change their answers');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('link', { name: 'Cancel' }).click();
  await page
    .getByRole('dialog', { name: 'Leave without saving?' })
    .getByRole('button', { name: 'Leave and discard' })
    .click();
  await expect(page.getByRole('table', { name: 'Reporting cycles' })).toBeVisible();

  for (const width of [390, 1366]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    for (const [name, path] of [
      ['questions', SCREEN],
      ['question form', `${SCREEN}?question=new`],
      ['cycles', `${SCREEN}?tab=cycles`],
      ['cycle form', `${SCREEN}?tab=cycles&cycle=${FRESH}`],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByRole('status').filter({ hasText: /Loading/ })).toHaveCount(0);
      await expectNoSidewaysScroll(page, `${name} at ${width} px`);
      await page.screenshot({
        path: test.info().outputPath(`questionnaire-${name.replace(' ', '-')}-${width}.png`),
        fullPage: width === 390,
      });
    }
  }
  expect(admin.problems).toEqual([]);
  await admin.close();
});

test('country roles never see the screen; the server refuses their writes', async ({ browser }) => {
  const member = await signedInPage(browser, DEMO.stateAdmin);
  await member.page.goto('/module/report/national');
  await expect(member.page.getByRole('heading', { level: 1 })).toHaveText('National Reports');
  await expect(member.page.getByRole('link', { name: 'Questionnaire and cycles' })).toHaveCount(0);
  await member.page.goto(SCREEN);
  await expect(member.page).toHaveURL(/\/unauthorized-access/);
  const token = await idToken(DEMO.stateAdmin);
  expect((await api('question/reorder', token, { json: { uuids: [(await questionByCode('Q01')).uuid] } })).status).toBe(
    403,
  );
  await member.close();
});
