import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Answer, FormQuestion } from '../../../lib/questionnaires/schema.ts';
import { numberedQuestions, testForm } from '../national-reports/form-fixtures.ts';
import { formatTime } from '../ui/format.ts';
import type { SendOptions, SendResult } from './autosave-queue.ts';
import { fieldWords } from './field-words.ts';
import { HOLD_MS, IDLE_SAVE_MS, type PageEvents } from './form-edits.ts';
import { isNextUnansweredKey, nextUnansweredAfter } from './next-unanswered.ts';
import type { AnswerSend } from './raw-answer.ts';

/**
 * Issue 32, item 4: an answer is saved after a short pause in typing, on leaving the question and
 * before the page is left; the question and the save bar say one and the same thing.
 */

const question = numberedQuestions();
const SAVED_AT = '2026-03-01T14:02:00Z';

/** The save endpoint over a Map, standing in for the network; it notes each request and how it went. */
function fakeServer() {
  const answers = new Map<string, Answer>();
  const sent: { batch: AnswerSend[]; options: SendOptions | undefined }[] = [];
  const state: { mode: 'online' | 'offline' | 'failing' } = { mode: 'online' };
  async function transport(batch: AnswerSend[], options?: SendOptions): Promise<SendResult<Answer, undefined>> {
    sent.push({ batch, options });
    if (state.mode === 'offline') return { kind: 'offline', message: 'Could not reach the server.' };
    if (state.mode === 'failing') return { kind: 'failed', message: 'The server had a problem.' };
    const saved = batch.map((input): Answer => {
      const answer: Answer = {
        ...input,
        text: input.text,
        state: 'saved',
        warnings: [],
        version: (input.version ?? 0) + 1,
        updated_at: SAVED_AT,
        updated_by: { name: 'Maria Santos' },
      };
      answers.set(input.question_uuid, answer);
      return answer;
    });
    return { kind: 'saved', answers: saved, extra: undefined };
  }
  return { answers, sent, state, transport };
}

/** A browser page to leave and come back to: `window` and `document` as the form listens to them. */
function fakePage() {
  const document = Object.assign(new EventTarget(), { visibilityState: 'visible' as string });
  const page: PageEvents = { window: new EventTarget(), document };
  return {
    page,
    hide: () => ((document.visibilityState = 'hidden'), document.dispatchEvent(new Event('visibilitychange'))),
    show: () => ((document.visibilityState = 'visible'), document.dispatchEvent(new Event('visibilitychange'))),
    leave: () => page.window.dispatchEvent(new Event('pagehide')),
  };
}

function setUp(questions: FormQuestion[]) {
  const server = fakeServer();
  const form = testForm<undefined>({ questions, transport: server.transport });
  /** What the question says, and what the save bar says. */
  const words = (q: FormQuestion) => ({
    question: fieldWords(q, form.$fields.get()[q.uuid]!, form.$server.get()[q.uuid]),
    bar: form.$saveBar.get().message,
  });
  return { form, server, words };
}

/** Lets the fake network's promises settle (a real macrotask: only the timers are fake). */
const settle = () => new Promise((resolve) => setImmediate(resolve));

