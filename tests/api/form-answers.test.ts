import { beforeAll, describe, expect, test } from 'vitest';
import { GenericResponseSchema } from '../../src/lib/http/schema.ts';
import {
  AnswerSchema,
  FormAnswersReadResponseSchema,
  FormAnswersResponseSchema,
  FormLockedResponseSchema,
  type FormAnswersRead,
} from '../../src/lib/questionnaires/schema.ts';
import { createTestContext, type TestContext } from '../support/app.ts';
import { expectError, expectJson } from '../support/assertions.ts';
import { createUser, type TestUser } from '../support/factories.ts';
import { closeCycle, openCycle } from '../support/national-reports.ts';
import { COMPLETE_PRACTICE } from '../fixtures/best-practices.ts';
import { deepStrict } from '../support/schemas.ts';

/**
 * Decision 071: every form's answers at one address, `/api/forms/{form}/{instance}/answers`, with
 * the same bodies. One contract, run against the three forms: a national report, a best
 * practice's sections and a profile dataset's figures.
 */

const StrictRead = deepStrict(FormAnswersReadResponseSchema);
const StrictSaved = deepStrict(FormAnswersResponseSchema);
const StrictStale = deepStrict(GenericResponseSchema.extend({ current: AnswerSchema.array() }));
const StrictLocked = deepStrict(FormLockedResponseSchema);

const THAI = 'ชุมชนริมคลองร่วมกันออกแบบทางเดิน';
const CHINESE = '居民共同设计了河岸步道';
const PERSIAN = 'ساکنان با هم مسیر کنار رودخانه را طراحی کردند';
const RUSSIAN = 'Жители вместе спроектировали набережную';

/** A form under test: an instance, who writes it, who may not see it, two values of a question and one it refuses. */
interface FormCase {
  form: string;
  /** Makes the instance; returns its address and people. */
  setup(ctx: TestContext): Promise<{
    instance: string;
    writer: TestUser;
    outsider: TestUser;
    /** The question the contract answers (by its code in the read's questions). */
    code: string;
    values: [unknown, unknown];
    invalid: unknown;
    /** A well-formed address of an instance that does not exist. */
    missing: string;
    /** Makes the instance take no answers; returns the expected reason. */
    lock(): Promise<string>;
  }>;
}

const FORMS: FormCase[] = [
  {
    form: 'national-report',
    async setup(ctx) {
      const admin = await createUser(ctx, { role: 'admin', country: 'JP' });
      const writer = await createUser(ctx, { role: 'state_member', country: 'PH' });
      const outsider = await createUser(ctx, { role: 'state_member', country: 'VN' });
      await openCycle(ctx, admin, { year: 2026 });
      return {
        instance: '2026-PH',
        missing: '2031-PH',
        writer,
        outsider,
        code: 'Q18',
        values: [THAI, PERSIAN],
        invalid: 12,
        async lock() {
          await closeCycle(ctx, admin, 2026);
          return 'cycle_closed';
        },
      };
    },
  },
  {
    form: 'best-practice',
    async setup(ctx) {
      const writer = await createUser(ctx, { role: 'state_member', country: 'PH' });
      const outsider = await createUser(ctx, { role: 'state_admin', country: 'VN' });
      const made = (await (
        await ctx.request('/api/best-practice/saved', {
          token: writer.token,
          json: { title: 'Canal walk', country_code: 'PH', ...COMPLETE_PRACTICE },
        })
      ).json()) as { data: { uuid: string } };
      const uuid = made.data.uuid;
      return {
        instance: uuid,
        missing: '00000000-0000-4000-8000-00000000dead',
        writer,
        outsider,
        code: 'objectives',
        values: [CHINESE, RUSSIAN],
        invalid: ['not', 'text'],
        async lock() {
          const practice = (await (
            await ctx.request(`/api/best-practice/show/${uuid}`, { token: writer.token })
          ).json()) as { data: { version: number } };
          // Submitted for review, the practice is the reviewers' turn: its authors' saves are refused.
          const submitted = await ctx.request(`/api/best-practice/${uuid}/transition`, {
            token: writer.token,
            json: { action: 'submit', version: practice.data.version },
          });
          expect(submitted.status, await submitted.clone().text()).toBe(200);
          return 'submitted';
        },
      };
    },
  },
  {
    form: 'urbanisation-profile',
    async setup(ctx) {
      const writer = await createUser(ctx, { role: 'state_admin', country: 'PH' });
      const outsider = await createUser(ctx, { role: 'state_admin', country: 'VN' });
      return {
        instance: '2024-PH-demography-urbanisation',
        missing: '2024-PH-no-such-theme',
        writer,
        outsider,
        code: 'LARGEST_CITY_POP',
        values: [8500, 9100],
        invalid: -3,
        lock: () => Promise.resolve(''),
      };
    },
  },
];

const context = await createTestContext();
const ctx = () => Promise.resolve(context);

