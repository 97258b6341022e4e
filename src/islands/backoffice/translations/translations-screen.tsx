import { useStore } from '@nanostores/react';
import {
  TRANSLATABLE,
  TRANSLATION_LOCALES,
  TRANSLATION_STATES,
  type TranslationListItem,
} from '../../../lib/translations/schema.ts';
import { oneOf } from '../lib/list.ts';
import type { ScreenProps } from '../screen-props.ts';
import { Options, SearchField, SelectField } from '../ui/filters.tsx';
import { PageHeading } from '../ui/page-heading.tsx';
import { CloseLink, ListWithPanel, PagedList, RowList } from '../ui/paged-list.tsx';
import { ui } from '../ui/styles.ts';
import { m } from './messages.ts';
import {
  $translationFilters,
  TRANSLATION_LIST_PAGE_SIZE,
  translationList,
  translationsHref,
  type TranslationFilters,
} from './translation-list-store.ts';
import { languageName, TranslationsPanel } from './translations-panel.tsx';

/**
 * /admin/translations: the portal's own texts of one kind, with how far each is translated into
 * each language; choosing one opens its translations beside the list (issue 17 item 2).
 */
export function TranslationsScreen(_: ScreenProps) {
  const filters = useStore($translationFilters);
  const list = useStore(translationList.$view);
  if (!filters) return null;
  const filtered = filters.q !== '' || filters.state !== '';
  return (
    <>
      <PageHeading description={m('screen.description')}>{m('screen.title')}</PageHeading>
      <TranslationFiltersBar filters={filters} />
      <ListWithPanel
        className="mt-6"
        panelClassName="order-1 space-y-3 lg:order-2"
        panel={
          filters.open ? (
            <>
              <div className="flex justify-end">
                <CloseLink href={translationsHref({ ...filters, open: '' })} label={m('panel.close')} />
              </div>
              <TranslationsPanel
                key={`${filters.entity}:${filters.open}`}
                entity={filters.entity}
                recordKey={filters.open}
                filtered={filters.locale}
                onSaved={() => translationList.$list.invalidate()}
              />
            </>
          ) : null
        }
      >
        <PagedList
          list={list}
          page={filters.page}
          texts={{ failed: m('list.failed'), loading: m('list.loading'), noun: m('list.noun') }}
          empty={{ title: m('list.empty'), text: filtered ? m('list.emptyFiltered') : null }}
          pageSize={TRANSLATION_LIST_PAGE_SIZE}
          onRetry={() => translationList.$list.invalidate()}
          onPage={(page) => translationList.setFilters({ page })}
        >
          {(items) => (
            <RowList label={m('list.label')} busy={list.loading}>
              {items.map((item) => (
                <TranslationRow key={item.key} item={item} filters={filters} />
              ))}
            </RowList>
          )}
        </PagedList>
      </ListWithPanel>
    </>
  );
}

function TranslationFiltersBar({ filters }: { filters: TranslationFilters }) {
  const draft = useStore(translationList.$searchDraft);
  const { setFilters } = translationList;
  return (
    <div className={`${ui.card} grid gap-4 sm:grid-cols-2 xl:grid-cols-4`}>
      <SelectField
        id="translation-kind"
        label={m('filter.kind')}
        value={filters.entity}
        onPick={(value) => oneOf(TRANSLATABLE, value) && setFilters({ entity: value, open: '' })}
      >
        <Options options={TRANSLATABLE.map((kind) => ({ value: kind, label: m(`kind.${kind}`) }))} />
      </SelectField>
      <SelectField
        id="translation-language"
        label={m('filter.language')}
        value={filters.locale}
        onPick={(value) => setFilters({ locale: oneOf(TRANSLATION_LOCALES, value) ? value : '' })}
      >
        <option value="">{m('filter.anyLanguage')}</option>
        <Options options={TRANSLATION_LOCALES.map((locale) => ({ value: locale, label: languageName(locale) }))} />
      </SelectField>
      <SelectField
        id="translation-state"
        label={m('filter.state')}
        value={filters.state}
        onPick={(value) => setFilters({ state: oneOf(TRANSLATION_STATES, value) ? value : '' })}
      >
        <option value="">{m('state.any')}</option>
        <Options options={TRANSLATION_STATES.map((state) => ({ value: state, label: m(`state.${state}`) }))} />
      </SelectField>
      <SearchField
        id="translation-search"
        label={m('filter.search')}
        placeholder={m('filter.searchPlaceholder')}
        value={draft}
        onType={translationList.typeSearch}
      />
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
                className={
                  `rounded-full px-2 py-0.5 text-xs ` +
                  'font-medium ' +
                  (progress.outdated > 0
                    ? 'bg-amber-50 text-amber-900'
                    : complete
                      ? 'bg-green-50 text-green-800'
                      : 'bg-slate-100 text-slate-700')
                }
              >
                {m('row.progress', { language: languageName(locale), done: progress.translated, total: item.fields })}
                {progress.outdated > 0 && ` · ${m('row.outdated', { count: progress.outdated })}`}
              </span>
            );
          })}
        </span>
      </a>
    </li>
  );
}
