import { beforeAll, describe, expect, test } from 'vitest';
import { ReportViewResponseSchema, type ReportView } from '../../src/lib/national-reports/schema.ts';
import type { Question } from '../../src/lib/national-reports/question-schema.ts';
import { createApiClient } from '../../src/islands/backoffice/lib/api.ts';
import { formAnswersTransport } from '../../src/islands/backoffice/questionnaire/answers-transport.ts';
import { reportForm } from '../../src/islands/backoffice/national-reports/report-form.ts';
import { createQuestionnaireForm } from '../../src/islands/backoffice/questionnaire/form-store.ts';
import { memoryStorage } from '../../src/islands/backoffice/questionnaire/storage.ts';
import { createTestContext } from '../support/app.ts';
import { createUser, type TestUser } from '../support/factories.ts';
import { closeCycle } from '../support/national-reports.ts';
import { expiredToken } from '../support/tokens.ts';

/**
 * The back-office's autosave (questionnaire form + queue + the national report's transport)
 * against the real API: real app, real database, real emulator tokens. Only the browser's
 * storage is a Map, and the network is the app's own request function.
 */
const ctx = await createTestContext();
const YEAR = 2044;
let admin: TestUser;
let member: TestUser;
let colleague: TestUser;

const appFetch = (input: string, init: RequestInit) => Promise.resolve(ctx.app.request(input, init));

async function view(token: string): Promise<ReportView> {
  const response = await ctx.request(`/api/report/type/national/${YEAR}/PH/view`, { token });
  expect(response.status).toBe(200);
  return ReportViewResponseSchema.parse(await response.json()).data;
}

function formFor(data: ReportView, token: () => string, storage = memoryStorage()) {
  return createQuestionnaireForm({
    storageKey: `drafts:${member.uuid}:${data.report.uuid}`,
    storage,
    ...reportForm(data.questions, data.thrusts, data.subcategories),
    answers: data.answers,
    dataYearMax: YEAR,
    lockedMessage: null,
    transport: formAnswersTransport(
      'national-report',
      `${YEAR}-PH`,
      createApiClient({ getToken: () => Promise.resolve(token()), fetch: appFetch }),
    ),
    retryDelay: () => null,
    currentUserUuid: member.uuid,
  });
}

const byCode = (data: ReportView, code: string): Question => data.questions.find((question) => question.code === code)!;
const storedValue = (data: ReportView, question: Question) =>
  data.answers.find((answer) => answer.question_uuid === question.uuid)?.value;

beforeAll(async () => {
  admin = await createUser(ctx, { role: 'admin', country: 'JP' });
  member = await createUser(ctx, { role: 'state_member', country: 'PH', name: 'Maria Santos' });
  colleague = await createUser(ctx, { role: 'state_admin', country: 'PH', name: 'Jun Reyes' });
  const opened = await ctx.request('/api/report/type/national/cycles/saved', {
    token: admin.token,
    json: {
      year: YEAR,
      opens_at: '2044-01-01',
      closes_at: '2044-12-31',
      expiry_days: 30,
      timely_days: 7,
      status: 'open',
    },
  });
  expect(opened.status).toBe(200);
});

