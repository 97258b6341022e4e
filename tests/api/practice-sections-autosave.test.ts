import { beforeAll, describe, expect, test, vi } from 'vitest';
import { PracticeResponseSchema, type BestPractice } from '../../src/lib/best-practices/schema.ts';
import { createApiClient } from '../../src/islands/backoffice/lib/api.ts';
import {
  SECTION_FORM_QUESTIONS,
  sectionsTransport,
  uuidOfSection,
  type SectionsMeta,
} from '../../src/islands/backoffice/best-practices/sections-form.ts';
import { createQuestionnaireForm } from '../../src/islands/backoffice/questionnaire/form-store.ts';
import { memoryStorage, type DraftStorage } from '../../src/islands/backoffice/questionnaire/storage.ts';
import type { Answer } from '../../src/lib/questionnaires/schema.ts';
import { createTestContext } from '../support/app.ts';
import { createUser, type TestUser } from '../support/factories.ts';

/**
 * Decision 047: the practice editor's narrative sections on the questionnaire's data-entry kit
 * (form store, autosave queue, drafts kept in the browser, per-field state, conflict view) against
 * the real API. Only the browser's storage is a Map and the network is the app's own request.
 */
const ctx = await createTestContext();
let member: TestUser;
let colleague: TestUser;
const appFetch = (input: string, init: RequestInit) => Promise.resolve(ctx.app.request(input, init));

beforeAll(async () => {
  member = await createUser(ctx, { role: 'state_member', country: 'PH', name: 'Jose Author' });
  colleague = await createUser(ctx, { role: 'state_admin', country: 'PH', name: 'Maria Country' });
});

async function show(user: TestUser, uuid: string): Promise<BestPractice> {
  return PracticeResponseSchema.parse(
    await (await ctx.request(`/api/best-practice/show/${uuid}`, { token: user.token })).json(),
  ).data;
}

function formFor(
  user: TestUser,
  practice: BestPractice,
  storage: DraftStorage = memoryStorage(),
  seen: SectionsMeta[] = [],
) {
  const client = createApiClient({ getToken: () => Promise.resolve(user.token), fetch: appFetch });
  return createQuestionnaireForm<SectionsMeta>({
    storageKey: `drafts:${user.uuid}:best-practice-sections:${practice.uuid}`,
    storage,
    questions: SECTION_FORM_QUESTIONS,
    answers: practice.sections,
    sections: [],
    dataYearMax: 2026,
    lockedMessage: null,
    transport: sectionsTransport(
      practice.uuid,
      (meta: SectionsMeta, _answers: Answer[]) => void seen.push(meta),
      client,
    ),
    retryDelay: () => null,
    currentUserUuid: user.uuid,
  });
}

const context = uuidOfSection('context');
const results = uuidOfSection('results');

describe('the sections on the data-entry kit, through the real API', () => {
  test('typed text is saved on leaving the field, per section, and the practice’s version follows', async () => {
    const created = await ctx.request('/api/best-practice/saved', {
      token: member.token,
      json: { title: 'คลองแสนแสบ', country_code: 'PH' },
    });
    const practice = PracticeResponseSchema.parse(await created.json()).data;
    const seen: SectionsMeta[] = [];
    const form = formFor(member, practice, memoryStorage(), seen);
    form.change(context, { value: 'ชุมชนริมคลอง 社区 جامعه Община' });
    await form.leave(context);
    expect(form.$fields.get()[context]).toEqual({ kind: 'saved', warnings: [] });
    expect(seen.at(-1)?.version).toBe(practice.version + 1);
    const now = await show(member, practice.uuid);
    expect(now.narrative.context).toBe('ชุมชนริมคลอง 社区 جامعه Община');
    expect(now.sections[0]).toMatchObject({ version: 1, updated_by: { name: 'Jose Author' } });
  });

  test(
    'a second tab saved the section first: the field shows theirs and yours; keep mine saves over theirs, use ' +
      'theirs drops mine',
    async () => {
      const created = await ctx.request('/api/best-practice/saved', {
        token: member.token,
        json: { title: 'Набережная', country_code: 'PH' },
      });
      const practice = PracticeResponseSchema.parse(await created.json()).data;
      const first = formFor(member, practice);
      const second = formFor(colleague, practice);
      second.change(context, { value: 'نسخه همکار' });
      await second.leave(context);
      first.change(context, { value: 'Моя версия' });
      await first.leave(context);
      const field = first.$fields.get()[context];
      expect(field).toMatchObject({
        kind: 'conflict',
        mine: false,
        theirs: { value: 'نسخه همکار', version: 1, updated_by: { name: 'Maria Country' } },
      });
      await first.keepMine(context);
      expect(first.$fields.get()[context]).toEqual({ kind: 'saved', warnings: [] });
      expect((await show(member, practice.uuid)).narrative.context).toBe('Моя версия');
      // The colleague's next change meets a conflict and takes mine.
      second.change(context, { value: '同事的第二稿' });
      await second.leave(context);
      expect(second.$fields.get()[context]).toMatchObject({
        kind: 'conflict',
        theirs: { value: 'Моя версия', version: 2 },
      });
      second.useTheirs(context);
      expect(second.$raw.get()[context]?.value).toBe('Моя версия');
      // Another section is no conflict.
      second.change(results, { value: 'Twelve parks' });
      await second.leave(results);
      expect(second.$fields.get()[results]).toEqual({ kind: 'saved', warnings: [] });
    },
  );

  test('text that could not leave waits in the browser and is saved by the next visit', async () => {
    const created = await ctx.request('/api/best-practice/saved', {
      token: member.token,
      json: { title: 'Offline', country_code: 'PH' },
    });
    const practice = PracticeResponseSchema.parse(await created.json()).data;
    const storage = memoryStorage();
    const offline = createQuestionnaireForm<SectionsMeta>({
      storageKey: `drafts:${member.uuid}:best-practice-sections:${practice.uuid}`,
      storage,
      questions: SECTION_FORM_QUESTIONS,
      answers: practice.sections,
      sections: [],
      dataYearMax: 2026,
      lockedMessage: null,
      transport: () => Promise.resolve({ kind: 'offline', message: 'offline' }),
      retryDelay: () => null,
    });
    offline.change(results, { value: 'ผลลัพธ์ 成果 نتایج Результаты' });
    await offline.leave(results);
    expect(offline.$fields.get()[results]).toMatchObject({ kind: 'pending', offline: true });
    offline.queue.stop();
    const next = formFor(member, await show(member, practice.uuid), storage);
    expect(next.$raw.get()[results]?.value).toBe('ผลลัพธ์ 成果 نتایج Результаты');
    const stop = next.start();
    await next.retry();
    await vi.waitFor(async () =>
      expect((await show(member, practice.uuid)).narrative.results).toBe('ผลลัพธ์ 成果 نتایج Результаты'),
    );
    stop();
  });
});
