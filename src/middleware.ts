/**
 * Every page built gets, before </head>, the @font-face rules of the scripts its own text holds
 * and nothing for text the brand typeface's Latin file draws: an English page names no other
 * font, a page with Thai and Chinese names the Thai files and only the Chinese slices it uses
 * (decision 034). Runs at build for the prerendered pages; other responses pass as they are.
 * Each page's render is also recorded with what it read, for its cache key (decision 045).
 */
import { defineMiddleware } from 'astro:middleware';
import { scriptFonts } from './components/script-fonts.ts';
import { withoutSystemFontText } from './lib/fonts/web-fonts.ts';
import { renderedRecord } from './components/page-data.ts';
import { beginPage, endPage, pageId, recordPage } from './lib/public-api/page-reads.ts';

export const onRequest = defineMiddleware(async (context, next) => {
  // Only the build records (one page at a time); the dev server renders requests side by side.
  const id = import.meta.env.DEV ? null : pageId(context.routePattern, context.params);
  if (id) beginPage(id);
  let response: Response;
  let html: string | null = null;
  try {
    response = await next();
    if (response.headers.get('Content-Type')?.startsWith('text/html')) html = await response.text();
  } finally {
    const read = id ? endPage(id) : null;
    if (id && read) recordPage(id, await renderedRecord(id, read));
  }
  if (html === null) return response;
  const css = scriptFonts.cssFor(withoutSystemFontText(html));
  const end = html.indexOf('</head>');
  const body =
    css && end >= 0 ? `${html.slice(0, end)}<style data-script-fonts>${css}</style>${html.slice(end)}` : html;
  return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
});
