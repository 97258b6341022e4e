import { describe, expect, test } from 'vitest';
import { z } from 'zod';
import { CycleListResponseSchema } from '../../src/lib/national-reports/schema.ts';
import {
  QuestionListResponseSchema,
  QuestionReorderConflictSchema,
  QuestionResponseSchema,
  type Question,
} from '../../src/lib/national-reports/question-schema.ts';
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
  const cycles = await expectJson(
    await ctx.request('/api/report/type/national/cycles', { token: admin.token }),
    200,
    CycleListResponseSchema,
  );
  const cycle = cycles.data.find((c) => c.year === 2019)!;
  const closed = await ctx.request('/api/report/type/national/cycles/saved', {
    token: admin.token,
    json: {
      year: 2019,
      version: cycle.version,
      opens_at: cycle.opens_at,
      closes_at: cycle.closes_at,
      status: 'closed',
    },
  });
  expect(closed.status).toBe(200);
}

async function allQuestions(): Promise<Question[]> {
  return (
    await expectJson(
      await ctx.request('/api/question/list?include_retired=true', { token: admin.token }),
      200,
      QuestionListResponseSchema,
    )
  ).data;
}
const reorder = (body: unknown, token = admin.token) => ctx.request('/api/question/reorder', { token, json: body });

describe('reordering', () => {
  test('moves one question; only the questions that moved get a new version', async () => {
    const before = await allQuestions();
    const [first, second] = before;
    const order = [second!, first!, ...before.slice(2)];
    const moved = await expectJson(
      await reorder({ uuids: order.map((q) => q.uuid), versions: order.map((q) => q.version) }),
      200,
      QuestionListResponseSchema,
    );
    expect(moved.data.slice(0, 2).map((q) => q.code)).toEqual([second!.code, first!.code]);
    const versions = new Map(moved.data.map((q) => [q.uuid, q.version]));
    expect(versions.get(first!.uuid)).toBe(first!.version + 1);
    expect(versions.get(second!.uuid)).toBe(second!.version + 1);
    expect(before.slice(2).every((q) => versions.get(q.uuid) === q.version)).toBe(true);
  });

  test(
    'an order based on versions that changed since: 409 ' + 'with every question as it is now, and nothing moves',
    async () => {
      const before = await allQuestions();
      const target = before[5]!;
      const edited = await ctx.request('/api/question/saved', {
        token: admin.token,
        json: { ...editable(target), version: target.version, help: 'Changed by another administrator' },
      });
      await expectJson(edited, 200, QuestionResponseSchema);
      const stale = await expectJson(
        await reorder({
          uuids: [...before].reverse().map((q) => q.uuid),
          versions: [...before].reverse().map((q) => q.version),
        }),
        409,
        QuestionReorderConflictSchema,
      );
      expect(stale.current.find((q) => q.uuid === target.uuid)?.help).toBe('Changed by another administrator');
      expect((await allQuestions()).map((q) => q.uuid)).toEqual(before.map((q) => q.uuid));
    },
  );

  test('versions must match the questions one for one; a country administrator may not reorder', async () => {
    const before = await allQuestions();
    await expectError(await reorder({ uuids: before.map((q) => q.uuid), versions: [1] }), 400, {
      fields: ['versions'],
    });
    await expectError(await reorder({ uuids: before.map((q) => q.uuid) }, stateAdmin.token), 403);
  });
});

