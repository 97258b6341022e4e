/**
 * Review comments of best practices: marked resolved and opened again by the practice's writers
 * (in their turn) or a reviewer, with versions, audit and the timeline.
 */
import { and, count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, test } from 'vitest';
import {
  PracticeResponseSchema,
  ReviewCommentSchema,
  type BestPractice,
  type ReviewComment,
} from '../../src/lib/best-practices/schema.ts';
import { auditEvents, formComments } from '../../src/lib/db/schema.ts';
import { GenericResponseSchema } from '../../src/lib/http/schema.ts';
import { COMPLETE_PRACTICE, COMPLETE_ROW, insertPractice } from '../fixtures/best-practices.ts';
import { createTestContext } from '../support/app.ts';
import { expectError, expectJson } from '../support/assertions.ts';
import { allow, describeEndpointAccess } from '../support/endpoint-access.ts';
import { createUser, type TestUser } from '../support/factories.ts';
import { deepStrict } from '../support/schemas.ts';

const StrictPractice = deepStrict(PracticeResponseSchema);
const StrictConflict = deepStrict(GenericResponseSchema.extend({ current: ReviewCommentSchema }));
const ctx = await createTestContext();

/**
 * A comment inserted beside the API (in the engine's form_comments, decision 077), on a practice of PH waiting for
 * its authors.
 */
const handedBack = await insertPractice(ctx, { ...COMPLETE_ROW, title: 'Handed back', status: 'changes_requested' });
const [matrixComment] = await ctx.deps.db
  .insert(formComments)
  .values({ form: 'best_practice', instance: handedBack.uuid, question: 'results', body: 'Add the figures.' })
  .returning();

/** The opposite of the comment's state, with its current version: every allowed call changes it. */
async function toggle(commentId: number) {
  const [row] = await ctx.deps.db.select().from(formComments).where(eq(formComments.id, commentId));
  return { resolved: row!.resolvedAt === null, version: row!.version };
}

describeEndpointAccess(ctx, [
  {
    method: 'POST',
    label: '/api/best-practice/{uuid}/comment/{id}/resolve (a PH practice with changes requested)',
    path: () => `/api/best-practice/${handedBack.uuid}/comment/${matrixComment!.id}/resolve`,
    json: () => toggle(matrixComment!.id),
    // The PH focal point did not write this practice: like its edits, its comments are not theirs to resolve.
    expected: allow('tuxuri', 'admin', 'stateAdmin'),
    schema: StrictPractice,
  },
]);

let admin: TestUser;
let phAdmin: TestUser;
let phMember: TestUser;
let phMember2: TestUser;
let vnAdmin: TestUser;
beforeAll(async () => {
  [admin, phAdmin, phMember, phMember2, vnAdmin] = await Promise.all([
    createUser(ctx, { role: 'admin', country: 'JP', name: 'Aiko Reviewer' }),
    createUser(ctx, { role: 'state_admin', country: 'PH', name: 'Maria Country' }),
    createUser(ctx, { role: 'state_member', country: 'PH', name: 'Jose Author' }),
    createUser(ctx, { role: 'state_member', country: 'PH' }),
    createUser(ctx, { role: 'state_admin', country: 'VN' }),
  ]);
});

const resolvePath = (p: { uuid: string }, id: number | string) => `/api/best-practice/${p.uuid}/comment/${id}/resolve`;
const resolve = (user: TestUser, p: { uuid: string }, c: { id: number }, json: unknown) =>
  ctx.request(resolvePath(p, c.id), { token: user.token, json });
const resolved = async (user: TestUser, p: { uuid: string }, c: ReviewComment, value: boolean): Promise<BestPractice> =>
  (await expectJson(await resolve(user, p, c, { resolved: value, version: c.version }), 200, StrictPractice)).data;
const act = async (user: TestUser, p: BestPractice, action: string, note?: string): Promise<BestPractice> =>
  (
    await expectJson(
      await ctx.request(`/api/best-practice/${p.uuid}/transition`, {
        token: user.token,
        json: { action, note, version: p.version },
      }),
      200,
      StrictPractice,
    )
  ).data;
const comment = async (p: BestPractice, section: string, body: string): Promise<BestPractice> =>
  (
    await expectJson(
      await ctx.request(`/api/best-practice/${p.uuid}/comment`, { token: admin.token, json: { section, body } }),
      201,
      StrictPractice,
    )
  ).data;
const commentOn = (p: BestPractice, section: string) => p.comments.find((c) => c.section === section)!;

/** A PH practice by the focal point, submitted, commented on (results, summary) and handed back. */
async function reviewedPractice(): Promise<BestPractice> {
  let p = (
    await expectJson(
      await ctx.request('/api/best-practice/saved', {
        token: phMember.token,
        json: { title: 'Esplanade', country_code: 'PH', ...COMPLETE_PRACTICE },
      }),
      201,
      StrictPractice,
    )
  ).data;
  p = await act(phMember, p, 'submit');
  await comment(p, 'results', 'Give the 2023 figures.');
  await comment(p, 'summary', 'Shorten the summary.');
  return act(admin, p, 'request_changes', 'Please answer the comments.');
}

