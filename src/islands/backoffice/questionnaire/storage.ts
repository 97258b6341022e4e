/**
 * Where unsaved answers wait in the browser (DESIGN.md §11): a small key-value interface, so
 * the autosave queue does not care whether it is localStorage or a test's Map.
 */
export interface DraftStorage {
  read(key: string): string | null;
  write(key: string, value: string): void;
  remove(key: string): void;
}

/** localStorage, when the browser lets us use it (private modes may refuse); otherwise memory only. */
export function browserStorage(): DraftStorage {
  const memory = memoryStorage();
  const local = typeof localStorage === 'undefined' ? null : localStorage;
  return {
    read: (key) => {
      try {
        return local ? local.getItem(key) : memory.read(key);
      } catch {
        return memory.read(key);
      }
    },
    write: (key, value) => {
      memory.write(key, value);
      try {
        local?.setItem(key, value);
      } catch {
        // Quota or privacy refusal: the answer is still held in memory until it is sent.
      }
    },
    remove: (key) => {
      memory.remove(key);
      try {
        local?.removeItem(key);
      } catch {
        // Nothing to do: memory is cleared.
      }
    },
  };
}

export function memoryStorage(): DraftStorage {
  const map = new Map<string, string>();
  return {
    read: (key) => map.get(key) ?? null,
    write: (key, value) => void map.set(key, value),
    remove: (key) => void map.delete(key),
  };
}

/** One key per person and form, so two people on one computer never see each other's drafts. */
export function draftKey(userUuid: string, formKey: string): string {
  return `apua:drafts:${userUuid}:${formKey}`;
}