describe('retiring a question', () => {
  test(
    'it leaves the open cycle’s forms that have no answer ' + 'to it; a form that answered it keeps it and its answer',
    async () => {
      const created = await expectJson(
        await ctx.request('/api/question/saved', {
          token: admin.token,
          json: {
            code: 'Q39',
            thrust: 'TC3',
            subcategory: '3.2',
            question_tier: 2,
            text: 'Share of urban tree cover',
            answer_type: 'pct',
          },
        }),
        200,
        QuestionResponseSchema,
      );
      const question = created.data;
      expect((await viewReport(ctx, phMember, YEAR, 'PH')).questions.some((q) => q.uuid === question.uuid)).toBe(true);
      expect(
        (await saveAnswers(ctx, vnMember, YEAR, 'VN', [{ question_uuid: question.uuid, value: 23.5 }])).status,
      ).toBe(200);
      const totalBefore = (await viewReport(ctx, phMember, YEAR, 'PH')).report.completeness.total;

      const retired = await expectJson(
        await ctx.request(`/api/question/retire/${question.uuid}`, {
          token: admin.token,
          json: { version: question.version },
        }),
        200,
        QuestionResponseSchema,
      );
      expect(retired.data.retired_at).not.toBeNull();

      const ph = await viewReport(ctx, phMember, YEAR, 'PH');
      expect(ph.questions.some((q) => q.uuid === question.uuid)).toBe(false);
      expect(ph.report.completeness.total).toBe(totalBefore - 1);
      // The stored completeness of the list agrees with the form.
      const cycles = await expectJson(
        await ctx.request('/api/report/type/national/cycles', { token: phMember.token }),
        200,
        CycleListResponseSchema,
      );
      expect(cycles.data.find((c) => c.year === YEAR)?.report?.completeness.total).toBe(totalBefore - 1);
      const vn = await viewReport(ctx, vnMember, YEAR, 'VN');
      expect(vn.questions.some((q) => q.uuid === question.uuid)).toBe(true);
      expect(vn.answers.find((a) => a.question_uuid === question.uuid)?.value).toBe(23.5);
      // A form without it refuses an answer to it.
      await expectError(
        await saveAnswers(ctx, phMember, YEAR, 'PH', [{ question_uuid: question.uuid, value: 10 }]),
        400,
        { fields: ['answers.0.question_uuid'] },
      );

      const restored = await expectJson(
        await ctx.request(`/api/question/retire/${question.uuid}`, {
          token: admin.token,
          json: { version: retired.data.version, retired: false },
        }),
        200,
        QuestionResponseSchema,
      );
      expect(restored.data.retired_at).toBeNull();
      expect((await viewReport(ctx, phMember, YEAR, 'PH')).questions.some((q) => q.uuid === question.uuid)).toBe(true);
    },
  );

  test(
    'a cycle whose answers locked before the retirement ' + '(by date or by closing) keeps the question in its forms',
    async () => {
      const q38 = (await allQuestions()).find((q) => q.code === 'Q38')!;
      const retired = await expectJson(
        await ctx.request(`/api/question/retire/${q38.uuid}`, { token: admin.token, json: { version: q38.version } }),
        200,
        QuestionResponseSchema,
      );
      expect((await viewReport(ctx, admin, 2020, 'PH')).questions.some((q) => q.uuid === q38.uuid)).toBe(true);
      expect((await viewReport(ctx, admin, 2019, 'PH')).questions.some((q) => q.uuid === q38.uuid)).toBe(true);
      expect((await viewReport(ctx, admin, YEAR, 'PH')).questions.some((q) => q.uuid === q38.uuid)).toBe(false);
      await expectJson(
        await ctx.request(`/api/question/retire/${q38.uuid}`, {
          token: admin.token,
          json: { version: retired.data.version, retired: false },
        }),
        200,
        QuestionResponseSchema,
      );
    },
  );

  test('a stale version: 409 with the question as it is now', async () => {
    const q37 = (await allQuestions()).find((q) => q.code === 'Q37')!;
    const stale = await ctx.request(`/api/question/retire/${q37.uuid}`, {
      token: admin.token,
      json: { version: q37.version + 1 },
    });
    const body = await expectJson(
      stale,
      409,
      z.object({ status: z.literal(409), message: z.string(), current: QuestionResponseSchema.shape.data }),
    );
    expect(body.current).toMatchObject({ uuid: q37.uuid, version: q37.version, retired_at: null });
  });

  test('without a version: 428, and the question stays (decision 009); If-Match carries it as well', async () => {
    const q36 = (await allQuestions()).find((q) => q.code === 'Q36')!;
    await expectError(await ctx.request(`/api/question/retire/${q36.uuid}`, { token: admin.token, json: {} }), 428, {
      fields: ['version'],
    });
    await expectError(
      await ctx.request(`/api/question/retire/${q36.uuid}`, { token: admin.token, method: 'POST' }),
      428,
      { fields: ['version'] },
    );
    expect((await allQuestions()).find((q) => q.code === 'Q36')).toMatchObject({
      version: q36.version,
      retired_at: null,
    });
    const viaHeader = await ctx.request(`/api/question/retire/${q36.uuid}`, {
      token: admin.token,
      json: { retired: false },
      headers: { 'If-Match': `"${q36.version}"` },
    });
    expect((await expectJson(viaHeader, 200, QuestionResponseSchema)).data).toMatchObject({
      retired_at: null,
      version: q36.version + 1,
    });
  });
});

/** The fields of question/saved, from a question as read. */
function editable(q: Question) {
  const {
    uuid,
    code,
    thrust,
    subcategory,
    question_tier,
    text,
    help,
    answer_type,
    unit,
    options,
    min,
    max,
    expected_min,
    expected_max,
    decimals,
    parts,
    with_text,
    text_label,
    compulsory,
    sdg_refs,
    sdg_tier,
    nua_paragraphs,
    source_hint,
  } = q;
  return {
    uuid,
    code,
    thrust,
    subcategory,
    question_tier,
    text,
    help,
    answer_type,
    unit,
    options,
    min,
    max,
    expected_min,
    expected_max,
    decimals,
    parts,
    with_text,
    text_label,
    compulsory,
    sdg_refs,
    sdg_tier,
    nua_paragraphs,
    source_hint,
  };
}

