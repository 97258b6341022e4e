/** Paths the back-office island owns: served its shell page, the island routes them. */
export function isBackofficePath(path: string): boolean {
  return (
    /^\/(dashboard|admin|content-management)(\/|$)/.test(path) ||
    /^\/module\/.+/.test(path) ||
    /^\/profile(\/completion)?\/?$/.test(path)
  );
}
