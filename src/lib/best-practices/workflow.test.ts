import { describe, expect, test } from 'vitest';
import { PRACTICE_ACTIONS, PRACTICE_STATUSES, type PracticeAction, type PracticeStatus } from './schema.ts';
import {
  allowedActions,
  canDelete,
  canEditContent,
  canResolveComments,
  transition,
  type PracticeActor,
} from './workflow.ts';

const ACTORS: readonly PracticeActor[] = ['author', 'reviewer'];

/**
 * The whole machine written out: for each status and action, the next status for an author and
 * for a reviewer ('-' means refused). Anything not listed here must be refused.
 */
const EXPECTED: Partial<
  Record<
    PracticeStatus,
    Partial<Record<PracticeAction, { author: PracticeStatus | '-'; reviewer: PracticeStatus | '-' }>>
  >
> = {
  draft: { submit: { author: 'submitted', reviewer: 'submitted' } },
  changes_requested: { submit: { author: 'submitted', reviewer: 'submitted' } },
  submitted: {
    withdraw: { author: 'draft', reviewer: 'draft' },
    request_changes: { author: '-', reviewer: 'changes_requested' },
    publish: { author: '-', reviewer: 'published' },
    reject: { author: '-', reviewer: 'rejected' },
  },
  published: {
    archive: { author: '-', reviewer: 'archived' },
    feature: { author: '-', reviewer: 'published' },
    unfeature: { author: '-', reviewer: 'published' },
    revise: { author: 'draft', reviewer: 'draft' },
  },
  archived: {
    unarchive: { author: '-', reviewer: 'published' },
    unfeature: { author: '-', reviewer: 'archived' },
  },
};

describe('transition: every status × action × actor', () => {
  const cases = PRACTICE_STATUSES.flatMap((status) =>
    PRACTICE_ACTIONS.flatMap((action) =>
      ACTORS.map((actor) => [status, action, actor, EXPECTED[status]?.[action]?.[actor] ?? '-'] as const),
    ),
  );
  test.each(cases)('%s × %s × %s → %s', (status, action, actor, expected) => {
    const result = transition(status, action, actor, 'A note for the authors');
    if (expected === '-') expect(result.ok).toBe(false);
    else expect(result).toEqual({ ok: true, next: expected });
  });

  test('refusals say why: the role first, then the status', () => {
    expect(transition('published', 'publish', 'author')).toMatchObject({ ok: false, kind: 'role' });
    expect(transition('draft', 'publish', 'reviewer')).toMatchObject({ ok: false, kind: 'status' });
    expect(transition('draft', 'withdraw', 'author')).toMatchObject({ ok: false, kind: 'status' });
  });

  test.each(['request_changes', 'reject'] as const)('%s needs a note (blank is no note)', (action) => {
    expect(transition('submitted', action, 'reviewer')).toMatchObject({ ok: false, kind: 'note' });
    expect(transition('submitted', action, 'reviewer', '   ')).toMatchObject({ ok: false, kind: 'note' });
    expect(transition('submitted', action, 'reviewer', 'Add the budget figures')).toMatchObject({ ok: true });
  });
});

describe('allowedActions agrees with transition', () => {
  test.each(PRACTICE_STATUSES.flatMap((s) => ACTORS.map((a) => [s, a] as const)))('%s × %s', (status, actor) => {
    const expected = PRACTICE_ACTIONS.filter((action) => transition(status, action, actor, 'note').ok);
    expect(allowedActions(status, actor)).toEqual(expected);
  });
});

describe('a published practice being revised (decision 033)', () => {
  const REVISED = { revised: true };
  const BEING_REVISED = ['draft', 'submitted', 'changes_requested'] as const;

  test.each(BEING_REVISED)(
    '%s: reviewers may archive it (the public copy goes), never reject it; nobody deletes it',
    (status) => {
      expect(transition(status, 'archive', 'reviewer', null, REVISED)).toEqual({ ok: true, next: 'archived' });
      expect(transition(status, 'archive', 'author', null, REVISED)).toMatchObject({ ok: false, kind: 'role' });
      expect(transition(status, 'reject', 'reviewer', 'A note', REVISED)).toMatchObject({
        ok: false,
        kind: 'status',
        reason: /request changes, or archive/,
      });
      expect([canDelete(status, 'author', REVISED), canDelete(status, 'reviewer', REVISED)]).toEqual([false, false]);
    },
  );

  test('the rest of the workflow is unchanged: submit, withdraw, request changes, publish', () => {
    expect(transition('draft', 'submit', 'author', null, REVISED)).toEqual({ ok: true, next: 'submitted' });
    expect(transition('submitted', 'withdraw', 'author', null, REVISED)).toEqual({ ok: true, next: 'draft' });
    expect(transition('submitted', 'request_changes', 'reviewer', 'Fix the figures', REVISED)).toEqual({
      ok: true,
      next: 'changes_requested',
    });
    expect(transition('submitted', 'publish', 'reviewer', null, REVISED)).toEqual({ ok: true, next: 'published' });
    expect(allowedActions('submitted', 'reviewer', REVISED)).toEqual([
      'withdraw',
      'request_changes',
      'publish',
      'archive',
    ]);
    expect(allowedActions('draft', 'author', REVISED)).toEqual(['submit']);
  });
});

describe('editing and deleting', () => {
  type Pair = [author: boolean, reviewer: boolean];
  // One row per status: who may [edit, delete, resolve comments], each as [author, reviewer].
  const MAY: Record<PracticeStatus, [edit: Pair, del: Pair, resolve: Pair]> = {
    draft: [
      [true, true],
      [true, true],
      [true, true],
    ],
    submitted: [
      [false, true],
      [false, true],
      [false, true],
    ],
    changes_requested: [
      [true, true],
      [false, true],
      [true, true],
    ],
    published: [
      [false, false],
      [false, false],
      [false, true],
    ],
    rejected: [
      [false, false],
      [false, true],
      [false, true],
    ],
    archived: [
      [false, false],
      [false, true],
      [false, true],
    ],
  };
  test.each(PRACTICE_STATUSES)('%s: [author, reviewer] may edit, delete and resolve comments as listed', (status) => {
    const [edit, del, resolve] = MAY[status];
    expect([canEditContent(status, 'author'), canEditContent(status, 'reviewer')]).toEqual(edit);
    expect([canDelete(status, 'author'), canDelete(status, 'reviewer')]).toEqual(del);
    expect([canResolveComments(status, 'author'), canResolveComments(status, 'reviewer')]).toEqual(resolve);
  });
});
