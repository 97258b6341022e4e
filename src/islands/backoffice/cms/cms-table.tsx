import { useStore } from '@nanostores/react';
import { Fragment } from 'react';
import type { CmsRecord } from '../../../lib/cms/schema.ts';
import { pathTo } from '../router.ts';
import { formatDate } from '../ui/format.ts';
import { Icon } from '../ui/icons.tsx';
import { ui } from '../ui/styles.ts';
import { CMS_KINDS, CMS_STATUS_TEXT, kindText, thumbnailUrl } from './cms-kinds.ts';
import { m } from './messages.ts';
import { $busyItems, changeCmsStatus, cmsList } from './cms-list-store.ts';
import { CMS_TONES, StatusChip } from '../ui/status-chip.tsx';
import { DataTable } from '../ui/data-table.tsx';
import { HeaderCells } from '../ui/header-cells.tsx';

const actionClass =
  'inline-flex items-center gap-1 whitespace-nowrap rounded-md px-2 py-1 text-sm font-medium ' +
  'aria-disabled:cursor-wait aria-disabled:opacity-60';

interface EventGroup {
  event: string | null;
  items: CmsRecord[];
}

/** Media items of one page by event, in the order the events first appear (the list's order holds within each). */
export function groupByEvent(items: readonly CmsRecord[]): EventGroup[] {
  const groups = new Map<string, EventGroup>();
  for (const item of items) {
    const key = item.event ?? '';
    const group = groups.get(key) ?? { event: item.event, items: [] };
    group.items.push(item);
    groups.set(key, group);
  }
  return [...groups.values()];
}

/** The rows of a CMS list: thumbnail, title, status, display order, last update and the actions. */
export function CmsTable({
  items,
  busy,
  onDelete,
}: {
  items: readonly CmsRecord[];
  busy: boolean;
  onDelete: (item: CmsRecord) => void;
}) {
  const first = items[0];
  if (!first) return null;
  const groups = first.cms_type === 'video' ? groupByEvent(items) : [{ event: null, items: [...items] }];
  const showGroups = groups.length > 1 || groups[0]?.event !== null;

  return (
    // `relative`: the visually hidden texts (position: absolute) stay inside the scrolling box
    // instead of widening the whole page on narrow screens.
    <div className={`${ui.cardFlush} relative overflow-x-auto ${busy ? 'opacity-70' : ''}`} aria-busy={busy}>
      <DataTable
        caption={kindText(first.cms_type, 'caption')}
        head={
          <HeaderCells
            labels={[
              { label: m('table.image'), className: 'w-16 sm:w-24' },
              m('table.title'),
              { label: m('table.status'), className: 'hidden sm:table-cell' },
              { label: m('table.order'), className: 'hidden text-right sm:table-cell' },
              { label: m('table.updated'), className: 'hidden md:table-cell' },
              { label: m('table.actions'), className: 'hidden sm:table-cell', srOnly: true },
            ]}
          />
        }
      >
        {groups.map((group) => (
          <Fragment key={group.event ?? ''}>
            {showGroups && <EventHeading event={group.event} count={group.items.length} />}
            {group.items.map((item) => (
              <CmsRow key={item.uuid} item={item} onDelete={onDelete} />
            ))}
          </Fragment>
        ))}
      </DataTable>
    </div>
  );
}

function EventHeading({ event, count }: { event: string | null; count: number }) {
  return (
    <tr className="bg-brand-50/60">
      <th scope="colgroup" colSpan={6} className="px-3 py-2 text-left text-sm font-semibold text-brand-900">
        <span className="inline-flex flex-wrap items-center gap-x-3 gap-y-1">
          <span>
            <bdi>{event ?? m('table.noEvent')}</bdi>{' '}
            <span className="font-normal text-slate-600">{m('table.onPage', { count })}</span>
          </span>
          {event && (
            <button type="button" className={`${ui.link} text-xs`} onClick={() => cmsList.setFilters({ q: event })}>
              {m('table.searchEvent')}
            </button>
          )}
        </span>
      </th>
    </tr>
  );
}

