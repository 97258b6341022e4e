import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { SiteFiles } from '../../src/server/site-files.ts';

/** The inline scripts of the fixture pages, to check their CSP hashes against. */
export const HOME_INLINE_SCRIPT = "console.log('island loader');";
export const SHELL_INLINE_SCRIPT = 'window.__backoffice = true;';
export const ASSET_PATH = '/_astro/app.Bx3kT9qa.js';

const paragraph = '<p>Sustainable, inclusive cities for the Asia-Pacific region.</p>';
const page = (title: string, head: string, body: string) =>
  `<!doctype html><html><head><title>${title}</title>${head}</head><body>${body}</body></html>`;

/** A tiny built site in a temp folder, loaded as the server loads a real build. */
export async function createSiteFixture(): Promise<{ dir: string; files: SiteFiles; pages: Record<string, string> }> {
  const dir = mkdtempSync(join(tmpdir(), 'apua-site-'));
  const pages: Record<string, string> = {
    '/index.html': page(
      'Home',
      `<script type="module">${HOME_INLINE_SCRIPT}</script>` +
        '<script type="application/ld+json">{"@type":"Organization"}</script>' +
        `<script type="module" src="${ASSET_PATH}"></script>`,
      paragraph.repeat(20),
    ),
    '/about/index.html': page('About', '', '<h1>About</h1>'),
    '/app-shell/index.html': page(
      'Back-office',
      '',
      `<div id="backoffice"></div><script>${SHELL_INLINE_SCRIPT}</script>`,
    ),
    '/404.html': page('Not found', '', '<h1>Page not found</h1>'),
    '/server-error/index.html': page('Error', '', '<h1>Something went wrong</h1>'),
    [ASSET_PATH]: 'export const greet = (name) => `Hello ${name}`;\n'.repeat(40),
    '/robots.txt': 'User-agent: *\n',
  };
  for (const [path, content] of Object.entries(pages)) {
    const file = join(dir, path);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, content);
  }
  return { dir, files: await SiteFiles.load(dir), pages };
}
