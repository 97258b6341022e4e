import { useStore } from '@nanostores/react';
import { hasModuleRule, isAdminLevel } from '../../../lib/access/permissions.ts';
import { SECTION_COUNT } from '../../../lib/best-practices/completeness.ts';
import { PRACTICE_STATUSES, type PracticeListItem } from '../../../lib/best-practices/schema.ts';
import { pathTo } from '../router.ts';
import type { ScreenProps } from '../screen-props.ts';
import { ListSearchBar, Options, SelectField } from '../ui/filters.tsx';
import { Flag } from '../ui/flag.tsx';
import { formatDate } from '../ui/format.ts';
import { Icon } from '../ui/icons.tsx';
import { PageHeading } from '../ui/page-heading.tsx';
import { ui } from '../ui/styles.ts';
import {
  $countryOptions,
  $practiceFilters,
  $practiceRef,
  PRACTICE_LIST_PAGE_SIZE,
  practiceList,
  type PracticeOrder,
} from './practice-list-store.ts';
import { PRACTICE_TONES, StatusChip } from '../ui/status-chip.tsx';
import { PagedList } from '../ui/paged-list.tsx';
import { DataTable } from '../ui/data-table.tsx';
import { HeaderCells } from '../ui/header-cells.tsx';
import { countryName } from '../../i18n/countries.ts';
import { STATUS_LABELS } from './labels.ts';
import { categoryName } from './content.ts';
import { m } from './messages.ts';

const ORDERS: { value: PracticeOrder; label: string }[] = [
  { value: '-updated_at', label: m('list.orderUpdatedDesc') },
  { value: 'updated_at', label: m('list.orderUpdatedAsc') },
  { value: '-submitted_at', label: m('list.orderSubmittedDesc') },
  { value: 'title', label: m('list.orderTitle') },
  { value: 'country', label: m('list.orderCountry') },
];

/** /module/best-practice: the practices of the user's country (administrators: of every country). */
export function PracticeListScreen({ identity }: ScreenProps) {
  const filters = useStore($practiceFilters);
  const list = useStore(practiceList.$view);
  const admin = isAdminLevel(identity);
  const canCreate = hasModuleRule(identity, 'best-practice', ['create']);
  const filtered =
    filters !== null &&
    (filters.q !== '' || filters.status !== '' || filters.category !== '' || filters.country_code !== '');
  const description = admin
    ? m('list.descriptionAdmin')
    : m('list.descriptionCountry', {
        country: identity.country ? countryName(identity.country.code, identity.country.name) : m('list.yourCountry'),
      });

  return (
    <>
      <div className="flex flex-wrap items-start justify-between gap-x-4">
        <PageHeading description={description}>{m('list.title')}</PageHeading>
        {canCreate && (
          <a href={pathTo('bestPracticeForm')} className={`${ui.primaryButton} mb-6`}>
            <Icon name="star" className="size-4" />
            {m('list.newPractice')}
          </a>
        )}
      </div>
      <PracticeFilters admin={admin} />
      <div className="mt-6">
        <PagedList
          list={list}
          page={filters?.page}
          rows={5}
          texts={{ failed: m('list.loadFailed'), loading: m('list.loading'), noun: m('list.pagesNoun') }}
          empty={{
            title: filtered ? m('list.noMatch') : m('list.none'),
            text: filtered ? m('list.tryAnother') : canCreate ? m('list.shareFirst') : null,
            firstPage: m('list.firstPage'),
          }}
          pageSize={PRACTICE_LIST_PAGE_SIZE}
          onRetry={() => practiceList.$list.invalidate()}
          onPage={(page) => practiceList.setFilters({ page })}
        >
          {(items) => <PracticeTable items={items} busy={list.loading} showCountry={admin} />}
        </PagedList>
      </div>
    </>
  );
}

/** A drop-down of the list's filters: "All …" (no filter) first, then the choices. */
function FilterSelect({
  id,
  label,
  all,
  options,
  value,
  onPick,
}: {
  id: string;
  label: string;
  all: string;
  options: readonly { value: string; label: string }[];
  value: string;
  onPick: (value: string) => void;
}) {
  return (
    <SelectField id={id} label={label} value={value} onPick={onPick}>
      <Options options={[{ value: '', label: all }, ...options]} />
    </SelectField>
  );
}

