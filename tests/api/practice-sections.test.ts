import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, test } from 'vitest';
import {
  PracticeResponseSchema,
  PracticeSectionsResponseSchema,
  type BestPractice,
  type PracticeSaveBody,
} from '../../src/lib/best-practices/schema.ts';
import { sectionByKey } from '../../src/lib/best-practices/sections.ts';
import { auditEvents, bestPractices, bestPracticeSections } from '../../src/lib/db/schema.ts';
import { GenericResponseSchema } from '../../src/lib/http/schema.ts';
import { AnswerSchema } from '../../src/lib/questionnaires/schema.ts';
import { COMPLETE_PRACTICE } from '../fixtures/best-practices.ts';
import { createTestContext } from '../support/app.ts';
import { expectError, expectJson } from '../support/assertions.ts';
import { createUser, type TestUser } from '../support/factories.ts';
import { deepStrict } from '../support/schemas.ts';

/**
 * Decision 047: a practice's narrative sections are answers of the questionnaire engine, saved
 * through its save call: a version per section (409 with the sections as they are now), 400 per
 * answer and field, an audit event per change, the review workflow as the form's `admit`; the
 * practice's own version and its copy of the narrative follow in the same transaction.
 */

const StrictPractice = deepStrict(PracticeResponseSchema);
const StrictSections = deepStrict(PracticeSectionsResponseSchema);
const StrictStale = deepStrict(GenericResponseSchema.extend({ current: AnswerSchema.array() }));

const ctx = await createTestContext();
let admin: TestUser;
let phMember: TestUser;
let phAdmin: TestUser;
let vnAdmin: TestUser;
beforeAll(async () => {
  [admin, phMember, phAdmin, vnAdmin] = await Promise.all([
    createUser(ctx, { role: 'admin', country: 'JP', name: 'Aiko Reviewer' }),
    createUser(ctx, { role: 'state_member', country: 'PH', name: 'Jose Author' }),
    createUser(ctx, { role: 'state_admin', country: 'PH', name: 'Maria Country' }),
    createUser(ctx, { role: 'state_admin', country: 'VN' }),
  ]);
});

const THAI = 'ชุมชนริมคลองร่วมกันออกแบบทางเดิน';
const CHINESE = '居民共同设计了河岸步道';
const PERSIAN = 'ساکنان با هم مسیر کنار رودخانه را طراحی کردند';
const RUSSIAN = 'Жители вместе спроектировали набережную';

const uuidOf = (key: 'context' | 'objectives' | 'implementation' | 'results') => sectionByKey.get(key)!.question.uuid;
const sections = (user: TestUser, uuid: string, answers: unknown) =>
  ctx.request(`/api/best-practice/${uuid}/sections`, { token: user.token, json: { answers } });
const show = async (user: TestUser, uuid: string) =>
  (await expectJson(await ctx.request(`/api/best-practice/show/${uuid}`, { token: user.token }), 200, StrictPractice))
    .data;
const created = async (user: TestUser, body: PracticeSaveBody = {}): Promise<BestPractice> =>
  (
    await expectJson(
      await ctx.request('/api/best-practice/saved', {
        token: user.token,
        json: { title: 'Canal walk', country_code: user.country, ...body },
      }),
      201,
      StrictPractice,
    )
  ).data;

