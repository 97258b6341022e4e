import { describe, expect, test } from 'vitest';
import { renderMarkdown } from './markdown.ts';

describe('renderMarkdown', () => {
  test('headings, lists, emphasis and links', () => {
    expect(renderMarkdown('# Title\n\nSome **bold** and *italic* [a link](https://example.org).\n\n- one\n- two', 2)).toBe(
      '<h2>Title</h2>\n<p>Some <strong>bold</strong> and <em>italic</em> <a href="https://example.org">a link</a>.</p>\n<ul><li>one</li><li>two</li></ul>',
    );
  });
  test('HTML and unsafe links stay text', () => {
    const html = renderMarkdown('<script>alert(1)</script> [x](javascript:alert(1)) <img src=x onerror=alert(1)>');
    expect(html).not.toMatch(/<script|<img|href="javascript/);
    expect(html).toContain('&lt;script&gt;');
  });
  test('headings fit the page outline whatever level the writer starts at, never skipping one', () => {
    const levels = (md: string, base = 2) => [...renderMarkdown(md, base).matchAll(/<h(\d)>/g)].map((m) => Number(m[1]));
    expect(levels('## Heritage\n\nText.')).toEqual([2]);
    expect(levels('### A\n\n#### B\n\n### C')).toEqual([2, 3, 2]);
    expect(levels('# A\n\n### Deeper by two\n\n#### Deeper still')).toEqual([2, 3, 4]);
    expect(levels('## A', 3)).toEqual([3]);
  });
});
