import { useStore } from '@nanostores/react';
import type { CmsType } from '../../../lib/cms/schema.ts';
import { Icon } from '../ui/icons.tsx';
import { ui } from '../ui/styles.ts';
import { CMS_STATUS_LABELS } from './cms-kinds.ts';
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

function Chips<T extends string>({ id, label, chips, value, onPick }: {
  id: string;
  label: string;
  chips: { value: T; label: string }[];
  value: T;
  onPick: (value: T) => void;
}) {
  return (
    <div role="group" aria-labelledby={id}>
      <span id={id} className={ui.label}>
        {label}
      </span>
      <div className="mt-1 flex flex-wrap gap-2">
        {chips.map((chip) => {
          const pressed = value === chip.value;
          return (
            <button
              key={chip.label}
              type="button"
              aria-pressed={pressed}
              onClick={() => onPick(chip.value)}
              className={`rounded-full border px-3 py-1.5 text-sm font-medium ${
                pressed ? 'border-brand-600 bg-brand-600 text-white' : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-50'
              }`}
            >
              {chip.label}
            </button>
          );
        })}
      </div>
    </div>
  );
}

/** Search box, status chips, media-kind chips (media gallery) and ordering of a CMS list. */
export function CmsFilters({ type, plural }: { type: CmsType; plural: string }) {
  const list = useStore($cmsList);
  const draft = useStore($cmsSearchDraft);
  if (!list) return null;
  const { filters } = list;

  return (
    <div role="search" aria-label={`Filter ${plural}`} className="flex flex-col gap-4 xl:flex-row xl:flex-wrap xl:items-end">
      <div className="xl:w-72">
        <label htmlFor="cms-search" className={ui.label}>
          Search {plural}
        </label>
        <div className="relative mt-1">
          <Icon name="search" className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-slate-500" />
          <input
            id="cms-search"
            type="search"
            className={`${ui.input} pl-9`}
            placeholder={type === 'video' ? 'Title, description or event' : 'Title or description'}
            value={draft}
            maxLength={100}
            onChange={(event) => typeCmsSearch(event.target.value)}
          />
        </div>
      </div>
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
