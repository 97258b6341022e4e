import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import type { Question } from '../../src/lib/national-reports/question-schema.ts';
import {
  api,
  BASE_URL,
  DEMO,
  expectNoAxeViolations,
  freeCycleYear,
  idToken,
  signIn,
  validAnswer,
  watchConsole,
} from './support.ts';

/** Issue 16, item 9: the save bar's words, choices saved on change, the skip link, tiles, menus, a banner's crop. */
const SCREEN = { timeout: 30_000 };
/** 38 questions drawn on a machine under load (the first run here took over 30 s after the view came back). */
const QUESTIONNAIRE = { timeout: 90_000 };

test('the questionnaire: a skip link to the first answer, "Saving…" while typing, choices saved on change', async ({
  page,
}) => {
  test.setTimeout(360_000);
  const admin = await idToken(DEMO.admin);
  const member = await idToken(DEMO.member);
  // A cycle of its own (no other spec counts from 2049).
  const year = await freeCycleYear(admin, 2049);
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  expect(
    (
      await api('report/type/national/cycles/saved', admin, {
        json: { year, opens_at: day(-1), closes_at: day(40), expiry_days: 30, timely_days: 7, status: 'open' },
      })
    ).status,
  ).toBe(200);
  const questions = (await api<{ data: Question[] }>('question/list', admin)).body.data;
  const q04 = questions.find((q) => q.code === 'Q04')!;
  expect(
    (await api(`report/type/national/${year}/PH/saved`, member, { json: { answers: [validAnswer(q04)] } })).status,
  ).toBe(200);

  const problems = watchConsole(page);
  await signIn(page, DEMO.member);
  await page.goto(`${BASE_URL}/module/report/national/PH/${year}/indicator/form`);
  await expect(page.locator('#q-Q01')).toBeVisible(QUESTIONNAIRE);

  // From the top of the page, the skip link comes within a few Tabs (the sections' rail had 48 before it).
  await page.locator('body').focus();
  await page.evaluate(() => window.scrollTo(0, 0));
  let tabs = 0;
  for (; tabs < 30; tabs++) {
    await page.keyboard.press('Tab');
    if ((await page.evaluate(() => document.activeElement?.textContent?.trim())) === 'Skip to the first question')
      break;
  }
  expect(tabs, 'Tabs to reach the skip link').toBeLessThan(30);
  await expect(page.getByRole('link', { name: 'Skip to the first question' })).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page.locator('#q-Q01-value')).toBeFocused();

  // Typing: the bar says "Saving…", never "not saved" (the save is held back while this is looked at).
  const bar = page
    .getByRole('status')
    .filter({ hasText: /saved|Saving/ })
    .last();
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const passed: Promise<void>[] = [];
  await page.route(`**/api/forms/national-report/${year}-PH/answers`, (route) => {
    const passing = held.then(() => route.continue());
    passed.push(passing);
    return passing;
  });
  await page.locator('#q-Q01-year').fill('2024');
  await page.locator('#q-Q01-source').fill('Philippine Statistics Authority');
  await page.locator('#q-Q01-value').focus();
  await page.keyboard.type('12.5');
  await expect(page.getByText('Saving…', { exact: true }).first()).toBeVisible();
  await expect(page.getByText(/not saved/i)).toHaveCount(0);
  release();
  await page.locator('#q-Q03-value').focus();
  await expect(page.locator('#q-Q01').getByRole('status')).toHaveText(/^Saved at \d\d:\d\d$/, SCREEN);
  await expect(bar).toHaveText(/^All answers are saved\. Last saved at \d\d:\d\d\.$/);
  await Promise.all(passed);
  await page.unroute(`**/api/forms/national-report/${year}-PH/answers`);

  // A radio button and a checkbox save on the click, with the focus still on them.
  const yes = page.locator('#q-Q02').getByRole('radio', { name: 'Yes' });
  await yes.check();
  await expect(yes).toBeFocused();
  await expect(page.locator('#q-Q02').getByRole('status')).toHaveText(/^Saved at \d\d:\d\d$/, SCREEN);
  const multi = page.locator('#q-Q15').getByRole('checkbox').first();
  await multi.check();
  await expect(multi).toBeFocused();
  await expect(page.locator('#q-Q15').getByRole('status')).toHaveText(/^Saved at \d\d:\d\d$/, SCREEN);
  const view = (
    await api<{ data: { answers: { question_uuid: string; value: unknown }[] } }>(
      `report/type/national/${year}/PH/view`,
      member,
    )
  ).body.data;
  const stored = new Map(view.answers.map((answer) => [answer.question_uuid, answer.value]));
  expect(stored.get(questions.find((q) => q.code === 'Q02')!.uuid)).toBe(true);
  expect(stored.get(questions.find((q) => q.code === 'Q15')!.uuid)).toHaveLength(1);
  // The first section and the save bar: the whole 38-question page took axe over a minute on a loaded machine.
  await expectNoAxeViolations(page, 'questionnaire', { include: '#thrust-TC1' });
  expect(problems).toEqual([]);
});

