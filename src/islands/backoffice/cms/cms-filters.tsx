import type { CmsType } from '../../../lib/cms/schema.ts';
import { Chips, ListSearchBar, Options, SelectField } from '../ui/filters.tsx';
import { CMS_STATUS_TEXT, kindText } from './cms-kinds.ts';
import { m } from './messages.ts';
import { cmsList, type CmsListFilters, type CmsOrder } from './cms-list-store.ts';

const STATUS_CHIPS: { value: CmsListFilters['status']; label: string }[] = [
  { value: '', label: m('filters.all') },
  { value: 'draft', label: CMS_STATUS_TEXT.draft },
  { value: 'published', label: CMS_STATUS_TEXT.published },
  { value: 'unpublished', label: CMS_STATUS_TEXT.unpublished },
];

const KIND_CHIPS: { value: CmsListFilters['media_kind']; label: string }[] = [
  { value: '', label: m('filters.photosVideos') },
  { value: 'photo', label: m('filters.photos') },
  { value: 'video', label: m('filters.videos') },
];

const ORDERS: { value: CmsOrder; label: string }[] = [
  { value: 'display_order', label: m('filters.orderDisplay') },
  { value: 'title', label: m('filters.orderTitle') },
  { value: '-updated_at', label: m('filters.orderNewest') },
  { value: 'updated_at', label: m('filters.orderOldest') },
];

/** Search box, status chips, media-kind chips (media gallery) and ordering of a CMS list. */
export function CmsFilters({ type }: { type: CmsType }) {
  return (
    <ListSearchBar
      list={cmsList}
      label={kindText(type, 'filter')}
      className="flex flex-col gap-4 xl:flex-row xl:flex-wrap xl:items-end"
      search={{
        id: 'cms-search',
        label: kindText(type, 'search'),
        className: 'xl:w-72',
        placeholder: type === 'video' ? m('filters.placeholderVideo') : m('filters.placeholder'),
      }}
    >
      {(filters) => (
        <>
          <Chips
            id="cms-status-label"
            label={m('filters.status')}
            chips={STATUS_CHIPS}
            value={filters.status}
            onPick={(status) => cmsList.setFilters({ status })}
          />
          {type === 'video' && (
            <Chips
              id="cms-kind-label"
              label={m('filters.kind')}
              chips={KIND_CHIPS}
              value={filters.media_kind}
              onPick={(media_kind) => cmsList.setFilters({ media_kind })}
            />
          )}
          <SelectField
            id="cms-order"
            label={m('filters.orderBy')}
            className="xl:w-60"
            value={filters.order}
            onPick={(order) => cmsList.setFilters({ order: order as CmsOrder })}
          >
            <Options options={ORDERS} />
          </SelectField>
        </>
      )}
    </ListSearchBar>
  );
}