function CmsRow({ item, onDelete }: { item: CmsRecord; onDelete: (item: CmsRecord) => void }) {
  const busyItems = useStore($busyItems);
  const busy = busyItems.has(item.uuid);
  const thumb = thumbnailUrl(item);

  return (
    <tr className="hover:bg-slate-50">
      <td className={`${ui.td} py-2`}>
        <div
          className={
            'relative flex h-10 w-14 items-center sm:h-12 sm:w-20 justify-center overflow-hidden rounded ' +
            'bg-slate-100 ring-1 ring-slate-200'
          }
        >
          {thumb ? (
            <img
              src={thumb}
              alt=""
              width={80}
              height={48}
              loading="lazy"
              decoding="async"
              className="size-full object-cover"
            />
          ) : (
            <span className="text-center text-[11px] leading-tight text-slate-600">{m('table.noImage')}</span>
          )}
          {item.media_kind === 'video' && (
            <span className="absolute bottom-0.5 right-0.5 rounded bg-slate-900/75 p-0.5 text-white">
              <Icon name="video" className="size-3.5" />
            </span>
          )}
        </div>
      </td>
      <th scope="row" className={`${ui.td} min-w-40 text-left sm:min-w-48 font-medium text-slate-900`}>
        <span dir="auto" className="line-clamp-2">
          {item.title}
        </span>
        {item.cms_type === 'video' && (
          <span className="mt-0.5 block text-xs font-normal text-slate-600">
            {item.media_kind === 'video' ? m('table.hostedVideo') : m('table.photo')}
          </span>
        )}
        {/* Narrow screens: status and actions under the title (the columns are hidden). */}
        <div className="mt-2 flex flex-col items-start gap-1 font-normal sm:hidden">
          <StatusChip status={item.status} labels={CMS_STATUS_TEXT} tones={CMS_TONES} />
          <RowActions item={item} busy={busy} onDelete={onDelete} className="-ml-2 justify-start" />
        </div>
      </th>
      <td className={`${ui.td} hidden sm:table-cell`}>
        <StatusChip status={item.status} labels={CMS_STATUS_TEXT} tones={CMS_TONES} />
      </td>
      <td className={`${ui.td} hidden text-right tabular-nums sm:table-cell`}>{item.display_order}</td>
      <td className={`${ui.td} hidden whitespace-nowrap md:table-cell`}>{formatDate(item.updated_at)}</td>
      <td className={`${ui.td} hidden text-right sm:table-cell`}>
        <RowActions item={item} busy={busy} onDelete={onDelete} className="justify-end" />
      </td>
    </tr>
  );
}

function RowActions({
  item,
  busy,
  onDelete,
  className,
}: {
  item: CmsRecord;
  busy: boolean;
  onDelete: (item: CmsRecord) => void;
  className: string;
}) {
  const published = item.status === 'published';
  return (
    <div className={`flex flex-wrap gap-1 ${className}`}>
      <a
        href={pathTo(CMS_KINDS[item.cms_type].formRoute, { cms_type: item.cms_type, uuid: item.uuid })}
        className={`${actionClass} text-brand-600 hover:bg-brand-50 hover:text-brand-800`}
        aria-label={m('table.editLabel', { title: item.title })}
      >
        {m('table.edit')}
      </a>
      <button
        type="button"
        aria-disabled={busy || undefined}
        onClick={() => busy || void changeCmsStatus(item, published ? 'unpublished' : 'published')}
        className={`${actionClass} text-brand-700 hover:bg-brand-50`}
        aria-label={m(published ? 'table.unpublishLabel' : 'table.publishLabel', { title: item.title })}
      >
        {published ? m('table.unpublish') : m('table.publish')}
      </button>
      <button
        type="button"
        aria-disabled={busy || undefined}
        onClick={() => busy || onDelete(item)}
        className={`${actionClass} text-red-700 hover:bg-red-50`}
        aria-label={m('table.deleteLabel', { title: item.title })}
      >
        {m('table.delete')}
      </button>
    </div>
  );
}
