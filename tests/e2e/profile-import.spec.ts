import { expect, test, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { readFile } from 'node:fs/promises';
import { DEMO, expectNoAxeViolations, expectPath, signIn, watchConsole } from './support.ts';

/**
 * The profile's import and export in the files people have (issue 18, items 5 and 6): a CSV as
 * Excel saves it where the decimal mark is a comma (semicolons, a byte-order mark, CRLF) is read
 * as such and the preview says so; an Excel workbook is imported; the figures of a theme download
 * as a workbook that holds them; the figures form names each indicator by name, unit and SDG
 * reference, without tiers. Screens at 1366 and 390 pixels are kept for a look.
 */

/** A year of the past no other spec writes (drafts only: nothing reaches the public site). */
const YEAR = 1955 + (Date.now() % 40);
const WATER = 'Urban population using safely managed drinking water (%)';

async function shoot(page: Page, name: string) {
  for (const width of [1366, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.screenshot({ path: test.info().outputPath(`profile-import-${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1366, height: 900 });
}

async function workbook(rows: (string | number)[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Figures');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

test('a semicolon CSV with decimal commas and an Excel workbook are imported; a theme downloads as a workbook', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const problems = watchConsole(page);
  await signIn(page, DEMO.stateAdmin, undefined, '/module/urbanisation-profile/analytics');
  await expectPath(page, '/module/urbanisation-profile/analytics');
  const panel = page.getByRole('region', { name: 'Import figures from a file' });

  const csv =
    `\uFEFFcountry_code;indicator;year;value;source;note\r\nPH;WATER_URBAN_PCT;${YEAR};92,5;"PSA; ` +
    `census";Перепись населения\r\nPH;URB_GROWTH;${YEAR};1,75;PSA;ข้อมูลเบื้องต้น\r\n`;
  await panel.getByLabel('File').setInputFiles({ name: 'figures.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await panel.getByRole('button', { name: 'Preview' }).click();
  await expect(panel.getByTestId('import-format')).toHaveText(
    'semicolon-separated text, decimal comma, 2 rows of figures',
  );
  await expect(panel.getByText('2 to change, 0 unchanged, 0 with problems.')).toBeVisible();
  await expect(panel.getByRole('table', { name: 'Figures the import would change' }).getByRole('row')).toHaveCount(3);
  await expectNoAxeViolations(page, 'import preview');
  await shoot(page, 'preview');
  await panel.getByRole('button', { name: 'Import 2 figures' }).click();
  await expect(page.getByRole('status', { name: 'Notifications' })).toContainText('2 figures imported.');

  // A workbook with a bad row: the preview names its row as Excel numbers it; nothing can be imported.
  const bad = await workbook([
    ['country_code', 'indicator', 'year', 'value', 'source'],
    ['PH', 'URB_GROWTH', YEAR + 1, 2.25, 'PSA'],
    ['PH', 'URB_GROWTH', YEAR + 2, '12,5,3', 'PSA'],
  ]);
  await panel.getByLabel('File').setInputFiles({
    name: 'figures.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: bad,
  });
  await panel.getByRole('button', { name: 'Preview' }).click();
  await expect(panel.getByTestId('import-format')).toHaveText(
    'Excel workbook, sheet “Figures”, numbers typed as text read with a decimal point, 2 rows of figures',
  );
  await expect(panel.getByText(/^Row 3, column value: '12,5,3' is not a number/)).toBeVisible();
  await expect(panel.getByRole('button', { name: /^Import/ })).toBeDisabled();
  const good = await workbook([
    ['country_code', 'indicator', 'year', 'value', 'source'],
    ['PH', 'URB_GROWTH', YEAR + 1, 2.25, 'PSA'],
  ]);
  await panel.getByLabel('File').setInputFiles({
    name: 'figures.xlsx',
    buffer: good,
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  });
  await panel.getByRole('button', { name: 'Preview' }).click();
  await panel.getByRole('button', { name: 'Import 1 figure' }).click();
  await expect(page.getByRole('status', { name: 'Notifications' })).toContainText('1 figure imported.');

  // A wrong file says what to do.
  await panel
    .getByLabel('File')
    .setInputFiles({ name: 'figures.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.7\n') });
  await panel.getByRole('button', { name: 'Preview' }).click();
  await expect(panel.getByRole('alert')).toContainText('choose an Excel workbook (.xlsx) or a CSV file');

  // The theme's figures as a workbook: the figures imported above, numbers as numbers.
  const exportPanel = page.getByRole('region', { name: 'Download figures' });
  await exportPanel.getByLabel('Theme', { exact: true }).selectOption({ label: 'Demography and urbanisation' });
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    exportPanel.getByRole('link', { name: 'Excel workbook (.xlsx)' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('urbanisation-profile-demography-urbanisation.xlsx');
  const book = new ExcelJS.Workbook();
  await book.xlsx.load((await readFile((await download.path())!)) as never);
  const rows = book.worksheets[0]!.getSheetValues().filter(Boolean) as unknown[][];
  // The columns after these (licence, origin: decision 030) are checked by the API tests.
  expect(rows.map((row) => row.slice(0, 10))).toContainEqual([
    undefined,
    'PH',
    'URB_GROWTH',
    YEAR,
    1.75,
    'PSA',
    'false',
    'ข้อมูลเบื้องต้น',
    'demography-urbanisation',
    'draft',
  ]);
  expect(rows).toContainEqual(expect.arrayContaining(['PH', 'URB_GROWTH', YEAR + 1, 2.25]));
  expect(problems).toEqual([]);
});

test('the figures form names each indicator by its name, unit and SDG reference, without tiers', async ({ page }) => {
  const problems = watchConsole(page);
  await signIn(
    page,
    DEMO.stateAdmin,
    undefined,
    `/module/urbanisation-profile/analytics/basic-services/PH/${YEAR}/form`,
  );
  const field = page.locator('#q-WATER_URBAN_PCT');
  await expect(field.getByRole('heading', { name: WATER })).toBeVisible();
  await expect(field).toContainText('SDG 6.1.1');
  await expect(field).toContainText('Unit: %');
  await expect(field).toContainText('Code WATER_URBAN_PCT');
  // No tier filter, no tier label, no code as a heading or a section name.
  await expect(page.getByRole('group', { name: 'Tier' })).toHaveCount(0);
  await expect(page.getByText(/Tier \d/)).toHaveCount(0);
  await expect(page.getByRole('heading', { name: /basic-services|WATER_URBAN_PCT/ })).toHaveCount(0);
  await expect(page.locator('#q-WATER_URBAN_PCT-value')).toHaveValue('92.5');
  await expectNoAxeViolations(page, 'figures form');
  await shoot(page, 'form');
  expect(problems).toEqual([]);
});
