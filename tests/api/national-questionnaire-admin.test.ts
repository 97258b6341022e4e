import { describe, expect, test } from 'vitest';
import { z } from 'zod';
import { CycleListResponseSchema } from '../../src/lib/national-reports/schema.ts';
import {
  QuestionListResponseSchema,
  QuestionReorderConflictSchema,
  QuestionResponseSchema,
  type Question,
} from '../../src/lib/questionnaires/schema.ts';
import { createTestContext } from '../support/app.ts';
import { expectError, expectJson } from '../support/assertions.ts';
import { createUser } from '../support/factories.ts';
import { openCycle, saveAnswers, viewReport } from '../support/national-reports.ts';

/**
 * What the questionnaire screen of administrators relies on beyond the basic calls: reordering
 * checked against the versions read, and what retiring a question does to the forms.
 */
const ctx = await createTestContext();
const YEAR = 2026;
const admin = await createUser(ctx, { role: 'admin', country: 'JP' });
const stateAdmin = await createUser(ctx, { role: 'state_admin', country: 'PH' });
const phMember = await createUser(ctx, { role: 'state_member', country: 'PH' });
const vnMember = await createUser(ctx, { role: 'state_member', country: 'VN' });
await openCycle(ctx, admin, { year: YEAR });
// A cycle that opened, closed and locked long ago: its forms are history.
await openCycle(ctx, admin, { year: 2020, opens: -900, closes: -800, expiry_days: 10 });
// A cycle an administrator closed before its dates ran out: its answers are locked too.
await openCycle(ctx, admin, { year: 2019, opens: -10, closes: 10 });
{
  const cycles = await expectJson(await ctx.request('/api/report/type/national/cycles', { token: admin.token }), 200, CycleListResponseSchema);
  const cycle = cycles.data.find((c) => c.year === 2019)!;
  const closed = await ctx.request('/api/report/type/national/cycles/saved', {
    token: admin.token,
    json: { year: 2019, version: cycle.version, opens_at: cycle.opens_at, closes_at: cycle.closes_at, status: 'closed' },
  });
  expect(closed.status).toBe(200);
}

async function allQuestions(): Promise<Question[]> {
  return (await expectJson(await ctx.request('/api/question/list?include_retired=true', { token: admin.token }), 200, QuestionListResponseSchema)).data;
}
const reorder = (body: unknown, token = admin.token) => ctx.request('/api/question/reorder', { token, json: body });

describe('reordering', () => {
  test('moves one question; only the questions that moved get a new version', async () => {
    const before = await allQuestions();
    const [first, second] = before;
    const order = [second!, first!, ...before.slice(2)];
    const moved = await expectJson(await reorder({ uuids: order.map((q) => q.uuid), versions: order.map((q) => q.version) }), 200, QuestionListResponseSchema);
    expect(moved.data.slice(0, 2).map((q) => q.code)).toEqual([second!.code, first!.code]);
    const versions = new Map(moved.data.map((q) => [q.uuid, q.version]));
    expect(versions.get(first!.uuid)).toBe(first!.version + 1);
    expect(versions.get(second!.uuid)).toBe(second!.version + 1);
    expect(before.slice(2).every((q) => versions.get(q.uuid) === q.version)).toBe(true);
  });

  test('an order based on versions that changed since: 409 with every question as it is now, and nothing moves', async () => {
    const before = await allQuestions();
    const target = before[5]!;
    const edited = await ctx.request('/api/question/saved', {
      token: admin.token,
      json: { ...editable(target), version: target.version, help: 'Changed by another administrator' },
    });
    await expectJson(edited, 200, QuestionResponseSchema);
    const stale = await expectJson(
      await reorder({ uuids: [...before].reverse().map((q) => q.uuid), versions: [...before].reverse().map((q) => q.version) }),
      409,
      QuestionReorderConflictSchema,
    );
    expect(stale.current.find((q) => q.uuid === target.uuid)?.help).toBe('Changed by another administrator');
    expect((await allQuestions()).map((q) => q.uuid)).toEqual(before.map((q) => q.uuid));
  });

  test('versions must match the questions one for one; a country administrator may not reorder', async () => {
    const before = await allQuestions();
    await expectError(await reorder({ uuids: before.map((q) => q.uuid), versions: [1] }), 400, { fields: ['versions'] });
    await expectError(await reorder({ uuids: before.map((q) => q.uuid) }, stateAdmin.token), 403);
  });
});

