import { useStore } from '@nanostores/react';
import { useState, type FormEvent } from 'react';
import {
  CONTACT_REPLY_MAX,
  CONTACT_SUBJECT_MAX,
  type ContactMessageDetail,
  type ContactReply,
} from '../../../lib/contact/schema.ts';
import { replySubject } from '../../../lib/contact/reply-email.ts';
import { invalidProps, type FieldErrors } from '../lib/field-errors.ts';
import { Field, InputField } from '../ui/field.tsx';
import { ui } from '../ui/styles.ts';
import { $messageBusy, sendReply } from './contact-actions.ts';
import { formatReceived } from './contact-format.ts';
import { richText } from '../../i18n/rich-text.tsx';
import { m } from './messages.ts';

/** The replies sent to the message, with who sent each, when, and whether the email has gone. */
export function RepliesList({ replies }: { replies: readonly ContactReply[] }) {
  if (replies.length === 0) return null;
  return (
    <section aria-labelledby="replies-title" className="mt-6 border-t border-slate-200 pt-5">
      <h3 id="replies-title" className="text-sm font-semibold text-slate-900">
        {m('repliesSent')}
      </h3>
      <ol className="mt-3 space-y-4">
        {replies.map((reply) => (
          <li key={reply.id} className="rounded-md bg-slate-50 p-3 text-sm">
            <p className="text-slate-700">
              {richText(m('replied'), {
                author: <span className="font-medium text-slate-900">{reply.author?.name ?? m('formerUser')}</span>,
                address: reply.to_address,
                date: <time dateTime={reply.created_at}>{formatReceived(reply.created_at)}</time>,
              })}
              {' · '}
              {reply.sent_at ? m('emailSent') : m('emailWaiting')}
            </p>
            <p dir="auto" className="mt-1 break-words font-medium text-slate-900">
              {reply.subject}
            </p>
            <p dir="auto" className="mt-1 whitespace-pre-wrap break-words text-slate-800">
              {reply.message}
            </p>
          </li>
        ))}
      </ol>
    </section>
  );
}

/** Reply by email: the sender gets it from the portal's address, with their message quoted. */
export function ReplyForm({ message }: { message: ContactMessageDetail }) {
  const busy = useStore($messageBusy);
  const [subject, setSubject] = useState(() => replySubject(message.subject));
  const [text, setText] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const local: FieldErrors = {};
    if (subject.trim().length < 3) local['subject'] = [m('subjectShort')];
    if (text.trim().length < 10) local['message'] = [m('replyShort')];
    setErrors(local);
    if (Object.keys(local).length > 0) {
      document.getElementById(local['subject'] ? 'reply-subject' : 'reply-message')?.focus();
      return;
    }
    const result = await sendReply(message, { subject, message: text });
    if (result === true) setText('');
    else if (result !== false) setErrors(result);
  }

  return (
    <form
      onSubmit={(event) => void submit(event)}
      aria-labelledby="reply-title"
      noValidate
      className="mt-6 space-y-3 border-t border-slate-200 pt-5"
    >
      <h3 id="reply-title" className="text-sm font-semibold text-slate-900">
        {m('replyTitle')}
      </h3>
      <p className="text-sm text-slate-600">{m('replyHint', { email: message.email })}</p>
      <InputField
        id="reply-subject"
        name="subject"
        label={m('subject')}
        errors={errors}
        value={subject}
        onValue={setSubject}
        input={{ dir: 'auto', maxLength: CONTACT_SUBJECT_MAX + 4, autoComplete: 'off' }}
      />
      <Field id="reply-message" label={m('yourReply')} messages={errors['message']}>
        <textarea
          dir="auto"
          id="reply-message"
          rows={6}
          className={`${ui.input} mt-1`}
          value={text}
          maxLength={CONTACT_REPLY_MAX}
          onChange={(event) => setText(event.target.value)}
          {...invalidProps(errors, 'message', 'reply-message-error')}
        />
      </Field>
      <button
        type="submit"
        className={`${ui.primaryButton} aria-disabled:cursor-wait aria-disabled:opacity-60`}
        aria-disabled={busy !== null || undefined}
      >
        {busy === 'reply' ? m('sending') : m('send')}
      </button>
    </form>
  );
}
