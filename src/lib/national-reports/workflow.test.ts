import { describe, expect, test } from 'vitest';
import { ROLE_NAMES, type RoleName } from '../access/permissions.ts';
import { REPORT_ACTIONS, REPORT_STATUSES, type ReportAction, type ReportStatus } from './schema.ts';
import { availableActions, decide as decideSaid, lockReasonOf, returnedOf, type Decision } from './workflow.ts';

/** `decide`, its refusal's reason read as its English text (the reason is said by key, decision 064). */
const decide = (...args: Parameters<typeof decideSaid>): Decision => {
  const decision = decideSaid(...args);
  return decision.ok ? decision : { ok: false, reason: String(decision.reason) };
};

type Row = Partial<Record<ReportStatus, ReportStatus>>;

/**
 * The whole matrix, written out: for each action and role, the statuses it may start from and
 * where it leads (with a note, nothing missing, the cycle open). Everything not listed is refused.
 */
const COUNTRY_SAVE: Row = { not_started: 'in_progress', in_progress: 'in_progress' };
const COUNTRY_COMPLETE: Row = { in_progress: 'completed' };
const COUNTRY_REOPEN: Row = { completed: 'in_progress' };
const ADMIN_RETURN: Row = { completed: 'in_progress', submitted: 'in_progress', accepted: 'in_progress' };
const ADMIN_UNLOCK: Row = { submitted: 'in_progress', accepted: 'in_progress', published: 'in_progress' };

const EXPECTED: Record<ReportAction, Record<RoleName, Row>> = {
  save: { tuxuri: {}, admin: {}, state_admin: COUNTRY_SAVE, state_member: COUNTRY_SAVE },
  complete: { tuxuri: {}, admin: {}, state_admin: COUNTRY_COMPLETE, state_member: COUNTRY_COMPLETE },
  reopen: { tuxuri: {}, admin: {}, state_admin: COUNTRY_REOPEN, state_member: COUNTRY_REOPEN },
  submit: {
    tuxuri: {},
    admin: {},
    state_admin: { completed: 'submitted', submitted: 'submitted' },
    state_member: {},
  },
  return: {
    tuxuri: ADMIN_RETURN,
    admin: ADMIN_RETURN,
    state_admin: { completed: 'in_progress', submitted: 'in_progress' },
    state_member: {},
  },
  accept: { tuxuri: { submitted: 'accepted' }, admin: { submitted: 'accepted' }, state_admin: {}, state_member: {} },
  publish: { tuxuri: { accepted: 'published' }, admin: { accepted: 'published' }, state_admin: {}, state_member: {} },
  unpublish: { tuxuri: { published: 'accepted' }, admin: { published: 'accepted' }, state_admin: {}, state_member: {} },
  unlock: { tuxuri: ADMIN_UNLOCK, admin: ADMIN_UNLOCK, state_admin: {}, state_member: {} },
};

const OK_CONTEXT = { compulsoryMissing: 0, invalid: 0, note: 'Figures for Q04 need a source', lockReason: null };

describe('decide: every status × action × role', () => {
  const cases = REPORT_STATUSES.flatMap((status) =>
    REPORT_ACTIONS.flatMap((action) =>
      ROLE_NAMES.map((role) => [status, action, role, EXPECTED[action][role][status] ?? null] as const),
    ),
  );

  test.each(cases)('%s × %s × %s → %s', (status, action, role, next) => {
    const decision = decide(status, action, role, OK_CONTEXT);
    if (next === null) {
      expect(decision.ok).toBe(false);
      if (!decision.ok) expect(decision.reason).toMatch(/\w/);
    } else {
      expect(decision).toEqual({ ok: true, next });
    }
  });

  test.each(REPORT_STATUSES.flatMap((status) => REPORT_ACTIONS.map((action) => [status, action] as const)))(
    'no role (or several roles): %s × %s is refused',
    (status, action) => {
      expect(decide(status, action, null, OK_CONTEXT).ok).toBe(false);
    },
  );
});

