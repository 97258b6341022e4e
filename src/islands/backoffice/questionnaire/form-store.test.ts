import { describe, expect, it } from 'vitest';
import type { Answer, FormQuestion } from '../../../lib/questionnaires/schema.ts';
import { formSectionsOf, tierTag } from '../../../lib/national-reports/question-schema.ts';
import { numberedQuestions, storedAnswer, testForm } from '../national-reports/form-fixtures.ts';
import type { SendResult } from './autosave-queue.ts';
import { questionsIn } from './form-views.ts';
import { checkRaw, rawOf, type AnswerSend } from './raw-answer.ts';
import { memoryStorage, type DraftStorage } from './storage.ts';

const question = numberedQuestions();

const thrusts = [
  { code: 'TC1', name: 'Social inclusion', nua_paragraphs: '25–42', sort: 1 },
  { code: 'EI1', name: 'Governance', nua_paragraphs: '85–92', sort: 2 },
];
const subcategories = [
  { code: '1.1', thrust: 'TC1', name: 'Ending poverty', sort: 1 },
  { code: '1.2', thrust: 'TC1', name: 'Housing', sort: 2 },
  { code: '4.1', thrust: 'EI1', name: 'Urban policy', sort: 3 },
];
const sections = formSectionsOf(thrusts, subcategories);

/** The save endpoint's behaviour over a Map (versions, 409), standing in for the network. */
function fakeServer() {
  const answers = new Map<string, Answer>();
  const sent: AnswerSend[][] = [];
  const state = { online: true };
  async function transport(batch: AnswerSend[]): Promise<SendResult<Answer, { status: string }>> {
    sent.push(batch);
    if (!state.online) return { kind: 'offline', message: 'Could not reach the server.' };
    const stale = batch.filter((input) => answers.get(input.question_uuid)?.version !== input.version);
    if (stale.length > 0)
      return { kind: 'conflict', current: stale.map((input) => answers.get(input.question_uuid)!), message: 'Changed' };
    const saved = batch.map((input): Answer => {
      const answer: Answer = {
        question_uuid: input.question_uuid,
        value: input.value,
        text: input.text,
        data_year: input.data_year,
        source: input.source,
        comment: input.comment,
        state: 'saved',
        warnings: [],
        version: (input.version ?? 0) + 1,
        updated_at: '2026-03-01T10:00:00Z',
        updated_by: { name: 'Maria Santos' },
      };
      answers.set(input.question_uuid, answer);
      return answer;
    });
    return { kind: 'saved', answers: saved, extra: { status: 'in_progress' } };
  }
  return { answers, sent, state, transport };
}

function setUp(
  questions: FormQuestion[],
  { answers = [], storage = memoryStorage(), server = fakeServer() }: SetUpOptions = {},
) {
  const extras: { status: string }[] = [];
  const form = testForm({
    storage,
    questions,
    answers,
    sections,
    transport: server.transport,
    onSaved: (extra) => extras.push(extra),
  });
  return { form, server, extras };
}
type SetUpOptions = { answers?: Answer[]; storage?: DraftStorage; server?: ReturnType<typeof fakeServer> };

