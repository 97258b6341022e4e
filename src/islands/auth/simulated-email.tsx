import { useEffect, useState } from 'react';
import { simulatedEmailLink, type EmailAction } from '../../lib/client/simulated-email.ts';
import { EMAIL_LANGUAGE } from './language.ts';
import { m } from './messages.ts';

const WHAT: Record<EmailAction, { link: string; subject: string }> = {
  resetPassword: { link: m('simulated.resetLink'), subject: m('simulated.resetSubject') },
  verifyEmail: { link: m('simulated.verifyLink'), subject: m('simulated.verifySubject') },
};

/**
 * Local installations send no email: this shows that the email was simulated and the link it
 * would have carried. `sentAt` changes each time an email is sent, which looks the link up again.
 */
export function SimulatedEmail({
  action,
  email,
  sentAt,
}: {
  action: EmailAction;
  email: string;
  sentAt: number | null;
}) {
  const [link, setLink] = useState<string | null | 'none'>(null);

  useEffect(() => {
    let live = true;
    simulatedEmailLink(action, email, EMAIL_LANGUAGE).then(
      (found) => live && setLink(found ?? 'none'),
      () => live && setLink('none'),
    );
    return () => {
      live = false;
    };
  }, [action, email, sentAt]);

  if (link === null || link === 'none') return null;
  return (
    <div role="status" className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2.5 text-sm text-amber-950">
      <p>{m('simulated.text', { subject: WHAT[action].subject })}</p>
      <p className="mt-2">
        <a href={link} className="font-semibold text-brand-800 underline underline-offset-2 hover:text-brand-900">
          {WHAT[action].link}
        </a>
      </p>
    </div>
  );
}
