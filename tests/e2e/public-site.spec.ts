import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import {
  api,
  BASE_URL,
  DEMO,
  expectNoAxeViolations,
  idToken,
  rebuild,
  sweepPages,
  watchConsole,
  withoutJsonLd,
} from './support.ts';

/**
 * The public site as visitors meet it: an editor publishes banners, gallery items and partners
 * through the API, the site rebuilds, and the pages show them — with and without JavaScript.
 */

async function jpeg(width: number, height: number, colour: string): Promise<Blob> {
  const bytes = await sharp({ create: { width, height, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();
  return new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' });
}

async function publishItem(token: string, body: Record<string, unknown>, image?: Blob): Promise<void> {
  const saved = await api<{ data: { uuid: string } }>('cms/saved', token, { json: { status: 'published', ...body } });
  expect(saved.status, JSON.stringify(saved.body)).toBe(201);
  if (!image) return;
  const form = new FormData();
  form.append('file', image, 'picture.jpg');
  const upload = await fetch(`${BASE_URL}/api/cms/upload/${saved.body.data.uuid}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  expect(upload.status, await upload.text()).toBe(200);
}

async function sitemapPaths(page: Page): Promise<string[]> {
  const xml = await (await page.request.get('/sitemap.xml')).text();
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  const token = await idToken(DEMO.superadmin);
  await publishItem(
    token,
    { cms_type: 'banner', title: 'Regional forum opens', description: 'Cities meet in Penang.', display_order: 1 },
    await jpeg(1600, 700, '#1f6fa3'),
  );
  await publishItem(
    token,
    { cms_type: 'banner', title: 'Reporting round open', display_order: 2 },
    await jpeg(1600, 700, '#b85f10'),
  );
  await publishItem(
    token,
    { cms_type: 'video', title: 'Opening plenary', event: 'Urban Forum e2e', display_order: 1 },
    await jpeg(1200, 800, '#2a7a4a'),
  );
  await publishItem(
    token,
    { cms_type: 'video', title: 'Site visit', event: 'Urban Forum e2e', display_order: 2 },
    await jpeg(1200, 800, '#6a3a8a'),
  );
  await publishItem(token, {
    cms_type: 'video',
    title: 'Forum highlights',
    event: 'Urban Forum e2e',
    media_kind: 'video',
    video_url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    display_order: 3,
  });
  await publishItem(
    token,
    { cms_type: 'partner', title: 'UN-Habitat', link: 'https://unhabitat.org', display_order: 1 },
    await jpeg(400, 160, '#ffffff'),
  );
  await rebuild(token);
});

test('the home page shows what editors published: banners, videos and partners', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Tracking the New Urban Agenda/);
  // Two banners, or more when a retry of this file has published its banners a second time.
  const slides = page.getByRole('group', { name: /^\d+ of \d+$/ });
  await expect(slides.first()).toBeVisible();
  expect(await slides.count()).toBeGreaterThanOrEqual(2);
  await expect(page.getByRole('heading', { name: 'Regional forum opens' }).first()).toBeVisible();
  // The first banner is the first screen's largest image: loaded first; the other waits.
  await expect(slides.nth(0).locator('img')).toHaveAttribute('fetchpriority', 'high');
  await expect(slides.nth(1).locator('img')).toHaveAttribute('loading', 'lazy');
  await expect(slides.nth(0).locator('source[type="image/webp"]')).toHaveAttribute('srcset', /480w/);
  await expect(page.getByRole('link', { name: /Play video: Forum highlights/ }).first()).toHaveAttribute(
    'href',
    /youtube\.com/,
  );
  await expect(page.getByRole('link', { name: 'UN-Habitat', exact: true }).first()).toHaveAttribute(
    'href',
    'https://unhabitat.org',
  );
  // What the section holds depends on the national reports published (national-public.spec.ts).
  await expect(page.getByRole('heading', { level: 2, name: 'Latest national reports' })).toBeVisible();
});

test('pages with nothing interactive load no JavaScript', async ({ page }) => {
  for (const path of [
    '/module',
    '/national-urban-agenda',
    '/asia-pacific-region',
    '/national-reports',
    '/regional-reports',
    '/best-practices',
    '/best-practices-overview',
    '/urbanisation-profile',
    '/urbanisation-profile/view',
    '/urbanisation-profile/housing',
    '/privacy-policy',
    '/contact-us/sent',
  ]) {
    const html = await (await page.request.get(path)).text();
    expect(withoutJsonLd(html), path).not.toContain('<script');
  }
});

test('every public page has one h1, a title, a description, a canonical address and no axe violations', async ({
  page,
}) => {
  // Every page of the sitemap in four languages: minutes on a loaded machine.
  test.setTimeout(600_000);
  const paths = await sitemapPaths(page);
  expect(paths).toContain('/media-gallery/event/urban-forum-e2e');
  // Pages made per cycle, country, practice, value of a library filter or page of a list from the
  // same template: one of each here (the rest grows with the data; national-public.spec.ts checks
  // its own pages in full). The profile's themes each keep their own check: their charts differ.
  // Translated pages: one language besides English for each template (languages.spec.ts checks the others).
  const template = (path: string) =>
    path
      .replace(/^\/(zh|fr|ru)(?=\/|$)/, '/{lang}')
      .replace(
        /\/best-practices-overview\/(category|sdg|period|subregion|country)\/[^/]+/,
        '/best-practices-overview/$1/{value}',
      )
      .replace(/\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(?=\/|$)/g, '/{uuid}')
      .replace(/\/page\/\d+$/, '/page/{n}')
      .replace(/\/\d{4}(?=\/|$)/g, '/{year}')
      .replace(/\/([A-Z]{2}|tc\d|ei\d|fr)(?=\/|$)/g, '/{code}');
  const sample = paths.filter((path, i) => paths.findIndex((p) => template(p) === template(path)) === i);
  const problems = await sweepPages(page, sample, async (page, path) => {
    await page.goto(path);
    await expect(page.locator('h1'), path).toHaveCount(1);
    // English at today's addresses, the other languages under their prefix (decision 038).
    const lang = ({ zh: 'zh-Hans', fr: 'fr', ru: 'ru' } as Record<string, string>)[path.split('/')[1] ?? ''] ?? 'en';
    await expect(page.locator('html'), path).toHaveAttribute('lang', lang);
    await expect(page.locator('meta[name="description"]'), path).toHaveAttribute('content', /.{40,}/);
    await expect(page.locator('link[rel="canonical"]'), path).toHaveAttribute(
      'href',
      new RegExp(`${path === '/' ? '/$' : path}$`),
    );
    await expect(page.getByRole('main')).toHaveCount(1);
    await expectNoAxeViolations(page, path, { bestPractice: true });
  });
  expect(problems, 'console errors on public pages').toEqual([]);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the About menu opens from the keyboard and the banners move by link', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/');
    const about = page.getByRole('navigation', { name: 'Main' }).getByText('About', { exact: true });
    await about.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('link', { name: 'Asia-Pacific region' }).first().click();
    await expect(page).toHaveURL(/\/asia-pacific-region$/);
    await page.goto('/');
    await page.getByRole('link', { name: 'Next highlight' }).first().click();
    await expect(page).toHaveURL(/#banner-2$/);
  });

  test(
    'the Reports menu leads to the regional reports; at 1280 ' + 'and 1366 px the header keeps every label on one line',
    async ({ page }) => {
      for (const width of [1280, 1366]) {
        await page.setViewportSize({ width, height: 900 });
        await page.goto('/');
        const nav = page.getByRole('navigation', { name: 'Main' }).first();
        for (const item of await nav.locator(':scope > ul > li > a, :scope > ul > li > details > summary').all()) {
          const box = (await item.boundingBox())!;
          expect(box.height, `${await item.textContent()} at ${width} px`).toBeLessThan(44);
        }
      }
      const reports = page.getByRole('navigation', { name: 'Main' }).first().getByText('Reports', { exact: true });
      await reports.focus();
      await page.keyboard.press('Enter');
      await page.getByRole('link', { name: 'Regional reports' }).first().click();
      await expect(page).toHaveURL(/\/regional-reports$/);
    },
  );

  test('the contact form posts as a plain form and lands on the confirmation page', async ({ page }) => {
    await page.goto('/contact-us');
    await page.getByLabel('Your name').fill('Ana Reyes');
    await page.getByLabel('Your email address').fill('ana.nojs@example.org');
    await page.getByLabel('Subject', { exact: true }).fill('Without JavaScript');
    await page.getByLabel('Message', { exact: true }).fill('This message was sent by a plain HTML form.');
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(page).toHaveURL(/\/contact-us\/sent$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Thank you: your message has been sent');
  });

  test('a message the server refuses comes back to the form with the error shown', async ({ page }) => {
    await page.goto('/contact-us');
    await page.getByLabel('Your name').fill('Ana Reyes');
    // The browser accepts an address without a dot in its domain; the server does not.
    await page.getByLabel('Your email address').fill('ana@localhost');
    await page.getByLabel('Subject', { exact: true }).fill('Without JavaScript');
    await page.getByLabel('Message', { exact: true }).fill('This message was sent by a plain HTML form.');
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(page).toHaveURL(/\/contact-us\?error=invalid&fields=email#contact-error$/);
    await expect(page.getByRole('alert').filter({ hasText: 'Your message was not sent.' })).toBeVisible();
  });
});

test('the region map links each country to its entry in the list', async ({ page }) => {
  await page.goto('/asia-pacific-region');
  const map = page.locator('figure.region-map svg');
  await expect(map.getByRole('link')).toHaveCount(58);
  await map.getByRole('link', { name: 'Tuvalu' }).click();
  await expect(page).toHaveURL(/#country-TV$/);
  await expect(page.locator('#country-TV')).toBeInViewport();
  await expect(page.getByRole('heading', { name: /^Pacific/ })).toBeVisible();
});

test('the gallery viewer: keyboard, Escape, focus back to the thumbnail; videos load on request', async ({ page }) => {
  const problems = watchConsole(page);
  await page.goto('/media-gallery');
  const thumbnail = page.getByRole('link', { name: 'Opening plenary' });
  await expect(thumbnail).toHaveAttribute('href', /\/uploads\//);
  await thumbnail.click();
  await expect(page.getByRole('dialog', { name: 'Opening plenary' })).toBeVisible();
  const viewer = page.locator('#lightbox');
  await expect(viewer.getByText('Photo 1 of 2, Urban Forum e2e')).toBeVisible();
  await page.keyboard.press('ArrowRight');
  await expect(viewer.getByText('Photo 2 of 2, Urban Forum e2e')).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Site visit' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(viewer).toBeHidden();
  await expect(thumbnail).toBeFocused();

  await expect(page.locator('iframe')).toHaveCount(0);
  await page.getByRole('link', { name: /Play video: Forum highlights/ }).click();
  await expect(page.locator('iframe[src^="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ"]')).toHaveCount(1);
  expect(problems.filter((p) => !/youtube|Failed to load resource/i.test(p))).toEqual([]);
});

test('the contact form checks fields as the server does and confirms a sent message', async ({ page }) => {
  const problems = watchConsole(page);
  await page.goto('/contact-us');
  await page.getByRole('button', { name: 'Send message' }).click();
  const summary = page.getByRole('alert');
  await expect(summary).toContainText('Please correct the fields below.');
  await expect(page.getByLabel('Your name')).toHaveAttribute('aria-invalid', 'true');
  await page.getByLabel('Your name').fill('Ana Reyes');
  await page.getByLabel('Your email address').fill('ana@example');
  await page.getByLabel('Subject', { exact: true }).fill('Reporting');
  await page.getByLabel('Message', { exact: true }).fill('Too short');
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByText('Enter an email address like name@example.org.').first()).toBeVisible();
  await expect(page.getByText('Message must be at least 10 characters.').first()).toBeVisible();
  await page.getByLabel('Your email address').fill('ana@example.org');
  await page.getByLabel('Message', { exact: true }).fill('When does the next reporting round open?');
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByRole('heading', { name: 'Thank you: your message has been sent' })).toBeVisible();
  await expect(page.getByRole('status')).toBeFocused();
  expect(problems).toEqual([]);
});

// Last on purpose: it uses up this machine's contact allowance (5 messages in 10 minutes).
test('the contact form explains the rate limit once a client has sent too many messages', async ({ page }) => {
  const send = () =>
    fetch(`${BASE_URL}/api/contact-us`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'Rate Tester',
        email: 'rate@example.org',
        subject: 'Rate limit',
        message: 'Checking the limit of the form.',
      }),
    });
  let status = 201;
  for (let i = 0; i < 6 && status !== 429; i++) status = (await send()).status;
  expect(status).toBe(429);

  await page.goto('/contact-us');
  await page.getByLabel('Your name').fill('Ana Reyes');
  await page.getByLabel('Your email address').fill('ana@example.org');
  await page.getByLabel('Subject', { exact: true }).fill('One more question');
  await page.getByLabel('Message', { exact: true }).fill('Is there a template for the national report?');
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByRole('alert')).toContainText('You have sent several messages in a short time.');
  await expect(page.getByRole('alert')).toContainText(/try again in \d+ minutes?/);
  await expect(page).toHaveURL(/\/contact-us$/);
});
