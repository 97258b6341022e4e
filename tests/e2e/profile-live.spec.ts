import { expect, test, type Page } from '@playwright/test';
import { api, DEMO, idToken } from './support.ts';

/**
 * Issue 15: a profile figure published through the API reaches the live site by itself (no
 * "Publish site"): once the build it queued is live, the theme page with its chart and data
 * table, the theme's CSV file, the country page and the site search show it; withdrawing it
 * takes it off all of them again (the defect: a withdrawn figure stayed on the theme page).
 */

const THEME = 'housing-slums';
const INDICATOR = 'Urban population living in slums (% of urban population)';
const COUNTRY = { code: 'KH', name: 'Cambodia' };
const YEAR = 2018;
const VALUE = 41.7;
const DATASET = `profile/analytics/${THEME}/${COUNTRY.code}/${YEAR}`;
// A word no other page has (letters only, so the search reads it as one word).
const WORD = `Quillmarsh${[...Date.now().toString(26)].map((c) => String.fromCharCode(97 + parseInt(c, 26))).join('')}`;

interface Dataset {
  data: { version: number; exists: boolean; status: 'draft' | 'published' };
}
interface SiteStatus {
  data: { current: { state: string }; live: { since: string } | null; lastFailure: unknown };
}

/** Runs `change` and waits until the build it queued (one started after it) is live. */
async function liveAfter(token: string, change: () => Promise<void>): Promise<void> {
  const started = new Date().toISOString();
  await change();
  await expect
    .poll(
      async () => {
        const { body } = await api<SiteStatus>('site/status', token);
        expect(body.data.lastFailure).toBeNull();
        return body.data.current.state === 'idle' && (body.data.live?.since ?? '') > started;
      },
      { timeout: 180_000, intervals: [1000] },
    )
    .toBe(true);
}

async function setPublished(token: string, published: boolean): Promise<void> {
  const { body } = await api<Dataset>(DATASET, token);
  const answer = await api<Dataset>(`${DATASET}/publish`, token, { json: { published, version: body.data.version } });
  expect(answer.status).toBe(200);
  expect(answer.body.data.status).toBe(published ? 'published' : 'draft');
}

async function slumsTable(page: Page) {
  await page.goto(`/urbanisation-profile/${THEME}`);
  const section = page.getByRole('region', { name: INDICATOR });
  await expect(section.getByRole('img', { name: new RegExp(`${escape(INDICATOR)}, ${YEAR}`) })).toBeVisible();
  await section.getByText('Data table').first().click();
  return section.getByRole('table').first();
}

async function themeCsv(page: Page): Promise<string> {
  return (await page.request.get(`/urbanisation-profile/${THEME}.csv`)).text();
}

async function searchFor(page: Page, word: string) {
  await page.goto(`/search?q=${encodeURIComponent(word)}`);
  return page.getByRole('status');
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

test('a figure published through the API shows on the live site, and withdrawing it takes it off again', async ({
  page,
}) => {
  test.setTimeout(480_000);
  const token = await idToken(DEMO.superadmin);
  const current = await api<Dataset>(DATASET, token);
  // A retry may find the first attempt's figure still public: take it down first.
  if (current.body.data.status === 'published') await liveAfter(token, () => setPublished(token, false));
  const saved = await api<Dataset>(`${DATASET}/saved`, token, {
    json: {
      values: [
        {
          indicator: 'SLUM_PCT',
          value: VALUE,
          data_year: YEAR,
          source: 'Cambodia Socio-Economic Survey',
          note: `Survey ${WORD}`,
        },
      ],
      ...(current.body.data.exists && { version: (await api<Dataset>(DATASET, token)).body.data.version }),
    },
  });
  expect(saved.status).toBe(200);

  await liveAfter(token, () => setPublished(token, true));
  const table = await slumsTable(page);
  await expect(table.getByRole('row', { name: new RegExp(`${COUNTRY.name}\\s+${VALUE}`) })).toBeVisible();
  await expect(table.getByRole('row', { name: /Myanmar\s+58\.3/ })).toBeVisible();
  const csv = await themeCsv(page);
  expect(csv).toContain(`SLUM_PCT,${INDICATOR},11.1.1,${COUNTRY.code},${COUNTRY.name},${YEAR},${VALUE},%`);
  expect(csv).toContain(`Survey ${WORD}`);

  await page.goto(`/urbanisation-profile/view/${COUNTRY.code}`);
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: INDICATOR }) });
  await expect(card).toContainText(String(VALUE));
  await expect(card).toContainText(`Survey ${WORD}`);

  // The site search's index is made with the build: it finds the country page by the figure's note.
  await expect(await searchFor(page, WORD)).toHaveText(`1 result for “${WORD}”.`);
  const result = page.getByRole('link', { name: COUNTRY.name, exact: true });
  await expect(result).toHaveAttribute('href', new RegExp(`/urbanisation-profile/view/${COUNTRY.code}/?$`));

  await liveAfter(token, () => setPublished(token, false));
  const after = await slumsTable(page);
  await expect(after.getByRole('row', { name: /Myanmar\s+58\.3/ })).toBeVisible();
  await expect(after.getByRole('row', { name: new RegExp(COUNTRY.name) })).toHaveCount(0);
  const csvAfter = await themeCsv(page);
  expect(csvAfter).not.toContain(`,${COUNTRY.code},${COUNTRY.name},${YEAR},`);
  expect(csvAfter).not.toContain(WORD);
  await page.goto(`/urbanisation-profile/view/${COUNTRY.code}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(COUNTRY.name);
  await expect(page.getByRole('heading', { name: INDICATOR })).toHaveCount(0);
  await expect(page.getByText(WORD)).toHaveCount(0);
  await expect(await searchFor(page, WORD)).toHaveText(
    `No results for “${WORD}”. Try other words, or remove a filter.`,
  );
});
