/**
 * The saved cars (SPEC §3 "Favourited cars: a list of {id}") as signals over localStorage.
 * Another tab's change arrives as a 'storage' event and updates this tab too, so the counter,
 * the compare strip and the favourites page stay in step across tabs.
 */
import { signal } from '@preact/signals-core';
import { toggleFavourite, type Favourite } from '../../domain/favourites.ts';
import type { Store } from '../../ui/islandServices.ts';
import { readJson, STORAGE_KEYS, writeJson, type KeyValueStorage, type Warn } from './storage.ts';

/** The favourites store and its operations. */
export interface FavouritesStore {
  list: Store<Favourite[]>;
  changedAt: Store<number | null>;
  toggle(args: { id: number }): { added: boolean };
  addAll(args: { ids: number[] }): void;
  /** Applies a 'storage' event from another tab. */
  onStorage(args: { key: string | null; newValue: string | null }): void;
}

/** Keeps only well-formed {id} entries, each id once (a hand-edited or old value must not break pages). */
export function cleanFavourites(value: unknown): Favourite[] {
  if (!Array.isArray(value)) return [];
  const seen = new Set<string>();
  const list: Favourite[] = [];
  for (const entry of value) {
    const id = (entry as Favourite | null)?.id;
    if ((typeof id !== 'number' && typeof id !== 'string') || seen.has(String(id))) continue;
    seen.add(String(id));
    list.push({ id });
  }
  return list;
}

/** A store over `storage`; `now` gives the change time (Date.now in the browser). */
export function createFavouritesStore({ storage, warn, now }: { storage: KeyValueStorage | null; warn: Warn; now: () => number }): FavouritesStore {
  const key = STORAGE_KEYS.favourites;
  const list = signal<Favourite[]>(cleanFavourites(readJson({ storage, key, fallback: [], warn })));
  const changedAt = signal<number | null>(null);
  const asStore = <T>(s: { value: T; subscribe(fn: (value: T) => void): () => void }): Store<T> => ({
    get: () => s.value,
    // signals-core calls the subscriber at once; React only wants later changes (harmless either way).
    subscribe: (listener) => s.subscribe(() => listener()),
  });
  const set = (next: Favourite[]) => {
    list.value = next;
    changedAt.value = now();
    writeJson({ storage, key, value: next, warn });
  };
  return {
    list: asStore(list),
    changedAt: asStore(changedAt),
    toggle: ({ id }) => {
      const result = toggleFavourite({ list: list.value, id });
      set(result.list);
      return { added: result.added };
    },
    addAll: ({ ids }) => {
      let next = list.value;
      for (const id of ids) if (!next.some((f) => String(f.id) === String(id))) next = toggleFavourite({ list: next, id }).list;
      if (next !== list.value) set(next);
    },
    onStorage: ({ key: changed, newValue }) => {
      if (changed !== null && changed !== key) return;
      let parsed: unknown = [];
      if (newValue) {
        try {
          parsed = JSON.parse(newValue);
        } catch (cause) {
          warn(new Error('Another tab stored favourites that are not JSON', { cause }));
          return;
        }
      }
      list.value = cleanFavourites(parsed);
      changedAt.value = now();
    },
  };
}