describe('saving sections through the engine', () => {
  test(
    'first answers, then a change: versions per section, the practice’s version and narrative follow, an audit ' +
      'event per change',
    async () => {
      const p = await created(phMember);
      const first = await expectJson(
        await sections(phMember, p.uuid, [
          { question_uuid: uuidOf('context'), value: THAI },
          { question_uuid: uuidOf('results'), value: CHINESE },
        ]),
        200,
        StrictSections,
      );
      expect(first.data.answers.map((a) => [a.value, a.version, a.updated_by?.name])).toEqual([
        [THAI, 1, 'Jose Author'],
        [CHINESE, 1, 'Jose Author'],
      ]);
      expect(first.data.practice.version).toBe(p.version + 1);
      expect(first.data.completeness).toMatchObject({
        answered: 2,
        total: 9,
        compulsory_total: 3,
        compulsory_answered: 2,
      });
      const again = await expectJson(
        await sections(phMember, p.uuid, [{ question_uuid: uuidOf('context'), value: PERSIAN, version: 1 }]),
        200,
        StrictSections,
      );
      expect(again.data.answers[0]).toMatchObject({ value: PERSIAN, version: 2 });
      const shown = await show(phMember, p.uuid);
      expect(shown.version).toBe(p.version + 2);
      expect(shown.narrative).toMatchObject({ context: PERSIAN, results: CHINESE, objectives: null });
      expect(shown.sections.map((a) => [a.question_uuid, a.version])).toEqual([
        [uuidOf('context'), 2],
        [uuidOf('results'), 1],
      ]);
      const audit = await ctx.deps.db
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.entity, 'best_practice_section'), eq(auditEvents.entityId, p.uuid)));
      expect(audit.map((e) => e.action).sort()).toEqual(['create', 'create', 'update']);
      // The same text again changes nothing: no version, no audit event.
      const same = await expectJson(
        await sections(phMember, p.uuid, [{ question_uuid: uuidOf('context'), value: PERSIAN, version: 2 }]),
        200,
        StrictSections,
      );
      expect(same.data.practice.version).toBe(p.version + 2);
    },
  );

  test(
    'a stale section: 409 with the sections as they are ' + 'now; another section saved meanwhile is no conflict',
    async () => {
      const p = await created(phMember);
      await expectJson(
        await sections(phMember, p.uuid, [{ question_uuid: uuidOf('context'), value: RUSSIAN }]),
        200,
        StrictSections,
      );
      await expectJson(
        await sections(phAdmin, p.uuid, [{ question_uuid: uuidOf('context'), value: THAI, version: 1 }]),
        200,
        StrictSections,
      );
      const stale = await expectJson(
        await sections(phMember, p.uuid, [{ question_uuid: uuidOf('context'), value: CHINESE, version: 1 }]),
        409,
        StrictStale,
      );
      expect(stale.current).toMatchObject([
        { question_uuid: uuidOf('context'), value: THAI, version: 2, updated_by: { name: 'Maria Country' } },
      ]);
      // A first answer sent when someone else already gave one is stale too.
      await expectJson(
        await sections(phMember, p.uuid, [{ question_uuid: uuidOf('context'), value: CHINESE }]),
        409,
        StrictStale,
      );
      await expectJson(
        await sections(phMember, p.uuid, [{ question_uuid: uuidOf('objectives'), value: CHINESE }]),
        200,
        StrictSections,
      );
      expect((await show(phMember, p.uuid)).narrative).toMatchObject({ context: THAI, objectives: CHINESE });
    },
  );

  test('an explanation (decision 078) is saved with its section; changing it alone is a change', async () => {
    const p = await created(phMember);
    const saved = await expectJson(
      await sections(phMember, p.uuid, [{ question_uuid: uuidOf('results'), value: RUSSIAN, explanation: THAI }]),
      200,
      StrictSections,
    );
    expect(saved.data.answers[0]).toMatchObject({ value: RUSSIAN, explanation: THAI, version: 1 });
    const changed = await expectJson(
      await sections(phMember, p.uuid, [
        { question_uuid: uuidOf('results'), value: RUSSIAN, explanation: PERSIAN, version: 1 },
      ]),
      200,
      StrictSections,
    );
    expect(changed.data.answers[0]).toMatchObject({ value: RUSSIAN, explanation: PERSIAN, version: 2 });
    const [row] = await ctx.deps.db
      .select({ explanation: bestPracticeSections.explanation })
      .from(bestPracticeSections)
      .innerJoin(bestPractices, eq(bestPractices.id, bestPracticeSections.practiceId))
      .where(eq(bestPractices.uuid, p.uuid));
    expect(row!.explanation).toBe(PERSIAN);
    // Longer than an explanation may be: a 400 naming the field, nothing saved.
    await expectError(
      await sections(phMember, p.uuid, [
        { question_uuid: uuidOf('results'), value: RUSSIAN, explanation: 'x'.repeat(5000), version: 2 },
      ]),
      400,
      { fields: ['answers.0.explanation'] },
    );
  });

  test('400 per answer and field; never a 5xx', async () => {
    const p = await created(phMember);
    await expectError(
      await sections(phMember, p.uuid, [{ question_uuid: uuidOf('context'), value: 'x'.repeat(8001) }]),
      400,
      { fields: ['answers.0.value'] },
    );
    await expectError(
      await sections(phMember, p.uuid, [{ question_uuid: '00000000-0000-4000-8000-000000000000', value: 'x' }]),
      400,
      { fields: ['answers.0.question_uuid'] },
    );
    await expectError(await sections(phMember, p.uuid, [{ question_uuid: uuidOf('context'), value: 12 }]), 400, {
      fields: ['answers.0.value'],
    });
    await expectError(
      await sections(phMember, p.uuid, [
        { question_uuid: uuidOf('context'), value: 'a' },
        { question_uuid: uuidOf('context'), value: 'b' },
      ]),
      400,
      { fields: ['answers.1.question_uuid'] },
    );
    await expectError(await sections(phMember, p.uuid, []), 400, { fields: ['answers'] });
    for (const answers of [
      null,
      'x',
      [null],
      [{}],
      [{ question_uuid: 'x' }],
      [{ question_uuid: uuidOf('results'), value: { a: 1 } }],
      [{ question_uuid: uuidOf('results'), version: -1 }],
    ]) {
      const response = await sections(phMember, p.uuid, answers);
      expect(response.status, JSON.stringify(answers)).toBeLessThan(500);
    }
    await expectError(
      await sections(phMember, '00000000-0000-4000-8000-000000000000', [
        { question_uuid: uuidOf('context'), value: 'x' },
      ]),
      404,
    );
  });

  test('the workflow is the form’s admit: the authors’ turn, the reviewers’, the country scope', async () => {
    const p = await created(phMember, COMPLETE_PRACTICE);
    await expectError(
      await sections(vnAdmin, p.uuid, [{ question_uuid: uuidOf('results'), value: 'x', version: 1 }]),
      403,
    );
    const submitted = await expectJson(
      await ctx.request(`/api/best-practice/${p.uuid}/transition`, {
        token: phMember.token,
        json: { action: 'submit', version: p.version },
      }),
      200,
      StrictPractice,
    );
    await expectError(
      await sections(phMember, p.uuid, [{ question_uuid: uuidOf('results'), value: 'x', version: 1 }]),
      409,
      { message: /cannot be edited now/ },
    );
    const byReviewer = await expectJson(
      await sections(admin, p.uuid, [{ question_uuid: uuidOf('results'), value: RUSSIAN, version: 1 }]),
      200,
      StrictSections,
    );
    expect(byReviewer.data.practice).toMatchObject({ status: 'submitted', version: submitted.data.version + 1 });
  });
});

