import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, test } from 'vitest';
import { inlineScriptHashes, QUICK_COMPRESS_FROM, SiteFiles } from './site-files.ts';

const hash = (source: string) => `'sha256-${createHash('sha256').update(source).digest('base64')}'`;

describe('inlineScriptHashes', () => {
  test('hashes classic and module inline scripts, exactly as written', () => {
    const html =
      '<script>let a = 1;</script>' +
      `<SCRIPT type="module">\n  import('/x.js');\n</SCRIPT>` +
      "<script type='text/javascript'>b()</script>";
    expect(inlineScriptHashes(html)).toEqual([hash('let a = 1;'), hash("\n  import('/x.js');\n"), hash('b()')]);
  });

  test('skips external scripts and data blocks', () => {
    const html =
      '<script src="/a.js"></script>' +
      `<script type="module" src='/b.js'>x</script>` +
      '<script type="application/ld+json">{"a":1}</script>' +
      '<script type="importmap">{}</script>';
    expect(inlineScriptHashes(html)).toEqual([]);
  });

  test('script text in content is no script: attributes, text, comments, textareas and noscript add no hash', () => {
    // What Astro writes for a CMS item whose title, description and link hold script text:
    // attribute values escape only & and ", text escapes < and >.
    const title = '<script>alert(1)</script>';
    const description = '"></div><script>steal()</script><div data-x="';
    const link = 'https://example.org/?q=</script><script>evil()</script>';
    const page = (items: string) =>
      '<!doctype html><html><head><title>Media</title><script type="module">enhance(document)</script></head><body>' +
      items +
      '</body></html>';
    const attr = (value: string) => value.replaceAll('&', '&amp;').replaceAll('"', '&quot;');
    const text = (value: string) => value.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
    const hostile = page(
      `<div class="video-facade" data-title="${attr(title)}" data-embed="${attr(link)}">` +
        `<img alt="${attr(title)}" src="/a.webp"><a href="${attr(link)}" ` +
        `title="${attr(description)}">${text(title)}</a>` +
        `<p>${text(description)}</p></div>` +
        `<!-- ${title} --><textarea>${title}</textarea><noscript>${title}</noscript><title>${title}</title>` +
        `<svg><desc>${text(title)}</desc></svg><div data-a='${title}' data-b=${'x'}>${text(link)}</div>`,
    );
    const plain = page('<div class="video-facade" data-title="A title"><p>A description</p></div>');
    expect(inlineScriptHashes(hostile)).toEqual(inlineScriptHashes(plain));
    expect(inlineScriptHashes(hostile)).toEqual([hash('enhance(document)')]);
  });

  test('hashes what the browser hashes: real scripts anywhere, SVG ones, template ones, CRLF as LF', () => {
    const html =
      '<p>before</p><script>\r\nlet a = 1;\r\n</script>' +
      '<svg><script type="text/ecmascript">b()</script></svg>' +
      '<template><script>c()</script></template>' +
      '<script type=" TEXT/JAVASCRIPT ">d()</script>' +
      '<script type="text/plain">not run</script><script type="text/javascript; charset=utf-8">not run</script>';
    expect(inlineScriptHashes(html)).toEqual([hash('\nlet a = 1;\n'), hash('b()'), hash('c()'), hash('d()')]);
  });

  test('lists a repeated script once; an empty script still has a hash', () => {
    expect(inlineScriptHashes('<script>x()</script><p></p><script>x()</script>')).toEqual([hash('x()')]);
    expect(inlineScriptHashes('<script></script>')).toEqual([hash('')]);
  });
});

function site(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'apua-site-unit-'));
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), content);
  }
  return dir;
}

/** Practice page `n`: some sixty lines of text that compress as a real page's do. */
function practicePage(n: number): string {
  const step = (i: number) => `<p>Community upgrading step ${(i * 7919 + n) % 997} in ward ${i}</p>`;
  return `<article><h1>Practice ${n}</h1>${Array.from({ length: 60 }, (_, i) => step(i)).join('\n')}</article>`;
}

