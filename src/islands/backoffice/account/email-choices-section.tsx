import { useStore } from '@nanostores/react';
import { useState } from 'react';
import type { NotificationKind } from '../../../lib/notifications/kinds.ts';
import { ErrorState, Skeleton } from '../ui/states.tsx';
import { CardSection } from '../ui/card-section.tsx';
import { $emailChoices, setEmailChoice } from './email-choices-store.ts';
import { m } from './messages.ts';

/** Each kind of notification in the page's language (src/lib's KIND_LABELS stays English, for the server). */
const KIND_TEXTS: Record<NotificationKind, string> = {
  'report.submitted': m('kind.report.submitted'),
  'report.returned': m('kind.report.returned'),
  'report.accepted': m('kind.report.accepted'),
  'report.published': m('kind.report.published'),
  'report.unlocked': m('kind.report.unlocked'),
  'report.reminder': m('kind.report.reminder'),
  'report.commented': m('kind.report.commented'),
  'report.comment.replied': m('kind.report.comment.replied'),
  'practice.submitted': m('kind.practice.submitted'),
  'practice.returned': m('kind.practice.returned'),
  'practice.published': m('kind.practice.published'),
  'practice.commented': m('kind.practice.commented'),
  'contact.received': m('kind.contact.received'),
  'mail.failed': m('kind.mail.failed'),
  'site.build.failing': m('kind.site.build.failing'),
  'account.awaiting': m('kind.account.awaiting'),
  'account.activated': m('kind.account.activated'),
  'account.role.changed': m('kind.account.role.changed'),
};

/** The account's email choices: each kind of notification the person can receive, on or off. */
export function EmailChoicesSection() {
  const { data, error } = useStore($emailChoices);
  const [saving, setSaving] = useState(false);
  // The box shows the person's click at once; the server's answer then confirms it (or, on a
  // refusal, the stored choice comes back).
  const [pending, setPending] = useState<Partial<Record<string, boolean>>>({});
  return (
    <CardSection id="email-choices-title" title={m('choices.title')}>
      <p className="mt-1 text-sm text-slate-600">{m('choices.intro')}</p>
      {error !== undefined && !data ? (
        <div className="mt-4">
          <ErrorState error={error} title={m('choices.loadFailed')} onRetry={() => $emailChoices.invalidate()} />
        </div>
      ) : !data ? (
        <div className="mt-4">
          <Skeleton rows={4} label={m('choices.loading')} />
        </div>
      ) : (
        <fieldset className="mt-4" disabled={saving} aria-busy={saving}>
          <legend className="text-sm font-medium text-slate-800">{m('choices.legend')}</legend>
          <ul className="mt-3 space-y-3">
            {data.data.kinds.map((choice) => (
              <li key={choice.kind}>
                <label className="flex items-start gap-3 text-sm text-slate-800">
                  <input
                    type="checkbox"
                    className="mt-0.5 size-4 shrink-0 accent-brand-600"
                    checked={pending[choice.kind] ?? choice.email}
                    onChange={(event) => {
                      const checked = event.target.checked;
                      setSaving(true);
                      setPending((p) => ({ ...p, [choice.kind]: checked }));
                      void setEmailChoice(choice.kind, checked, data.data.version).finally(() => {
                        setSaving(false);
                        setPending(({ [choice.kind]: _, ...rest }) => rest);
                      });
                    }}
                  />
                  <span>{KIND_TEXTS[choice.kind]}</span>
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
      )}
    </CardSection>
  );
}
