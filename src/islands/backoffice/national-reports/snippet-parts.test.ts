import { describe, expect, test } from 'vitest';
import { snippetParts } from './snippet-parts.ts';

describe('snippetParts', () => {
  test('the marks split the text; everything else is unescaped text, never markup', () => {
    expect(snippetParts('…Новое <mark>жильё</mark> &lt;script&gt;x&amp;y&quot;&#39;…')).toEqual([
      { text: '…Новое ', marked: false },
      { text: 'жильё', marked: true },
      { text: ` <script>x&y"'…`, marked: false },
    ]);
  });

  test('an escaped mark written in an answer stays text', () => {
    expect(snippetParts('&lt;mark&gt;not a match&lt;/mark&gt;')).toEqual([
      { text: '<mark>not a match</mark>', marked: false },
    ]);
  });

  test('&amp;lt; is unescaped once', () => {
    expect(snippetParts('a &amp;lt; b')).toEqual([{ text: 'a &lt; b', marked: false }]);
  });
});
