import { describe, expect, it } from 'vitest';
import { createAutosaveQueue, errorsByIndex, type SendResult } from './autosave-queue.ts';
import { memoryStorage } from './storage.ts';

interface Input {
  question_uuid: string;
  value: number | null;
  version?: number;
}
interface Saved {
  question_uuid: string;
  value: number | null;
  version: number;
  updated_by: { name: string } | null;
}
type Result = SendResult<Saved, { status: string }>;

/**
 * A stand-in for the network that behaves like the save endpoint: it keeps answers with
 * versions, refuses stale ones with 409 and values over 100 with 400, and can be switched off.
 */
function fakeServer() {
  const answers = new Map<string, Saved>();
  const requests: Input[][] = [];
  const state = { online: true, signedIn: true, locked: false, hold: null as null | Promise<void> };
  async function transport(batch: Input[]): Promise<Result> {
    requests.push(batch.map((input) => ({ ...input })));
    if (state.hold) await state.hold;
    if (!state.online) return { kind: 'offline', message: 'Could not reach the server.' };
    if (!state.signedIn) return { kind: 'signedOut', message: 'Sign in to continue' };
    if (state.locked) return { kind: 'locked', message: 'The report was submitted.', reason: 'submitted' };
    const errors: Record<string, string[]> = {};
    batch.forEach((input, index) => {
      if (input.value !== null && input.value > 100) errors[`answers.${index}.value`] = ['must be at most 100'];
    });
    if (Object.keys(errors).length > 0) return { kind: 'invalid', errors, message: 'Check the answers' };
    const stale = batch.filter((input) => (answers.get(input.question_uuid)?.version ?? undefined) !== input.version);
    if (stale.length > 0) {
      return {
        kind: 'conflict',
        current: stale.map((input) => answers.get(input.question_uuid)!).filter(Boolean),
        message: 'Changed by someone else',
      };
    }
    const saved = batch.map((input) => {
      const next: Saved = {
        question_uuid: input.question_uuid,
        value: input.value,
        version: (input.version ?? 0) + 1,
        updated_by: { name: 'Me' },
      };
      answers.set(input.question_uuid, next);
      return next;
    });
    return { kind: 'saved', answers: saved, extra: { status: 'in_progress' } };
  }
  return { answers, requests, state, transport };
}

function makeQueue(server: ReturnType<typeof fakeServer>, storage = memoryStorage()) {
  const saved: Saved[] = [];
  const queue = createAutosaveQueue<Input, Saved, string, { status: string }>({
    storage,
    storageKey: 'drafts:user-1:form-1',
    transport: server.transport,
    onSaved: (answers) => saved.push(...answers),
    sameAnswer: (input, theirs) => input.value === theirs.value,
    retryDelay: () => null,
  });
  return { queue, saved, storage };
}

const input = (question: string, value: number | null): Input => ({ question_uuid: question, value });

