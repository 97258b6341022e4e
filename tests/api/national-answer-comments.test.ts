import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, test } from 'vitest';
import { auditEvents, formComments } from '../../src/lib/db/schema.ts';
import { GenericResponseSchema } from '../../src/lib/http/schema.ts';
import { NotificationListResponseSchema } from '../../src/lib/notifications/schema.ts';
import type { Question } from '../../src/lib/national-reports/question-schema.ts';
import { ReportResponseSchema } from '../../src/lib/national-reports/schema.ts';
import {
  FORM_COMMENT_MAX,
  FormCommentListResponseSchema,
  FormCommentResponseSchema,
  FormCommentSchema,
  type FormComment,
} from '../../src/lib/questionnaires/comments-schema.ts';
import { createTestContext } from '../support/app.ts';
import { expectError, expectJson } from '../support/assertions.ts';
import { createUser, type TestUser } from '../support/factories.ts';
import {
  compulsoryAnswers,
  openCycle,
  pdfBytes,
  questionsByCode,
  saveAnswers,
  updateReport,
  upload,
  viewReport,
} from '../support/national-reports.ts';
import { deepStrict } from '../support/schemas.ts';

/**
 * Issue 34 item 5: a reviewer comments on one answer of a national report; the country's focal
 * point replies and resolves; reviewers reopen; never public (decision 077).
 */

const ctx = await createTestContext();
const YEAR = 2053;
const BASE = `/api/report/type/national/${YEAR}/PH/comments`;
const StrictList = deepStrict(FormCommentListResponseSchema);
const StrictOne = deepStrict(FormCommentResponseSchema);
const StrictConflict = deepStrict(GenericResponseSchema.extend({ current: FormCommentSchema }));

let reviewer: TestUser;
let tuxuri: TestUser;
let phAdmin: TestUser;
let phMember: TestUser;
let thMember: TestUser;
let questions: Map<string, Question>;
let q01: Question;
let uuid: string;

const THAI = 'ตัวเลขนี้ต่ำกว่ารอบที่แล้วมาก โปรดตรวจสอบแหล่งที่มา';
const RUSSIAN = 'Источник — перепись 2020 года; жильё учтено полностью.';

/** The compulsory answers, each figure inside its question's expected range (no flag to explain at submission). */
function expectedAnswers(questions: Map<string, Question>) {
  const inside = (q: Question, v: unknown) =>
    typeof v === 'number' ? Math.min(Math.max(v, q.expected_min ?? v), q.expected_max ?? v) : v;
  return compulsoryAnswers(questions.values()).map((a) => {
    const q = [...questions.values()].find((x) => x.uuid === a.question_uuid)!;
    const value =
      a.value && typeof a.value === 'object'
        ? Object.fromEntries(Object.entries(a.value).map(([k, v]) => [k, inside(q, v)]))
        : inside(q, a.value);
    return { ...a, value };
  });
}

beforeAll(async () => {
  [reviewer, tuxuri, phAdmin, phMember, thMember] = await Promise.all([
    createUser(ctx, { role: 'admin', country: 'JP', name: 'Aiko Reviewer' }),
    createUser(ctx, { role: 'tuxuri', country: 'TH', name: 'Somchai Secretariat' }),
    createUser(ctx, { role: 'state_admin', country: 'PH', name: 'Pia Santos' }),
    createUser(ctx, { role: 'state_member', country: 'PH', name: 'Marco Reyes' }),
    createUser(ctx, { role: 'state_member', country: 'TH' }),
  ]);
  await openCycle(ctx, reviewer, { year: YEAR });
  questions = await questionsByCode(ctx, phMember);
  q01 = questions.get('Q01')!;
  expect((await saveAnswers(ctx, phMember, YEAR, 'PH', expectedAnswers(questions))).status).toBe(200);
  uuid = (await viewReport(ctx, phMember, YEAR, 'PH')).report.uuid;
});

const post = (user: TestUser | null, json: unknown, path = BASE) =>
  ctx.request(path, { ...(user && { token: user.token }), json });
const resolve = (user: TestUser, id: number, json: unknown) => post(user, json, `${BASE}/${id}/resolve`);
const list = async (user: TestUser) =>
  (await expectJson(await ctx.request(BASE, { token: user.token }), 200, StrictList)).data;

let thread: FormComment;

