import { useStore } from '@nanostores/react';
import { LOCALE_INFO } from '../../../i18n/locales.ts';
import { TRANSLATABLE, TRANSLATION_LOCALES, TRANSLATION_STATES, type TranslationListItem } from '../../../lib/translations/schema.ts';
import { oneOf } from '../lib/list.ts';
import type { ScreenProps } from '../screen-props.ts';
import { SearchField } from '../ui/filters.tsx';
import { Icon } from '../ui/icons.tsx';
import { PageHeading } from '../ui/page-heading.tsx';
import { Pagination } from '../ui/pagination.tsx';
import { EmptyState, ErrorState, Skeleton } from '../ui/states.tsx';
import { ui } from '../ui/styles.ts';
import { m } from './messages.ts';
import {
  $translationFilters,
  $translationList,
  $translationListView,
  TRANSLATION_LIST_PAGE_SIZE,
  translationControls,
  translationsHref,
  type TranslationFilters,
} from './translation-list-store.ts';
import { TranslationsPanel } from './translations-panel.tsx';

/**
 * /admin/translations: the portal's own texts of one kind, with how far each is translated into
 * each language; choosing one opens its translations beside the list (issue 17 item 2).
 */
export function TranslationsScreen(_: ScreenProps) {
  const filters = useStore($translationFilters);
  const list = useStore($translationListView);
  if (!filters) return null;
  const filtered = filters.q !== '' || filters.state !== '';
  return (
    <>
      <PageHeading description={m('screen.description')}>{m('screen.title')}</PageHeading>
      <TranslationFiltersBar filters={filters} />
      <div className="mt-6 grid grid-cols-1 items-start gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <div className={filters.open ? 'order-2 lg:order-1' : ''}>
          {list.error !== undefined && !list.data ? (
            <ErrorState error={list.error} title={m('list.failed')} onRetry={() => $translationList.invalidate()} />
          ) : !list.data ? (
            <Skeleton rows={6} label={m('list.loading')} />
          ) : list.data.data.length === 0 ? (
            <EmptyState title={m('list.empty')}>{filtered ? m('list.emptyFiltered') : null}</EmptyState>
          ) : (
            <ul aria-label={m('list.label')} aria-busy={list.loading} className={`${ui.cardFlush} divide-y divide-slate-100 overflow-hidden`}>
              {list.data.data.map((item) => (
                <TranslationRow key={item.key} item={item} filters={filters} />
              ))}
            </ul>
          )}
          {list.data && list.data.total > 0 && (
            <Pagination
              page={list.data.page}
              pageSize={TRANSLATION_LIST_PAGE_SIZE}
              total={list.data.total}
              shown={list.data.data.length}
              noun={m('list.noun')}
              onPage={(page) => translationControls.setFilters({ page })}
            />
          )}
        </div>
        {filters.open && (
          <div className="order-1 space-y-3 lg:order-2">
            <div className="flex justify-end">
              <a href={translationsHref({ ...filters, open: '' })} className="inline-flex items-center gap-1 rounded-md px-2 py-1 text-sm font-medium text-slate-700 hover:bg-slate-100">
                <Icon name="close" className="size-4" />
                {m('panel.close')}
              </a>
            </div>
            <TranslationsPanel key={`${filters.entity}:${filters.open}`} entity={filters.entity} recordKey={filters.open} onSaved={() => $translationList.invalidate()} />
          </div>
        )}
      </div>
    </>
  );
}

function TranslationFiltersBar({ filters }: { filters: TranslationFilters }) {
  const draft = useStore(translationControls.$searchDraft);
  const { setFilters } = translationControls;
  return (
    <div className={`${ui.card} grid gap-4 sm:grid-cols-2 xl:grid-cols-4`}>
      <div>
        <label htmlFor="translation-kind" className={ui.label}>
          {m('filter.kind')}
        </label>
        <select id="translation-kind" className={`${ui.input} mt-1`} value={filters.entity} onChange={(e) => oneOf(TRANSLATABLE, e.target.value) && setFilters({ entity: e.target.value, open: '' })}>
          {TRANSLATABLE.map((kind) => (
            <option key={kind} value={kind}>
              {m(`kind.${kind}`)}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor="translation-language" className={ui.label}>
          {m('filter.language')}
        </label>
        <select id="translation-language" className={`${ui.input} mt-1`} value={filters.locale} onChange={(e) => setFilters({ locale: oneOf(TRANSLATION_LOCALES, e.target.value) ? e.target.value : '' })}>
          <option value="">{m('filter.anyLanguage')}</option>
          {TRANSLATION_LOCALES.map((locale) => (
            <option key={locale} value={locale} lang={LOCALE_INFO[locale].tag}>
              {LOCALE_INFO[locale].name}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor="translation-state" className={ui.label}>
          {m('filter.state')}
        </label>
        <select id="translation-state" className={`${ui.input} mt-1`} value={filters.state} onChange={(e) => setFilters({ state: oneOf(TRANSLATION_STATES, e.target.value) ? e.target.value : '' })}>
          <option value="">{m('state.any')}</option>
          {TRANSLATION_STATES.map((state) => (
            <option key={state} value={state}>
              {m(`state.${state}`)}
            </option>
          ))}
        </select>
      </div>
      <SearchField id="translation-search" label={m('filter.search')} placeholder={m('filter.searchPlaceholder')} value={draft} onType={translationControls.typeSearch} />
    </div>
  );
}

function TranslationRow({ item, filters }: { item: TranslationListItem; filters: TranslationFilters }) {
  const open = filters.open === item.key;
  return (
    <li>
      <a
        href={translationsHref({ ...filters, open: item.key })}
        aria-current={open ? 'true' : undefined}
        className={`block px-4 py-3 hover:bg-slate-50 ${open ? 'bg-brand-50 ring-2 ring-inset ring-brand-500' : ''}`}
      >
        <span lang="en" dir="auto" className="line-clamp-2 text-sm font-medium text-slate-900">
          {item.english}
        </span>
        <span className="mt-2 flex flex-wrap gap-2">
          {TRANSLATION_LOCALES.map((locale) => {
            const progress = item.languages[locale];
            const complete = progress.translated === item.fields && progress.outdated === 0;
            return (
              <span
                key={locale}
                className={`rounded-full px-2 py-0.5 text-xs font-medium ${progress.outdated > 0 ? 'bg-amber-50 text-amber-900' : complete ? 'bg-green-50 text-green-800' : 'bg-slate-100 text-slate-700'}`}
              >
                {m('row.progress', { language: LOCALE_INFO[locale].name, done: progress.translated, total: item.fields })}
                {progress.outdated > 0 && ` · ${m('row.outdated', { count: progress.outdated })}`}
              </span>
            );
          })}
        </span>
      </a>
    </li>
  );
}