describe('autosave through the real API', () => {
  test('saves an answer with its version, and the report moves to in progress', async () => {
    const data = await view(member.token);
    const q01 = byCode(data, 'Q01');
    const reports: string[] = [];
    const form = createQuestionnaireForm({
      storageKey: 'k1',
      storage: memoryStorage(),
      ...reportForm(data.questions, data.thrusts, data.subcategories),
      answers: data.answers,
      dataYearMax: YEAR,
      lockedMessage: null,
      transport: formAnswersTransport(
        'national-report',
        `${YEAR}-PH`,
        createApiClient({ getToken: () => Promise.resolve(member.token), fetch: appFetch }),
      ),
      onSaved: (extra) => reports.push(extra.status),
    });
    form.change(q01.uuid, { value: '16.7', data_year: '2023', source: 'Philippine Statistics Authority' });
    await form.leave(q01.uuid);
    expect(form.$fields.get()[q01.uuid]).toEqual({ kind: 'saved', warnings: [] });
    expect(reports).toEqual(['in_progress']);
    const after = await view(member.token);
    expect(storedValue(after, q01)).toBe(16.7);
    expect(after.report.status).toBe('in_progress');

    form.change(q01.uuid, { value: '17.2' });
    await form.leave(q01.uuid);
    expect(storedValue(await view(member.token), q01)).toBe(17.2);
  });

  test('a change by someone else in between is a conflict showing theirs; "keep mine" saves mine over it', async () => {
    const data = await view(member.token);
    const q08 = byCode(data, 'Q08');
    const form = formFor(data, () => member.token);
    // The country administrator answers the same question first.
    const theirs = await ctx.request(`/api/report/type/national/${YEAR}/PH/saved`, {
      token: colleague.token,
      json: { answers: [{ question_uuid: q08.uuid, value: 91, data_year: 2022, source: 'WHO/UNICEF JMP' }] },
    });
    expect(theirs.status).toBe(200);

    form.change(q08.uuid, { value: '88', data_year: '2022', source: 'National census' });
    await form.leave(q08.uuid);
    const state = form.$fields.get()[q08.uuid];
    expect(state?.kind).toBe('conflict');
    if (state?.kind !== 'conflict') return;
    expect(state.theirs.value).toBe(91);
    expect(state.theirs.updated_by?.name).toBe('Jun Reyes');
    expect(state.mine).toBe(false);

    await form.keepMine(q08.uuid);
    expect(form.$fields.get()[q08.uuid]?.kind).toBe('saved');
    expect(storedValue(await view(member.token), q08)).toBe(88);
  });

  test('a conflict with the same person’s other tab says it is theirs: the 409 names its author', async () => {
    const data = await view(member.token);
    const q13 = byCode(data, 'Q13');
    const form = formFor(data, () => member.token);
    // The same person, in another tab, answers the question first.
    const otherTab = await ctx.request(`/api/report/type/national/${YEAR}/PH/saved`, {
      token: member.token,
      json: { answers: [{ question_uuid: q13.uuid, value: 40, data_year: 2022, source: 'Census' }] },
    });
    expect(otherTab.status).toBe(200);

    form.change(q13.uuid, { value: '45', data_year: '2022', source: 'Census' });
    await form.leave(q13.uuid);
    const state = form.$fields.get()[q13.uuid];
    expect(state?.kind).toBe('conflict');
    if (state?.kind !== 'conflict') return;
    expect(state.theirs.updated_by).toEqual({ name: 'Maria Santos', uuid: member.uuid });
    expect(state.mine).toBe(true);
    expect(form.$saveBar.get()).toMatchObject({
      tone: 'problem',
      message: '1 answer needs your attention',
      retry: false,
      settle: true,
    });
    form.useTheirs(q13.uuid);
    expect(form.$saveBar.get()).toMatchObject({ tone: 'quiet', message: 'All answers are saved.' });
  });

  test('an expired sign-in keeps the answer, which is sent once signed in again', async () => {
    const data = await view(member.token);
    const q09 = byCode(data, 'Q09');
    let token = expiredToken(member.token);
    const storage = memoryStorage();
    const form = formFor(data, () => token, storage);
    form.change(q09.uuid, { value: '62', data_year: '2022', source: 'WHO/UNICEF JMP' });
    await form.leave(q09.uuid);
    expect(form.$connection.get()).toBe('signedOut');
    expect(form.$summary.get()).toEqual({ unsaved: 1, failed: 0 });
    expect(storedValue(await view(member.token), q09)).toBeUndefined();

    // A reload before signing in again: the draft is still there.
    const reloaded = formFor(await view(member.token), () => token, storage);
    expect(reloaded.$raw.get()[q09.uuid]?.value).toBe('62');
    token = member.token;
    const stop = reloaded.start();
    await reloaded.retry();
    stop();
    expect(storedValue(await view(member.token), q09)).toBe(62);
    expect(reloaded.$summary.get()).toEqual({ unsaved: 0, failed: 0 });
  });

  test('the server’s field errors come back to the right answer', async () => {
    const data = await view(member.token);
    const transport = formAnswersTransport(
      'national-report',
      `${YEAR}-PH`,
      createApiClient({ getToken: () => Promise.resolve(member.token), fetch: appFetch }),
    );
    const q10 = byCode(data, 'Q10');
    const result = await transport([
      { question_uuid: q10.uuid, value: 140, text: null, data_year: 2023, source: 'x', comment: null },
    ]);
    expect(result.kind).toBe('invalid');
    if (result.kind === 'invalid') expect(Object.keys(result.errors)).toContain('answers.0.value');
  });

  test('a locked report refuses answers with the reason, and the form keeps them', async () => {
    await closeCycle(ctx, admin, YEAR);

    const data = await view(member.token);
    const q11 = byCode(data, 'Q11');
    const locks: (string | null)[] = [];
    const form = createQuestionnaireForm({
      storageKey: 'k-locked',
      storage: memoryStorage(),
      ...reportForm(data.questions, data.thrusts, data.subcategories),
      answers: data.answers,
      dataYearMax: YEAR,
      lockedMessage: null,
      transport: formAnswersTransport(
        'national-report',
        `${YEAR}-PH`,
        createApiClient({ getToken: () => Promise.resolve(member.token), fetch: appFetch }),
      ),
      onLocked: (_, reason) => locks.push(reason),
    });
    form.change(q11.uuid, { value: '40' });
    await form.leave(q11.uuid);
    expect(locks).toEqual(['cycle_closed']);
    expect(form.$fields.get()[q11.uuid]?.kind).toBe('locked');
    expect(form.queue.$drafts.get()[q11.uuid]?.input?.value).toBe(40);
  });
});
