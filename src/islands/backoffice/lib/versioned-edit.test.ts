import { beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createApiClient } from './api.ts';
import { testServer, type TestAnswer } from './test-server.ts';
import { startingDraft } from './kept-draft.ts';
import { clearEditDrafts, refusalOf, versionedEdit, withVersion, type DraftStore } from './versioned-edit.ts';

/**
 * The store against a real HTTP server on 127.0.0.1 through the real API client: the versions
 * sent and the 400/409 bodies are what goes over the wire.
 */
const Thing = z.object({ id: z.number(), title: z.string(), version: z.number() });
type Thing = z.output<typeof Thing>;
const Saved = z.object({ status: z.number(), message: z.string(), data: Thing });

let answers: TestAnswer[] = [];
let seen: { url: string; body: unknown }[] = [];

const server = testServer((request, body) => {
  const text = body.toString('utf8');
  seen.push({ url: request.url ?? '', body: text ? JSON.parse(text) : null });
  return answers.shift() ?? { status: 500, body: { status: 500, message: 'no answer' } };
});

beforeEach(() => {
  answers = [];
  seen = [];
});

const client = createApiClient({
  getToken: async () => 'token',
  fetch: (input, init) => fetch(new URL(input, server.origin), init),
});

function memory() {
  const map = new Map<string, string>();
  return {
    map,
    get length() {
      return map.size;
    },
    key: (index: number) => [...map.keys()][index] ?? null,
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => void map.set(key, value),
    removeItem: (key: string) => void map.delete(key),
  };
}

function thingEdit(store: DraftStore = memory(), key: string | null = 'thing:1') {
  const savedOnes: Thing[] = [];
  const edit = versionedEdit<Thing, { title: string }, Thing>({
    schema: Thing,
    send: async (body) => (await client.request('POST', 'thing/saved', { schema: Saved, body })).data,
    onSaved: (saved) => void savedOnes.push(saved),
    load: async () => (await client.request('GET', 'thing/1', { schema: Saved })).data,
    draftKey: () => key,
    draftStore: () => store,
  });
  return { edit, savedOnes };
}

const base: Thing = { id: 1, title: 'Old', version: 3 };
const theirs: Thing = { id: 1, title: 'Theirs', version: 4 };

