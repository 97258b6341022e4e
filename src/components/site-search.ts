/**
 * The site search (src/pages/search.astro): reads q, kind and country from the address, asks the
 * static Pagefind index the build wrote under /pagefind/, and lists the results. Only this page
 * loads it; without JavaScript the page shows its <noscript> guidance instead.
 */
import { loadAllScriptFonts } from '../lib/fonts/web-fonts.ts';
import { formatMessage } from '../lib/i18n/message-format.ts';

interface PagefindResultData {
  url: string;
  excerpt: string;
  meta: { title?: string };
  filters: Record<string, string[]>;
}
interface Pagefind {
  options(options: Record<string, unknown>): Promise<void>;
  search(
    term: string,
    options?: { filters?: Record<string, string> },
  ): Promise<{ results: { data(): Promise<PagefindResultData> }[] }>;
}

export const PAGE_SIZE = 10;

/** The page's sentences for the script (the search page's `data-messages`, in its language; ICU messages). */
export interface SearchMessages {
  prompt: string;
  searching: string;
  unavailable: string;
  none: string;
  noneFor: string;
  results: string;
  resultsFor: string;
}

export const ENGLISH_MESSAGES: SearchMessages = {
  prompt: 'Type what you are looking for, then choose Search.',
  searching: 'Searching…',
  unavailable:
    'The search is not available at the moment. Please try again later, or browse the sections listed below.',
  none: 'No results. Try other words, or remove a filter.',
  noneFor: 'No results for “{query}”. Try other words, or remove a filter.',
  results: '{count, plural, one {# result.} other {# results.}}',
  resultsFor: '{count, plural, one {# result for “{query}”.} other {# results for “{query}”.}}',
};

/** The status line after a search, in the page's language: its plural rule and its digits (the one formatter). */
export function resultLine(messages: SearchMessages, lang: string, count: number, query: string): string {
  const message =
    count === 0 ? (query ? messages.noneFor : messages.none) : query ? messages.resultsFor : messages.results;
  return formatMessage(lang, message, { count, query }, { markup: 'raw' });
}

function pageMessages(status: HTMLElement): SearchMessages {
  try {
    return { ...ENGLISH_MESSAGES, ...(JSON.parse(status.dataset['messages'] ?? '{}') as Partial<SearchMessages>) };
  } catch {
    return ENGLISH_MESSAGES;
  }
}

/** The excerpt's text with Pagefind's <mark> highlights kept and nothing else. */
export function excerptNodes(doc: Document, html: string): Node[] {
  const template = doc.createElement('template');
  template.innerHTML = html;
  const nodes: Node[] = [];
  for (const node of Array.from(template.content.childNodes)) {
    if (node.nodeType === 1 && (node as Element).tagName === 'MARK') {
      const mark = doc.createElement('mark');
      mark.textContent = node.textContent;
      nodes.push(mark);
    } else {
      nodes.push(doc.createTextNode(node.textContent ?? ''));
    }
  }
  return nodes;
}

export async function runSiteSearch(doc: Document, location: Location): Promise<void> {
  const params = new URLSearchParams(location.search);
  const q = (params.get('q') ?? '').trim();
  const kind = params.get('kind') ?? '';
  const country = params.get('country') ?? '';
  const status = doc.querySelector<HTMLElement>('#search-status')!;
  const list = doc.querySelector<HTMLOListElement>('#search-results')!;
  const more = doc.querySelector<HTMLButtonElement>('#search-more')!;
  const messages = pageMessages(status);
  const lang = doc.documentElement.lang || 'en';
  doc.querySelector('#search-nojs')?.remove();
  if (!q && !kind && !country) {
    status.textContent = messages.prompt;
    return;
  }
  status.textContent = messages.searching;
  let pagefind: Pagefind;
  try {
    const url = new URL('/pagefind/pagefind.js', location.href).href;
    pagefind = (await import(/* @vite-ignore */ url)) as Pagefind;
    await pagefind.options({ excerptLength: 28 });
  } catch {
    status.textContent = messages.unavailable;
    return;
  }
  const filters: Record<string, string> = {};
  if (kind) filters['kind'] = kind;
  if (country) filters['country'] = country;
  // Results quote pages in any script: the whole set of script fonts, each file fetched only if shown.
  loadAllScriptFonts(doc);
  const search = await pagefind.search(q || (null as unknown as string), { filters });
  const results = search.results;
  status.textContent = resultLine(messages, lang, results.length, q);
  let shown = 0;
  const showMore = async () => {
    const page = await Promise.all(results.slice(shown, shown + PAGE_SIZE).map((r) => r.data()));
    for (const data of page) {
      const item = doc.createElement('li');
      item.className = 'rounded-xl border border-slate-200 bg-white p-5';
      const kindLabel = data.filters['kind']?.[0];
      if (kindLabel) {
        const label = doc.createElement('p');
        label.className = 'text-sm font-semibold text-accent-700';
        label.textContent = [kindLabel, data.filters['country']?.[0]].filter(Boolean).join(' · ');
        item.append(label);
      }
      const heading = doc.createElement('h2');
      heading.className = 'mt-1 text-lg font-semibold text-slate-900';
      const link = doc.createElement('a');
      link.href = data.url;
      link.className = 'underline-offset-2 hover:underline';
      link.textContent = data.meta.title ?? data.url;
      link.dir = 'auto';
      heading.append(link);
      const excerpt = doc.createElement('p');
      excerpt.className = 'mt-2 text-slate-700';
      excerpt.dir = 'auto';
      excerpt.append(...excerptNodes(doc, data.excerpt));
      item.append(heading, excerpt);
      list.append(item);
    }
    if (page.length > 0 && shown > 0) list.querySelectorAll<HTMLAnchorElement>('li a')[shown]?.focus();
    shown += page.length;
    more.hidden = shown >= results.length;
  };
  more.addEventListener('click', () => void showMore());
  await showMore();
}
