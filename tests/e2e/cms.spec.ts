import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { api, DEMO, expectPath, idToken, signIn, watchConsole } from './support.ts';

interface SiteStatus {
  data: { current: { state: string }; live: { since: string } | null };
}

/** A real PNG, big enough that its upload takes a few progress events. */
async function bannerPng(): Promise<Buffer> {
  const width = 1200;
  const height = 675;
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = (i * 7919 + (i >> 9)) % 251;
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

/** When the live build went live, once no build is queued or running (else null). */
async function liveSince(token: string): Promise<string | null> {
  const { body } = await api<SiteStatus>('site/status', token);
  return body.data.current.state === 'idle' ? (body.data.live?.since ?? null) : null;
}

async function openBanners(page: Page) {
  await page.goto('/content-management/banner');
  await expect(page.getByRole('heading', { level: 1, name: 'Banners' })).toBeVisible();
}

test.describe('content management', () => {
  test('an editor adds a banner with an image, publishes it, sees it on the public site, then deletes it', async ({
    page,
  }) => {
    test.setTimeout(240_000);
    const problems = watchConsole(page);
    const token = await idToken(DEMO.superadmin);
    const title = `Cities for all ${Date.now().toString(36)}`;
    const png = await bannerPng();

    await signIn(page, DEMO.superadmin);
    await expectPath(page, '/dashboard');
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Banner' }).click();
    await expectPath(page, '/content-management/banner');
    await page.getByRole('link', { name: 'Add banner' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Add banner' })).toBeVisible();

    await page.getByLabel('Title').fill(title);
    await page.getByLabel(/Description/).fill('Inclusive urban development across the region.');
    await page
      .getByLabel(/Choose banner image/)
      .setInputFiles({ name: 'banner.png', mimeType: 'image/png', buffer: png });
    // The chosen file is previewed from memory before anything is sent.
    const preview = page.getByRole('img', { name: 'Preview of banner.png' });
    await expect(preview).toHaveAttribute('src', /^blob:/);
    await expect(page.getByText('banner.png', { exact: false }).first()).toContainText('not uploaded yet');

    await page.getByRole('button', { name: 'Save banner' }).click();
    // Saved first (the item gets its uuid and address), then the image goes up.
    await expectPath(page, /\/content-management\/banner\/form-banner\/[0-9a-f-]{36}$/);
    const progress = page.getByRole('progressbar', { name: 'Image upload progress' });
    await expect(progress).toHaveAttribute('aria-valuenow', '100', { timeout: 30_000 });
    await expect(page.getByText('Image uploaded.')).toBeVisible();
    const stored = page.getByRole('img', { name: 'Current banner image' });
    await expect(stored).toHaveAttribute('src', /^\/uploads\/.+\.webp$/);
    await expect
      .poll(() => stored.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
    const notices = page.getByRole('status', { name: 'Notifications' });
    await expect(notices).toContainText(`Banner “${title}” created`);

    // The list shows it as a draft, with its smallest WebP rendition as the thumbnail.
    await page.getByRole('link', { name: 'Back to banners' }).first().click();
    const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: title }) });
    await expect(row).toContainText('Draft');
    await expect(row.locator('img')).toHaveAttribute('src', /\.webp$/);

    const before = await liveSince(token);
    await row.getByRole('button', { name: `Publish “${title}”` }).click();
    await expect(notices).toContainText(`Banner “${title}” published`);
    // While the site rebuilds, the old home page keeps being served.
    const during = await page.request.get('/');
    expect(during.status()).toBe(200);
    expect(await during.text()).not.toContain(title);
    await expect(row).toContainText('Published');
    // Publishing an item queues a rebuild: the panel follows it until the new build is live.
    const panel = page.getByRole('region', { name: 'Public site' });
    await expect
      .poll(
        async () => {
          const since = await liveSince(token);
          return since !== null && (before === null || since > before);
        },
        { timeout: 180_000, intervals: [1000] },
      )
      .toBe(true);
    await expect(panel.getByRole('status')).toContainText(/Live since/, { timeout: 15_000 });
    await expect(panel.getByRole('progressbar')).toHaveCount(0);

    await page.goto('/');
    const banner = page.getByRole('heading', { name: title });
    await expect(banner).toBeVisible();
    const slide = page.getByRole('group').filter({ has: banner });
    await expect(slide.locator('img')).toHaveAttribute('src', /^\/uploads\//);

    await openBanners(page);
    await row.getByRole('button', { name: `Delete “${title}”` }).click();
    const dialog = page.getByRole('dialog', { name: `Delete the banner “${title}”?` });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(notices).toContainText(`Banner “${title}” deleted`);
    await expect(page.getByRole('rowheader', { name: title })).toHaveCount(0);
    expect(problems).toEqual([]);
  });

  test('Publish now asks first, then updates the site and says so until it is live', async ({ page }) => {
    test.setTimeout(180_000);
    const token = await idToken(DEMO.superadmin);
    await signIn(page, DEMO.admin);
    await expectPath(page, '/dashboard');
    await openBanners(page);
    const panel = page.getByRole('region', { name: 'Public site' });
    await expect(panel.getByRole('status')).toContainText(/Live since|Updating the public site|changes? waiting/);
    const before = await liveSince(token);
    await panel.getByRole('button', { name: 'Publish now' }).click();
    await page
      .getByRole('dialog', { name: 'Publish the public site now?' })
      .getByRole('button', { name: 'Publish now' })
      .click();
    await expect(panel.getByRole('status')).toContainText(/Updating the public site|changes? waiting/);
    await expect
      .poll(async () => ((await liveSince(token)) ?? '') > (before ?? ''), { timeout: 150_000, intervals: [1000] })
      .toBe(true);
    await expect(panel.getByRole('status')).toContainText(/Live since/, { timeout: 15_000 });
    // The top bar says the same, compactly.
    await expect(page.getByRole('button', { name: /^Public site: Live since/ })).toBeVisible();
  });

  test('the form checks the image before sending it and shows the server’s field errors', async ({ page }) => {
    await signIn(page, DEMO.superadmin);
    await expectPath(page, '/dashboard');
    await page.goto('/content-management/video/form-video?media_kind=video');
    await expect(page.getByRole('heading', { level: 1, name: 'Add video' })).toBeVisible();
    const chooser = page.getByLabel(/Choose thumbnail/);
    await chooser.setInputFiles({ name: 'anim.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') });
    await expect(page.getByText('This file is not a JPEG, PNG or WebP image.', { exact: false })).toBeVisible();
    await chooser.setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: Buffer.alloc(5 * 1024 * 1024 + 1) });
    await expect(page.getByText('an image may be at most 5 MB', { exact: false })).toBeVisible();

    // Only the server knows which hosts play videos: its 400 lands next to the field.
    await page.getByLabel('Title').fill('Not a hosted video');
    await page.getByLabel('Video address').fill('https://example.org/clip.mp4');
    await page.getByRole('button', { name: 'Save video' }).click();
    await expect(page.getByLabel('Video address')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.locator('#cms-video_url-error')).toContainText(/YouTube or Vimeo/);
    await expectPath(page, '/content-management/video/form-video');
  });

  test('a form whose type does not match its address is not found', async ({ page }) => {
    await signIn(page, DEMO.superadmin);
    await expectPath(page, '/dashboard');
    await page.goto('/content-management/partner/form-banner');
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    await page.goto('/content-management/poster/form-partner');
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  });

  test('a country focal point cannot open the content management screens', async ({ page }) => {
    await signIn(page, DEMO.member);
    await expectPath(page, '/dashboard');
    await expect(page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Banner' })).toHaveCount(
      0,
    );
    await page.goto('/content-management/banner');
    await expectPath(page, /\/unauthorized-access\?reason=forbidden/);
  });
});
