/** The kinds of page the site search tells apart (Pagefind's "kind" filter), in the order it offers them. */
export const SEARCH_KINDS = ['National report', 'Best practice', 'Urbanisation profile', 'Page', 'Media'] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];
