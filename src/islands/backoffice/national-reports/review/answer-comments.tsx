import { useStore } from '@nanostores/react';
import { useEffect, useId, useRef, useState } from 'react';
import {
  FORM_COMMENT_MAX,
  FormCommentSchema,
  type FormComment,
} from '../../../../lib/questionnaires/comments-schema.ts';
import type { FormQuestion } from '../../../../lib/questionnaires/schema.ts';
import { conflictOf, errorMessage } from '../../lib/api.ts';
import { formatDateTime } from '../../ui/format.ts';
import { Icon } from '../../ui/icons.tsx';
import { ui } from '../../ui/styles.ts';
import { m } from './messages.ts';
import { $comments, $composing, sendComment, setResolved, threadsOf } from './review-api.ts';

type Question = Pick<FormQuestion, 'uuid' | 'code'>;

/** What the person may do with the comments: reviewers open threads; both sides reply and resolve. */
export interface CommentRights {
  comment: boolean;
  reply: boolean;
}

/** Beside the question's title: the open comments' count, and the reviewer's "Comment". */
export function CommentsButton({ question, rights }: { question: Question; rights: CommentRights }) {
  const comments = useStore($comments);
  const open = threadsOf(comments.data?.data ?? [], question.uuid).open.length;
  return (
    <>
      {open > 0 && (
        <a
          href={`#comments-${question.code}`}
          className={
            'inline-flex items-center gap-1 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold ' +
            'text-amber-900'
          }
        >
          <Icon name="mail" className="size-3.5" />
          {m('comments.open', { count: open })}
        </a>
      )}
      {rights.comment && (
        <button
          type="button"
          className={
            'inline-flex items-center gap-1 rounded px-1.5 py-0.5 text-xs font-medium text-brand-700 ' +
            'hover:bg-brand-50'
          }
          aria-label={`${m('comments.button')}: ${question.code}`}
          onClick={() => $composing.set(question.uuid)}
        >
          <Icon name="send" className="size-3.5" />
          {m('comments.button')}
        </button>
      )}
    </>
  );
}

/** A text box and its Send/Cancel, bounded and never sent empty. */
function Composer({
  label,
  onSend,
  onCancel,
  focusOnShow,
}: {
  label: string;
  onSend: (body: string) => Promise<unknown>;
  onCancel?: () => void;
  /** Focus the box when it appears (it appears because the person asked for it). */
  focusOnShow?: boolean;
}) {
  const id = useId();
  const [body, setBody] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const ref = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    if (focusOnShow) ref.current?.focus();
  }, [focusOnShow]);
  const send = async () => {
    const text = body.trim();
    if (!text) return setError(m('comments.empty'));
    if (text.length > FORM_COMMENT_MAX) return setError(m('comments.tooLong', { max: String(FORM_COMMENT_MAX) }));
    setBusy(true);
    setError(null);
    try {
      await onSend(text);
      setBody('');
    } catch (caught) {
      setError(errorMessage(caught));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="mt-2">
      <label htmlFor={id} className={ui.label}>
        {label}
      </label>
      <textarea
        id={id}
        ref={ref}
        dir="auto"
        rows={2}
        maxLength={FORM_COMMENT_MAX}
        className={`${ui.input} mt-1`}
        value={body}
        aria-invalid={error !== null}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => setBody(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) void send();
          if (event.key === 'Escape' && onCancel) onCancel();
        }}
      />
      {error && (
        <p id={`${id}-error`} role="alert" className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
      <div className="mt-2 flex gap-2">
        <button type="button" className={ui.primaryButton} disabled={busy} onClick={() => void send()}>
          {busy ? m('comments.sending') : m('comments.send')}
        </button>
        {onCancel && (
          <button type="button" className={ui.secondaryButton} onClick={onCancel}>
            {m('comments.cancel')}
          </button>
        )}
      </div>
    </div>
  );
}

function Said({ comment }: { comment: FormComment }) {
  return (
    <div>
      <p className="text-xs text-slate-600">
        <span className="font-semibold text-slate-800">{comment.author?.name ?? m('comments.someone')}</span> ·{' '}
        {formatDateTime(comment.created_at)}
      </p>
      <p className="mt-0.5 whitespace-pre-line text-sm text-slate-900" dir="auto">
        {comment.body}
      </p>
    </div>
  );
}

