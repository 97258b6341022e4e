/**
 * `node scripts/check-links.ts [dir] [--server URL]`: every internal link of a built site leads
 * somewhere. It walks the built HTML (default: $SITE_OUT_DIR or ./dist), and resolves each
 * internal href, src, srcset, form action and #fragment against the built files and the routes
 * the server adds (the back-office shell, /uploads/*, the public API). With --server, uploads and
 * API routes are asked of that running server; without it they are listed as not checked.
 * Exits 1 if any link is broken. `checkLinks` does the same for a test (the e2e runner checks
 * the first build, the best-practice spec the build that publishes its practice).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { isBackofficePath } from '../src/server/backoffice-paths.ts';

interface Link {
  page: string;
  attr: string;
  url: string;
  method?: string;
}

export interface LinkReport {
  /** The built HTML pages walked, as paths of the site (`/best-practices/index.html`). */
  pages: string[];
  /** How many internal links were checked. */
  checked: number;
  /** One line per broken link: the page, the attribute and what is wrong. */
  broken: string[];
  /** Server routes (API, uploads) left unchecked because no server was named. */
  unchecked: string[];
}

function walk(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const full = join(folder, name);
    return statSync(full).isDirectory() ? walk(full) : [full];
  });
}

const decode = (s: string) =>
  s.replace(/&amp;/g, '&').replace(/&#(\d+);/g, (_, n: string) => String.fromCharCode(Number(n)));

/**
 * Checks every internal link of the site built in `dir`; with `server` (the running portal's
 * address), the API and upload routes they name are asked of it.
 */
export async function checkLinks(dir: string, options: { server?: string } = {}): Promise<LinkReport> {
  if (!existsSync(join(dir, 'index.html')))
    throw new Error(`${dir} holds no index.html: build the site first (or name its folder)`);
  const server = options.server?.replace(/\/+$/, '');
  const files = walk(dir);
  const urlOf = (file: string) => '/' + relative(dir, file).split(sep).join('/');
  const htmlPages = files.filter((f) => f.endsWith('.html'));
  const builtPaths = new Set(files.map(urlOf));

  /** The built file a path is served from, as the server resolves it (src/server/site-files.ts). */
  function builtFile(path: string): string | null {
    const trimmed = path.endsWith('/') ? path.slice(0, -1) : path;
    for (const candidate of [path, `${trimmed}/index.html`, `${trimmed}.html`])
      if (builtPaths.has(candidate)) return candidate;
    return null;
  }

  const idsOf = new Map<string, Set<string>>();
  function idsIn(builtPath: string): Set<string> {
    let ids = idsOf.get(builtPath);
    if (!ids) {
      const html = readFileSync(join(dir, builtPath), 'utf8');
      ids = new Set([...html.matchAll(/\sid="([^"]+)"/g)].map((m) => decode(m[1]!)));
      idsOf.set(builtPath, ids);
    }
    return ids;
  }

  function linksOf(file: string): Link[] {
    const page = urlOf(file);
    const html = readFileSync(file, 'utf8');
    const links: Link[] = [];
    for (const tag of html.matchAll(/<(a|link|img|source|script|iframe|form|video|audio)\b([^>]*)>/gi)) {
      const attrs = tag[2]!;
      for (const m of attrs.matchAll(/\s(href|src|srcset|action|poster|data-embed)="([^"]*)"/gi)) {
        const attr = m[1]!.toLowerCase();
        const value = decode(m[2]!);
        if (attr === 'data-embed') continue;
        const urls = attr === 'srcset' ? value.split(',').map((c) => c.trim().split(/\s+/)[0]!) : [value];
        const method =
          tag[1]!.toLowerCase() === 'form'
            ? (/\smethod="([^"]*)"/i.exec(attrs)?.[1] ?? 'get').toLowerCase()
            : undefined;
        for (const url of urls) if (url) links.push({ page, attr, url, ...(method ? { method } : {}) });
      }
    }
    return links;
  }

  const broken: string[] = [];
  const unchecked = new Set<string>();
  const remote = new Map<string, Promise<boolean>>();
  let checked = 0;

  /** Routes the server answers itself, asked of the running server. */
  function askServer(path: string, method: string): Promise<boolean> {
    const key = `${method} ${path}`;
    let answer = remote.get(key);
    if (!answer) {
      answer = (async () => {
        // A POST endpoint is probed with an empty body: it must answer (400 for the empty body), not 404.
        const init: RequestInit =
          method === 'post'
            ? { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' }
            : { method: 'GET' };
        const response = await fetch(`${server}${path}`, init);
        return response.status !== 404 && response.status !== 405 && response.status < 500;
      })();
      remote.set(key, answer);
    }
    return answer;
  }

  for (const file of htmlPages) {
    for (const link of linksOf(file)) {
      if (/^(mailto:|tel:|data:|javascript:)/i.test(link.url)) continue;
      let target: URL;
      try {
        target = new URL(link.url, `http://site.invalid${link.page}`);
      } catch {
        broken.push(`${link.page}: ${link.attr}="${link.url}" is not a URL`);
        continue;
      }
      if (target.host !== 'site.invalid') continue; // External: not ours to check.
      checked++;
      const path = decodeURIComponent(target.pathname);
      const where = `${link.page}: ${link.attr}="${link.url}"`;
      const built = builtFile(path);
      if (built) {
        const fragment = decodeURIComponent(target.hash.slice(1));
        if (fragment && built.endsWith('.html') && !idsIn(built).has(fragment))
          broken.push(`${where}: no element with id "${fragment}"`);
        continue;
      }
      if (isBackofficePath(path)) continue; // The server sends the back-office shell.
      if (path.startsWith('/api/') || path.startsWith('/uploads/')) {
        if (!server) {
          unchecked.add(path);
          continue;
        }
        if (!(await askServer(path, link.method ?? 'get'))) broken.push(`${where}: the server does not answer ${path}`);
        continue;
      }
      broken.push(`${where}: no such page or file in the build`);
    }
  }
  return { pages: htmlPages.map(urlOf), checked, broken: [...new Set(broken)], unchecked: [...unchecked] };
}

/** What the command prints: a count, the server routes left unchecked, the broken links. */
export function printLinkReport(dir: string, report: LinkReport): void {
  console.log(`Checked ${report.checked} internal links on ${report.pages.length} pages of ${dir}.`);
  if (report.unchecked.length > 0)
    console.log(
      `Not checked (server routes; pass --server ` +
        `URL): ${report.unchecked.slice(0, 5).join(', ')}${report.unchecked.length > 5 ? ' …' : ''}`,
    );
  if (report.broken.length > 0)
    console.error(`${report.broken.length} broken link(s):\n  ${report.broken.join('\n  ')}`);
  else console.log('No broken links.');
}

if (import.meta.main) {
  const args = process.argv.slice(2);
  const serverAt = args.indexOf('--server');
  const server = serverAt >= 0 ? args[serverAt + 1] : undefined;
  const dir =
    args.find((a, i) => !a.startsWith('--') && (serverAt < 0 || i !== serverAt + 1)) ??
    process.env['SITE_OUT_DIR'] ??
    'dist';
  if (!existsSync(join(dir, 'index.html'))) {
    console.error(`${dir} holds no index.html: build the site first (or name its folder)`);
    process.exit(2);
  }
  const report = await checkLinks(dir, server ? { server } : {});
  printLinkReport(dir, report);
  if (report.broken.length > 0) process.exit(1);
}
