/**
 * JSON over Web Storage (localStorage / sessionStorage). Storage can be missing (privacy modes),
 * full or hold something unparsable: each read falls back to the given value and each failure
 * is reported with its cause — a shopper's page never breaks because storage does.
 */

/** The part of the Web Storage API used here (so tests pass a Map-backed fake). */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** Where storage problems are reported (console.warn in the browser). */
export type Warn = (error: Error) => void;

/** The parsed value under `key`, or `fallback` when absent or unreadable. */
export function readJson<T>({ storage, key, fallback, warn }: { storage: KeyValueStorage | null; key: string; fallback: T; warn: Warn }): T {
  if (!storage) return fallback;
  let text: string | null;
  try {
    text = storage.getItem(key);
  } catch (cause) {
    warn(new Error(`Could not read ${key} from storage`, { cause }));
    return fallback;
  }
  if (text === null) return fallback;
  try {
    return JSON.parse(text) as T;
  } catch (cause) {
    warn(new Error(`Stored ${key} is not JSON; starting afresh`, { cause }));
    return fallback;
  }
}

/** Stores `value` as JSON under `key`; false (after warning) when storage refused it. */
export function writeJson({ storage, key, value, warn }: { storage: KeyValueStorage | null; key: string; value: unknown; warn: Warn }): boolean {
  if (!storage) return false;
  try {
    storage.setItem(key, JSON.stringify(value));
    return true;
  } catch (cause) {
    warn(new Error(`Could not save ${key} to storage`, { cause }));
    return false;
  }
}

/** A Map-backed storage, for tests and for browsers without Web Storage. */
export function memoryStorage(): KeyValueStorage & { map: Map<string, string> } {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (key) => (map.has(key) ? map.get(key)! : null),
    setItem: (key, value) => void map.set(key, String(value)),
    removeItem: (key) => void map.delete(key),
  };
}

/** Storage keys (SPEC §3 Local storage). */
export const STORAGE_KEYS = {
  favourites: 'favourites',
  enquiredCar: 'enquired_car',
  userDetails: 'user_details',
  successRecord: 'success_record',
  successCategory: 'success_category',
  /** sessionStorage: pages visited and linked query parameters of this visit. */
  session: 'forecourt_session',
} as const;
