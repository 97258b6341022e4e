import { formatNumber } from './format.ts';
import { Icon } from './icons.tsx';
import { m } from './messages.ts';
import { ui } from './styles.ts';

/**
 * The one foot of every paged list of the back-office: which rows show out of how many, and
 * Previous / Next (buttons, so keyboard users reach them; the current page is announced with
 * them). `noun` is the plural of what the list holds ("users"), for the landmark's name and the
 * empty count, in the page's language.
 */
export function Pagination({
  page,
  pageSize,
  total,
  shown,
  noun,
  onPage,
}: {
  page: number;
  pageSize: number;
  total: number;
  shown: number;
  noun: string;
  onPage: (page: number) => void;
}) {
  const first = (page - 1) * pageSize + 1;
  const last = Math.min(first + shown - 1, total);
  const lastPage = Math.max(1, Math.ceil(total / pageSize));
  return (
    <nav
      aria-label={m('pagination.label', { noun })}
      className="mt-4 flex flex-wrap items-center justify-between gap-3"
    >
      <p role="status" className="text-sm text-slate-700">
        {shown > 0
          ? m('pagination.showing', {
              first: formatNumber(first),
              last: formatNumber(last),
              total: formatNumber(total),
            })
          : m('pagination.inAll', { total: formatNumber(total), noun })}
      </p>
      <div className="flex gap-2" aria-label={m('pagination.page', { page, pages: lastPage })} role="group">
        <button type="button" className={ui.secondaryButton} disabled={page <= 1} onClick={() => onPage(page - 1)}>
          <Icon name="chevronLeft" className="size-4" />
          {m('pagination.previous')}
        </button>
        <button
          type="button"
          className={ui.secondaryButton}
          disabled={page >= lastPage}
          onClick={() => onPage(page + 1)}
        >
          {m('pagination.next')}
          <Icon name="chevronRight" className="size-4" />
        </button>
      </div>
    </nav>
  );
}
