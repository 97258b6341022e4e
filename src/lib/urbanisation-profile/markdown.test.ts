import { describe, expect, test } from 'vitest';
import { renderMarkdown } from './markdown.ts';

/** The href attributes of the rendered HTML, as the browser reads them. */
const hrefsOf = (html: string) =>
  [...html.matchAll(/<a href="([^"]*)"/g)].map((m) =>
    m[1]!
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&'),
  );

describe('renderMarkdown', () => {
  test('headings, lists, emphasis and links', () => {
    expect(
      renderMarkdown('# Title\n\nSome **bold** and *italic* [a link](https://example.org).\n\n- one\n- two', 2),
    ).toBe(
      '<h2>Title</h2>\n<p>Some <strong>bold</strong> and <em>italic</em> <a href="https://example.org">a ' +
        'link</a>.</p>\n<ul>\n<li>one</li>\n<li>two</li>\n</ul>',
    );
  });

  test(
    'what today’s pages use: numbered lists either way, * bullets, a single line break, site paths and mail ' + 'links',
    () => {
      expect(renderMarkdown('1. first\n2. second')).toBe('<ol>\n<li>first</li>\n<li>second</li>\n</ol>');
      expect(renderMarkdown('1) first\n2) second\n\n* star')).toBe(
        '<ol>\n<li>first</li>\n<li>second</li>\n</ol>\n<ul>\n<li>star</li>\n</ul>',
      );
      expect(renderMarkdown('line one\nline two')).toBe('<p>line one<br>line two</p>');
      expect(renderMarkdown('[Themes](/urbanisation-profile) or [write](mailto:info@example.org "Mail us")')).toBe(
        '<p><a href="/urbanisation-profile">Themes</a> or <a href="mailto:info@example.org" title="Mail ' +
          'us">write</a></p>',
      );
      expect(renderMarkdown('')).toBe('');
    },
  );

  test('HTML and unsafe links stay text', () => {
    const html = renderMarkdown('<script>alert(1)</script> [x](javascript:alert(1)) <img src=x onerror=alert(1)>');
    expect(html).not.toMatch(/<script|<img|href="javascript/);
    expect(html).toContain('&lt;script&gt;');
    expect(renderMarkdown('Text with <b onclick="x()">inline</b> tags')).toBe(
      '<p>Text with &lt;b onclick=&quot;x()&quot;&gt;inline&lt;/b&gt; tags</p>',
    );
  });

  test('links to other hosts written as paths are text (they were links off the site)', () => {
    expect(renderMarkdown('[x](//evil.example/x)')).toBe('<p>x</p>');
    expect(renderMarkdown('[x](/\\evil.example)')).toBe('<p>x</p>');
    expect(renderMarkdown('[x](/\\/evil.example) [y](<//evil.example>) [z](///evil.example)')).toBe('<p>x y z</p>');
  });

  test('no emphasis inside a link target (http://a*b*c gave an <em> inside the href)', () => {
    const html = renderMarkdown('[x](http://a*b*c) and http://a*b*c and <http://a_b_c>');
    // A bare address ends where the text's emphasis starts (linkify's reading): never markup in a target.
    expect(hrefsOf(html)).toEqual(['http://a*b*c', 'http://a', 'http://a_b_c']);
    expect(html).not.toMatch(/href="[^"]*</);
    expect(renderMarkdown('[**bold** label](https://example.org/*x*)')).toBe(
      '<p><a href="https://example.org/*x*"><strong>bold</strong> label</a></p>',
    );
  });

  test('scripts, data and encoded schemes are never a link, however written', () => {
    const hostile = [
      '[x](javascript:alert(1))',
      '[x](JAVASCRIPT:alert(1))',
      '[x](<javascript:alert(1)>)',
      '[x](&#106;avascript:alert(1))',
      '[x](&#x6A;avascript:alert(1))',
      '[x](javascript&#58;alert(1))',
      '[x](&#x2F;&#x2F;evil.example)',
      '[x](java&#x09;script:alert(1))',
      '[x](java\\script:alert(1))',
      '[x](data:text/html;base64,PHNjcmlwdD4=)',
      '[x](vbscript:msgbox)',
      '[x]( javascript:alert(1))',
      '[x][r]\n\n[r]: javascript:alert(1)',
      '<javascript:alert(1)>',
      '![x](javascript:alert(1))',
      '[x](\u0000javascript:alert(1))',
    ];
    for (const md of hostile) {
      const html = renderMarkdown(md);
      expect(hrefsOf(html), md).toEqual([]);
      expect(html, md).not.toMatch(/<a |<img |javascript:[^<]*"/i);
    }
  });

  test('what the browser reads from an href is the target as written: quotes and ampersands escaped once', () => {
    const html = renderMarkdown('<https://ok.example/a?b=1&c=2> [q](https://ok.example/?q="x"&r=\'y\')');
    expect(hrefsOf(html)).toEqual(['https://ok.example/a?b=1&c=2', 'https://ok.example/?q="x"&r=\'y\'']);
    expect(html).toContain('href="https://ok.example/a?b=1&amp;c=2"');
    expect(renderMarkdown('[t](https://ok.example "say \\"hi\\"")')).toBe(
      '<p><a href="https://ok.example" title="say &quot;hi&quot;">t</a></p>',
    );
  });

  test('a picture is shown as its description, escaped', () => {
    expect(renderMarkdown('![A "city" <view>](https://ok.example/p.png)')).toBe(
      '<p>A &quot;city&quot; &lt;view&gt;</p>',
    );
  });

  test('headings fit the page outline whatever level the writer starts at, never skipping one', () => {
    const levels = (md: string, base = 2) =>
      [...renderMarkdown(md, base).matchAll(/<h(\d)>/g)].map((m) => Number(m[1]));
    expect(levels('## Heritage\n\nText.')).toEqual([2]);
    expect(levels('### A\n\n#### B\n\n### C')).toEqual([2, 3, 2]);
    expect(levels('# A\n\n### Deeper by two\n\n#### Deeper still')).toEqual([2, 3, 4]);
    expect(levels('## A', 3)).toEqual([3]);
    expect(levels('# A\n\n###### F', 5)).toEqual([5, 6]);
  });
});
