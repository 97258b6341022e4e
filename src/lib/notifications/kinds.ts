import type { ChangeType } from '../events/change-events.ts';

/**
 * Who is told about what (issue 16). Each kind names the change event it comes from and its
 * audience: `country` — the focal points and country administrators of the record's country;
 * `secretariat` — the regional secretariat (admin, tuxuri); `self` — the user the change is about.
 */
export const NOTIFICATION_KINDS = {
  'report.submitted': { event: 'report.submitted', audience: 'secretariat', email: true },
  'report.returned': { event: 'report.returned', audience: 'country', email: true },
  'report.accepted': { event: 'report.accepted', audience: 'country', email: true },
  'report.published': { event: 'report.published', audience: 'country', email: true },
  'report.unlocked': { event: 'report.unlocked', audience: 'country', email: true },
  'report.reminder': { event: 'report.reminder.due', audience: 'country', email: true },
  // Comments on one answer (decision 077): the other side is told, in the portal.
  'report.commented': { event: 'report.answer.commented', audience: 'country', email: false },
  'report.comment.replied': { event: 'report.answer.replied', audience: 'secretariat', email: false },
  'practice.submitted': { event: 'practice.submitted', audience: 'secretariat', email: true },
  'practice.returned': { event: 'practice.returned', audience: 'country', email: true },
  'practice.published': { event: 'practice.published', audience: 'country', email: true },
  'practice.commented': { event: 'practice.commented', audience: 'country', email: false },
  'contact.received': { event: 'contact.received', audience: 'secretariat', email: false },
  'site.build.failing': { event: 'site.build.failing', audience: 'secretariat', email: true },
  'mail.failed': { event: 'mail.failed', audience: 'secretariat', email: false },
  'account.awaiting': { event: 'user.created', audience: 'secretariat', email: true },
  'account.activated': { event: 'user.activated', audience: 'self', email: true },
  'account.role.changed': { event: 'user.role.changed', audience: 'self', email: true },
} as const satisfies Record<string, { event: ChangeType; audience: Audience; email: boolean }>;

export type Audience = 'country' | 'secretariat' | 'self';
export type NotificationKind = keyof typeof NOTIFICATION_KINDS;
export const NOTIFICATION_KIND_NAMES = Object.keys(NOTIFICATION_KINDS) as NotificationKind[];

/** The change event types that make notifications. */
export const NOTIFYING_EVENTS: readonly ChangeType[] = NOTIFICATION_KIND_NAMES.map(
  (kind) => NOTIFICATION_KINDS[kind].event,
);

/** The kind a change event makes, if any. */
export function kindOfEvent(type: ChangeType): NotificationKind | null {
  return NOTIFICATION_KIND_NAMES.find((kind) => NOTIFICATION_KINDS[kind].event === type) ?? null;
}

/** The kinds a person with these roles can receive: what their email choices list. */
export function kindsFor(roles: readonly string[]): NotificationKind[] {
  const secretariat = roles.some((r) => r === 'admin' || r === 'tuxuri');
  const country = roles.some((r) => r === 'state_admin' || r === 'state_member');
  return NOTIFICATION_KIND_NAMES.filter((kind) => {
    const { audience } = NOTIFICATION_KINDS[kind];
    return audience === 'self' || (audience === 'secretariat' ? secretariat : country);
  });
}

/** Whether a kind goes by email: the person's choice, or the kind's default. */
export function emailsKind(kind: NotificationKind, choices: Readonly<Record<string, boolean>>): boolean {
  return choices[kind] ?? NOTIFICATION_KINDS[kind].email;
}
