import { useStore } from '@nanostores/react';
import type { CmsType } from '../../../lib/cms/schema.ts';
import { Chips, SearchField } from '../ui/filters.tsx';
import { ui } from '../ui/styles.ts';
import { CMS_STATUS_LABELS } from '../../../lib/cms/schema.ts';
import { $cmsList, $cmsSearchDraft, setCmsFilters, typeCmsSearch, type CmsListFilters, type CmsOrder } from './cms-list-store.ts';

const STATUS_CHIPS: { value: CmsListFilters['status']; label: string }[] = [
  { value: '', label: 'All' },
  { value: 'draft', label: CMS_STATUS_LABELS.draft },
  { value: 'published', label: CMS_STATUS_LABELS.published },
  { value: 'unpublished', label: CMS_STATUS_LABELS.unpublished },
];

const KIND_CHIPS: { value: CmsListFilters['media_kind']; label: string }[] = [
  { value: '', label: 'Photos and videos' },
  { value: 'photo', label: 'Photos' },
  { value: 'video', label: 'Videos' },
];

const ORDERS: { value: CmsOrder; label: string }[] = [
  { value: 'display_order', label: 'Display order' },
  { value: 'title', label: 'Title (A to Z)' },
  { value: '-updated_at', label: 'Last updated, newest first' },
  { value: 'updated_at', label: 'Last updated, oldest first' },
];

/** Search box, status chips, media-kind chips (media gallery) and ordering of a CMS list. */
export function CmsFilters({ type, plural }: { type: CmsType; plural: string }) {
  const list = useStore($cmsList);
  const draft = useStore($cmsSearchDraft);
  if (!list) return null;
  const { filters } = list;

  return (
    <div role="search" aria-label={`Filter ${plural}`} className="flex flex-col gap-4 xl:flex-row xl:flex-wrap xl:items-end">
      <SearchField
        id="cms-search"
        label={`Search ${plural}`}
        className="xl:w-72"
        placeholder={type === 'video' ? 'Title, description or event' : 'Title or description'}
        value={draft}
        onType={typeCmsSearch}
      />
      <Chips id="cms-status-label" label="Status" chips={STATUS_CHIPS} value={filters.status} onPick={(status) => setCmsFilters({ status })} />
      {type === 'video' && (
        <Chips id="cms-kind-label" label="Kind" chips={KIND_CHIPS} value={filters.media_kind} onPick={(media_kind) => setCmsFilters({ media_kind })} />
      )}
      <div className="xl:w-60">
        <label htmlFor="cms-order" className={ui.label}>
          Order by
        </label>
        <select
          id="cms-order"
          className={`${ui.input} mt-1`}
          value={filters.order}
          onChange={(event) => setCmsFilters({ order: event.target.value as CmsOrder })}
        >
          {ORDERS.map((order) => (
            <option key={order.value} value={order.value}>
              {order.label}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
