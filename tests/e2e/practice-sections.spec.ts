import { expect, test, type Page } from '@playwright/test';
import { DEMO, expectPath, signIn, watchConsole } from './support.ts';

/**
 * Decision 047: the practice editor's narrative sections on the questionnaire's data-entry kit.
 * Each section saves on leaving it, with its own version and a line saying where it stands; a
 * section changed meanwhile in another browser shows theirs and yours; text typed offline waits
 * on this computer and goes when the connection is back. In Thai, Chinese, Persian and Russian.
 */

const section = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
const CONTEXT = 'Context: the situation before';
const contextText = (page: Page) => section(page, CONTEXT).getByLabel(CONTEXT);
/** The browser's own reports of a request that could not leave (offline) and of the expected 409. */
const expectedNoise = (problem: string) =>
  /ERR_INTERNET_DISCONNECTED|Failed to fetch|net::ERR|status of 409/.test(problem);

test(
  'sections save one by one; a conflict with another ' + 'browser’s save shows theirs and yours; offline text waits',
  async ({ browser }, testInfo) => {
    test.setTimeout(180_000);
    const mine = await browser.newContext();
    const author = await mine.newPage();
    const authorProblems = watchConsole(author);
    await signIn(author, DEMO.member);
    await expectPath(author, '/dashboard');
    await author.goto('/module/best-practice/form');
    const title = `河岸步道 ${Date.now().toString(36)}`;
    await author.getByLabel('Title').fill(title);
    await author.getByRole('button', { name: 'Create draft' }).click();
    await expect(author.getByRole('heading', { level: 1, name: title })).toBeVisible({ timeout: 30_000 });
    const practiceUrl = author.url();

    // Autosave: the section says it is saved, and so does the page.
    await contextText(author).fill('ชุมชนริมคลองไม่มีทางเดินที่ปลอดภัย');
    await contextText(author).blur();
    await expect(section(author, CONTEXT).getByRole('status')).toHaveText(/^Saved at \d\d:\d\d$/);
    await expect(author.getByText('All changes saved')).toBeVisible();

    // A colleague changes the same section in another browser.
    const theirs = await browser.newContext();
    const colleague = await theirs.newPage();
    const colleagueProblems = watchConsole(colleague);
    await signIn(colleague, DEMO.stateAdmin);
    await expectPath(colleague, '/dashboard');
    await colleague.goto(practiceUrl);
    await contextText(colleague).fill('ساکنان کنار کانال مسیر امنی نداشتند');
    await contextText(colleague).blur();
    await expect(section(colleague, CONTEXT).getByRole('status')).toHaveText(/^Saved at \d\d:\d\d$/);

    // The author, still on the old version, changes it too: theirs and yours, side by side.
    await contextText(author).fill('Жители у канала не имели безопасного прохода');
    await contextText(author).blur();
    await expect(
      section(author, CONTEXT).getByText('Someone else changed this answer meanwhile: choose which to keep.'),
    ).toBeVisible();
    await expect(section(author, CONTEXT).getByText(/^Theirs, by Maria Santos/)).toBeVisible();
    await expect(section(author, CONTEXT).getByText('ساکنان کنار کانال مسیر امنی نداشتند')).toBeVisible();
    await author.setViewportSize({ width: 1366, height: 900 });
    await section(author, CONTEXT).screenshot({ path: testInfo.outputPath('conflict-1366.png') });
    await author.setViewportSize({ width: 390, height: 844 });
    await section(author, CONTEXT).screenshot({ path: testInfo.outputPath('conflict-390.png') });
    await section(author, CONTEXT).getByRole('button', { name: 'Keep mine' }).click();
    await expect(section(author, CONTEXT).getByRole('status')).toHaveText(/^Saved at \d\d:\d\d$/);
    await colleague.reload();
    await expect(contextText(colleague)).toHaveValue('Жители у канала не имели безопасного прохода', {
      timeout: 30_000,
    });

    // Offline: the text waits on this computer, then goes by itself.
    await mine.setOffline(true);
    const results = section(author, 'Results').getByRole('textbox', { name: 'Results' });
    await results.fill('二十个社区参与了设计');
    await results.blur();
    await expect(
      author
        .getByRole('status')
        .filter({ hasText: 'Offline: your changes are kept on this computer and saved when the connection is back' }),
    ).toBeVisible();
    await expect(
      section(author, 'Results').getByText(
        'Not saved: offline — kept on this device and sent when you are back online.',
      ),
    ).toBeVisible();
    await author.screenshot({ path: testInfo.outputPath('offline-390.png'), fullPage: false });
    await mine.setOffline(false);
    await expect(section(author, 'Results').getByRole('status')).toHaveText(/^Saved at \d\d:\d\d$/, {
      timeout: 20_000,
    });
    await author.setViewportSize({ width: 1366, height: 900 });
    await author.reload();
    await expect(section(author, 'Results').getByRole('textbox', { name: 'Results' })).toHaveValue(
      '二十个社区参与了设计',
      { timeout: 30_000 },
    );
    await expect(section(author, 'Results').getByRole('status')).toHaveText(
      /^Saved \d{1,2} \w{3} \d{4} by Jose Reyes$/,
    );
    await author.screenshot({ path: testInfo.outputPath('editor-1366.png'), fullPage: true });
    expect(authorProblems.filter((p) => !expectedNoise(p))).toEqual([]);
    expect(colleagueProblems).toEqual([]);
    await mine.close();
    await theirs.close();
  },
);
