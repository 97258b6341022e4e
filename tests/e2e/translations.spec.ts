import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { api, BASE_URL, DEMO, idToken, rebuild, signIn, watchConsole } from './support.ts';

/** Creates, illustrates and publishes a practice in `category` (the site is rebuilt later). */
async function publishedPractice(token: string, category: string): Promise<void> {
  const ok = <T>(response: { status: number; body: T }, what: string): T => {
    expect([200, 201], `${what}: ${JSON.stringify(response.body).slice(0, 300)}`).toContain(response.status);
    return response.body;
  };
  let practice = ok(
    await api<{ data: { uuid: string; version: number } }>('best-practice/saved', token, {
      json: {
        title: `Translated theme practice ${Date.now().toString(36)}`,
        country_code: 'VU',
        city: 'Port Vila',
        lead_organisation: 'Port Vila Municipal Council',
        partners: [],
        start_date: '2020-01-01',
        end_date: null,
        ongoing: true,
        categories: [category],
        sdg_targets: ['11.4'],
        summary: 'Old market halls kept in use with their traders.',
        narrative: {
          context: 'Halls were empty.',
          implementation: 'Traders and the council agreed the repairs.',
          results: 'The halls are busy again.',
        },
        figures: [],
        contact: { name: 'Contact Person', email: 'contact@portvila.example', phone: '+678 22 000' },
      },
    }),
    'create',
  ).data;
  const svg =
    '<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800"><rect width="1200" height="800" ' +
    'fill="#bae6fd"/></svg>';
  const form = new FormData();
  form.append(
    'file',
    new Blob([new Uint8Array(await sharp(Buffer.from(svg)).png().toBuffer())], { type: 'image/png' }),
    'hall.png',
  );
  const upload = await fetch(`${BASE_URL}/api/best-practice/${practice.uuid}/upload?version=${practice.version}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  practice = ok({ status: upload.status, body: (await upload.json()) as { data: typeof practice } }, 'upload').data;
  for (const action of ['submit', 'publish']) {
    practice = ok(
      await api<{ data: typeof practice }>(`best-practice/${practice.uuid}/transition`, token, {
        json: { action, version: practice.version },
      }),
      action,
    ).data;
  }
}

test('an administrator translates an indicator into French beside its English; the list shows the progress', async ({
  page,
}) => {
  test.setTimeout(300_000);
  const problems = watchConsole(page);
  const admin = await idToken(DEMO.superadmin);
  // Start from no French translation of the indicator (an earlier run may have left one).
  const before = await api<{ data: { translations: { fr: { version: number | null } } } }>(
    'translation/profile-indicator/URB_GROWTH',
    admin,
  );
  const version = before.body.data.translations.fr.version;
  if (version !== null)
    await api('translation/profile-indicator/URB_GROWTH/fr', admin, { json: { fields: {}, version } });

  await signIn(page, DEMO.superadmin);
  await page.goto('/admin/translations?entity=profile-indicator&q=URB_GROWTH');
  await expect(page.getByRole('heading', { level: 1, name: 'Translations' })).toBeVisible();
  await expect(page.getByLabel('Texts of')).toHaveValue('profile-indicator');
  const row = page.getByRole('list', { name: 'Texts to translate' }).getByRole('link').first();
  await expect(row).toContainText('French: 0 of');
  await row.click();

  const panel = page.getByRole('region', { name: 'Other languages' });
  await panel.getByRole('button', { name: /^French/ }).click();
  const name = panel.getByLabel('Name');
  await expect(name).toHaveAttribute('lang', 'fr');
  await name.fill('Taux de croissance de la population urbaine');
  await expect(panel.getByText('Unsaved changes')).toBeVisible();
  await panel.getByRole('button', { name: 'Save French' }).click();
  await expect(page.getByText('French saved.')).toBeVisible();
  await expect(row).toContainText('French: 1 of');

  // Reloaded, the translation is there.
  await page.reload();
  await page
    .getByRole('region', { name: 'Other languages' })
    .getByRole('button', { name: /^French/ })
    .click();
  await expect(page.getByRole('region', { name: 'Other languages' }).getByLabel('Name')).toHaveValue(
    'Taux de croissance de la population urbaine',
  );
  expect(problems.filter((p) => !/Failed to load resource/.test(p))).toEqual([]);

  // The French theme page shows the French name once the site is rebuilt; the English page keeps the English.
  await rebuild(admin);
  await page.goto('/fr/urbanisation-profile/demography-urbanisation');
  const french = page.getByText('Taux de croissance de la population urbaine', { exact: true }).first();
  await expect(french).toBeVisible();
  expect(await french.evaluate((el) => el.closest('[lang]')?.getAttribute('lang'))).toBe('fr');
  await page.goto('/urbanisation-profile/demography-urbanisation');
  await expect(page.getByText('Taux de croissance de la population urbaine')).toHaveCount(0);
});

test(
  'translations show on the regional charts, a country’s ' + 'profile, the practice themes and the media gallery',
  async ({ page }) => {
    test.setTimeout(300_000);
    const admin = await idToken(DEMO.superadmin);
    /** Saves one language of a record's texts (replacing an earlier run's). */
    const translate = async (entity: string, key: string, locale: string, fields: Record<string, string>) => {
      const current = await api<{ data: { translations: Record<string, { version: number | null }> } }>(
        `translation/${entity}/${key}`,
        admin,
      );
      const version = current.body.data.translations[locale]!.version;
      const saved = await api(`translation/${entity}/${key}/${locale}`, admin, {
        json: version === null ? { fields } : { fields, version },
      });
      expect(saved.status, `${entity} ${key}`).toBe(200);
    };
    const first = async (entity: string) =>
      (await api<{ data: { key: string; english: string }[] }>(`translation/list?entity=${entity}&per_page=100`, admin))
        .body.data;

    // A practice theme in Russian, a gallery photo's title in Chinese, a profile theme and a NUA thrust in French.
    // A published practice of its own, in the theme translated.
    const category = { slug: 'culture-heritage' };
    await publishedPractice(admin, category.slug);
    await translate('practice-category', category.slug, 'ru', { name: 'Тема практики по-русски' });
    const media = (await (await fetch(`${BASE_URL}/api/public/cms/video`)).json()) as {
      data: { uuid: string; title: string }[];
    };
    await translate('cms-item', media.data[0]!.uuid, 'zh', { title: '论坛照片（中文标题）' });
    await translate('profile-category', 'demography-urbanisation', 'fr', {
      name: 'Démographie et urbanisation (traduit)',
    });
    // The first theme of a cycle's regional picture.
    await page.goto('/regional-reports');
    const cycle = await page.locator('main a[href^="/regional-reports/"]').first().getAttribute('href');
    await page.goto(cycle!);
    const themePath = (await page.locator('main h2 a').first().getAttribute('href'))!;
    const thrust = (await first('thrust')).find((t) => t.key.toLowerCase() === themePath.split('/').at(-1))!;
    await translate('thrust', thrust.key, 'fr', { name: 'Axe traduit en français' });
    await rebuild(admin);

    const inPageLanguage = async (text: string, lang: string) => {
      const shown = page.getByText(text, { exact: true }).first();
      await expect(shown).toBeAttached();
      expect(await shown.evaluate((el) => el.closest('[lang]')?.getAttribute('lang'))).toBe(lang);
    };
    await page.goto(`/ru/best-practices-overview`);
    await inPageLanguage('Тема практики по-русски', 'ru');
    await page.goto(`/ru/best-practices-overview/category/${category.slug}`);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Тема практики по-русски');
    await page.goto('/zh/media-gallery');
    await inPageLanguage('论坛照片（中文标题）', 'zh-Hans');
    await page.goto('/fr/urbanisation-profile/view/PH');
    await inPageLanguage('Démographie et urbanisation (traduit)', 'fr');
    await page.goto(`/fr${cycle}`);
    await inPageLanguage('Axe traduit en français', 'fr');
    await page.getByRole('link', { name: 'Axe traduit en français' }).first().click();
    await expect(page).toHaveURL(new RegExp(`/fr${themePath}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Axe traduit en français');
    // English pages keep the English.
    await page.goto('/media-gallery');
    await expect(page.getByText('论坛照片（中文标题）')).toHaveCount(0);
  },
);