describe('the record’s save (best-practice/saved) keeps its contract and goes through the engine', () => {
  test(
    'narrative sent with the practice’s version: the sections’ versions move, each change audited; an older ' +
      'section version is then stale',
    async () => {
      const p = await created(phMember, { narrative: { context: THAI } });
      const rows = await ctx.deps.db
        .select({ version: bestPracticeSections.version })
        .from(bestPracticeSections)
        .innerJoin(bestPractices, eq(bestPractices.id, bestPracticeSections.practiceId))
        .where(eq(bestPractices.uuid, p.uuid));
      expect(rows).toEqual([{ version: 1 }]);
      const one = (
        await expectJson(
          await ctx.request('/api/best-practice/saved', {
            token: phMember.token,
            json: { uuid: p.uuid, version: p.version, narrative: { context: PERSIAN, results: CHINESE } },
          }),
          200,
          StrictPractice,
        )
      ).data;
      expect(one.narrative).toMatchObject({ context: PERSIAN, results: CHINESE });
      expect(one.sections.map((a) => a.version)).toEqual([2, 1]);
      const two = (
        await expectJson(
          await ctx.request('/api/best-practice/saved', {
            token: phAdmin.token,
            json: { uuid: p.uuid, version: one.version, narrative: { context: RUSSIAN } },
          }),
          200,
          StrictPractice,
        )
      ).data;
      expect(two.sections[0]).toMatchObject({ value: RUSSIAN, version: 3 });
      await expectJson(
        await sections(phMember, p.uuid, [{ question_uuid: uuidOf('context'), value: THAI, version: 2 }]),
        409,
        StrictStale,
      );
      // A section cleared that was never written stays without an answer.
      const cleared = (
        await expectJson(
          await ctx.request('/api/best-practice/saved', {
            token: phMember.token,
            json: { uuid: p.uuid, version: two.version, narrative: { objectives: '' } },
          }),
          200,
          StrictPractice,
        )
      ).data;
      expect(cleared.sections).toHaveLength(2);
      expect(cleared.narrative.objectives).toBeNull();
      // The record's own 400s still name the narrative's field.
      await expectError(
        await ctx.request('/api/best-practice/saved', {
          token: phMember.token,
          json: { uuid: p.uuid, version: cleared.version, narrative: { context: 'x'.repeat(8001) } },
        }),
        400,
        { fields: ['narrative.context'] },
      );
    },
  );
});
