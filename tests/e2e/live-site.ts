/**
 * Helpers of the live-site specs (issue 15, item 2): a change made through the API reaches the
 * public site by itself (its change event queues the rebuild; nobody presses "Publish site"),
 * and so does its withdrawal. Each kind of public data checks its page, its open data where it has
 * some, and the site search as a visitor's browser runs it.
 */
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { api } from './support.ts';

/** A word no page of the site holds yet, to search for (letters only: Pagefind indexes it whole). */
export function uniqueWord(prefix: string): string {
  const letters = Array.from({ length: 8 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');
  return `${prefix}${letters}`;
}

interface BuildStatus {
  data: { current: { state: string }; live: { since: string } | null; lastFailure: { reason: string } | null };
}

/**
 * Waits until a build that went live after `since` is the live one and nothing is queued or
 * building: the build the change queued by itself. Times out (failing the test) when the change
 * queued none.
 */
export async function waitForLiveBuild(token: string, since: string): Promise<void> {
  await expect
    .poll(
      async () => {
        const { body } = await api<BuildStatus>('site/status', token);
        expect(body.data.lastFailure?.reason ?? null).toBeNull();
        return body.data.current.state === 'idle' && (body.data.live?.since ?? '') > since;
      },
      { message: 'a site build queued by the change went live', timeout: 240_000, intervals: [1000] },
    )
    .toBe(true);
}

/**
 * Runs `change` (API calls) and waits for the rebuild it queued by itself. The time is taken from
 * the server's clock side (the build's `since` is the server's), so both run on the same machine.
 */
export async function changeAndWaitForSite(token: string, change: () => Promise<unknown>): Promise<void> {
  const since = new Date().toISOString();
  await change();
  await waitForLiveBuild(token, since);
}

/** The public page answers 200 and shows `title` as its main heading. */
export async function expectPageShows(page: Page, path: string, title: string): Promise<void> {
  const response = await page.goto(path);
  expect(response?.status(), path).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(title);
}

/** The public page is gone: the site's 404. */
export async function expectPageGone(request: APIRequestContext, path: string): Promise<void> {
  // 410 while the page is withdrawn from a build that still holds it (decision 053), 404 once a build leaves it out.
  expect([404, 410], path).toContain((await request.get(path)).status());
}

/** The text of a public file, or null when the site has no such file (404). */
export async function publicText(request: APIRequestContext, path: string): Promise<string | null> {
  const response = await request.get(path);
  if (response.status() === 404 || response.status() === 410) return null;
  expect(response.status(), path).toBe(200);
  return response.text();
}

/** The site search (the /search page, Pagefind in the browser) for `word`: the result titles it lists. */
export async function searchResults(page: Page, word: string): Promise<string[]> {
  await page.goto(`/search?q=${encodeURIComponent(word)}`);
  const status = page.getByRole('status');
  await expect(status).toHaveText(new RegExp(`(results? for|No results for) “${word}”`));
  if (/^No results/.test((await status.textContent()) ?? '')) return [];
  return page.locator('#search-results li a').allTextContents();
}

/** The search finds a page titled `title` for `word`. */
export async function expectSearchFinds(page: Page, word: string, title: string): Promise<void> {
  expect((await searchResults(page, word)).map((t) => t.trim())).toContain(title);
}

/**
 * The search no longer lists the page titled `title` for `word`. (Other pages may come up: with
 * no page holding the word, Pagefind also tries its beginning, e.g. "Forum" of "Forumxyz".)
 */
export async function expectSearchMisses(page: Page, word: string, title: string): Promise<void> {
  expect((await searchResults(page, word)).map((t) => t.trim())).not.toContain(title);
}
