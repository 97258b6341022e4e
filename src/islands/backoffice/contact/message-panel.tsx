import { useStore } from '@nanostores/react';
import { useEffect, useRef } from 'react';
import { CONTACT_TONES, StatusChip } from '../ui/status-chip.tsx';
import { RecordPanel, recordPanelTexts } from '../ui/paged-list.tsx';
import { TermAndValue } from '../ui/fact.tsx';
import { ui } from '../ui/styles.ts';
import { formatReceived } from './contact-format.ts';
import { $openMessage } from './contact-store.ts';
import { MessageActions } from './message-actions.tsx';
import { RepliesList, ReplyForm } from './reply-form.tsx';
import { richText } from '../../i18n/rich-text.tsx';
import { CONTACT_STATUS_TEXTS } from './contact-status.ts';
import { m } from './messages.ts';

/**
 * One message, as its sender wrote it (plain text with its line breaks, never HTML), with its
 * status, the actions on it, the replies sent and the reply form.
 */
export function MessagePanel({ id, closeHref }: { id: number; closeHref: string }) {
  const answer = useStore($openMessage);
  const heading = useRef<HTMLHeadingElement>(null);
  const message = answer.data?.data.id === id ? answer.data.data : undefined;

  // Opening a message moves the focus to it, so keyboard and screen reader users land on it.
  useEffect(() => {
    if (message) heading.current?.focus({ preventScroll: false });
  }, [message?.id]); // eslint-disable-line react-hooks/exhaustive-deps

  return (
    <RecordPanel
      record={message}
      error={answer.error}
      labelledBy="message-subject"
      closeHref={closeHref}
      texts={recordPanelTexts(m, m('message'))}
      onRetry={() => $openMessage.invalidate()}
    >
      {(message) => (
        <article>
          <h2
            id="message-subject"
            ref={heading}
            tabIndex={-1}
            dir="auto"
            className="break-words text-xl font-semibold text-slate-900 outline-none"
          >
            {message.subject}
          </h2>
          <dl className="mt-4 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
            <TermAndValue term={m('from')} dir="auto" className="break-words font-medium text-slate-900">
              {message.name}
            </TermAndValue>
            <TermAndValue term={m('email')} className="break-all">
              <a
                href={`mailto:${message.email}?subject=${encodeURIComponent(`Re: ${message.subject}`)}`}
                className={ui.link}
              >
                {message.email}
              </a>
            </TermAndValue>
            <TermAndValue term={m('received')} className="text-slate-900">
              <time dateTime={message.created_at}>{formatReceived(message.created_at)}</time>
            </TermAndValue>
            <TermAndValue term={m('status')} className="flex flex-wrap items-center gap-2 text-slate-700">
              <StatusChip status={message.status} labels={CONTACT_STATUS_TEXTS} tones={CONTACT_TONES} />
              {message.status_at && (
                <span>
                  {message.status_by && richText(m('statusBy'), { name: <bdi>{message.status_by.name}</bdi> })}
                  <time dateTime={message.status_at}>{formatReceived(message.status_at)}</time>
                </span>
              )}
            </TermAndValue>
          </dl>
          <div className="mt-4">
            <MessageActions message={message} />
          </div>
          <div
            dir="auto"
            className={
              'mt-5 whitespace-pre-wrap break-words border-t border-slate-200 pt-5 text-sm leading-relaxed ' +
              'text-slate-900'
            }
          >
            {message.message}
          </div>
          <RepliesList replies={message.replies} />
          <ReplyForm key={message.id} message={message} />
        </article>
      )}
    </RecordPanel>
  );
}