describe('a comment on one answer, its replies and its resolution', () => {
  test('a reviewer comments on an answer: 201, listed for the reviewers and the country, audited', async () => {
    const created = await expectJson(
      await post(reviewer, { question_uuid: q01.uuid, body: `  ${THAI}\r\n` }),
      201,
      StrictOne,
    );
    thread = created.data;
    expect(created.message).toBe('Comment added');
    expect(thread).toEqual({
      id: expect.any(Number),
      question_uuid: q01.uuid,
      parent_id: null,
      body: THAI,
      author: { name: 'Aiko Reviewer' },
      created_at: expect.any(String),
      resolved_at: null,
      resolved_by: null,
      version: 1,
    });
    expect(await list(phMember)).toEqual([thread]);
    expect(await list(tuxuri)).toEqual([thread]);
    const audits = await ctx.deps.db
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.entity, 'national_report'),
          eq(auditEvents.entityId, uuid),
          eq(auditEvents.action, 'comment'),
        ),
      );
    expect(audits).toHaveLength(1);
    expect(audits[0]!.note).toBe(THAI);
  });

  test('the focal point and the reviewer reply in the thread; a reply to a reply joins the thread', async () => {
    const reply = await expectJson(await post(phMember, { body: RUSSIAN, parent_id: thread.id }), 201, StrictOne);
    expect(reply.message).toBe('Reply added');
    expect(reply.data).toMatchObject({
      parent_id: thread.id,
      question_uuid: q01.uuid,
      author: { name: 'Marco Reyes' },
    });
    const again = await expectJson(
      await post(reviewer, { body: 'شكراً — 谢谢', parent_id: reply.data.id, question_uuid: q01.uuid }),
      201,
      StrictOne,
    );
    expect(again.data.parent_id).toBe(thread.id);
    expect((await list(phAdmin)).map((c) => [c.parent_id, c.body])).toEqual([
      [null, THAI],
      [thread.id, RUSSIAN],
      [thread.id, 'شكراً — 谢谢'],
    ]);
  });

  test('the focal point resolves; a stale version is a 409 with the comment as it is; a reviewer reopens', async () => {
    const resolved = await expectJson(
      await resolve(phMember, thread.id, { resolved: true, version: 1 }),
      200,
      StrictOne,
    );
    expect(resolved.message).toBe('Comment resolved');
    expect(resolved.data).toMatchObject({ resolved_by: { name: 'Marco Reyes' }, version: 2 });
    expect(resolved.data.resolved_at).not.toBeNull();

    const stale = await expectJson(
      await resolve(reviewer, thread.id, { resolved: false, version: 1 }),
      409,
      StrictConflict,
    );
    expect(stale.current).toEqual(resolved.data);

    const same = await expectJson(await resolve(phAdmin, thread.id, { resolved: true, version: 2 }), 200, StrictOne);
    expect(same.message).toBe('Nothing to change');
    expect(same.data.version).toBe(2);

    const reopened = await expectJson(
      await resolve(reviewer, thread.id, { resolved: false, version: 2 }),
      200,
      StrictOne,
    );
    expect(reopened.message).toBe('Comment open again');
    expect(reopened.data).toMatchObject({ resolved_at: null, resolved_by: null, version: 3 });
    const actions = await ctx.deps.db
      .select({ action: auditEvents.action })
      .from(auditEvents)
      .where(and(eq(auditEvents.entity, 'national_report'), eq(auditEvents.entityId, uuid)));
    expect(actions.map((a) => a.action).filter((a) => /comment|reply/.test(a))).toEqual([
      'comment',
      'reply',
      'reply',
      'resolve_comment',
      'reopen_comment',
    ]);
  });

  test('without a version: 428; a reply cannot be resolved on its own: 400', async () => {
    await expectError(await resolve(reviewer, thread.id, { resolved: true }), 428, { fields: ['version'] });
    const [reply] = (await list(reviewer)).filter((c) => c.parent_id === thread.id);
    await expectError(await resolve(reviewer, reply!.id, { resolved: true, version: 1 }), 400, { fields: ['id'] });
  });
});

describe('the other side is told', () => {
  const notes = async (me: TestUser) =>
    (
      await expectJson(
        await ctx.request('/api/notifications?per_page=100', { token: me.token }),
        200,
        NotificationListResponseSchema,
      )
    ).data;

  test('the country of a reviewer’s comment, the secretariat of the country’s reply; a link to the form', async () => {
    const country = (await notes(phAdmin)).filter((n) => n.kind === 'report.commented');
    // The reviewer's comment and the reviewer's reply; the focal point's own reply tells the country nothing.
    expect(country).toHaveLength(2);
    expect(country[0]).toMatchObject({
      title: `New comment: Philippines ${YEAR}`,
      link: `/module/report/national/PH/${YEAR}/indicator/form`,
    });
    const secretariat = (await notes(tuxuri)).filter((n) => n.kind === 'report.comment.replied');
    expect(secretariat).toHaveLength(1);
    expect(secretariat[0]!.body).toBe(
      `Philippines replied to a comment on an answer of its national report for ${YEAR}.`,
    );
    expect((await notes(thMember)).filter((n) => n.kind === 'report.commented')).toEqual([]);
  });
});