function PracticeFilters({ admin }: { admin: boolean }) {
  const ref = useStore($practiceRef);
  const countries = useStore($countryOptions);
  return (
    <ListSearchBar
      list={practiceList}
      label={m('list.filters')}
      className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-[1.5fr_1fr_1fr_1fr_1fr]"
      search={{
        className: 'col-span-2 xl:col-span-1',
        id: 'bp-search',
        label: m('list.search'),
        placeholder: m('list.searchPlaceholder'),
      }}
    >
      {(filters) => (
        <>
          <FilterSelect
            id="bp-status"
            label={m('list.status')}
            all={m('list.allStatuses')}
            options={PRACTICE_STATUSES.map((s) => ({ value: s, label: STATUS_LABELS[s] }))}
            value={filters.status}
            onPick={(status) => practiceList.setFilters({ status: status as typeof filters.status })}
          />
          <FilterSelect
            id="bp-category"
            label={m('list.theme')}
            all={m('list.allThemes')}
            options={(ref.data?.data.categories ?? []).map((c) => ({ value: c.slug, label: categoryName(c).text }))}
            value={filters.category}
            onPick={(category) => practiceList.setFilters({ category })}
          />
          {admin && (
            <FilterSelect
              id="bp-country"
              label={m('list.country')}
              all={m('list.allCountries')}
              options={(countries.data?.data ?? []).map((c) => ({ value: c.code, label: countryName(c.code, c.name) }))}
              value={filters.country_code}
              onPick={(country_code) => practiceList.setFilters({ country_code })}
            />
          )}
          <SelectField
            id="bp-order"
            label={m('list.orderBy')}
            value={filters.order}
            onPick={(order) => practiceList.setFilters({ order: order as PracticeOrder })}
          >
            <Options options={ORDERS} />
          </SelectField>
        </>
      )}
    </ListSearchBar>
  );
}

function PracticeTable({
  items,
  busy,
  showCountry,
}: {
  items: readonly PracticeListItem[];
  busy: boolean;
  showCountry: boolean;
}) {
  return (
    <div className={`${ui.cardFlush} relative overflow-x-auto ${busy ? 'opacity-70' : ''}`} aria-busy={busy}>
      <DataTable
        caption={m('list.caption')}
        head={
          <HeaderCells
            labels={[
              { label: m('list.cover'), className: 'hidden w-24 sm:table-cell', srOnly: true },
              m('list.practice'),
              { label: m('list.status'), className: 'hidden md:table-cell' },
              { label: m('list.sections'), className: 'hidden lg:table-cell' },
              { label: m('list.updated'), className: 'hidden md:table-cell' },
            ]}
          />
        }
      >
        {items.map((item) => (
          <tr key={item.uuid} className="hover:bg-slate-50">
            <td className={`${ui.td} hidden py-2 sm:table-cell`}>
              <div
                className={
                  'flex aspect-video w-20 items-center justify-center overflow-hidden rounded bg-slate-100 ring-1 ' +
                  'ring-slate-200'
                }
              >
                {item.cover ? (
                  <img
                    src={item.cover}
                    alt=""
                    width={80}
                    height={45}
                    loading="lazy"
                    decoding="async"
                    className="size-full object-cover"
                  />
                ) : (
                  <Icon name="image" className="size-5 text-slate-400" />
                )}
              </div>
            </td>
            <th scope="row" className={`${ui.td} min-w-56 text-left font-normal`}>
              <a
                href={pathTo('bestPracticeForm', { uuid: item.uuid })}
                dir="auto"
                className="font-medium text-slate-900 hover:text-brand-700 hover:underline"
              >
                {item.title}
              </a>
              <span className="mt-0.5 flex flex-wrap items-center gap-x-1.5 gap-y-1 text-xs text-slate-600">
                {showCountry && (
                  <span className="inline-flex items-center gap-1.5">
                    <Flag country={item.country} />
                    {countryName(item.country.code, item.country.name)}
                  </span>
                )}
                {item.city && (
                  <span>
                    {showCountry ? '· ' : ''}
                    <bdi>{item.city}</bdi>
                  </span>
                )}
                {item.author_name && (
                  <span>
                    {m('list.by')} <bdi>{item.author_name}</bdi>
                  </span>
                )}
                {item.featured && <span className="font-medium text-brand-700">{m('list.featured')}</span>}
                {item.public_copy_kept_at && <span className="font-medium text-sky-800">{m('list.publicCopy')}</span>}
                {item.demo && <span className="rounded bg-slate-100 px-1.5 text-slate-700">{m('list.example')}</span>}
              </span>
              <span className="mt-2 block md:hidden">
                <StatusChip status={item.status} labels={STATUS_LABELS} tones={PRACTICE_TONES} />
              </span>
            </th>
            <td className={`${ui.td} hidden md:table-cell`}>
              <StatusChip status={item.status} labels={STATUS_LABELS} tones={PRACTICE_TONES} />
            </td>
            <td className={`${ui.td} hidden lg:table-cell`}>
              <SectionMeter filled={item.sections_filled} />
            </td>
            <td className={`${ui.td} hidden whitespace-nowrap md:table-cell`}>{formatDate(item.updated_at)}</td>
          </tr>
        ))}
      </DataTable>
    </div>
  );
}

export function SectionMeter({ filled }: { filled: number }) {
  const pct = Math.round((filled / SECTION_COUNT) * 100);
  return (
    <span className="flex items-center gap-2 text-xs text-slate-700">
      <span className="h-1.5 w-16 overflow-hidden rounded-full bg-slate-200" aria-hidden="true">
        <span className="block h-full rounded-full bg-brand-600" style={{ width: `${pct}%` }} />
      </span>
      {m('list.sectionsFilled', { filled, total: SECTION_COUNT })}
    </span>
  );
}