describe('retiring a question', () => {
  test('it leaves the open cycle’s forms that have no answer to it; a form that answered it keeps it and its answer', async () => {
    const created = await expectJson(
      await ctx.request('/api/question/saved', {
        token: admin.token,
        json: { code: 'Q39', thrust: 'TC3', subcategory: '3.2', question_tier: 2, text: 'Share of urban tree cover', answer_type: 'pct' },
      }),
      200,
      QuestionResponseSchema,
    );
    const question = created.data;
    expect((await viewReport(ctx, phMember, YEAR, 'PH')).questions.some((q) => q.uuid === question.uuid)).toBe(true);
    expect((await saveAnswers(ctx, vnMember, YEAR, 'VN', [{ question_uuid: question.uuid, value: 23.5 }])).status).toBe(200);
    const totalBefore = (await viewReport(ctx, phMember, YEAR, 'PH')).report.completeness.total;

    const retired = await expectJson(await ctx.request(`/api/question/retire/${question.uuid}`, { token: admin.token, json: { version: question.version } }), 200, QuestionResponseSchema);
    expect(retired.data.retired_at).not.toBeNull();

    const ph = await viewReport(ctx, phMember, YEAR, 'PH');
    expect(ph.questions.some((q) => q.uuid === question.uuid)).toBe(false);
    expect(ph.report.completeness.total).toBe(totalBefore - 1);
    // The stored completeness of the list agrees with the form.
    const cycles = await expectJson(await ctx.request('/api/report/type/national/cycles', { token: phMember.token }), 200, CycleListResponseSchema);
    expect(cycles.data.find((c) => c.year === YEAR)?.report?.completeness.total).toBe(totalBefore - 1);
    const vn = await viewReport(ctx, vnMember, YEAR, 'VN');
    expect(vn.questions.some((q) => q.uuid === question.uuid)).toBe(true);
    expect(vn.answers.find((a) => a.question_uuid === question.uuid)?.value).toBe(23.5);
    // A form without it refuses an answer to it.
    await expectError(await saveAnswers(ctx, phMember, YEAR, 'PH', [{ question_uuid: question.uuid, value: 10 }]), 400, { fields: ['answers.0.question_uuid'] });

    const restored = await expectJson(
      await ctx.request(`/api/question/retire/${question.uuid}`, { token: admin.token, json: { version: retired.data.version, retired: false } }),
      200,
      QuestionResponseSchema,
    );
    expect(restored.data.retired_at).toBeNull();
    expect((await viewReport(ctx, phMember, YEAR, 'PH')).questions.some((q) => q.uuid === question.uuid)).toBe(true);
  });

  test('a cycle whose answers locked before the retirement (by date or by closing) keeps the question in its forms', async () => {
    const q38 = (await allQuestions()).find((q) => q.code === 'Q38')!;
    const retired = await expectJson(await ctx.request(`/api/question/retire/${q38.uuid}`, { token: admin.token, json: { version: q38.version } }), 200, QuestionResponseSchema);
    expect((await viewReport(ctx, admin, 2020, 'PH')).questions.some((q) => q.uuid === q38.uuid)).toBe(true);
    expect((await viewReport(ctx, admin, 2019, 'PH')).questions.some((q) => q.uuid === q38.uuid)).toBe(true);
    expect((await viewReport(ctx, admin, YEAR, 'PH')).questions.some((q) => q.uuid === q38.uuid)).toBe(false);
    await expectJson(await ctx.request(`/api/question/retire/${q38.uuid}`, { token: admin.token, json: { version: retired.data.version, retired: false } }), 200, QuestionResponseSchema);
  });

  test('a stale version: 409 with the question as it is now', async () => {
    const q37 = (await allQuestions()).find((q) => q.code === 'Q37')!;
    const stale = await ctx.request(`/api/question/retire/${q37.uuid}`, { token: admin.token, json: { version: q37.version + 1 } });
    const body = await expectJson(stale, 409, z.object({ status: z.literal(409), message: z.string(), current: QuestionResponseSchema.shape.data }));
    expect(body.current).toMatchObject({ uuid: q37.uuid, version: q37.version, retired_at: null });
  });
});

/** The fields of question/saved, from a question as read. */
function editable(q: Question) {
  const { uuid, code, thrust, subcategory, question_tier, text, help, answer_type, unit, options, min, max, expected_min, expected_max, decimals, parts, with_text, text_label, compulsory, sdg_refs, sdg_tier, nua_paragraphs, source_hint } = q;
  return { uuid, code, thrust, subcategory, question_tier, text, help, answer_type, unit, options, min, max, expected_min, expected_max, decimals, parts, with_text, text_label, compulsory, sdg_refs, sdg_tier, nua_paragraphs, source_hint };
}
