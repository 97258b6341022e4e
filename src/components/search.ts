import type { Locale } from '../i18n/locales.ts';
import { translator, type MessageKey } from '../i18n/t.ts';

/** The kinds of page the site search tells apart (Pagefind's "kind" filter), in the order it offers them. */
export const SEARCH_KINDS = ['National report', 'Best practice', 'Urbanisation profile', 'Page', 'Media'] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

const KIND_KEYS: Record<SearchKind, MessageKey> = {
  'National report': 'searchPage.kindReport',
  'Best practice': 'searchPage.kindPractice',
  'Urbanisation profile': 'searchPage.kindProfile',
  Page: 'searchPage.kindPage',
  Media: 'searchPage.kindMedia',
};

/**
 * A kind's name in a language. Pagefind keeps one index per `<html lang>` (decision 041), so each
 * language's pages carry their kind in that language and its search page offers those names.
 */
export function searchKindLabel(locale: Locale, kind: SearchKind): string {
  return locale === 'en' ? kind : translator(locale)(KIND_KEYS[kind]);
}

/** What a page gives the layout's `search` prop: its kind (and country) in the page's language. */
export function searchKind(
  locale: Locale,
  kind: SearchKind,
  country?: string | null,
): { kind: string; country?: string | null } {
  return { kind: searchKindLabel(locale, kind), country };
}