describe('decide: the context', () => {
  test('complete needs every compulsory question answered and no invalid answer', () => {
    const missing = decide('in_progress', 'complete', 'state_member', { compulsoryMissing: 3, invalid: 0 });
    expect(missing).toEqual({ ok: false, reason: '3 required questions are still unanswered' });
    expect(decide('in_progress', 'complete', 'state_member', { compulsoryMissing: 1, invalid: 0 })).toEqual({
      ok: false,
      reason: '1 required question is still unanswered',
    });
    const invalid = decide('in_progress', 'complete', 'state_member', { compulsoryMissing: 0, invalid: 1 });
    expect(invalid).toEqual({ ok: false, reason: '1 answer breaks its question’s rules: correct it first' });
    expect(decide('in_progress', 'complete', 'state_member', {}).ok).toBe(true);
  });

  test.each(['tuxuri', 'admin', 'state_admin'] as const)('return needs a note (%s)', (role) => {
    for (const note of [undefined, null, '', '   ']) {
      const decision = decide('submitted', 'return', role, { note });
      expect(decision).toEqual({ ok: false, reason: 'Say why the report is returned (a note is required)' });
    }
  });

  test('unlock needs a note', () => {
    expect(decide('submitted', 'unlock', 'admin', {}).ok).toBe(false);
    expect(decide('submitted', 'unlock', 'admin', { note: 'Correct Q12' })).toEqual({ ok: true, next: 'in_progress' });
  });

  test('after the cycle closes the country can no longer save, complete, reopen or submit', () => {
    const closed = { ...OK_CONTEXT, lockReason: 'cycle_closed' as const };
    expect(decide('in_progress', 'save', 'state_member', closed).ok).toBe(false);
    expect(decide('not_started', 'save', 'state_admin', closed).ok).toBe(false);
    expect(decide('in_progress', 'complete', 'state_member', closed).ok).toBe(false);
    expect(decide('completed', 'reopen', 'state_member', closed).ok).toBe(false);
    expect(decide('completed', 'submit', 'state_admin', closed).ok).toBe(false);
  });

  test('an administrator can unlock a report locked by the cycle’s end, whatever its status before submission', () => {
    const closed = { note: 'Late data from the statistics office', lockReason: 'cycle_closed' as const };
    for (const status of ['not_started', 'in_progress', 'completed'] as const) {
      expect(decide(status, 'unlock', 'admin', closed)).toEqual({ ok: true, next: 'in_progress' });
    }
    expect(decide('in_progress', 'unlock', 'admin', { note: 'x' })).toEqual({
      ok: false,
      reason: 'The report is not locked',
    });
  });

  test('administrators still accept, publish and return after the cycle closes', () => {
    const closed = { ...OK_CONTEXT, lockReason: 'cycle_closed' as const };
    expect(decide('submitted', 'accept', 'admin', closed).ok).toBe(true);
    expect(decide('accepted', 'publish', 'tuxuri', closed).ok).toBe(true);
    expect(decide('accepted', 'return', 'admin', closed).ok).toBe(true);
  });

  test('a completed report’s answers are frozen until it is reopened', () => {
    expect(decide('completed', 'save', 'state_member')).toEqual({
      ok: false,
      reason: 'The report is marked complete: reopen it to change its answers',
    });
  });
});

describe('availableActions', () => {
  test('what each role sees on a submitted report', () => {
    expect(availableActions('submitted', 'state_member')).toEqual([]);
    expect(availableActions('submitted', 'state_admin')).toEqual(['submit', 'return']);
    expect(availableActions('submitted', 'admin')).toEqual(['return', 'accept', 'unlock']);
  });

  test('a member on an in-progress report with answers missing can only save', () => {
    expect(availableActions('in_progress', 'state_member', { compulsoryMissing: 2 })).toEqual(['save']);
  });
});

describe('lockReasonOf', () => {
  const now = new Date('2026-06-01T00:00:00Z');
  const open = { status: 'open', locksAt: new Date('2026-07-01T00:00:00Z') };

  test('the status locks first', () => {
    expect(lockReasonOf('submitted', open, now, false)).toBe('submitted');
    expect(lockReasonOf('accepted', open, now, true)).toBe('accepted');
    expect(lockReasonOf('published', open, now, false)).toBe('published');
  });

  test('the cycle locks at closes_at + expiry_days, or when it is closed', () => {
    expect(lockReasonOf('in_progress', open, now, false)).toBeNull();
    expect(lockReasonOf('in_progress', open, new Date('2026-07-01T00:00:00Z'), false)).toBe('cycle_closed');
    expect(lockReasonOf('completed', { ...open, status: 'closed' }, now, false)).toBe('cycle_closed');
  });

  test('an administrator’s unlock lifts the cycle’s lock', () => {
    expect(lockReasonOf('in_progress', { ...open, status: 'closed' }, now, true)).toBeNull();
  });
});

describe('returnedOf', () => {
  const admin = { name: 'Aiko Admin' };
  const event = (action: string, at: string, note: string | null = null) => ({ action, by: admin, at, note });
  const returned = event('return', '2026-11-02T10:00:00.000Z', 'Add the 2020 figures.');

  test('the last return, while the report is not submitted again', () => {
    const timeline = [
      event('complete', '2026-11-01T09:00:00.000Z'),
      event('submit', '2026-11-01T10:00:00.000Z'),
      returned,
      event('reopen', '2026-11-03T09:00:00.000Z'),
    ];
    for (const status of ['in_progress', 'completed'] as const) {
      expect(returnedOf(timeline, status)).toEqual({
        note: 'Add the 2020 figures.',
        by: admin,
        at: '2026-11-02T10:00:00.000Z',
      });
    }
  });

  test('nothing once submitted again, nor for a report never returned', () => {
    expect(returnedOf([returned, event('submit', '2026-11-04T09:00:00.000Z')], 'submitted')).toBeNull();
    expect(returnedOf([returned], 'submitted')).toBeNull();
    expect(returnedOf([event('complete', '2026-11-01T09:00:00.000Z')], 'completed')).toBeNull();
    expect(returnedOf([], 'not_started')).toBeNull();
  });
});
