/** The list of /admin/translations: its filters in the URL, the page of texts and the open one. */
import { computed } from 'nanostores';
import {
  TRANSLATABLE,
  TRANSLATION_LOCALES,
  TRANSLATION_STATES,
  TranslationListResponseSchema,
  type Translatable,
  type TranslationLocale,
  type TranslationState,
} from '../../../lib/translations/schema.ts';
import { withQuery } from '../lib/api.ts';
import { createUrlList, oneOf, pageOf, searchOf, searchTextOf, type ListFilters } from '../lib/list.ts';
import { $router, pathTo } from '../router.ts';

export const TRANSLATION_LIST_PAGE_SIZE = 20;

export interface TranslationFilters extends ListFilters {
  entity: Translatable;
  locale: TranslationLocale | '';
  state: TranslationState | '';
  /** The record whose translations are open beside the list. */
  open: string;
}

const DEFAULTS = { entity: 'question', locale: '', state: '', open: '' } as const;

export const $translationFilters = computed($router, (page): TranslationFilters | null => {
  if (page?.route !== 'translations') return null;
  const { search } = page;
  return {
    entity: oneOf(TRANSLATABLE, search['entity']) ? search['entity'] : DEFAULTS.entity,
    locale: oneOf(TRANSLATION_LOCALES, search['locale']) ? search['locale'] : '',
    state: oneOf(TRANSLATION_STATES, search['state']) ? search['state'] : '',
    q: searchTextOf(search),
    page: pageOf(search),
    open: (search['open'] ?? '').slice(0, 80),
  };
});

export function translationsHref(filters: TranslationFilters): string {
  return pathTo('translations', {}, searchOf(filters, DEFAULTS));
}

const $listKey = computed($translationFilters, (f) =>
  f
    ? withQuery('translation/list', {
        entity: f.entity,
        locale: f.locale,
        state: f.state,
        q: f.q,
        page: f.page,
        per_page: TRANSLATION_LIST_PAGE_SIZE,
      })
    : null,
);

/**
 * The texts of the URL's filters, the page shown while the next loads, and the filter controls;
 * opening a record keeps the page.
 */
export const translationList = createUrlList({
  $filters: $translationFilters,
  $key: $listKey,
  schema: TranslationListResponseSchema,
  hrefOf: translationsHref,
  keepsPage: (patch) => Object.keys(patch).every((key) => key === 'open'),
});
