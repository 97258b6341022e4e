/**
 * Full navigations to pages outside the island (login, error pages). Kept in one place so the
 * stores that decide them stay testable without a browser.
 */
export const leave = {
  replace(url: string): void {
    location.replace(url);
  },
  assign(url: string): void {
    location.assign(url);
  },
  /** The same page again: how a change of language takes effect (issue 17). */
  reload(): void {
    location.reload();
  },
};
