import { useStore } from '@nanostores/react';
import { useState } from 'react';
import type { SentMailItem } from '../../../lib/mail/schema.ts';
import type { ScreenProps } from '../screen-props.ts';
import { formatDateTime } from '../ui/format.ts';
import { PageHeading } from '../ui/page-heading.tsx';
import { ListWithPanel, PagedList, RecordPanel, recordPanelTexts, RowList } from '../ui/paged-list.tsx';
import { TermAndValue } from '../ui/fact.tsx';
import { ui } from '../ui/styles.ts';
import {
  $openMail,
  $sentMail,
  $sentMailFilters,
  $sentMailView,
  goToSentMailPage,
  SENT_MAIL_PAGE_SIZE,
  sentMailHref,
  type SentMailFilters,
} from './sent-mail-store.ts';
import { m } from './messages.ts';

const STATUS_TEXT: Record<SentMailItem['status'], string> = {
  sent: m('status.sent'),
  queued: m('status.queued'),
  sending: m('status.sending'),
  failed: m('status.failed'),
};

const STATUS_STYLE: Record<SentMailItem['status'], string> = {
  sent: 'bg-green-50 text-green-800',
  queued: 'bg-amber-50 text-amber-900',
  sending: 'bg-amber-50 text-amber-900',
  failed: 'bg-red-50 text-red-800',
};

/** /admin/sent-mail: every email the portal sent or will send, newest first. */
export function SentMailScreen(_: ScreenProps) {
  const filters = useStore($sentMailFilters);
  const list = useStore($sentMailView);
  return (
    <>
      <PageHeading description={m('intro')}>{m('title')}</PageHeading>
      <ListWithPanel
        panel={
          filters?.message ? (
            <MailPanel uuid={filters.message} closeHref={sentMailHref(filters, { message: null })} />
          ) : null
        }
      >
        <PagedList
          list={list}
          ready={filters !== null}
          page={filters?.page}
          texts={{ failed: m('loadFailed'), loading: m('loading'), noun: m('noun') }}
          empty={{ title: m('none'), text: m('noneText') }}
          pageSize={SENT_MAIL_PAGE_SIZE}
          onRetry={() => $sentMail.invalidate()}
          onPage={(page) => filters && goToSentMailPage(filters, page)}
        >
          {(mails) =>
            filters && (
              <RowList label={m('list')} busy={list.loading}>
                {mails.map((mail) => (
                  <MailRow key={mail.uuid} mail={mail} filters={filters} />
                ))}
              </RowList>
            )
          }
        </PagedList>
      </ListWithPanel>
    </>
  );
}

function MailRow({ mail, filters }: { mail: SentMailItem; filters: SentMailFilters }) {
  const open = filters.message === mail.uuid;
  const when = mail.sent_at ?? mail.created_at;
  return (
    <li>
      <a
        href={sentMailHref(filters, { message: mail.uuid })}
        aria-current={open ? 'true' : undefined}
        className={`block px-4 py-3 hover:bg-slate-50 ${open ? 'bg-brand-50 ring-2 ring-inset ring-brand-500' : ''}`}
      >
        <span className="flex items-baseline justify-between gap-3">
          <span className="truncate text-sm font-medium text-slate-900">{mail.to_name ?? mail.to_address}</span>
          <span className="shrink-0 text-xs text-slate-600">
            <time dateTime={when}>{formatDateTime(when)}</time>
          </span>
        </span>
        <span className="block truncate text-sm text-slate-800">{mail.subject}</span>
        <span className={`mt-1 inline-block rounded-full px-2 py-0.5 text-xs font-medium ${STATUS_STYLE[mail.status]}`}>
          {STATUS_TEXT[mail.status]}
          {mail.status !== 'sent' && mail.attempts > 0 && m('tried', { count: mail.attempts })}
        </span>
      </a>
    </li>
  );
}

/** One email: the headers, then the plain text, or the HTML in a sandboxed frame (no scripts, no links out of it). */
function MailPanel({ uuid, closeHref }: { uuid: string; closeHref: string }) {
  const answer = useStore($openMail);
  const [view, setView] = useState<'text' | 'html'>('text');
  const mail = answer.data?.data.uuid === uuid ? answer.data.data : undefined;
  return (
    <RecordPanel
      record={mail}
      error={answer.error}
      labelledBy="mail-subject"
      closeHref={closeHref}
      texts={recordPanelTexts(m, m('email'))}
      onRetry={() => $openMail.invalidate()}
    >
      {(mail) => (
        <article>
          <h2 id="mail-subject" className="break-words text-xl font-semibold text-slate-900">
            {mail.subject}
          </h2>
          <dl className="mt-4 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
            <TermAndValue term={m('to')} className="break-all font-medium text-slate-900">
              {mail.to_name ? `${mail.to_name} <${mail.to_address}>` : mail.to_address}
            </TermAndValue>
            <TermAndValue term={m('written')}>
              <time dateTime={mail.created_at}>{formatDateTime(mail.created_at)}</time>
            </TermAndValue>
            <TermAndValue term={m('status')}>
              {mail.sent_at ? m('sentOn', { date: formatDateTime(mail.sent_at) }) : STATUS_TEXT[mail.status]}
              {!mail.sent_at && mail.next_attempt_at && m('nextTry', { date: formatDateTime(mail.next_attempt_at) })}
            </TermAndValue>
            {mail.last_error && !mail.sent_at && (
              <>
                <TermAndValue term={m('lastProblem')} className="break-words">
                  {mail.status === 'failed' && <span className="block">{m('failedNote')}</span>}
                  <span className="block">{mail.last_error}</span>
                </TermAndValue>
              </>
            )}
          </dl>
          <div role="group" aria-label={m('showAs')} className="mt-5 flex gap-2 border-t border-slate-200 pt-4">
            {(['text', 'html'] as const).map((option) => (
              <button
                key={option}
                type="button"
                aria-pressed={view === option}
                className={view === option ? ui.primaryButton : ui.secondaryButton}
                onClick={() => setView(option)}
              >
                {option === 'text' ? m('plain') : m('formatted')}
              </button>
            ))}
          </div>
          {view === 'text' ? (
            <pre className="mt-4 whitespace-pre-wrap break-words font-sans text-sm leading-relaxed text-slate-900">
              {mail.text}
            </pre>
          ) : (
            // sandbox="" : no scripts, no forms, no navigation of this page; the HTML only shows.
            <iframe
              title={m('frameTitle', { subject: mail.subject })}
              sandbox=""
              srcDoc={mail.html}
              className="mt-4 h-96 w-full rounded-md border border-slate-200 bg-white"
            />
          )}
        </article>
      )}
    </RecordPanel>
  );
}