describe('fields left out of an update keep their value (DESIGN.md §12)', () => {
  test('a question saved with only its new text keeps its help, limits, references and the rest', async () => {
    const q23 = (await allQuestions()).find((q) => q.code === 'Q23')!;
    // Q23 carries help, a unit, hard and expected limits, decimals and SDG references worth losing.
    expect(q23).toMatchObject({ unit: expect.any(String), max: expect.any(Number), expected_max: expect.any(Number) });
    expect(q23.sdg_refs.length).toBeGreaterThan(0);
    const saved = await ctx.request('/api/question/saved', {
      token: admin.token,
      json: { uuid: q23.uuid, version: q23.version, text: `${q23.text} (annual mean)` },
    });
    const after = (await expectJson(saved, 200, QuestionResponseSchema)).data;
    const { text: _text, version: _version, ...kept } = q23;
    expect(after).toEqual({ ...kept, text: `${q23.text} (annual mean)`, version: q23.version + 1 });
    // null still clears a field, and an update is checked as a whole (options on a number question).
    const cleared = await ctx.request('/api/question/saved', {
      token: admin.token,
      json: { uuid: q23.uuid, version: after.version, help: null },
    });
    expect((await expectJson(cleared, 200, QuestionResponseSchema)).data).toMatchObject({
      help: null,
      unit: q23.unit,
      max: q23.max,
    });
    await expectError(
      await ctx.request('/api/question/saved', {
        token: admin.token,
        json: {
          uuid: q23.uuid,
          version: after.version + 1,
          options: [
            { value: 'a', label: 'A' },
            { value: 'b', label: 'B' },
          ],
        },
      }),
      400,
      { fields: ['options'] },
    );
  });

  test('a new question still needs its fields; an unknown uuid is a 404', async () => {
    await expectError(
      await ctx.request('/api/question/saved', { token: admin.token, json: { text: 'No code, no thrust' } }),
      400,
      {
        fields: ['code', 'thrust', 'subcategory', 'question_tier', 'answer_type'],
      },
    );
    const unknown = {
      uuid: '00000000-0000-4000-8000-000000000000',
      version: 1,
      code: 'Q86',
      thrust: 'TC1',
      subcategory: '1.1',
      question_tier: 3,
      text: 'x',
      answer_type: 'txt',
    };
    await expectError(await ctx.request('/api/question/saved', { token: admin.token, json: unknown }), 404);
    await expectError(await ctx.request('/api/question/saved', { token: admin.token, json: [] }), 400, {
      fields: ['_'],
      message: /body/,
    });
  });

  test('a cycle saved with only its guideline version stays open, with its dates and days', async () => {
    const cycles = await expectJson(
      await ctx.request('/api/report/type/national/cycles', { token: admin.token }),
      200,
      CycleListResponseSchema,
    );
    const cycle = cycles.data.find((c) => c.year === YEAR)!;
    expect(cycle).toMatchObject({ status: 'open', expiry_days: 10, timely_days: 7 });
    const saved = await ctx.request('/api/report/type/national/cycles/saved', {
      token: admin.token,
      json: { year: YEAR, version: cycle.version, guideline_version: 'Guidelines 2026, second edition' },
    });
    const after = (
      await expectJson(
        saved,
        200,
        z.object({ data: CycleListResponseSchema.shape.data.element.omit({ counts: true, report: true }) }).loose(),
      )
    ).data;
    const { counts: _counts, report: _report, ...before } = cycle;
    // It used to fall back to a new cycle's defaults: status draft (the forms gone), 30 and 0 days.
    expect(after).toEqual({
      ...before,
      guideline_version: 'Guidelines 2026, second edition',
      version: cycle.version + 1,
    });
  });

  test('cycle dates must be days of the calendar within the reporting years: 400, never a 500', async () => {
    const save = (json: Record<string, unknown>) =>
      ctx.request('/api/report/type/national/cycles/saved', { token: admin.token, json });
    await expectError(await save({ year: 2031, opens_at: '2031-02-31', closes_at: '2031-12-31' }), 400, {
      fields: ['opens_at'],
      message: /opens_at/,
    });
    await expectError(await save({ year: 2031, opens_at: '0000-00-00', closes_at: '2031-13-01' }), 400, {
      fields: ['opens_at', 'closes_at'],
    });
    await expectError(await save({ year: 2031, opens_at: '0001-01-01', closes_at: '9999-12-31' }), 400, {
      fields: ['opens_at', 'closes_at'],
    });
    await expectError(await save({ year: 2031, opens_at: '2031-01-01' }), 400, { fields: ['closes_at'] });
    expect((await save({ year: 2032, opens_at: '2032-02-29', closes_at: '2032-12-31' })).status).toBe(200);
  });
});

