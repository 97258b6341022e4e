import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectNoAxeViolations, sweepPages } from './support.ts';

/**
 * The public site in ESCAP's four languages (issue 17, decision 038): English at today's
 * addresses, Chinese, French and Russian under their prefix, each page naming the others, a
 * language switch that keeps the page, and no script for any of it.
 */

const LANGUAGES = [
  { prefix: '', lang: 'en', name: 'English' },
  { prefix: '/zh', lang: 'zh-Hans', name: '简体中文' },
  { prefix: '/fr', lang: 'fr', name: 'Français' },
  { prefix: '/ru', lang: 'ru', name: 'Русский' },
];

test('the Chinese home page is in Chinese, names its four languages and loads no script', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  await page.goto('/zh/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-Hans');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('追踪亚洲及太平洋落实《新城市议程》的进展');
  const nav = page.getByRole('navigation', { name: '主导航' }).first();
  await expect(nav.getByRole('link', { name: '最佳做法' })).toBeAttached();
  await expect(page.getByRole('link', { name: '跳至正文' })).toBeAttached();
  const alternates = await page
    .locator('link[rel="alternate"][hreflang]')
    .evaluateAll((links) => links.map((l) => [l.getAttribute('hreflang'), new URL(l.getAttribute('href')!).pathname]));
  expect(alternates).toEqual([
    ['en', '/'],
    ['zh-Hans', '/zh/'],
    ['fr', '/fr/'],
    ['ru', '/ru/'],
    ['x-default', '/'],
  ]);
  // The national reports link stays in Chinese.
  await expect(page.getByRole('contentinfo').getByRole('link', { name: '国家报告' })).toHaveAttribute(
    'href',
    '/zh/national-reports',
  );
  expect(scripts).toEqual([]);
});

test('the language switch keeps the page, each language named in itself', async ({ page }) => {
  await page.goto('/fr/national-reports');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Rapports nationaux');
  const switcher = page.getByRole('navigation', { name: 'Langue' });
  for (const { prefix, lang, name } of LANGUAGES) {
    const link = switcher.getByRole('link', { name });
    await expect(link).toHaveAttribute('href', `${prefix}/national-reports`);
    await expect(link).toHaveAttribute('lang', lang);
    await expect(link).toHaveAttribute('hreflang', lang);
  }
  await expect(switcher.getByRole('link', { name: 'Français' })).toHaveAttribute('aria-current', 'true');
  // Keyboard: the switch's links are reachable and follow.
  await switcher.getByRole('link', { name: 'Русский' }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/ru\/national-reports$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Национальные доклады');
  await page.getByRole('navigation', { name: 'Язык' }).getByRole('link', { name: 'English' }).click();
  await expect(page).toHaveURL(/\/national-reports$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
});

test('English keeps its addresses and its words', async ({ page }) => {
  for (const path of [
    '/',
    '/home',
    '/national-reports',
    '/best-practices',
    '/module',
    '/contact-us',
    '/search',
    '/media-gallery',
  ]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
    await expect(page.locator('html'), path).toHaveAttribute('lang', 'en');
  }
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Tracking the New Urban Agenda/);
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeAttached();
  await page.goto('/best-practices');
  await expect(page.getByRole('heading', { level: 2, name: 'What makes a best practice' })).toBeVisible();
  // A theme's regional charts keep English at their address and name the other languages.
  await page.goto('/regional-reports');
  await page
    .getByRole('link', { name: /^\d{4} reporting cycle$/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/regional-reports\/\d{4}$/);
  await page.locator('main h2 a').first().click();
  await expect(page).toHaveURL(/\/regional-reports\/\d{4}\/[\w-]+$/);
  await expect(page.locator('link[rel="alternate"][hreflang]')).toHaveCount(5);
  await expect(
    page.getByRole('navigation', { name: 'Language' }).getByRole('link', { name: 'Français' }),
  ).toHaveAttribute('href', /^\/fr\/regional-reports\/\d{4}\/[\w-]+$/);
});

test('the sitemap lists every language of the translated pages', async ({ request }) => {
  const xml = await (await request.get('/sitemap.xml')).text();
  const paths = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
  for (const path of [
    '/',
    '/zh/',
    '/fr/',
    '/ru/',
    '/national-reports',
    '/zh/national-reports',
    '/fr/national-reports',
    '/ru/national-reports',
  ]) {
    expect(paths, path).toContain(path);
  }
  for (const path of [
    '/fr/best-practices',
    '/ru/best-practices-overview',
    '/zh/contact-us',
    '/fr/media-gallery',
    '/ru/module',
    '/zh/privacy-policy',
    '/fr/open-data',
  ]) {
    expect(paths, path).toContain(path);
  }
  expect(paths).toContain('/fr/national-reports/status');
  expect(paths.some((p) => /^\/zh\/regional-reports\/\d{4}\/[\w-]+$/.test(p))).toBe(true);
  expect(paths.some((p) => /^\/ru\/national-reports\/status\/\d{4}$/.test(p))).toBe(true);
  expect(paths).not.toContain('/fr/search');
  expect(paths).not.toContain('/fr/contact-us/sent');
});

test('an unknown address under a language prefix gets that language’s not-found page', async ({ page }) => {
  const response = await page.goto('/ru/no-such-page');
  expect(response?.status()).toBe(404);
  await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Страница не найдена');
  await expect(page.getByRole('link', { name: 'На главную страницу' })).toHaveAttribute('href', '/ru/');
});

/** A published report of the e2e data (the demo cycles), as the sitemap lists it in English. */
async function aReportPath(request: APIRequestContext): Promise<string> {
  const xml = await (await request.get('/sitemap.xml')).text();
  const path = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)]
    .map((m) => new URL(m[1]!).pathname)
    .find((p) => /^\/national-reports\/\d{4}\/[A-Z]{2}$/.test(p));
  expect(path, 'a published report in the sitemap').toBeTruthy();
  return path!;
}