describe('autosave queue', () => {
  it('sends an answer the person leaves, and then forgets the draft', async () => {
    const server = fakeServer();
    const { queue, saved, storage } = makeQueue(server);
    await queue.put('q1', '42', input('q1', 42), { baseVersion: null });
    expect(server.requests).toEqual([[{ question_uuid: 'q1', value: 42 }]]);
    expect(queue.$status.get()['q1']).toEqual({ kind: 'saved' });
    expect(saved.map((answer) => answer.version)).toEqual([1]);
    expect(queue.$drafts.get()).toEqual({});
    expect(storage.read('drafts:user-1:form-1')).toBeNull();
  });

  it('sends the version the answer started from', async () => {
    const server = fakeServer();
    const { queue } = makeQueue(server);
    await queue.put('q1', '1', input('q1', 1), { baseVersion: null });
    await queue.put('q1', '2', input('q1', 2), { baseVersion: 1 });
    expect(server.requests[1]).toEqual([{ question_uuid: 'q1', value: 2, version: 1 }]);
    expect(server.answers.get('q1')?.version).toBe(2);
  });

  it('keeps an invalid answer in the browser without sending it', async () => {
    const server = fakeServer();
    const { queue, storage } = makeQueue(server);
    await queue.put('q1', 'abc', null, { baseVersion: null, errors: { value: ['Enter a number'] } });
    expect(server.requests).toHaveLength(0);
    expect(queue.$status.get()['q1']).toEqual({ kind: 'invalid', errors: { value: ['Enter a number'] } });
    expect(queue.$summary.get()).toEqual({ unsaved: 0, failed: 1 });
    expect(storage.read('drafts:user-1:form-1')).toContain('abc');
  });

  it(
    'holds answers typed offline, keeps them across a ' + 'reload, and sends them when the connection returns',
    async () => {
      const server = fakeServer();
      server.state.online = false;
      const first = makeQueue(server);
      await first.queue.put('q1', '10', input('q1', 10), { baseVersion: null });
      await first.queue.put('q2', '20', input('q2', 20), { baseVersion: null });
      expect(first.queue.$connection.get()).toBe('offline');
      expect(first.queue.$status.get()['q1']).toEqual({ kind: 'pending' });
      expect(first.queue.$summary.get()).toEqual({ unsaved: 2, failed: 0 });
      expect(server.answers.size).toBe(0);

      // The page reloads: a new queue on the same storage finds both drafts.
      const second = makeQueue(server, first.storage);
      expect(Object.keys(second.queue.$drafts.get()).sort()).toEqual(['q1', 'q2']);
      expect(second.queue.$status.get()['q2']).toEqual({ kind: 'pending' });

      server.state.online = true;
      await second.queue.retry();
      expect(server.answers.get('q1')?.value).toBe(10);
      expect(server.answers.get('q2')?.value).toBe(20);
      expect(server.requests.at(-1)).toHaveLength(2);
      expect(second.queue.$summary.get()).toEqual({ unsaved: 0, failed: 0 });
      expect(second.queue.$connection.get()).toBe('online');
    },
  );

  it('keeps answers while the sign-in has expired and sends them after signing in again', async () => {
    const server = fakeServer();
    server.state.signedIn = false;
    const { queue } = makeQueue(server);
    await queue.put('q1', '5', input('q1', 5), { baseVersion: null });
    expect(queue.$connection.get()).toBe('signedOut');
    expect(queue.$drafts.get()['q1']?.input?.value).toBe(5);
    server.state.signedIn = true;
    await queue.retry();
    expect(server.answers.get('q1')?.value).toBe(5);
  });

  it('shows a concurrent change as a conflict, and "keep mine" sends mine over theirs', async () => {
    const server = fakeServer();
    server.answers.set('q1', { question_uuid: 'q1', value: 30, version: 2, updated_by: { name: 'Ana' } });
    const { queue } = makeQueue(server);
    await queue.put('q1', '31', input('q1', 31), { baseVersion: 1 });
    const status = queue.$status.get()['q1'];
    expect(status).toEqual({
      kind: 'conflict',
      theirs: { question_uuid: 'q1', value: 30, version: 2, updated_by: { name: 'Ana' } },
    });
    expect(queue.$summary.get().failed).toBe(1);

    await queue.keepMine('q1', 2);
    expect(server.requests.at(-1)).toEqual([{ question_uuid: 'q1', value: 31, version: 2 }]);
    expect(server.answers.get('q1')).toMatchObject({ value: 31, version: 3 });
    expect(queue.$status.get()['q1']).toEqual({ kind: 'saved' });
  });

  it('"use theirs" drops my draft', async () => {
    const server = fakeServer();
    server.answers.set('q1', { question_uuid: 'q1', value: 30, version: 2, updated_by: null });
    const { queue } = makeQueue(server);
    await queue.put('q1', '31', input('q1', 31), { baseVersion: 1 });
    queue.discard('q1');
    expect(queue.$drafts.get()).toEqual({});
    expect(queue.$status.get()['q1']).toBeUndefined();
  });

  it('saves the other answers of a batch that had one stale answer', async () => {
    const server = fakeServer();
    server.state.online = false;
    server.answers.set('q2', { question_uuid: 'q2', value: 1, version: 5, updated_by: null });
    const { queue } = makeQueue(server);
    await queue.put('q1', '10', input('q1', 10), { baseVersion: null });
    await queue.put('q2', '2', input('q2', 2), { baseVersion: 4 });
    server.state.online = true;
    await queue.retry();
    expect(server.answers.get('q1')?.value).toBe(10);
    expect(queue.$status.get()['q1']).toEqual({ kind: 'saved' });
    expect(queue.$status.get()['q2']?.kind).toBe('conflict');
  });

  it('treats a 409 that holds exactly my answer as saved (the reply of my own save was lost)', async () => {
    const server = fakeServer();
    server.answers.set('q1', { question_uuid: 'q1', value: 7, version: 1, updated_by: null });
    const { queue, saved } = makeQueue(server);
    await queue.put('q1', '7', input('q1', 7), { baseVersion: null });
    expect(queue.$status.get()['q1']).toEqual({ kind: 'saved' });
    expect(saved.at(-1)?.version).toBe(1);
  });

  it('marks an answer the server refuses as invalid with the server’s reason, and saves the rest', async () => {
    const server = fakeServer();
    server.state.online = false;
    const { queue } = makeQueue(server);
    await queue.put('q1', '150', input('q1', 150), { baseVersion: null });
    await queue.put('q2', '50', input('q2', 50), { baseVersion: null });
    server.state.online = true;
    await queue.retry();
    expect(queue.$status.get()['q1']).toEqual({ kind: 'invalid', errors: { value: ['must be at most 100'] } });
    expect(server.answers.get('q2')?.value).toBe(50);
    expect(server.answers.has('q1')).toBe(false);
  });

  it('does not lose an edit made while the previous save of the same answer was on its way', async () => {
    const server = fakeServer();
    const { queue } = makeQueue(server);
    let release!: () => void;
    server.state.hold = new Promise((resolve) => (release = resolve));
    const first = queue.put('q1', '1', input('q1', 1), { baseVersion: null });
    await Promise.resolve();
    void queue.put('q1', '2', input('q1', 2), { baseVersion: null });
    server.state.hold = null;
    release();
    await first;
    await queue.flush();
    expect(server.answers.get('q1')).toMatchObject({ value: 2, version: 2 });
    expect(server.requests.at(-1)).toEqual([{ question_uuid: 'q1', value: 2, version: 1 }]);
    expect(queue.$drafts.get()).toEqual({});
  });

  it('stops sending when the form is locked and says why', async () => {
    const server = fakeServer();
    server.state.locked = true;
    const { queue } = makeQueue(server);
    await queue.put('q1', '1', input('q1', 1), { baseVersion: null });
    expect(queue.$status.get()['q1']).toEqual({ kind: 'locked', message: 'The report was submitted.' });
    expect(queue.$drafts.get()['q1']).toBeDefined();
    const before = server.requests.length;
    await queue.put('q2', '2', input('q2', 2), { baseVersion: null });
    expect(server.requests).toHaveLength(before);
  });

  it('shows a server failure with its reason and sends again on retry', async () => {
    let fail = true;
    const server = fakeServer();
    const queue = createAutosaveQueue<Input, Saved, string, { status: string }>({
      storage: memoryStorage(),
      storageKey: 'k',
      transport: (batch) =>
        fail
          ? Promise.resolve({ kind: 'failed', message: 'The server answered with status 500.' })
          : server.transport(batch),
      retryDelay: () => null,
    });
    await queue.put('q1', '1', input('q1', 1), { baseVersion: null });
    expect(queue.$status.get()['q1']).toEqual({ kind: 'failed', message: 'The server answered with status 500.' });
    fail = false;
    await queue.retry();
    expect(queue.$status.get()['q1']).toEqual({ kind: 'saved' });
  });

  it('reads server field errors by index', () => {
    expect(
      errorsByIndex({ 'answers.0.source': ['is required for tier-1 values'], 'answers.2': ['bad'], other: ['x'] }),
    ).toEqual(
      new Map([
        [0, { source: ['is required for tier-1 values'] }],
        [2, { value: ['bad'] }],
      ]),
    );
  });
});
