import { useStore } from '@nanostores/react';
import type { ContactMessage } from '../../../lib/contact/schema.ts';
import { CONTACT_TONES, StatusChip } from '../ui/status-chip.tsx';
import type { ScreenProps } from '../screen-props.ts';
import { InboxHeading } from '../ui/page-heading.tsx';
import { ListWithPanel, PagedList, RowList } from '../ui/paged-list.tsx';
import { ContactFilters } from './contact-filters.tsx';
import { formatReceivedShort } from './contact-format.ts';
import { MessagePanel } from './message-panel.tsx';
import {
  $contactFilters,
  CONTACT_PAGE_SIZE,
  contactList,
  messageHref,
  type ContactFilters as Filters,
} from './contact-store.ts';
import { CONTACT_STATUS_TEXTS } from './contact-status.ts';
import { m } from './messages.ts';

/** /admin/contact-us: the messages sent through the public contact form, unread first. */
export function ContactScreen(_: ScreenProps) {
  const filters = useStore($contactFilters);
  const list = useStore(contactList.$view);
  const unread = list.data?.unread;
  const filtered = filters !== null && (filters.q !== '' || filters.status !== '');

  return (
    <>
      <InboxHeading unread={unread} m={m} />
      <ContactFilters />
      <ListWithPanel
        className="mt-6"
        panel={
          filters?.message != null ? <MessagePanel id={filters.message} closeHref={messageHref(filters, null)} /> : null
        }
        idle={
          (list.data?.data.length ?? 0) > 0 && (
            <div
              className={
                'hidden rounded-lg border border-dashed border-slate-300 p-8 text-center text-sm text-slate-600 ' +
                'lg:block'
              }
            >
              {m('choose')}
            </div>
          )
        }
      >
        <PagedList
          list={list}
          ready={filters !== null}
          page={filters?.page}
          texts={{ failed: m('loadFailed'), loading: m('loading'), noun: m('noun') }}
          empty={{
            title: filtered ? m('noMatch') : m('none'),
            text: filtered ? m('tryAnother') : m('noneText'),
            firstPage: m('firstPage'),
          }}
          pageSize={CONTACT_PAGE_SIZE}
          onRetry={() => contactList.$list.invalidate()}
          onPage={(page) => contactList.setFilters({ page })}
        >
          {(messages) => filters && <MessageList messages={messages} filters={filters} busy={list.loading} />}
        </PagedList>
      </ListWithPanel>
    </>
  );
}

function MessageList({
  messages,
  filters,
  busy,
}: {
  messages: readonly ContactMessage[];
  filters: Filters;
  busy: boolean;
}) {
  return (
    <RowList label={m('title')} busy={busy} dim>
      {messages.map((message) => {
        const unread = message.read_at === null;
        const open = filters.message === message.id;
        return (
          <li key={message.id}>
            <a
              href={messageHref(filters, message.id)}
              aria-current={open ? 'true' : undefined}
              className={
                `flex gap-3 px-4 py-3 ` +
                `hover:bg-slate-50 ${open ? 'bg-brand-50 ring-2 ring-inset ring-brand-500' : ''}`
              }
            >
              <span
                aria-hidden="true"
                className={`mt-1.5 size-2.5 shrink-0 rounded-full ${unread ? 'bg-brand-600' : 'bg-transparent'}`}
              />
              <span className="min-w-0 flex-1">
                <span className="flex items-baseline justify-between gap-3">
                  <span
                    className={`truncate text-sm ${unread ? 'font-bold text-slate-900' : 'font-medium text-slate-800'}`}
                  >
                    {unread && <span className="sr-only">{m('unreadPrefix')}</span>}
                    <bdi>{message.name}</bdi>
                  </span>
                  <span className={`shrink-0 text-xs ${unread ? 'font-semibold text-slate-900' : 'text-slate-600'}`}>
                    {formatReceivedShort(message.created_at)}
                  </span>
                </span>
                <span className="flex items-center gap-2">
                  <span
                    dir="auto"
                    className={
                      `min-w-0 flex-1 truncate ` +
                      `text-sm ${unread ? 'font-semibold text-slate-900' : 'text-slate-700'}`
                    }
                  >
                    {message.subject}
                  </span>
                  {message.status !== 'new' && (
                    <StatusChip status={message.status} labels={CONTACT_STATUS_TEXTS} tones={CONTACT_TONES} />
                  )}
                </span>
                {/* A glance for the eye; the link's name stays short (sender, time, subject). */}
                <span aria-hidden="true" dir="auto" className="block truncate text-xs text-slate-600">
                  {message.message}
                </span>
              </span>
            </a>
          </li>
        );
      })}
    </RowList>
  );
}
