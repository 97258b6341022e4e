import { expect, test, type Browser, type Page } from '@playwright/test';
import { api, countryAccount } from './support.ts';

const PASSWORD = 'Language-Test-2026';

/** An active country member in Thailand whose language the account has not chosen yet. */
function member(): Promise<{ email: string; token: string }> {
  return countryAccount({
    prefix: 'language',
    name: 'Somchai Wongsakul',
    password: PASSWORD,
    country: 'TH',
    role: 'state_member',
    before: (me) => expect(me.language).toBeNull(),
  });
}

/** Signs in whatever the sign-in page's language: by the fields' types, not their labels. */
async function signInAnyLanguage(page: Page, email: string) {
  await page.goto('/login');
  await page.locator('input[type="email"]').fill(email);
  await page.locator('input[type="password"]').fill(PASSWORD);
  await page.locator('form button[type="submit"]').click();
  await page.waitForURL((url) => url.pathname === '/dashboard', { timeout: 30_000 });
}

async function openIn(browser: Browser, locale: string) {
  const context = await browser.newContext({ locale });
  return { context, page: await context.newPage() };
}

const accountLanguage = async (token: string) =>
  (await api<{ language: string | null }>('whoami', token)).body.language;

test('the first sign-in takes the browser’s language; the top bar changes it for every later sign-in', async ({
  browser,
}) => {
  const { email, token } = await member();

  // A French browser: the account takes French, the back-office speaks it.
  const french = await openIn(browser, 'fr-FR');
  await signInAnyLanguage(french.page, email);
  await expect(french.page.locator('html')).toHaveAttribute('lang', 'fr');
  const button = french.page.getByRole('button', { name: 'Langue : Français' });
  await expect(button).toBeVisible();
  await expect.poll(() => accountLanguage(token)).toBe('fr');

  // The top bar's menu names each language in itself; Русский reloads the page in Russian.
  await button.click();
  await expect(french.page.getByRole('menuitem')).toHaveText(['English', '简体中文', 'Français', 'Русский']);
  await french.page.getByRole('menuitem', { name: 'Русский' }).click();
  await expect(french.page.locator('html')).toHaveAttribute('lang', 'ru');
  await expect(french.page.getByRole('button', { name: 'Язык: Русский' })).toBeVisible();
  await expect.poll(() => accountLanguage(token)).toBe('ru');
  // The sidebar and the dashboard speak Russian too.
  const menu = french.page.getByRole('navigation', { name: 'Главное меню' });
  await expect(menu.getByRole('link', { name: 'Панель управления' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Национальные доклады' })).toBeVisible();
  await expect(french.page.getByRole('heading', { level: 1, name: 'Панель управления' })).toBeVisible();
  await expect(french.page.getByRole('heading', { name: 'Ваша учетная запись' })).toBeVisible();
  await expect(french.page.getByText('Национальный координатор').first()).toBeVisible();
  await expect(french.page).toHaveTitle('Панель управления · Asia-Pacific Urban Agenda');
  await french.context.close();

  // Another browser, in English: the account's Russian wins after sign-in.
  const english = await openIn(browser, 'en-US');
  await signInAnyLanguage(english.page, email);
  await expect(english.page.locator('html')).toHaveAttribute('lang', 'ru');
  await expect(english.page.getByRole('button', { name: 'Язык: Русский' })).toBeVisible();
  await english.page.getByRole('button', { name: 'Язык: Русский' }).click();
  await english.page.getByRole('menuitem', { name: 'English' }).click();
  await expect(english.page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(english.page.getByRole('button', { name: 'Language: English' })).toBeVisible();
  await expect.poll(() => accountLanguage(token)).toBe('en');
  await english.context.close();
});

test('the sign-in page in a French browser is in French', async ({ browser }) => {
  const { context, page } = await openIn(browser, 'fr-FR');
  await page.goto('/login');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await expect(page.getByRole('heading', { level: 1, name: 'Se connecter' })).toBeVisible();
  await expect(page.getByLabel('Adresse électronique', { exact: true })).toBeVisible();
  await expect(page.getByLabel('Mot de passe', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Mot de passe oublié ?' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Se connecter avec Google', exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Créer un compte' })).toBeVisible();
  await expect(page).toHaveTitle('Se connecter · Asia-Pacific Urban Agenda');
  // The page around the form is French too, at the plain address.
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Nous contacter' })).toHaveAttribute(
    'href',
    '/fr/contact-us',
  );
  await expect(page.locator('a.skip-link')).toHaveText('Aller au contenu');

  // A wrong password is told in French, from the identity service's error code.
  await page.getByLabel('Adresse électronique', { exact: true }).fill('nobody@e2e.example');
  await page.getByLabel('Mot de passe', { exact: true }).fill('Wrong-Password-2026');
  await page.getByRole('button', { name: 'Se connecter', exact: true }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'L’adresse électronique ou le mot de passe est incorrect.' }),
  ).toBeVisible();
  await context.close();
});

test('the sign-in pages follow the language this browser chose last, then the browser’s', async ({ browser }) => {
  const { context, page } = await openIn(browser, 'ru-RU');
  await page.goto('/signup');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
  await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Главная' })).toHaveAttribute('href', '/ru/');
  // A language chosen in this browser (the account's, remembered at sign-in) wins over the browser's.
  await context.addCookies([{ name: 'apua-language', value: 'zh', url: page.url() }]);
  await page.goto('/login?next=%2Fdashboard');
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-Hans');
  await expect(page.getByRole('contentinfo').getByRole('link', { name: '联系我们' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('登录');
  // An address that names its language keeps it.
  await page.goto('/fr/login');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await expect(page.getByRole('heading', { level: 1, name: 'Se connecter' })).toBeVisible();
  await context.close();
});