describe('resolving review comments', () => {
  test(
    'the author resolves a comment: who and when are kept, the comment’s version moves, the practice’s does not; ' +
      'in the timeline and the audit',
    async () => {
      const p = await reviewedPractice();
      const results = commentOn(p, 'results');
      expect(results).toMatchObject({ resolved_at: null, resolved_by_name: null, version: 1 });

      const after = await resolved(phMember, p, results, true);
      expect(after.version).toBe(p.version);
      expect(commentOn(after, 'results')).toMatchObject({
        resolved_by_name: 'Jose Author',
        version: 2,
        body: 'Give the 2023 figures.',
      });
      expect(Date.parse(commentOn(after, 'results').resolved_at!)).toBeGreaterThan(Date.now() - 60_000);
      expect(commentOn(after, 'summary')).toMatchObject({ resolved_at: null, version: 1 });
      expect(after.timeline.at(-1)).toMatchObject({
        action: 'resolve_comment',
        actor_name: 'Jose Author',
        note: 'Results: Give the 2023 figures.',
      });
      const [events] = await ctx.deps.db
        .select({ n: count() })
        .from(auditEvents)
        .where(
          and(
            eq(auditEvents.entity, 'best_practice'),
            eq(auditEvents.entityId, p.uuid),
            eq(auditEvents.action, 'resolve_comment'),
          ),
        );
      expect(events!.n).toBe(1);

      // Open again: back to open, recorded too.
      const reopened = await resolved(phMember, p, commentOn(after, 'results'), false);
      expect(commentOn(reopened, 'results')).toMatchObject({ resolved_at: null, resolved_by_name: null, version: 3 });
      expect(reopened.timeline.at(-1)).toMatchObject({ action: 'reopen_comment', actor_name: 'Jose Author' });
    },
  );

  test(
    'a stale version: 409 with the comment as it is now; no version: 400; asking for the current state changes ' +
      'nothing',
    async () => {
      const p = await reviewedPractice();
      const results = commentOn(p, 'results');
      await resolved(phAdmin, p, results, true);
      const stale = await expectJson(
        await resolve(phMember, p, results, { resolved: false, version: results.version }),
        409,
        StrictConflict,
      );
      expect(stale.current).toMatchObject({ id: results.id, version: 2, resolved_by_name: 'Maria Country' });
      expect(stale.current.resolved_at).not.toBeNull();

      await expectError(await resolve(phMember, p, results, { resolved: false }), 400, { fields: ['version'] });
      const same = await expectJson(
        await resolve(phMember, p, results, { resolved: true, version: 2 }),
        200,
        StrictPractice,
      );
      expect(same.message).toBe('Nothing to change');
      expect(commentOn(same.data, 'results')).toMatchObject({ version: 2, resolved_by_name: 'Maria Country' });
      // If-Match carries the version too.
      const viaHeader = await ctx.request(resolvePath(p, results.id), {
        token: phMember.token,
        json: { resolved: false },
        headers: { 'If-Match': '"2"' },
      });
      expect(commentOn((await expectJson(viaHeader, 200, StrictPractice)).data, 'results').resolved_at).toBeNull();
    },
  );

  test('two people resolving the same version at once: exactly one wins', async () => {
    const p = await reviewedPractice();
    const results = commentOn(p, 'results');
    const answers = await Promise.all([
      resolve(phMember, p, results, { resolved: true, version: 1 }),
      resolve(admin, p, results, { resolved: true, version: 1 }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const [row] = await ctx.deps.db.select().from(formComments).where(eq(formComments.id, results.id));
    expect(row!.version).toBe(2);
  });

  test(
    'the reviewer finds on resubmission which comments the authors resolved, and may open one again; the authors ' +
      'wait meanwhile',
    async () => {
      let p = await reviewedPractice();
      p = await resolved(phMember, p, commentOn(p, 'results'), true);
      p = await act(phMember, p, 'submit');

      const seen = (
        await expectJson(
          await ctx.request(`/api/best-practice/show/${p.uuid}`, { token: admin.token }),
          200,
          StrictPractice,
        )
      ).data;
      expect(seen.comments.map((c) => [c.section, c.resolved_by_name])).toEqual([
        ['results', 'Jose Author'],
        ['summary', null],
      ]);
      await expectError(await resolve(phMember, p, commentOn(seen, 'summary'), { resolved: true, version: 1 }), 409, {
        message: /waiting for review/,
      });
      const reopened = await resolved(admin, p, commentOn(seen, 'results'), false);
      expect(commentOn(reopened, 'results').resolved_at).toBeNull();

      // Once published, the authors no longer change them; a reviewer still may.
      p = await act(admin, reopened, 'publish');
      await expectError(await resolve(phMember, p, commentOn(p, 'summary'), { resolved: true, version: 1 }), 409, {
        message: /published: its comments can no longer be resolved/,
      });
      expect(commentOn(await resolved(admin, p, commentOn(p, 'summary'), true), 'summary').resolved_by_name).toBe(
        'Aiko Reviewer',
      );
    },
  );

  test(
    'only the practice’s writers and reviewers: another ' + 'country 403, a colleague who did not write it 403',
    async () => {
      const p = await reviewedPractice();
      const results = commentOn(p, 'results');
      await expectError(await resolve(vnAdmin, p, results, { resolved: true, version: 1 }), 403, {
        message: /own country/,
      });
      await expectError(await resolve(phMember2, p, results, { resolved: true, version: 1 }), 403, {
        message: /you wrote/,
      });
      const [row] = await ctx.deps.db.select().from(formComments).where(eq(formComments.id, results.id));
      expect(row).toMatchObject({ resolvedAt: null, version: 1 });
    },
  );

  test(
    'bad input: unknown practice or comment 404, a comment ' +
      'of another practice 404, malformed values 400 naming them',
    async () => {
      const p = await reviewedPractice();
      const other = await reviewedPractice();
      const theirs = commentOn(other, 'results');
      await expectError(await resolve(phMember, p, theirs, { resolved: true, version: 1 }), 404, {
        message: /No comment/,
      });
      await expectError(await resolve(phMember, p, { id: 999_999 }, { resolved: true, version: 1 }), 404);
      await expectError(
        await resolve(phMember, { uuid: '00000000-0000-4000-8000-000000000000' }, theirs, {
          resolved: true,
          version: 1,
        }),
        404,
      );
      await expectError(
        await ctx.request(resolvePath(p, 'first'), { token: phMember.token, json: { resolved: true, version: 1 } }),
        400,
        { fields: ['id'] },
      );
      await expectError(
        await ctx.request(resolvePath({ uuid: 'nope' }, 1), {
          token: phMember.token,
          json: { resolved: true, version: 1 },
        }),
        400,
        { fields: ['uuid'] },
      );
      const results = commentOn(p, 'results');
      await expectError(await resolve(phMember, p, results, { resolved: 'yes', version: 1 }), 400, {
        fields: ['resolved'],
      });
      await expectError(await resolve(phMember, p, results, { version: 1 }), 400, { fields: ['resolved'] });
      await expectError(await resolve(phMember, p, results, { resolved: true, version: 0 }), 400, {
        fields: ['version'],
      });
      await expectError(
        await ctx.request(resolvePath(p, results.id), {
          token: phMember.token,
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: '{"resolved":',
        }),
        400,
      );
    },
  );
});

describe('on the engine’s comments (decision 077)', () => {
  const auditOf = async (uuid: string, action: string) =>
    ctx.deps.db
      .select({ before: auditEvents.before, after: auditEvents.after, note: auditEvents.note })
      .from(auditEvents)
      .where(
        and(eq(auditEvents.entity, 'best_practice'), eq(auditEvents.entityId, uuid), eq(auditEvents.action, action)),
      );

  test(
    'a section comment is a row of form_comments (the practice’s uuid, the section as question), audited as the ' +
      'practices’ own table had it',
    async () => {
      const p = await reviewedPractice();
      const results = commentOn(p, 'results');
      const [row] = await ctx.deps.db.select().from(formComments).where(eq(formComments.id, results.id));
      expect(row).toMatchObject({
        form: 'best_practice',
        instance: p.uuid,
        question: 'results',
        parentId: null,
        authorId: admin.id,
      });
      const [added] = (await auditOf(p.uuid, 'comment')).filter((e) => (e.after as { id: number }).id === results.id);
      expect(added).toEqual({
        before: null,
        after: {
          id: results.id,
          practiceId: p.id,
          section: 'results',
          body: 'Give the 2023 figures.',
          authorId: admin.id,
          createdAt: results.created_at,
          resolvedAt: null,
          resolvedBy: null,
          version: 1,
        },
        note: 'Results: Give the 2023 figures.',
      });

      const after = await resolved(phMember, p, results, true);
      const [resolvedEntry] = await auditOf(p.uuid, 'resolve_comment');
      expect(resolvedEntry).toEqual({
        before: { comment_id: results.id, resolved_at: null, resolved_by: null, version: 1 },
        after: {
          comment_id: results.id,
          resolved_at: commentOn(after, 'results').resolved_at,
          resolved_by: phMember.id,
          version: 2,
        },
        note: 'Results: Give the 2023 figures.',
      });
    },
  );

  test(
    'another form’s comment on the same instance is not the practice’s; deleting the practice deletes its ' +
      'comments',
    async () => {
      const p = await reviewedPractice();
      const [foreign] = await ctx.deps.db
        .insert(formComments)
        .values({ form: 'national_report', instance: p.uuid, question: 'results', body: 'Not a practice’s.' })
        .returning();
      await expectError(await resolve(phMember, p, foreign!, { resolved: true, version: 1 }), 404, {
        message: /No comment with this id on this practice/,
      });
      await expectError(await resolve(phMember, p, foreign!, { resolved: true }), 404);

      await expectJson(
        await ctx.request(`/api/best-practice/${p.uuid}/delete`, { token: admin.token, json: {} }),
        200,
        GenericResponseSchema,
      );
      const left = await ctx.deps.db
        .select({ form: formComments.form })
        .from(formComments)
        .where(eq(formComments.instance, p.uuid));
      expect(left).toEqual([{ form: 'national_report' }]);
    },
  );
});