/** The pause after the last key goes by, and the save it starts settles. */
async function pauseTyping() {
  await vi.advanceTimersByTimeAsync(IDLE_SAVE_MS);
  await settle();
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('autosave after a pause in typing', () => {
  it('sends what is typed 1.5 s after the last key, not before, once', async () => {
    const q = question({ answer_type: 'pct' });
    const { form, server } = setUp([q]);
    form.enter(q.uuid);
    form.change(q.uuid, { value: '58', data_year: '2024', source: 'Census' });
    await vi.advanceTimersByTimeAsync(IDLE_SAVE_MS - 500);
    form.change(q.uuid, { value: '58.3' });
    await vi.advanceTimersByTimeAsync(IDLE_SAVE_MS - 1);
    expect(server.sent).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    await settle();
    expect(server.sent).toHaveLength(1);
    expect(server.sent[0]!.batch[0]).toMatchObject({
      question_uuid: q.uuid,
      value: 58.3,
      data_year: 2024,
      source: 'Census',
    });
    expect(server.sent[0]!.options).toBeUndefined();
    // Leaving the question afterwards sends nothing more: the answer is already there.
    await form.leave(q.uuid);
    await vi.advanceTimersByTimeAsync(IDLE_SAVE_MS * 2);
    expect(server.sent).toHaveLength(1);
  });

  it('the question and the save bar agree: "Saving…" while typed, then "Saved at 14:02"', async () => {
    const q = question({ answer_type: 'int' });
    const { form, words } = setUp([q]);
    expect(words(q)).toEqual({ question: null, bar: 'All answers are saved.' });
    form.change(q.uuid, { value: '12' });
    expect(words(q)).toEqual({ question: 'Saving…', bar: 'Saving…' });
    await vi.advanceTimersByTimeAsync(HOLD_MS);
    expect(words(q)).toEqual({ question: 'Saving…', bar: 'Saving…' });
    await pauseTyping();
    const time = formatTime(SAVED_AT);
    expect(words(q)).toEqual({ question: `Saved at ${time}`, bar: `All answers are saved. Last saved at ${time}.` });
  });

  it(
    'offline, both say the answer is not saved and will be sent; after a failed save, both say it could not be ' +
      'saved',
    async () => {
      const q = question({ answer_type: 'int' });
      const { form, server, words } = setUp([q]);
      server.state.mode = 'offline';
      form.change(q.uuid, { value: '7' });
      await pauseTyping();
      expect(words(q)).toEqual({
        question: 'Not saved: offline — kept on this device and sent when you are back online.',
        bar: 'Not saved: offline — 1 answer is kept on this device and sent when you are back online',
      });
      server.state.mode = 'failing';
      await form.retry();
      expect(words(q)).toEqual({
        question: 'Could not save: The server had a problem.',
        bar: 'Could not save 1 answer',
      });
      server.state.mode = 'online';
      await form.retry();
      expect(words(q).question).toBe(`Saved at ${formatTime(SAVED_AT)}`);
    },
  );

  it(
    'an answer that breaks the rules is not sent after the pause: the question says why, the bar asks for ' +
      'attention',
    async () => {
      const q = question({ answer_type: 'pct' });
      const { form, server, words } = setUp([q]);
      form.change(q.uuid, { value: '140' });
      await pauseTyping();
      expect(server.sent).toHaveLength(0);
      const state = form.$fields.get()[q.uuid];
      expect(state?.kind === 'invalid' && state.errors['value']).toEqual(['must be at most 100 %']);
      expect(words(q)).toEqual({
        question: 'Not saved: correct the answer as shown.',
        bar: '1 answer needs your attention',
      });
      // Typing again: the reasons give way to "Saving…" until the next pause.
      form.change(q.uuid, { value: '14' });
      expect(words(q)).toEqual({ question: 'Saving…', bar: 'Saving…' });
      await pauseTyping();
      expect(server.answers.get(q.uuid)?.value).toBe(14);
    },
  );

  it(
    'a save that lands while the focus is in the question leaves its inputs as typed (the space before the next ' +
      'word)',
    async () => {
      const q = question({ answer_type: 'txt' });
      const { form, server } = setUp([q]);
      form.enter(q.uuid);
      form.change(q.uuid, { value: 'A national housing ' });
      await pauseTyping();
      expect(server.answers.get(q.uuid)?.value).toBe('A national housing');
      expect(form.$raw.get()[q.uuid]?.value).toBe('A national housing ');
      await form.leave(q.uuid);
      expect(server.sent).toHaveLength(1);
    },
  );
});

describe('saving before the page is left', () => {
  it('pagehide saves what is typed at once, with keepalive, without waiting for the pause', async () => {
    const q = question({ answer_type: 'int' });
    const { form, server } = setUp([q]);
    const browser = fakePage();
    const stop = form.start(browser.page);
    form.change(q.uuid, { value: '42' });
    browser.leave();
    await settle();
    expect(server.sent).toEqual([
      { batch: [expect.objectContaining({ question_uuid: q.uuid, value: 42 })], options: { keepalive: true } },
    ]);
    await vi.advanceTimersByTimeAsync(IDLE_SAVE_MS * 2);
    expect(server.sent).toHaveLength(1);
    stop();
  });

  it('hiding the page saves too; back on it, saves go as ordinary requests again', async () => {
    const [a, b] = [question({ answer_type: 'int' }), question({ answer_type: 'int' })];
    const { form, server } = setUp([a, b]);
    const browser = fakePage();
    const stop = form.start(browser.page);
    form.change(a.uuid, { value: '1' });
    browser.hide();
    await settle();
    expect(server.sent.map((s) => s.options)).toEqual([{ keepalive: true }]);
    browser.show();
    form.change(b.uuid, { value: '2' });
    await pauseTyping();
    expect(server.sent.map((s) => s.options)).toEqual([{ keepalive: true }, undefined]);
    stop();
  });

  it('answers kept while offline go with the page as it is left', async () => {
    const q = question({ answer_type: 'int' });
    const { form, server } = setUp([q]);
    const browser = fakePage();
    const stop = form.start(browser.page);
    server.state.mode = 'offline';
    form.change(q.uuid, { value: '5' });
    await form.leave(q.uuid);
    server.state.mode = 'online';
    browser.leave();
    await settle();
    expect(server.sent.at(-1)?.options).toEqual({ keepalive: true });
    expect(server.answers.get(q.uuid)?.value).toBe(5);
    stop();
  });

  it('closing the form (another screen) saves what is typed', async () => {
    const q = question({ answer_type: 'int' });
    const { form, server } = setUp([q]);
    const stop = form.start(null);
    form.change(q.uuid, { value: '9' });
    stop();
    await settle();
    expect(server.answers.get(q.uuid)?.value).toBe(9);
  });
});

describe('next unanswered question', () => {
  it('goes to the next question without an answer after the current one, round to the start', () => {
    const order = ['a', 'b', 'c', 'd'];
    expect(nextUnansweredAfter(order, ['b', 'd'], null)).toBe('b');
    expect(nextUnansweredAfter(order, ['b', 'd'], 'b')).toBe('d');
    expect(nextUnansweredAfter(order, ['b', 'd'], 'c')).toBe('d');
    expect(nextUnansweredAfter(order, ['b', 'd'], 'd')).toBe('b');
    expect(nextUnansweredAfter(order, ['c'], 'c')).toBe('c');
    expect(nextUnansweredAfter(order, [], 'a')).toBeNull();
  });

  it('knows which questions have no answer yet, in the questionnaire’s order, as answers are typed', async () => {
    const [a, b, c] = [
      question({ answer_type: 'int' }),
      question({ answer_type: 'int' }),
      question({ answer_type: 'int' }),
    ];
    const { form } = setUp([c, a, b].map((q, i) => ({ ...q, sort: [3, 1, 2][i]! })));
    expect(form.$order.get()).toEqual([c.uuid, a.uuid, b.uuid]);
    expect(form.$unanswered.get()).toEqual([c.uuid, a.uuid, b.uuid]);
    form.change(a.uuid, { value: '3' });
    await form.leave(a.uuid);
    expect(form.$unanswered.get()).toEqual([c.uuid, b.uuid]);
  });

  it('answers Alt+N by the key’s place, whatever the keyboard’s language (Alt+Т on a Russian one)', () => {
    const key = { altKey: true, ctrlKey: false, metaKey: false, shiftKey: false };
    expect(isNextUnansweredKey({ ...key, code: 'KeyN' })).toBe(true);
    expect(isNextUnansweredKey({ ...key, code: 'KeyN', ctrlKey: true })).toBe(false);
    expect(isNextUnansweredKey({ ...key, code: 'KeyN', altKey: false })).toBe(false);
    expect(isNextUnansweredKey({ ...key, code: 'KeyM' })).toBe(false);
  });
});