function Thread({ first, replies, rights }: { first: FormComment; replies: FormComment[]; rights: CommentRights }) {
  const [replying, setReplying] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const resolved = first.resolved_at !== null;
  const toggle = async () => {
    setBusy(true);
    setNotice(null);
    try {
      await setResolved(first, !resolved);
    } catch (caught) {
      setNotice(conflictOf(caught, FormCommentSchema) ? m('comments.stale') : errorMessage(caught));
    } finally {
      setBusy(false);
    }
  };
  return (
    <li
      className={`rounded-md border p-3 ${resolved ? 'border-slate-200 bg-slate-50' : 'border-amber-200 bg-amber-50'}`}
    >
      <Said comment={first} />
      {replies.length > 0 && (
        <ul className="mt-2 space-y-2 border-l-2 border-slate-200 pl-3">
          {replies.map((reply) => (
            <li key={reply.id}>
              <Said comment={reply} />
            </li>
          ))}
        </ul>
      )}
      {resolved && first.resolved_at && (
        <p className="mt-2 text-xs text-slate-600">
          {m('comments.resolved', {
            name: first.resolved_by?.name ?? m('comments.someone'),
            date: formatDateTime(first.resolved_at),
          })}
        </p>
      )}
      {notice && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {notice}
        </p>
      )}
      {rights.reply && (
        <div className="mt-2 flex flex-wrap gap-2">
          {!resolved && !replying && (
            <button type="button" className={ui.secondaryButton} onClick={() => setReplying(true)}>
              {m('comments.reply')}
            </button>
          )}
          <button type="button" className={ui.secondaryButton} disabled={busy} onClick={() => void toggle()}>
            {resolved ? m('comments.reopen') : m('comments.resolve')}
          </button>
        </div>
      )}
      {replying && (
        <Composer
          label={m('comments.replyLabel')}
          focusOnShow
          onCancel={() => setReplying(false)}
          onSend={async (body) => {
            await sendComment({ question_uuid: first.question_uuid, body, parent_id: first.id });
            setReplying(false);
          }}
        />
      )}
    </li>
  );
}

/** Under the answer: its comment threads (open ones, then the resolved ones folded), and a reviewer's new comment. */
export function AnswerComments({ question, rights }: { question: Question; rights: CommentRights }) {
  const comments = useStore($comments);
  const composing = useStore($composing) === question.uuid;
  const { open, resolved } = threadsOf(comments.data?.data ?? [], question.uuid);
  if (!composing && open.length === 0 && resolved.length === 0) return null;
  return (
    <div id={`comments-${question.code}`} className="mt-4 border-t border-slate-100 pt-3">
      <h3 className="sr-only">{m('comments.on', { code: question.code })}</h3>
      {open.length > 0 && (
        <ul className="space-y-2">
          {open.map((t) => (
            <Thread key={t.first.id} {...t} rights={rights} />
          ))}
        </ul>
      )}
      {resolved.length > 0 && (
        <details className="mt-2">
          <summary className="cursor-pointer text-sm font-medium text-slate-700">
            {m('comments.resolvedCount', { count: resolved.length })}
          </summary>
          <ul className="mt-2 space-y-2">
            {resolved.map((t) => (
              <Thread key={t.first.id} {...t} rights={rights} />
            ))}
          </ul>
        </details>
      )}
      {composing && (
        <Composer
          label={m('comments.new')}
          focusOnShow
          onCancel={() => $composing.set(null)}
          onSend={async (body) => {
            await sendComment({ question_uuid: question.uuid, body });
            $composing.set(null);
          }}
        />
      )}
    </div>
  );
}

/** The comments' load failure, once for the whole form. */
export function CommentsStatus() {
  const comments = useStore($comments);
  if (comments.error === undefined) return null;
  return (
    <div role="alert" className="mb-4 rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-900">
      {m('comments.failed')}: {errorMessage(comments.error)}{' '}
      <button type="button" className={ui.link} onClick={() => $comments.invalidate()}>
        {m('comments.retry')}
      </button>
    </div>
  );
}
