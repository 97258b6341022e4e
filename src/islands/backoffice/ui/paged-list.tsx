import type { ReactNode } from 'react';
import type { Translate } from '../../i18n/messages.ts';
import { ApiError } from '../lib/api.ts';
import type { FetchedValue } from '../lib/list.ts';
import { Icon } from './icons.tsx';
import { Pagination } from './pagination.tsx';
import { EmptyState, ErrorState, Skeleton } from './states.tsx';
import { ui } from './styles.ts';

/** What a paged list's answer holds, as far as the screen's frame needs it. */
export interface ListPage<T> {
  data: readonly T[];
  page: number;
  total: number;
}

/** The words of a list's states, in the list's own catalogue. */
export interface PagedListTexts {
  failed: string;
  loading: string;
  /** The plural of what the list holds, for the pagination ("users"). */
  noun: string;
}

/** The empty list: its title, its text and, past page 1, a way back to page 1 (with `firstPage`). */
export interface EmptyListTexts {
  title: string;
  text: ReactNode;
  firstPage?: string;
}

/**
 * The body of every paged list screen: the error (with Try again), the skeleton, the empty
 * state or the rows (`children`), then the pagination. `ready` is false while the filters are
 * not known yet; `page` is the page asked for.
 */
export function PagedList<T>({
  list,
  ready = true,
  page,
  rows = 6,
  texts,
  empty,
  pageSize,
  onRetry,
  onPage,
  children,
}: {
  list: FetchedValue<ListPage<T>>;
  ready?: boolean;
  page: number | undefined;
  rows?: number;
  texts: PagedListTexts;
  empty: EmptyListTexts;
  pageSize: number;
  onRetry: () => void;
  onPage: (page: number) => void;
  children: (rows: readonly T[]) => ReactNode;
}) {
  const answer = list.data;
  return (
    <>
      {list.error !== undefined && !answer ? (
        <ErrorState error={list.error} title={texts.failed} onRetry={onRetry} />
      ) : !answer || !ready ? (
        <Skeleton rows={rows} label={texts.loading} />
      ) : answer.data.length === 0 ? (
        <EmptyState title={empty.title}>
          {empty.firstPage && page !== undefined && page > 1 && answer.total > 0 ? (
            <button type="button" className={ui.link} onClick={() => onPage(1)}>
              {empty.firstPage}
            </button>
          ) : (
            empty.text
          )}
        </EmptyState>
      ) : (
        children(answer.data)
      )}
      {answer && answer.total > 0 && (
        <Pagination
          page={answer.page}
          pageSize={pageSize}
          total={answer.total}
          shown={answer.data.length}
          noun={texts.noun}
          onPage={onPage}
        />
      )}
    </>
  );
}

/**
 * A list with the record it opened beside it (below it on narrow screens the panel comes first).
 * `panel` is null when nothing is open; `idle` shows in its place then (wide screens only).
 */
export function ListWithPanel({
  className,
  panel,
  panelClassName = 'order-1 lg:order-2',
  idle,
  children,
}: {
  className?: string;
  panel: ReactNode;
  panelClassName?: string;
  idle?: ReactNode;
  children: ReactNode;
}) {
  const open = panel !== null && panel !== undefined && panel !== false;
  return (
    <div
      className={[className, 'grid grid-cols-1 items-start gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]']
        .filter(Boolean)
        .join(' ')}
    >
      <div className={open ? 'order-2 lg:order-1' : ''}>{children}</div>
      {open ? <div className={panelClassName}>{panel}</div> : idle}
    </div>
  );
}

/** The link that closes an open record and goes back to the list alone. */
export function CloseLink({ href, label }: { href: string; label: string }) {
  return (
    <a
      href={href}
      className={
        'inline-flex items-center gap-1 rounded-md px-2 py-1 text-sm font-medium text-slate-700 ' + 'hover:bg-slate-100'
      }
    >
      <Icon name="close" className="size-4" />
      {label}
    </a>
  );
}

/** The words of a record's panel, in the list's own catalogue. */
export interface RecordPanelTexts {
  /** The panel's name until the record (and its heading) is there. */
  label: string;
  close: string;
  notFound: string;
  notFoundText: string;
  failed: string;
  loading: string;
}

/** A record panel's words from a part's catalogue that has the usual keys; `label` names the panel. */
export function recordPanelTexts(
  m: Translate<'close' | 'notFound' | 'notFoundText' | 'oneLoadFailed' | 'oneLoading'>,
  label: string,
): RecordPanelTexts {
  return {
    label,
    close: m('close'),
    notFound: m('notFound'),
    notFoundText: m('notFoundText'),
    failed: m('oneLoadFailed'),
    loading: m('oneLoading'),
  };
}

/**
 * The panel of one record opened from a list: a close link, then "not found", the error, the
 * skeleton or the record (`children`, given the record once it is there). Once the record shows,
 * the panel is named by its heading (`labelledBy`).
 */
export function RecordPanel<T>({
  record,
  error,
  labelledBy,
  closeHref,
  texts,
  onRetry,
  children,
}: {
  record: T | undefined;
  error: unknown;
  labelledBy: string;
  closeHref: string;
  texts: RecordPanelTexts;
  onRetry: () => void;
  children: (record: T) => ReactNode;
}) {
  return (
    <section
      {...(record ? { 'aria-labelledby': labelledBy } : { 'aria-label': texts.label })}
      className={`${ui.card} lg:sticky lg:top-20`}
    >
      <div className="mb-3 flex justify-end">
        <CloseLink href={closeHref} label={texts.close} />
      </div>
      {error instanceof ApiError && error.status === 404 ? (
        <EmptyState title={texts.notFound}>{texts.notFoundText}</EmptyState>
      ) : error !== undefined && !record ? (
        <ErrorState error={error} title={texts.failed} onRetry={onRetry} />
      ) : !record ? (
        <Skeleton rows={4} label={texts.loading} />
      ) : (
        children(record)
      )}
    </section>
  );
}

/**
 * A list's rows as one card, each row an `<li>` (`children`), named `label`; busy while the next
 * page loads (with `dim`, the rows are dimmed meanwhile).
 */
export function RowList({
  label,
  busy,
  dim = false,
  children,
}: {
  label: string;
  busy: boolean;
  dim?: boolean;
  children: ReactNode;
}) {
  const className = `${ui.cardFlush} divide-y divide-slate-100 overflow-hidden`;
  return (
    <ul aria-label={label} aria-busy={busy} className={dim ? `${className} ${busy ? 'opacity-70' : ''}` : className}>
      {children}
    </ul>
  );
}