describe.each(FORMS)('the answers route of $form', ({ form, setup }) => {
  let s: Awaited<ReturnType<FormCase['setup']>>;
  let path: string;
  let question: string;
  beforeAll(async () => {
    s = await setup(await ctx());
    path = `/api/forms/${form}/${s.instance}/answers`;
  });
  const read = async (user = s.writer) =>
    (await expectJson(await (await ctx()).request(path, { token: user.token }), 200, StrictRead)).data;
  const save = async (answers: unknown, user = s.writer) =>
    (await ctx()).request(path, { token: user.token, json: { answers } });

  test('a read tells the instance, its questions, completeness and answers', async () => {
    const data: FormAnswersRead = await read();
    expect(data).toMatchObject({ form, instance: s.instance });
    expect(data.completeness.total).toBeGreaterThan(0);
    const found = data.questions.find((q) => q.code === s.code);
    expect(found, `question ${s.code}`).toBeDefined();
    question = found!.uuid;
    expect(data.answers.find((a) => a.question_uuid === question)).toBeUndefined();
  });

  test('a first answer, then a change with its version; the read shows it', async () => {
    const first = await expectJson(await save([{ question_uuid: question, value: s.values[0] }]), 200, StrictSaved);
    expect(first.data).toMatchObject({ form, instance: s.instance });
    expect(first.data.answers).toEqual([
      expect.objectContaining({ question_uuid: question, value: s.values[0], version: 1, state: 'saved' }),
    ]);
    const second = await expectJson(
      await save([{ question_uuid: question, value: s.values[1], version: 1 }]),
      200,
      StrictSaved,
    );
    expect(second.data.answers[0]).toMatchObject({ value: s.values[1], version: 2 });
    expect(second.data.version).toBeGreaterThanOrEqual(first.data.version);
    const now = await read();
    expect(now.answers.find((a) => a.question_uuid === question)).toMatchObject({ value: s.values[1], version: 2 });
    expect(now.version).toBe(second.data.version);
  });

  test('a save on a stale version is a 409 with the answer as it is now; nothing is overwritten', async () => {
    const stale = await expectJson(
      await save([{ question_uuid: question, value: s.values[0], version: 1 }]),
      409,
      StrictStale,
    );
    expect(stale.current).toEqual([
      expect.objectContaining({ question_uuid: question, value: s.values[1], version: 2 }),
    ]);
    expect((await read()).answers.find((a) => a.question_uuid === question)?.value).toBe(s.values[1]);
  });

  test('400s name the answer and field', async () => {
    await expectError(await save([{ question_uuid: question, value: s.invalid, version: 2 }]), 400, {
      fields: ['answers.0.value'],
    });
    await expectError(await save([{ question_uuid: '5d1c6a43-0000-4000-8000-000000000abc', value: 'x' }]), 400, {
      fields: ['answers.0.question_uuid'],
    });
    await expectError(await save([]), 400, { fields: ['answers'] });
    await expectError(await save('everything'), 400, { fields: ['answers'] });
  });

  test('403 outside the person’s scope, 401 without sign-in, 404 for an instance or form not there', async () => {
    const c = await ctx();
    await expectError(await c.request(path, { token: s.outsider.token }), 403);
    await expectError(await save([{ question_uuid: question, value: s.values[0], version: 2 }], s.outsider), 403);
    await expectError(await c.request(path), 401);
    for (const missing of ['no-such-thing', s.missing])
      await expectError(await c.request(`/api/forms/${form}/${missing}/answers`, { token: s.writer.token }), 404);
    await expectError(
      await c.request(`/api/forms/questionnaire/${s.instance}/answers`, { token: s.writer.token }),
      404,
    );
  });

  test('an instance that takes no answers now is a 423 with the reason', async () => {
    const reason = await s.lock();
    if (!reason) return expect(form).toBe('urbanisation-profile'); // a dataset is never locked: it becomes a draft
    const locked = await expectJson(
      await save([{ question_uuid: question, value: s.values[0], version: 2 }]),
      423,
      StrictLocked,
    );
    expect(locked.reason).toBe(reason);
    expect((await read()).answers.find((a) => a.question_uuid === question)?.value).toBe(s.values[1]);
  });
});

describe('a profile dataset’s narrative on the answers route', () => {
  test('is a text question with a version of its own: figures saved meanwhile do not make it stale', async () => {
    const writer = await createUser(context, { role: 'state_admin', country: 'TH' });
    const path = '/api/forms/urbanisation-profile/2023-TH-demography-urbanisation/answers';
    const save = (answers: unknown) => context.request(path, { token: writer.token, json: { answers } });
    const first = await expectJson(await context.request(path, { token: writer.token }), 200, StrictRead);
    const narrative = first.data.questions.find((q) => q.code === 'narrative')!.uuid;
    const figure = first.data.questions.find((q) => q.code === 'LARGEST_CITY_POP')!.uuid;
    const text = `${THAI} ${CHINESE} ${PERSIAN} ${RUSSIAN}`;
    const saved = await expectJson(await save([{ question_uuid: narrative, value: text }]), 200, StrictSaved);
    expect(saved.data.answers).toEqual([
      expect.objectContaining({ question_uuid: narrative, value: text, version: 1 }),
    ]);
    await expectJson(await save([{ question_uuid: figure, value: 10_400 }]), 200, StrictSaved);
    const changed = await expectJson(
      await save([{ question_uuid: narrative, value: 'Revised', version: 1 }]),
      200,
      StrictSaved,
    );
    expect(changed.data.answers[0]).toMatchObject({ value: 'Revised', version: 2 });
    const stale = await expectJson(
      await save([{ question_uuid: narrative, value: 'Lost', version: 1 }]),
      409,
      StrictStale,
    );
    expect(stale.current).toEqual([expect.objectContaining({ value: 'Revised', version: 2 })]);
    await expectError(
      await save([
        { question_uuid: figure, value: 1 },
        { question_uuid: narrative, value: 7, version: 2 },
      ]),
      400,
      {
        fields: ['answers.1.value'],
      },
    );
    // The dataset's own API shows the same narrative.
    const dataset = (await (
      await context.request('/api/profile/analytics/demography-urbanisation/TH/2023', { token: writer.token })
    ).json()) as { data: { narrative: string | null } };
    expect(dataset.data.narrative).toBe('Revised');
  });
});