describe('questionnaire form', () => {
  it('saves a changed answer when the person leaves the field, and nothing when it is unchanged', async () => {
    const q = question({ answer_type: 'pct' });
    const { form, server, extras } = setUp([q]);
    form.change(q.uuid, { value: '58.3', data_year: '2024', source: 'UN-Habitat' });
    await form.leave(q.uuid);
    expect(server.sent).toHaveLength(1);
    expect(server.sent[0]![0]).toMatchObject({
      question_uuid: q.uuid,
      value: 58.3,
      data_year: 2024,
      source: 'UN-Habitat',
    });
    expect(server.sent[0]![0]!.version).toBeUndefined();
    expect(form.$fields.get()[q.uuid]).toEqual({ kind: 'saved', warnings: [] });
    expect(extras).toEqual([{ status: 'in_progress' }]);

    await form.leave(q.uuid);
    expect(server.sent).toHaveLength(1);
  });

  it('does not send an invalid answer and says why, with the engine’s rules', async () => {
    const q = question({ answer_type: 'pct', question_tier: 1 });
    const { form, server } = setUp([q]);
    form.change(q.uuid, { value: '140' });
    await form.leave(q.uuid);
    const state = form.$fields.get()[q.uuid];
    expect(state?.kind).toBe('invalid');
    if (state?.kind !== 'invalid') return;
    expect(state.errors['value']).toEqual(['must be at most 100 %']);
    expect(state.errors['source']).toEqual(['is required for a core (tier 1) figure']);
    expect(server.sent).toHaveLength(0);

    form.change(q.uuid, { value: 'abc' });
    await form.leave(q.uuid);
    const again = form.$fields.get()[q.uuid];
    expect(again?.kind === 'invalid' && again.errors['value']).toEqual([
      'Enter a percentage as a number, for example 58.3',
    ]);
  });

  it('sends the stored version and shows a concurrent change as a conflict', async () => {
    const q = question({ answer_type: 'num', unit: 'µg/m³' });
    const stored = storedAnswer(q.uuid, {
      value: 20,
      data_year: 2023,
      updated_at: '2026-02-01T00:00:00Z',
      updated_by: { name: 'Ana' },
    });
    const server = fakeServer();
    server.answers.set(q.uuid, { ...stored, value: 25, version: 2, updated_by: { name: 'Jun Reyes' } });
    const { form } = setUp([q], { answers: [stored], server });
    form.change(q.uuid, { value: '22' });
    await form.leave(q.uuid);
    expect(server.sent[0]![0]!.version).toBe(1);
    const state = form.$fields.get()[q.uuid];
    expect(state?.kind === 'conflict' && state.theirs).toMatchObject({
      value: 25,
      version: 2,
      updated_by: { name: 'Jun Reyes' },
    });

    await form.keepMine(q.uuid);
    expect(server.answers.get(q.uuid)).toMatchObject({ value: 22, version: 3 });
    expect(form.$fields.get()[q.uuid]?.kind).toBe('saved');
  });

  it(
    'says "Saving…" from the first key, and the conflict ' + 'is the person’s own other tab when they wrote it',
    async () => {
      const q = question({ answer_type: 'num' });
      const server = fakeServer();
      server.answers.set(
        q.uuid,
        storedAnswer(q.uuid, { value: 5, updated_at: 'x', updated_by: { name: 'Maria Santos', uuid: 'u-maria' } }),
      );
      const form = testForm({ questions: [q], sections, transport: server.transport, currentUserUuid: 'u-maria' });
      expect(form.$saveBar.get().message).toBe('All answers are saved.');
      form.change(q.uuid, { value: '7' });
      expect(form.$saveBar.get()).toMatchObject({ tone: 'busy', message: 'Saving…', retry: false });
      await form.leave(q.uuid);
      const state = form.$fields.get()[q.uuid];
      expect(state?.kind === 'conflict' && state.mine).toBe(true);
      expect(form.$saveBar.get()).toMatchObject({
        message: '1 answer needs your attention',
        settle: true,
        retry: false,
      });
    },
  );

  it('saves a checkbox or radio choice at once, and leaving the question afterwards sends nothing more', async () => {
    const multi = question({
      answer_type: 'multi',
      options: [
        { value: 'a', label: 'A' },
        { value: 'b', label: 'B' },
      ],
    });
    const yn = question({ answer_type: 'yn' });
    const { form, server } = setUp([multi, yn]);
    await form.choose(multi.uuid, { value: ['a'] });
    expect(server.sent).toHaveLength(1);
    expect(server.sent[0]![0]).toMatchObject({ question_uuid: multi.uuid, value: ['a'] });
    await form.leave(multi.uuid);
    expect(server.sent).toHaveLength(1);

    const first = form.choose(yn.uuid, { value: 'yes' });
    // Focus leaves the question while the choice is on its way: not sent twice.
    const left = form.leave(yn.uuid);
    await Promise.all([first, left]);
    expect(server.sent.flat().filter((input) => input.question_uuid === yn.uuid)).toHaveLength(1);
    expect(server.answers.get(yn.uuid)).toMatchObject({ value: true, version: 1 });
    expect(form.$saveBar.get().message).toMatch(/^All answers are saved\. Last saved at \d\d:\d\d\.$/);
  });

  it('a choice taken back while its save travels is saved too: the server ends with what the person sees', async () => {
    const yn = question({ answer_type: 'yn' });
    const { form, server } = setUp([yn]);
    const first = form.choose(yn.uuid, { value: 'yes' });
    const second = form.choose(yn.uuid, { value: 'no' });
    await Promise.all([first, second]);
    await form.retry();
    expect(server.answers.get(yn.uuid)).toMatchObject({ value: false });
    expect(form.$raw.get()[yn.uuid]?.value).toBe('no');
  });

  it('"use theirs" shows their answer in the field', async () => {
    const q = question({ answer_type: 'int' });
    const server = fakeServer();
    server.answers.set(q.uuid, storedAnswer(q.uuid, { value: 900, version: 4, updated_at: 'x' }));
    const { form } = setUp([q], { server });
    form.change(q.uuid, { value: '1000' });
    await form.leave(q.uuid);
    form.useTheirs(q.uuid);
    expect(form.$raw.get()[q.uuid]?.value).toBe('900');
    expect(form.$fields.get()[q.uuid]?.kind).toBe('idle');
    expect(form.$summary.get()).toEqual({ unsaved: 0, failed: 0 });
  });

  it('keeps answers typed offline across a reload and sends them when the connection returns', async () => {
    const q1 = question({ answer_type: 'yn' });
    const q2 = question({
      answer_type: 'multi',
      options: [
        { value: 'a', label: 'A' },
        { value: 'b', label: 'B' },
      ],
    });
    const storage = memoryStorage();
    const server = fakeServer();
    server.state.online = false;
    const first = setUp([q1, q2], { storage, server });
    first.form.change(q1.uuid, { value: 'yes' });
    await first.form.leave(q1.uuid);
    first.form.change(q2.uuid, { value: ['b', 'a'] });
    await first.form.leave(q2.uuid);
    expect(first.form.$summary.get()).toEqual({ unsaved: 2, failed: 0 });
    expect(first.form.$fields.get()[q1.uuid]).toEqual({ kind: 'pending', offline: true });

    const second = setUp([q1, q2], { storage, server });
    expect(second.form.$raw.get()[q1.uuid]?.value).toBe('yes');
    server.state.online = true;
    const stop = second.form.start();
    await second.form.retry();
    stop();
    expect(server.answers.get(q1.uuid)?.value).toBe(true);
    expect(server.answers.get(q2.uuid)?.value).toEqual(['a', 'b']);
    expect(second.form.$summary.get()).toEqual({ unsaved: 0, failed: 0 });
  });

  it('keeps what the person is typing in a question when its earlier answer reaches the server', async () => {
    const q = question({ answer_type: 'pct' });
    const server = fakeServer();
    server.state.online = false;
    const { form } = setUp([q], { server });
    form.change(q.uuid, { value: '26', data_year: '2023', source: 'Census' });
    await form.leave(q.uuid);
    // Back in the same question, typing, when the connection returns and the kept answer goes.
    form.change(q.uuid, { source: 'Census 2020, table 4' });
    server.state.online = true;
    await form.retry();
    expect(server.answers.get(q.uuid)?.source).toBe('Census');
    expect(form.$raw.get()[q.uuid]?.source).toBe('Census 2020, table 4');
    await form.leave(q.uuid);
    expect(server.answers.get(q.uuid)?.source).toBe('Census 2020, table 4');
  });

  it('counts completeness per section and filters by tag (tier) and by what is missing', async () => {
    const a = question({ subcategory: '1.1', question_tier: 1, answer_type: 'txt' });
    const b = question({ subcategory: '1.2', question_tier: 2, answer_type: 'txt' });
    const c = question({ thrust: 'EI1', subcategory: '4.1', question_tier: 3, answer_type: 'txt' });
    const { form } = setUp([a, b, c]);
    form.change(b.uuid, { value: 'A national housing programme', comment: 'Figures from the 2024 census' });
    await form.leave(b.uuid);

    const groups = form.$groups.get();
    expect(groups.map((group) => [group.section!.code, group.completeness.answered, group.completeness.total])).toEqual(
      [
        ['TC1', 1, 2],
        ['EI1', 0, 1],
      ],
    );
    expect(form.$completeness.get()).toMatchObject({ answered: 1, total: 3, pct: 33 });

    form.setFilters({ show: 'unanswered' });
    expect(form.$visibleCount.get()).toBe(2);
    form.setFilters({ show: 'commented' });
    expect(questionsIn(form.$groups.get()).map((q) => q.uuid)).toEqual([b.uuid]);
    form.setFilters({ show: 'all', tag: tierTag(3) });
    expect(questionsIn(form.$groups.get()).map((q) => q.uuid)).toEqual([c.uuid]);
  });

  it('shows a warning for a value saved outside the expected range', async () => {
    const q = question({ answer_type: 'pct', expected_min: 0, expected_max: 60 });
    const checked = checkRaw(q, { ...rawOf(q, null), value: '75' }, { dataYearMax: 2026 });
    expect(checked.send?.value).toBe(75);
    expect(checked.warnings).toEqual(['75 % is above the expected range (0 to 60 %): check the figure']);
  });

  it('reads multi-part answers part by part', () => {
    const q = question({
      answer_type: 'yn',
      parts: [
        { key: 'population', label: 'Population dynamics' },
        { key: 'fiscal', label: 'Fiscal space' },
      ],
    });
    const checked = checkRaw(
      q,
      { ...rawOf(q, null), value: { population: 'yes', fiscal: 'no' } },
      { dataYearMax: 2026 },
    );
    expect(checked.send?.value).toEqual({ population: true, fiscal: false });
    const pct = question({ answer_type: 'pct', parts: [{ key: 'documented', label: 'Documented' }] });
    expect(checkRaw(pct, { ...rawOf(pct, null), value: { documented: 'x' } }, { dataYearMax: 2026 }).errors).toEqual({
      'value.documented': ['Enter a percentage as a number, for example 58.3'],
    });
  });

  it('locks every field of a locked form and sends nothing', async () => {
    const q = question({});
    const server = fakeServer();
    const form = testForm({
      questions: [q],
      sections,
      lockedMessage: 'The report was submitted on 3 March: its answers can no longer be changed.',
      transport: server.transport,
    });
    form.change(q.uuid, { value: '5' });
    await form.leave(q.uuid);
    expect(server.sent).toHaveLength(0);
    expect(form.$fields.get()[q.uuid]).toEqual({
      kind: 'locked',
      message: 'The report was submitted on 3 March: its answers can no longer be changed.',
    });
  });

  it('follows access rights that allow first answers only, or changes only', async () => {
    const [fresh, answered] = [question({ answer_type: 'pct' }), question({ answer_type: 'pct' })];
    const make = (rights: { create: boolean; update: boolean }) => {
      const server = fakeServer();
      const stored = storedAnswer(answered.uuid, {
        value: 40,
        data_year: 2024,
        source: 'Census',
        updated_by: { name: 'Maria Santos' },
      });
      server.answers.set(answered.uuid, stored);
      const form = testForm({
        questions: [fresh, answered],
        answers: [stored],
        sections,
        transport: server.transport,
        answerRights: rights,
      });
      return { form, server };
    };

    /** A field the person's access rights keep them from. */
    const lockedByRights = (message: string) => ({ kind: 'locked', message, own: true });

    // Create only: a first answer is saved, then locked like the answer saved before.
    const createOnly = make({ create: true, update: false });
    expect(createOnly.form.$fields.get()[answered.uuid]).toEqual(
      lockedByRights('Your access rights let you give first answers but not change saved ones.'),
    );
    createOnly.form.change(answered.uuid, { value: '41' });
    await createOnly.form.leave(answered.uuid);
    expect(createOnly.server.sent).toHaveLength(0);
    createOnly.form.change(fresh.uuid, { value: '12', data_year: '2024', source: 'Census' });
    await createOnly.form.leave(fresh.uuid);
    expect(createOnly.server.sent).toHaveLength(1);
    expect(createOnly.form.$fields.get()[fresh.uuid]).toEqual(
      lockedByRights('Saved. Your access rights let you give first answers but not change saved ones.'),
    );

    // Update only: the unanswered question is locked; the saved answer can change.
    const updateOnly = make({ create: false, update: true });
    expect(updateOnly.form.$fields.get()[fresh.uuid]).toEqual(
      lockedByRights('Your access rights let you change saved answers but not give new ones.'),
    );
    updateOnly.form.change(fresh.uuid, { value: '12' });
    await updateOnly.form.leave(fresh.uuid);
    expect(updateOnly.server.sent).toHaveLength(0);
    updateOnly.form.change(answered.uuid, { value: '41' });
    await updateOnly.form.leave(answered.uuid);
    expect(updateOnly.server.sent).toEqual([
      [expect.objectContaining({ question_uuid: answered.uuid, value: 41, version: 1 })],
    ]);
  });
});