test('dashboard tiles keep their labels whole at 1366 px', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page, DEMO.admin);
  await page.goto(`${BASE_URL}/dashboard`);
  const tiles = page.locator('[data-card] dl dt');
  await expect(tiles.first()).toBeVisible(SCREEN);
  await expect(page.locator('[data-card="best-practices"] dl dt').first()).toBeVisible(SCREEN);
  // No label is wider than its tile (nothing cut off or hidden).
  const cut = await tiles.evaluateAll((labels) =>
    labels
      .filter(
        (label) =>
          label.scrollWidth > label.clientWidth + 1 ||
          label.getBoundingClientRect().right > label.parentElement!.getBoundingClientRect().right + 1,
      )
      .map((label) => label.textContent),
  );
  expect(cut).toEqual([]);
  await expectNoAxeViolations(page, 'dashboard');
});

test('"Regional reports" is in the header’s Reports menu at 1366 px and in the phone menu at 390 px', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto(`${BASE_URL}/`);
  const header = page.getByRole('banner');
  await header.getByText('Reports', { exact: true }).click();
  await expect(header.getByRole('link', { name: 'Regional reports' }).first()).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${BASE_URL}/`);
  await page.getByRole('banner').getByText('Menu', { exact: true }).click();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Regional reports' }).last()).toBeVisible();
});

test('a banner’s crop is chosen in its form and kept with an alt text', async ({ page }) => {
  test.setTimeout(180_000);
  const admin = await idToken(DEMO.admin);
  const created = await api<{ data: { uuid: string; version: number } }>('cms/saved', admin, {
    json: { cms_type: 'banner', title: 'Crop e2e banner', status: 'draft' },
  });
  expect(created.status).toBe(201);
  const png = await sharp({ create: { width: 1200, height: 1200, channels: 3, background: { r: 20, g: 120, b: 200 } } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append('file', new File([new Uint8Array(png)], 'square.png', { type: 'image/png' }));
  const uploaded = await fetch(`${BASE_URL}/api/cms/upload/${created.body.data.uuid}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${admin}` },
    body: form,
  });
  expect(uploaded.status, await uploaded.clone().text()).toBe(200);

  const problems = watchConsole(page);
  await signIn(page, DEMO.admin);
  await page.goto(`${BASE_URL}/content-management/banner/form-banner/${created.body.data.uuid}`);
  const chooser = page.getByRole('slider', { name: /Part of the picture shown on the home page’s banner/ });
  await expect(chooser).toBeVisible(SCREEN);
  // Opening the form changes nothing.
  await expect(page.getByText('Unsaved changes')).toHaveCount(0);
  await chooser.focus();
  for (let i = 0; i < 5; i++) await page.keyboard.press('ArrowDown');
  await page.getByLabel('Alt text').fill('Boats on the Mekong at dusk');
  await expect(page.getByText('Unsaved changes')).toBeVisible();
  await expectNoAxeViolations(page, 'banner form');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Unsaved changes')).toHaveCount(0, SCREEN);
  const saved = (
    await api<{
      data: { image_crop: { x: number; y: number; width: number; height: number } | null; image_alt: string | null };
    }>(`cms/banner/view/${created.body.data.uuid}`, admin)
  ).body.data;
  expect(saved.image_alt).toBe('Boats on the Mekong at dusk');
  // A square picture: the 16:9 frame spans its width and was moved down from the centre.
  expect(saved.image_crop).not.toBeNull();
  expect(saved.image_crop!.width).toBeCloseTo(1, 3);
  expect(saved.image_crop!.height).toBeCloseTo(9 / 16, 3);
  expect(saved.image_crop!.y).toBeGreaterThan((1 - 9 / 16) / 2);
  expect(problems).toEqual([]);
  await api(`cms/delete/${created.body.data.uuid}`, admin, {
    json: {
      version: (await api<{ data: { version: number } }>(`cms/banner/view/${created.body.data.uuid}`, admin)).body.data
        .version,
    },
  });
});