describe('who may comment, reply and resolve', () => {
  test('the country opens no thread; another country neither reads nor writes; no sign-in: 401', async () => {
    await expectError(await post(phMember, { question_uuid: q01.uuid, body: 'My own note' }), 403);
    await expectError(await post(phAdmin, { question_uuid: q01.uuid, body: 'My own note' }), 403);
    await expectError(await ctx.request(BASE, { token: thMember.token }), 403);
    await expectError(await post(thMember, { body: 'Hello', parent_id: thread.id }), 403);
    await expectError(await resolve(thMember, thread.id, { resolved: true, version: 3 }), 403);
    await expectError(await ctx.request(BASE), 401);
    await expectError(await post(null, { question_uuid: q01.uuid, body: 'x' }), 401);
    // The secretariat's other role comments too.
    await expectJson(await post(tuxuri, { question_uuid: questions.get('Q04')!.uuid, body: 'Q04?' }), 201, StrictOne);
  });

  test('no report of that cycle: 404; no such comment: 404', async () => {
    await expectError(await ctx.request(`/api/report/type/national/2099/PH/comments`, { token: reviewer.token }), 404);
    await expectError(await resolve(reviewer, 999_999, { resolved: true, version: 1 }), 404);
  });
});

describe('what a comment must be', () => {
  test('empty, too long, on no question of the report, or in no thread: 400 naming the field', async () => {
    await expectError(await post(reviewer, { question_uuid: q01.uuid, body: '  ' }), 400, { fields: ['body'] });
    await expectError(await post(reviewer, { question_uuid: q01.uuid }), 400, { fields: ['body'] });
    await expectError(await post(reviewer, { question_uuid: q01.uuid, body: 'ก'.repeat(FORM_COMMENT_MAX + 1) }), 400, {
      fields: ['body'],
    });
    await expectError(await post(reviewer, { body: 'Which answer?' }), 400, { fields: ['question_uuid'] });
    await expectError(await post(reviewer, { question_uuid: 'nope', body: 'x' }), 400, { fields: ['question_uuid'] });
    await expectError(await post(reviewer, { question_uuid: crypto.randomUUID(), body: 'x' }), 400, {
      fields: ['question_uuid'],
    });
    await expectError(await post(reviewer, { body: 'x', parent_id: 999_999 }), 400, { fields: ['parent_id'] });
    await expectError(
      await post(reviewer, { body: 'x', parent_id: thread.id, question_uuid: questions.get('Q04')!.uuid }),
      400,
      { fields: ['question_uuid'] },
    );
    await expectError(await resolve(reviewer, thread.id, { resolved: 'yes', version: 3 }), 400, {
      fields: ['resolved'],
    });
    await expectError(
      await ctx.request(`${BASE}/abc/resolve`, { token: reviewer.token, json: { resolved: true } }),
      400,
      { fields: ['id'] },
    );
    const longest = await post(reviewer, { question_uuid: q01.uuid, body: 'ก'.repeat(FORM_COMMENT_MAX) });
    expect(longest.status).toBe(201);
  });
});

describe('never public', () => {
  test('the published report says nothing of its comments', async () => {
    let { report } = await viewReport(ctx, phMember, YEAR, 'PH');
    expect(
      (await updateReport(ctx, phMember, YEAR, 'PH', { version: report.version, action: 'complete' })).status,
    ).toBe(200);
    report = (await expectJson(await upload(ctx, phAdmin, uuid, pdfBytes()), 200, ReportResponseSchema)).data;
    for (const action of ['accept', 'publish'] as const) {
      report = (
        await expectJson(
          await updateReport(ctx, reviewer, YEAR, 'PH', { version: report.version, action }),
          200,
          ReportResponseSchema,
        )
      ).data;
    }
    const stored = await ctx.deps.db.select().from(formComments).where(eq(formComments.instance, uuid));
    expect(stored.length).toBeGreaterThan(3);
    const published = await ctx.request(`/api/report/type/national/public/report/${YEAR}/PH`);
    expect(published.status).toBe(200);
    const text = await published.text();
    for (const words of [THAI, RUSSIAN, 'شكراً']) expect(text).not.toContain(words);
    const answers = await ctx.request(`/api/report/type/national/public/answers?year=${YEAR}`);
    expect(await answers.text()).not.toContain(THAI);
    // The app has no public route to comments.
    expect(ctx.app.routes.filter((r) => /\/public\/.*comment/.test(r.path))).toEqual([]);
  });
});