test(
  'a national report in Russian: the interface in Russian, the database’s words marked as English, every ' +
    'language named',
  async ({ page, request }) => {
    const english = await aReportPath(request);
    const xml = await (await request.get('/sitemap.xml')).text();
    for (const { prefix } of LANGUAGES)
      expect(xml, `${prefix}${english} in the sitemap`).toContain(`${prefix}${english}</loc>`);
    await page.goto(`/ru${english}`);
    await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
    await expect(page.getByRole('heading', { level: 2, name: 'Содержание' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Резюме' })).toBeVisible();
    await expect(page.getByText(/^Национальный доклад · \d{4}$/)).toBeVisible();
    // Questions come from the database in English, and say so: to screen readers and in words.
    const question = page.locator('main li p.font-medium').first();
    await expect(question).toHaveAttribute('lang', 'en');
    await expect(
      page.getByText('Некоторые части этой страницы ещё не переведены и показаны на английском языке.'),
    ).toBeVisible();
    const alternates = await page
      .locator('link[rel="alternate"][hreflang]')
      .evaluateAll((links) =>
        links.map((l) => [l.getAttribute('hreflang'), new URL(l.getAttribute('href')!).pathname]),
      );
    expect(alternates).toEqual([
      ...LANGUAGES.map(({ prefix, lang }) => [lang, `${prefix}${english}`]),
      ['x-default', english],
    ]);
    await expect(
      page.getByRole('navigation', { name: 'Язык' }).getByRole('link', { name: '简体中文' }),
    ).toHaveAttribute('href', `/zh${english}`);
    // The breadcrumb stays in Russian; the country's other reports exist in English only.
    await expect(
      page
        .getByRole('navigation', { name: 'Навигационная цепочка' })
        .getByRole('link', { name: 'Национальные доклады' }),
    ).toHaveAttribute('href', '/ru/national-reports');
    await expect(page.getByRole('link', { name: /^Все доклады: / })).toHaveAttribute(
      'href',
      /^\/ru\/national-reports\/country\/[A-Z]{2}$/,
    );
    // No English left in the interface (the database's words are marked lang="en" and left out).
    const interfaceText = await page.locator('main').evaluate((main) => {
      const clone = main.cloneNode(true) as HTMLElement;
      for (const el of clone.querySelectorAll('[lang="en"], .sr-only')) el.remove();
      return clone.textContent ?? '';
    });
    for (const words of [
      'Executive summary',
      'Contents',
      'Not answered',
      'Regional median',
      'Data table',
      'Source:',
      'Download',
      'questions answered',
      'Published',
    ]) {
      expect(interfaceText, words).not.toContain(words);
    }
  },
);

test('a national report in French writes its numbers the French way', async ({ page, request }) => {
  const english = await aReportPath(request);
  await page.goto(`/fr${english}`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await expect(page.getByRole('heading', { level: 2, name: 'Résumé' })).toBeVisible();
  const main = (await page.locator('main').textContent()) ?? '';
  // Percentages with the no-break space before "%", decimals with a comma, where the report has them.
  expect(main).toMatch(/\d[\u202f\u00a0]%/);
  expect(main).not.toMatch(/\d%/);
  expect(main).not.toMatch(/\d\.\d[\u202f\u00a0]?%/);
  const chart = page.locator('figure.chart').first();
  if ((await chart.count()) > 0) {
    await expect(chart.getByText('Tableau de données', { exact: true })).toBeVisible();
    await expect(chart.getByText('Médiane régionale', { exact: true })).toBeVisible();
  }
});

test('a theme of the urbanisation profile in French: French numbers, country names and labels', async ({
  page,
  request,
}) => {
  const xml = await (await request.get('/sitemap.xml')).text();
  for (const { prefix } of LANGUAGES)
    expect(xml).toContain(`${prefix}/urbanisation-profile/demography-urbanisation</loc>`);
  expect(xml).toContain('/fr/urbanisation-profile/view</loc>');
  await page.goto('/fr/urbanisation-profile/demography-urbanisation');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  // The theme's name comes from the database in English, and says so: to screen readers and in words.
  await expect(page.getByRole('heading', { level: 1 })).toHaveAttribute('lang', 'en');
  await expect(
    page.getByText('Certaines parties de cette page n’ont pas encore été traduites : elles s’affichent en anglais.'),
  ).toBeVisible();
  const alternates = await page
    .locator('link[rel="alternate"][hreflang]')
    .evaluateAll((links) => links.map((l) => [l.getAttribute('hreflang'), new URL(l.getAttribute('href')!).pathname]));
  expect(alternates).toEqual([
    ...LANGUAGES.map(({ prefix, lang }) => [lang, `${prefix}/urbanisation-profile/demography-urbanisation`]),
    ['x-default', '/urbanisation-profile/demography-urbanisation'],
  ]);
  const section = page.getByRole('region', { name: 'Urban population (% of total population)' });
  await section.getByText('Tableau de données', { exact: true }).first().click();
  const table = section.getByRole('table').first();
  await expect(table.getByRole('columnheader', { name: 'Pays' })).toBeVisible();
  await expect(table.getByRole('row', { name: /Sri Lanka\s+18,71/ })).toBeVisible();
  await expect(table.getByRole('row', { name: /Médiane\s+42,8/ })).toBeVisible();
  // Thousands grouped the French way (a narrow no-break space), countries named in French.
  await expect(page.getByText(/Tokyo \(Japon\)/).first()).toBeVisible();
  const main = (await page.locator('main').textContent()) ?? '';
  expect(main).toMatch(/\d[\u202f\u00a0]\d{3}/);
  expect(main).toMatch(/\d[\u202f\u00a0]%/);
  await expect(page.getByRole('link', { name: 'Télécharger toutes les données de ce thème (CSV)' })).toHaveAttribute(
    'href',
    '/urbanisation-profile/demography-urbanisation.csv',
  );
  await expect(page.getByRole('heading', { level: 2, name: 'Autres thèmes' })).toBeVisible();
  for (const words of ['Data table', 'Download', 'Other themes', 'latest year', 'Median', 'Maps']) {
    const text = await page.locator('main').evaluate((el) => {
      const clone = el.cloneNode(true) as HTMLElement;
      // Words marked English, and the schema.org data for search engines (no reader sees it), aside.
      for (const node of clone.querySelectorAll('[lang="en"], script')) node.remove();
      return clone.textContent ?? '';
    });
    expect(text, words).not.toContain(words);
  }
});

test('a country profile in Chinese, chosen from the Chinese list of countries', async ({ page }) => {
  await page.goto('/zh/urbanisation-profile');
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-Hans');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('城市化概况');
  await expect(page.getByRole('heading', { level: 2, name: '来源和许可' })).toBeVisible();
  // The theme's link stays in Chinese (its name is English unless another test translated it meanwhile).
  await expect(page.locator('main a[href="/zh/urbanisation-profile/demography-urbanisation"]').first()).toBeVisible();
  await page.getByRole('link', { name: '各国概况' }).first().click();
  await expect(page).toHaveURL(/\/zh\/urbanisation-profile\/view$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('各国概况');
  await page.getByRole('link', { name: /菲律宾/ }).click();
  await expect(page).toHaveURL(/\/zh\/urbanisation-profile\/view\/PH$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('菲律宾');
  const card = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: 'Urban population (% of total population)' }) });
  await expect(card.getByRole('heading', { level: 3 })).toHaveAttribute('lang', 'en');
  await expect(page.getByText('本页部分内容尚未翻译，以英文显示。')).toBeVisible();
  await expect(card).toContainText('47.41%');
  await expect(card).toContainText(/区域中位数 42\.8\d?%（18 个国家，2020 年）：高于中位数。/);
  await expect(page.getByRole('heading', { level: 2, name: '其他国家' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: '语言' }).getByRole('link', { name: 'Русский' })).toHaveAttribute(
    'href',
    '/ru/urbanisation-profile/view/PH',
  );
  // The English page has nothing to say of the kind.
  await page.goto('/urbanisation-profile/view/PH');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Philippines');
  await expect(page.getByText(/not been translated yet/)).toHaveCount(0);
});

test('the regional reports in Russian lead to each cycle’s page and to its themes’ charts in Russian', async ({
  page,
}) => {
  await page.goto('/ru/regional-reports');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Региональные доклады');
  await expect(page.getByRole('heading', { level: 2, name: 'Зачем нужен региональный доклад' })).toBeVisible();
  const cycle = page.getByRole('link', { name: /^Цикл представления докладов \d{4} года$/ }).first();
  await expect(cycle).toHaveAttribute('href', /^\/ru\/regional-reports\/\d{4}$/);
  await expect(page.getByRole('navigation', { name: 'Язык' }).getByRole('link', { name: 'Français' })).toHaveAttribute(
    'href',
    '/fr/regional-reports',
  );
  await cycle.click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    /^Ответы стран региона: цикл представления докладов \d{4} года$/,
  );
  // Theme names are database text: English (marked as such) until an administrator translates them.
  await expect(page.locator('main h2 a').first()).toHaveAttribute('lang', 'en');
  await expect(page.locator('main h2 a').first()).toHaveAttribute('href', /^\/ru\/regional-reports\/\d{4}\/[\w-]+$/);
  await page.locator('main h2 a').first().click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
  await expect(page.getByRole('heading', { level: 2, name: /^Темы \d{4} года$/ })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Другие темы' })).toBeAttached();
  // Chart words are Russian; a yes/no chart counts by subregion in Russian.
  await expect(page.getByText('Таблица данных').first()).toBeAttached();
  const main = await page.locator('main').innerText();
  expect(main).not.toMatch(/\b(?:answered by|Data year|Which countries|All countries|Subregion)\b/);
});

test('translated pages pass axe', async ({ page }) => {
  test.setTimeout(240_000);
  const report = await aReportPath(page.request);
  const paths = [
    '/zh/',
    '/fr/national-reports',
    '/ru/',
    '/ru/page-not-found',
    `/zh${report}`,
    `/fr${report}`,
    '/ru/urbanisation-profile/housing-slums',
    '/fr/urbanisation-profile/view',
    '/ru/urbanisation-profile/view/PH',
    '/zh/urbanisation-profile',
    '/fr/regional-reports',
    // Decision 041.
    '/zh/best-practices',
    '/ru/best-practices-overview',
    '/ru/contact-us',
    '/zh/media-gallery',
    '/fr/media-gallery/event',
    '/fr/search',
    '/ru/module',
    '/zh/asia-pacific-region',
    '/fr/privacy-policy',
    '/ru/national-urban-agenda',
    '/zh/open-data',
    '/fr/server-error',
    '/ru/unauthorized-access',
  ];
  const problems = await sweepPages(page, paths, async (page, path) => {
    await page.goto(path);
    await expectNoAxeViolations(page, path, { bestPractice: true });
  });
  expect(problems, 'console errors on translated pages').toEqual([]);
});

/** The main content's text without what the database wrote (marked lang="en") and what only screen readers hear. */
async function interfaceText(page: Page): Promise<string> {
  return page.locator('main').evaluate((main) => {
    const clone = main.cloneNode(true) as HTMLElement;
    for (const el of clone.querySelectorAll('[lang="en"], .sr-only, script')) el.remove();
    return clone.textContent ?? '';
  });
}

async function alternatesOf(page: Page): Promise<string[][]> {
  return page
    .locator('link[rel="alternate"][hreflang]')
    .evaluateAll((links) => links.map((l) => [l.getAttribute('hreflang')!, new URL(l.getAttribute('href')!).pathname]));
}

test('the contact form in Russian: its page, its labels and the script’s messages in Russian', async ({ page }) => {
  await page.goto('/ru/contact-us');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Связаться с нами');
  expect(await alternatesOf(page)).toEqual([
    ...LANGUAGES.map(({ prefix, lang }) => [lang, `${prefix}/contact-us`]),
    ['x-default', '/contact-us'],
  ]);
  await expect(page.getByLabel('Ваше имя')).toBeVisible();
  await expect(page.locator('form[data-contact-form]')).toHaveAttribute('action', '/api/contact-us?lang=ru');
  await page.getByRole('button', { name: 'Отправить' }).click();
  await expect(page.getByRole('alert')).toContainText('Исправьте поля ниже.');
  await expect(page.locator('#contact-name-error')).toHaveText('Заполните поле «Ваше имя».');
  await page.getByLabel('Ваш адрес электронной почты').fill('ana');
  await page.getByLabel('Ваш адрес электронной почты').blur();
  await expect(page.locator('#contact-email-error')).toHaveText(
    'Введите адрес электронной почты в виде name@example.org.',
  );
  expect(await interfaceText(page)).not.toMatch(/Your name|Send message|is required|Please/);
  await page.getByRole('navigation', { name: 'Язык' }).getByRole('link', { name: 'English' }).click();
  await expect(page).toHaveURL(/\/contact-us$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Contact us');
});

test('a plain post of the French form comes back to the French pages', async ({ request }) => {
  const refused = await request.post('/api/contact-us?lang=fr', {
    form: { name: 'A', email: 'x', subject: 'Hi', message: 'short' },
    maxRedirects: 0,
  });
  expect(refused.status()).toBe(303);
  expect(refused.headers()['location']).toMatch(/^\/fr\/contact-us\?error=invalid/);
});

test('the site search in French finds French pages, and the English search English ones', async ({ page }) => {
  await page.goto('/fr/search?q=pratiques');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Rechercher sur le site');
  await expect(page.getByRole('status')).toHaveText(/^\d+ résultats? pour « pratiques »\.$/);
  const links = page.locator('#search-results li h2 a');
  await expect(links.first()).toBeVisible();
  const hrefs = await links.evaluateAll((as) => as.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
  expect(
    hrefs.every((h) => h.startsWith('/fr/')),
    hrefs.join(' '),
  ).toBe(true);
  // The kind filter is offered in French, and filters French pages.
  await expect(page.getByLabel('Type de page').locator('option')).toContainText([
    'Tous les types',
    'Rapport national',
    'Bonne pratique',
    'Profil d’urbanisation',
    'Page',
    'Médias',
  ]);
  await page.goto('/search?q=practices');
  await expect(page.getByRole('status')).toHaveText(/results? for “practices”\.$/);
  // The count comes before the results' fragments: wait for the first result.
  await expect(page.locator('#search-results li h2 a').first()).toBeVisible();
  const english = await page
    .locator('#search-results li h2 a')
    .evaluateAll((as) => as.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
  expect(english.length).toBeGreaterThan(0);
  expect(
    english.some((h) => /^\/(zh|fr|ru)\//.test(h)),
    english.join(' '),
  ).toBe(false);
});

test('the media gallery, the programme’s pages, open data and the error pages in every language', async ({ page }) => {
  const pages: [string, string][] = [
    ['/zh/media-gallery', '媒体库'],
    ['/fr/media-gallery', 'Médiathèque'],
    ['/ru/open-data', 'Открытые данные'],
    ['/zh/search', '站内搜索'],
  ];
  for (const [path, heading] of pages) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }), path).toHaveText(heading);
  }
  await page.goto('/ru/module');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
  await expect(page.getByRole('heading', { level: 2, name: 'Компоненты программы' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Национальные доклады' }).last()).toHaveAttribute(
    'href',
    '/ru/national-reports',
  );
  await page.goto('/fr/asia-pacific-region');
  await expect(page.getByRole('heading', { level: 2, name: 'Pays et territoires par sous-région' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 3, name: /^Asie du Sud-Est/ })).toBeVisible();
  await page.goto('/fr/server-error');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Un problème est survenu de notre côté');
  await page.goto('/zh/unauthorized-access?reason=forbidden');
  await expect(page.getByRole('heading', { level: 1, name: '您无权访问此页面' })).toBeVisible();
});

test('the reporting status in Russian: the statuses, the subregions and the country names in Russian', async ({
  page,
}) => {
  await page.goto('/ru/national-reports/status');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ход представления докладов');
  await page
    .getByRole('link', { name: /^Цикл представления докладов \d{4} года$/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/ru\/national-reports\/status\/\d{4}$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Ход представления докладов: цикл \d{4} года$/);
  const text = await interfaceText(page);
  for (const words of [
    'Reports submitted',
    'Not started',
    'In progress',
    'Published',
    'Every country',
    'Subregion',
    'South-East Asia',
    'Country',
  ])
    expect(text, words).not.toContain(words);
  await expect(page.getByRole('heading', { level: 2, name: 'Страны по статусу' })).toBeVisible();
  await expectNoAxeViolations(page, 'the reporting status in Russian', { bestPractice: true });
});

test('at 1280 and 1366 px the French and Russian headers keep every label on one line, within the page', async ({
  page,
}) => {
  for (const prefix of ['/fr', '/ru', '/zh']) {
    for (const width of [1280, 1366]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${prefix}/best-practices`);
      const nav = page
        .locator('header nav[aria-label]')
        .filter({ has: page.locator(':scope > ul') })
        .first();
      for (const item of await nav.locator(':scope > ul > li > a, :scope > ul > li > details > summary').all()) {
        const box = (await item.boundingBox())!;
        expect(box.height, `${prefix} ${await item.textContent()} at ${width} px`).toBeLessThan(44);
      }
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth),
        `${prefix} at ${width} px`,
      ).toBeLessThanOrEqual(width);
    }
  }
});
