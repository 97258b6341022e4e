import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { NARRATIVE_KEYS, type BestPractice } from '../../../lib/best-practices/schema.ts';
import { draftOf } from './practice-draft.ts';
import {
  $dirty,
  $practiceForm,
  closePractice,
  editDraft,
  openPractice,
  resolveConflict,
} from './practice-form-store.ts';

/**
 * The record's unsaved changes as the browser keeps them (issue 15, decision 068): in
 * localStorage, so that they outlive a tab closed while offline, per person and practice, and
 * only onto the version they were typed on. Node has no Web Storage: each test file gets a pair
 * held in memory, as a browser's would be. Paths that send (a kept draft on the same version is
 * saved at once) are the browser tests' (tests/e2e/practice-offline.spec.ts).
 */
/** A browser's Web Storage, held in memory. */
class WebStorage extends Map<string, string> {
  getItem = (key: string) => this.get(key) ?? null;
  setItem = (key: string, value: string) => void this.set(key, String(value));
  removeItem = (key: string) => void this.delete(key);
}
const local = new WebStorage();
const session = new WebStorage();
const globals = globalThis as { localStorage?: unknown; sessionStorage?: unknown };

beforeAll(() => {
  globals.localStorage = local;
  globals.sessionStorage = session;
});
afterAll(() => {
  delete globals.localStorage;
  delete globals.sessionStorage;
});

const UUID = '5d1c8a52-7a43-4c8e-b0a4-0b63c3e1f2a7';
const AUTHOR = 'a1e0f0c2-0000-4000-8000-000000000001';
const COLLEAGUE = 'a1e0f0c2-0000-4000-8000-000000000002';
const KEY = `apua:draft:best-practice:${AUTHOR}:${UUID}`;

function practiceAt(version: number, summary: string): BestPractice {
  const blank = { city: null, lat: null, lng: null, lead_organisation: null, org_type: null, end_date: null };
  return {
    ...blank,
    uuid: UUID,
    version,
    title: 'Canal walk',
    summary,
    start_date: null,
    ongoing: false,
    written_in: null,
    partners: [],
    categories: [],
    sdg_targets: [],
    nua_thrusts: [],
    narrative: Object.fromEntries(NARRATIVE_KEYS.map((key) => [key, null])),
    figures: [],
    key_dates: [],
    links: [],
    images: [],
    attachments: [],
    contact: { name: null, email: null, phone: null },
  } as unknown as BestPractice;
}

afterEach(() => {
  closePractice(UUID);
  local.clear();
  session.clear();
});

describe('the practice record’s kept changes', () => {
  it('wait in localStorage, not the tab’s sessionStorage, under a key of the person and practice', () => {
    openPractice(practiceAt(4, 'Short.'), AUTHOR);
    editDraft((draft) => ({ ...draft, city: 'Chiang Mai' }));
    expect($dirty.get()).toBe(true);
    const kept = JSON.parse(local.getItem(KEY) ?? 'null') as { version: number; values: { draft: { city: string } } };
    expect(kept.version).toBe(4);
    expect(kept.values.draft.city).toBe('Chiang Mai');
    expect(session.size).toBe(0);

    // Typed back to what the record says: nothing is left waiting.
    editDraft((draft) => ({ ...draft, city: '' }));
    expect(local.getItem(KEY)).toBeNull();
  });

  it('come back as a conflict when the practice was saved since: theirs, and mine on what I saw', async () => {
    openPractice(practiceAt(4, 'Short.'), AUTHOR);
    editDraft((draft) => ({ ...draft, city: 'Chiang Mai' }));
    closePractice(UUID);

    // Someone else signed in on this browser does not get them.
    openPractice(practiceAt(5, 'Longer, by a colleague.'), COLLEAGUE);
    expect($practiceForm.get().conflict).toBeNull();
    expect($dirty.get()).toBe(false);
    closePractice(UUID);

    const theirs = practiceAt(5, 'Longer, by a colleague.');
    openPractice(theirs, AUTHOR);
    const state = $practiceForm.get();
    expect(state.save).toBe('conflict');
    expect(state.conflict).toEqual(theirs);
    expect(state.base).toEqual(draftOf(practiceAt(4, 'Short.')));
    expect(state.draft).toEqual({ ...draftOf(practiceAt(4, 'Short.')), city: 'Chiang Mai' });
    // Still waiting on version 4: a reload asks again.
    expect((JSON.parse(local.getItem(KEY) ?? 'null') as { version: number }).version).toBe(4);

    await resolveConflict('reload');
    expect($practiceForm.get().draft).toEqual(draftOf(theirs));
    expect(local.getItem(KEY)).toBeNull();
  });

  it('kept under the key used before they were the edit store’s draft are taken over once', () => {
    const old = `apua:drafts:${AUTHOR}:best-practice:${UUID}`;
    const base = draftOf(practiceAt(4, 'Short.'));
    local.setItem(old, JSON.stringify({ version: 4, base, draft: { ...base, summary: 'Mine.' } }));
    openPractice(practiceAt(6, 'Theirs.'), AUTHOR);
    expect($practiceForm.get().save).toBe('conflict');
    expect($practiceForm.get().draft?.summary).toBe('Mine.');
    expect(local.getItem(old)).toBeNull();
    expect(JSON.parse(local.getItem(KEY) ?? 'null')).toEqual({
      version: 4,
      values: { base, draft: { ...base, summary: 'Mine.' } },
    });
  });
});