/** A build with enough new pages to be compressed quickly first: home (page 0), practices 1 to QUICK_COMPRESS_FROM. */
function manyPages(): Record<string, string> {
  const pages: Record<string, string> = { 'index.html': practicePage(0) };
  for (let n = 1; n <= QUICK_COMPRESS_FROM; n++) pages[`practice/${n}/index.html`] = practicePage(n);
  return pages;
}

describe('SiteFiles', () => {
  test('refuses a folder without index.html', async () => {
    await expect(SiteFiles.load(site({ 'about.html': 'x' }))).rejects.toThrow(/no index.html/);
  });

  test('resolves exact files, folder indexes and .html pages', async () => {
    const files = await SiteFiles.load(
      site({
        'index.html': 'home',
        'about/index.html': 'about',
        'privacy.html': 'privacy',
        'a b/index.html': 'spaced',
      }),
    );
    expect(files.size).toBe(4);
    expect(files.resolve('/')?.body.toString()).toBe('home');
    expect(files.resolve('/about')?.body.toString()).toBe('about');
    expect(files.resolve('/about/')?.body.toString()).toBe('about');
    expect(files.resolve('/privacy')?.body.toString()).toBe('privacy');
    expect(files.resolve('/a%20b')?.body.toString()).toBe('spaced');
    expect(files.resolve('/missing')).toBeUndefined();
  });

  test('refuses path traversal, NUL bytes and bad escapes', async () => {
    const root = site({ 'site/index.html': 'home', 'secret.txt': 'secret' });
    const files = await SiteFiles.load(join(root, 'site'));
    const attempts = [
      '/../secret.txt',
      '/..%2fsecret.txt',
      '/%2e%2e/secret.txt',
      '/x/../../secret.txt',
      '/index.html%00',
      '/%E0%A4%A',
    ];
    for (const path of attempts) {
      expect(files.resolve(path), path).toBeUndefined();
    }
  });

  test('types, caching and compression of files', async () => {
    const big = 'body { color: red; }\n'.repeat(100);
    const files = await SiteFiles.load(
      site({ 'index.html': '<script>go()</script>', '_astro/app.A1b2C3.css': big, 'logo.png': 'png', 'data.bin': 'x' }),
    );
    const css = files.get('/_astro/app.A1b2C3.css')!;
    expect(css).toMatchObject({ type: 'text/css; charset=utf-8', immutable: true, scriptHashes: [] });
    expect(css.br!.length).toBeLessThan(css.body.length);
    expect(css.gzip!.length).toBeLessThan(css.body.length);
    expect(css.etag).toMatch(/^"[\w-]{22}"$/);
    const home = files.get('/index.html')!;
    expect(home).toMatchObject({ type: 'text/html; charset=utf-8', immutable: false, br: null, gzip: null });
    expect(home.scriptHashes).toEqual([hash('go()')]);
    expect(files.get('/logo.png')).toMatchObject({ type: 'image/png', br: null });
    expect(files.get('/data.bin')?.type).toBe('application/octet-stream');
  });

  test('the open-data catalogue is served as JSON-LD, and compressed like the other metadata', async () => {
    const catalogue = JSON.stringify({ '@context': {}, '@type': 'dcat:Catalog', 'dcat:dataset': [] }).repeat(40);
    const files = await SiteFiles.load(
      site({ 'index.html': 'home', 'open-data/catalog.jsonld': catalogue, 'open-data/x.csv-metadata.json': '{}' }),
    );
    const served = files.get('/open-data/catalog.jsonld')!;
    expect(served.type).toBe('application/ld+json; charset=utf-8');
    expect(served.br!.length).toBeLessThan(served.body.length);
    expect(files.get('/open-data/x.csv-metadata.json')?.type).toBe('application/json; charset=utf-8');
  });

  test('the ETag changes with the content', async () => {
    const a = await SiteFiles.load(site({ 'index.html': 'one' }));
    const b = await SiteFiles.load(site({ 'index.html': 'two' }));
    expect(a.get('/index.html')!.etag).not.toBe(b.get('/index.html')!.etag);
  });

  test(
    'a file unchanged since the previous build keeps its ' + 'compressed bodies; a changed one is compressed anew',
    async () => {
      const big = (word: string) => `<p>${word}</p>\n`.repeat(200);
      const first = await SiteFiles.load(site({ 'index.html': big('home'), 'about/index.html': big('about') }));
      const next = await SiteFiles.load(
        site({ 'index.html': big('new home'), 'about/index.html': big('about'), 'about.txt': big('about') }),
        first,
      );
      // Same bytes: the very same compressed buffers, no work.
      expect(next.get('/about/index.html')!.br).toBe(first.get('/about/index.html')!.br);
      expect(next.get('/about/index.html')!.gzip).toBe(first.get('/about/index.html')!.gzip);
      // Changed bytes: compressed again, and the compressed body is the new page's.
      const home = next.get('/index.html')!;
      expect(home.br).not.toBe(first.get('/index.html')!.br);
      expect(brotliDecompressSync(home.br!).toString()).toBe(big('new home'));
      expect(gunzipSync(home.gzip!).toString()).toBe(big('new home'));
      // The same bytes under another kind of file are not taken for it (its type and script hashes differ).
      expect(next.get('/about.txt')!.br).not.toBe(first.get('/about/index.html')!.br);
      expect(brotliDecompressSync(next.get('/about.txt')!.br!).toString()).toBe(big('about'));
    },
  );

  test(
    'a build with many new files goes live with quick ' + 'bodies, then refine() brings them to full quality',
    async () => {
      const pages = manyPages();
      const first = await SiteFiles.load(site(pages));
      expect(first.unrefined).toBe(QUICK_COMPRESS_FROM + 1);
      const quickBody = first.get('/practice/7/index.html')!.br!;
      expect(brotliDecompressSync(quickBody).toString()).toBe(practicePage(7));

      // Another instance loading the archive knows which bodies are quick.
      expect(SiteFiles.fromArchive('copy', first.toArchive()).unrefined).toBe(QUICK_COMPRESS_FROM + 1);

      // Stopped when no longer wanted (a newer build went live): nothing more is done.
      expect(await first.refine(() => false)).toBe(0);
      expect(await first.refine()).toBe(QUICK_COMPRESS_FROM + 1);
      expect(first.unrefined).toBe(0);
      const refined = first.get('/practice/7/index.html')!;
      expect(refined.br!.length).toBeLessThan(quickBody.length);
      expect(brotliDecompressSync(refined.br!).toString()).toBe(practicePage(7));

      // A publish that changes one page compresses it at full quality straight away and keeps the rest.
      const next = await SiteFiles.load(site({ ...pages, 'index.html': practicePage(-1) }), first);
      expect(next.unrefined).toBe(0);
      expect(next.get('/practice/7/index.html')!.br).toBe(refined.br);
    },
  );

  test(
    'with quick compression every body is final at quality ' + '5: nothing is left to refine, small builds included',
    async () => {
      const pages = manyPages();
      const first = await SiteFiles.load(site(pages), null, 'quick');
      expect(first.unrefined).toBe(0);
      expect(brotliDecompressSync(first.get('/practice/7/index.html')!.br!).toString()).toBe(practicePage(7));

      // A publish of one page compresses it quickly too, where `full` uses quality 11 (smaller).
      const changed = { ...pages, 'index.html': practicePage(-1) };
      const quick = (await SiteFiles.load(site(changed), first, 'quick')).get('/index.html')!.br!;
      const full = (await SiteFiles.load(site(changed), first)).get('/index.html')!.br!;
      expect(brotliDecompressSync(quick).toString()).toBe(practicePage(-1));
      expect(quick.length).toBeGreaterThan(full.length);
    },
  );
});