describe('versionedEdit', () => {
  it('sends the version of the record shown, and none for a new record', async () => {
    const { edit, savedOnes } = thingEdit();
    answers.push({
      status: 200,
      body: { status: 200, message: 'Saved', data: { ...base, title: 'Mine', version: 4 } },
    });
    const outcome = await edit.save({ title: 'Mine' }, base);
    expect(seen[0]?.body).toEqual({ title: 'Mine', version: 3 });
    expect(outcome).toEqual({ kind: 'saved', saved: { id: 1, title: 'Mine', version: 4 } });
    expect(savedOnes).toHaveLength(1);
    expect(edit.$state.get()).toEqual({
      saving: false,
      saved: { id: 1, title: 'Mine', version: 4 },
      error: null,
      errors: {},
      conflict: null,
    });

    answers.push({ status: 200, body: { status: 200, message: 'Saved', data: { id: 2, title: 'New', version: 1 } } });
    await edit.save({ title: 'New' }, null);
    expect(seen[1]?.body).toEqual({ title: 'New' });
  });

  it('shows a 409 as their record and mine; keep mine sends my body over their version', async () => {
    const { edit } = thingEdit();
    answers.push({ status: 409, body: { status: 409, message: 'Changed meanwhile', current: theirs } });
    const outcome = await edit.save({ title: 'Mine' }, base);
    expect(outcome).toMatchObject({ kind: 'conflict', theirs });
    const state = edit.$state.get();
    expect(state.conflict).toEqual({ base, theirs, yours: { title: 'Mine' } });
    expect(state.saving).toBe(false);
    expect(refusalOf(state)).toBeNull();
    expect((state.error as Error).message).toBe('Changed meanwhile');

    answers.push({
      status: 200,
      body: { status: 200, message: 'Saved', data: { ...theirs, title: 'Mine', version: 5 } },
    });
    const again = await edit.keepMine();
    expect(seen[1]?.body).toEqual({ title: 'Mine', version: 4 });
    expect(again?.kind).toBe('saved');
    expect(edit.$state.get().conflict).toBeNull();
    expect(edit.keepMine()).toBeNull();
  });

  it('takes their record after a conflict, dropping mine', async () => {
    const { edit } = thingEdit();
    answers.push({ status: 409, body: { status: 409, message: 'Changed meanwhile', current: theirs } });
    await edit.save({ title: 'Mine' }, base);
    expect(edit.takeTheirs()).toEqual(theirs);
    expect(edit.$state.get()).toEqual({ saving: false, saved: null, error: null, errors: {}, conflict: null });
    expect(edit.takeTheirs()).toBeNull();
  });

  it("maps a 400's errors to their fields; a 409 without a record is a refusal, not a conflict", async () => {
    const { edit } = thingEdit();
    answers.push({ status: 400, body: { status: 400, message: 'Invalid', errors: { title: ['Too long'] } } });
    expect(await edit.save({ title: 'x'.repeat(300) }, base)).toMatchObject({
      kind: 'invalid',
      errors: { title: ['Too long'] },
    });
    expect(edit.$state.get().errors).toEqual({ title: ['Too long'] });
    expect(edit.$state.get().conflict).toBeNull();
    expect(refusalOf(edit.$state.get())).toBeNull();

    answers.push({ status: 409, body: { status: 409, message: 'Not in this status' } });
    const refused = await edit.save({ title: 'Mine' }, base);
    expect(refused.kind).toBe('failed');
    expect(edit.$state.get()).toMatchObject({ errors: {}, conflict: null });
    expect((edit.$state.get().error as Error).message).toBe('Not in this status');
    // Shown as a whole, unlike a conflict or field errors.
    expect(refusalOf(edit.$state.get())).toBe(edit.$state.get().error);
    edit.reset();
    expect(edit.$state.get().error).toBeNull();
  });

  it("shows another call's refusal on the same record as a save's", async () => {
    const { edit } = thingEdit();
    answers.push({ status: 409, body: { status: 409, message: 'Changed meanwhile', current: theirs } });
    const upload = client.request('POST', 'thing/1/image', { schema: Saved, body: {} });
    const error = await upload.catch((caught: unknown) => caught);
    expect(edit.refuse(error, base, { title: 'Mine' })).toMatchObject({ kind: 'conflict', theirs, error });
    expect(edit.$state.get().conflict).toEqual({ base, theirs, yours: { title: 'Mine' } });
  });

  it('loads the record with loading and error states', async () => {
    const { edit } = thingEdit();
    answers.push({ status: 200, body: { status: 200, message: 'Thing', data: base } });
    const loading = edit.load();
    expect(edit.$record.get()).toEqual({ status: 'loading' });
    expect(await loading).toEqual(base);
    expect(edit.$record.get()).toEqual({ status: 'ready', record: base });

    answers.push({ status: 404, body: { status: 404, message: 'Not found' } });
    expect(await edit.load()).toBeNull();
    const state = edit.$record.get();
    expect(state.status === 'error' && (state.error as Error).message).toBe('Not found');
  });

  it('keeps a draft across a reload with its version, and removes it once saved', async () => {
    const store = memory();
    thingEdit(store).edit.keepDraft({ title: 'Half typed' }, 3);
    // A reload: a new store on the same storage finds it.
    const { edit } = thingEdit(store);
    expect(edit.readDraft()).toEqual({ version: 3, values: { title: 'Half typed' } });

    answers.push({ status: 400, body: { status: 400, message: 'Invalid', errors: { title: ['Bad'] } } });
    await edit.save({ title: 'Half typed' }, base);
    expect(edit.readDraft()).not.toBeNull();

    answers.push({ status: 200, body: { status: 200, message: 'Saved', data: { ...base, version: 4 } } });
    await edit.save({ title: 'Half typed' }, base);
    expect(edit.readDraft()).toBeNull();
    expect(store.map.size).toBe(0);
  });

  it('starts a form from the kept draft only on the version it was typed on', () => {
    const store = memory();
    const { edit } = thingEdit(store);
    expect(startingDraft(edit, 3, { title: 'Old' })).toEqual({ title: 'Old' });
    edit.keepDraft({ title: 'Typed' }, 3);
    expect(startingDraft(edit, 3, { title: 'Old' })).toEqual({ title: 'Typed' });
    // Saved by someone since: the form opens on the record as it is.
    expect(startingDraft(edit, 4, { title: 'Theirs' })).toEqual({ title: 'Theirs' });
  });

  it('keeps nothing without a key, and ignores a kept value it cannot read', () => {
    const store = memory();
    const { edit } = thingEdit(store, null);
    edit.keepDraft({ title: 'x' }, 1);
    expect(store.map.size).toBe(0);
    store.map.set('apua:draft:thing:1', '{not json');
    expect(thingEdit(store).edit.readDraft()).toBeNull();
  });

  it("drops every form's draft when the person signs out, and nothing else", () => {
    const store = memory();
    thingEdit(store).edit.keepDraft({ title: 'Typed' }, 3);
    thingEdit(store, 'thing:2').edit.keepDraft({ title: 'Also' }, 1);
    store.map.set('sidebar-pinned', '1');
    clearEditDrafts(store);
    expect([...store.map.keys()]).toEqual(['sidebar-pinned']);
  });

  it('puts the version in the body only when there is one', () => {
    expect(withVersion({ a: 1 }, 2)).toEqual({ a: 1, version: 2 });
    expect(withVersion({ a: 1 }, null)).toEqual({ a: 1 });
    expect(withVersion({ a: 1 }, undefined)).toEqual({ a: 1 });
  });
});