describe('creations racing each other (a double click, two administrators)', () => {
  test(
    'one cycle of a year: one is created; the others are told it exists (409 with it, or 400 asking for its ' +
      'version)',
    async () => {
      const responses = await Promise.all(
        [0, 1, 2].map(() =>
          ctx.request('/api/report/type/national/cycles/saved', {
            token: admin.token,
            json: { year: 2041, opens_at: '2041-01-01', closes_at: '2041-06-30', status: 'open' },
          }),
        ),
      );
      // PostgreSQL runs them at once (a 409 for an insert that lost); PGlite one after the other.
      expect(responses.filter((r) => r.status === 200)).toHaveLength(1);
      for (const response of responses.filter((r) => r.status !== 200)) {
        if (response.status === 400) {
          await expectError(response, 400, { fields: ['version'] });
          continue;
        }
        const body = await expectJson(
          response,
          409,
          z.object({
            status: z.literal(409),
            message: z.string(),
            current: CycleListResponseSchema.shape.data.element.omit({ counts: true, report: true }),
          }),
        );
        expect(body.current).toMatchObject({ year: 2041, status: 'open', version: 1 });
      }
    },
  );

  test('one question code: one is created, the others are 400s naming the code', async () => {
    const responses = await Promise.all(
      [0, 1, 2].map((i) =>
        ctx.request('/api/question/saved', {
          token: admin.token,
          json: {
            code: 'Q95',
            thrust: 'TC1',
            subcategory: '1.1',
            question_tier: 3,
            text: `Race ${i}`,
            answer_type: 'txt',
          },
        }),
      ),
    );
    expect(responses.map((r) => r.status).sort()).toEqual([200, 400, 400]);
    for (const response of responses.filter((r) => r.status === 400))
      await expectError(response, 400, { fields: ['code'] });
    expect((await allQuestions()).filter((q) => q.code === 'Q95')).toHaveLength(1);
  });

  test(
    'questions changing while a country saves answers: no error, no deadlock, and the stored completeness agrees ' +
      'with the form',
    async () => {
      const create = async (code: string, compulsory: boolean) =>
        expectJson(
          await ctx.request('/api/question/saved', {
            token: admin.token,
            json: {
              code,
              thrust: 'TC2',
              subcategory: '2.1',
              question_tier: 2,
              text: `Race share ${code}`,
              answer_type: 'pct',
              compulsory,
            },
          }),
          200,
          QuestionResponseSchema,
        );
      const targets = [];
      for (const code of ['Q81', 'Q82', 'Q83', 'Q84']) targets.push((await create(code, false)).data);
      const doomed = (await create('Q85', true)).data;
      // A country's saves (each locks its report) run at the same time as questions are added and
      // retired (each recomputes every open report's completeness in its own transaction).
      const [doomedSave, ...statuses] = await Promise.all([
        // An answer to the question being retired: saved before the retirement (it then stays in this
        // form), or refused after it (400).
        (async () =>
          (await saveAnswers(ctx, vnMember, YEAR, 'VN', [{ question_uuid: doomed.uuid, value: 50 }])).status)(),
        ...targets.map(
          async (q, i) =>
            (await saveAnswers(ctx, vnMember, YEAR, 'VN', [{ question_uuid: q.uuid, value: 10 + i }])).status,
        ),
        (async () =>
          (
            await ctx.request('/api/question/saved', {
              token: admin.token,
              json: {
                code: 'Q86',
                thrust: 'TC2',
                subcategory: '2.1',
                question_tier: 2,
                text: 'Race share Q86',
                answer_type: 'pct',
                compulsory: true,
              },
            })
          ).status)(),
        (async () =>
          (
            await ctx.request(`/api/question/retire/${doomed.uuid}`, {
              token: admin.token,
              json: { version: doomed.version },
            })
          ).status)(),
      ]);
      expect(statuses).toEqual(statuses.map(() => 200));
      expect([200, 400]).toContain(doomedSave);
      const form = await viewReport(ctx, vnMember, YEAR, 'VN');
      const cycles = await expectJson(
        await ctx.request('/api/report/type/national/cycles', { token: vnMember.token }),
        200,
        CycleListResponseSchema,
      );
      expect(cycles.data.find((c) => c.year === YEAR)?.report?.completeness).toEqual(form.report.completeness);
      expect(form.questions.some((q) => q.code === 'Q86')).toBe(true);
      expect(form.questions.some((q) => q.uuid === doomed.uuid)).toBe(doomedSave === 200);
    },
  );
});
