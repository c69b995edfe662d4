import { describe, expect, it } from 'vitest';
import { cleanFavourites, createFavouritesStore } from './favouritesStore.ts';
import { memoryStorage, STORAGE_KEYS } from './storage.ts';

const setup = (initial?: string) => {
  const storage = memoryStorage();
  if (initial !== undefined) storage.setItem(STORAGE_KEYS.favourites, initial);
  const warnings: Error[] = [];
  let clock = 1000;
  const store = createFavouritesStore({ storage, warn: (e) => warnings.push(e), now: () => clock });
  return { storage, store, warnings, tick: (ms: number) => (clock += ms) };
};

describe('favourites store', () => {
  it('stores a list of {id} in localStorage and toggles by id', () => {
    const { storage, store } = setup();
    expect(store.toggle({ id: 7 })).toEqual({ added: true });
    expect(store.toggle({ id: 9 })).toEqual({ added: true });
    expect(JSON.parse(storage.getItem('favourites')!)).toEqual([{ id: 7 }, { id: 9 }]);
    expect(store.toggle({ id: 7 })).toEqual({ added: false });
    expect(store.list.get()).toEqual([{ id: 9 }]);
  });

  it('reads what an earlier visit saved, dropping malformed and repeated entries', () => {
    expect(setup('[{"id":1},{"id":1},{"nope":2},null,{"id":"3"}]').store.list.get()).toEqual([{ id: 1 }, { id: '3' }]);
    const broken = setup('not json');
    expect(broken.store.list.get()).toEqual([]);
    expect(broken.warnings[0].message).toMatch(/not JSON/);
    expect(cleanFavourites({})).toEqual([]);
  });

  it('tells subscribers and records when the list changed (the compare strip timer)', () => {
    const { store, tick } = setup();
    const seen: number[] = [];
    const stop = store.list.subscribe(() => seen.push(store.list.get().length));
    expect(store.changedAt.get()).toBeNull();
    tick(500);
    store.toggle({ id: 1 });
    expect(store.changedAt.get()).toBe(1500);
    expect(seen.at(-1)).toBe(1);
    stop();
    store.toggle({ id: 2 });
    expect(seen.at(-1)).toBe(1);
  });

  it("follows another tab's change (storage event) and ignores other keys", () => {
    const { store, tick } = setup('[{"id":1}]');
    tick(10);
    store.onStorage({ key: 'something-else', newValue: '[]' });
    expect(store.list.get()).toEqual([{ id: 1 }]);
    store.onStorage({ key: 'favourites', newValue: '[{"id":1},{"id":2}]' });
    expect(store.list.get()).toEqual([{ id: 1 }, { id: 2 }]);
    expect(store.changedAt.get()).toBe(1010);
    store.onStorage({ key: null, newValue: null }); // localStorage.clear() in another tab
    expect(store.list.get()).toEqual([]);
  });

  it('adds a shared shortlist without duplicates', () => {
    const { store } = setup('[{"id":1}]');
    store.addAll({ ids: [1, 2, 3, 2] });
    expect(store.list.get()).toEqual([{ id: 1 }, { id: 2 }, { id: 3 }]);
  });

  it('keeps working when storage refuses to save', () => {
    const storage = {
      getItem: () => null,
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => {},
    };
    const warnings: Error[] = [];
    const store = createFavouritesStore({ storage, warn: (e) => warnings.push(e), now: () => 0 });
    expect(store.toggle({ id: 5 })).toEqual({ added: true });
    expect(store.list.get()).toEqual([{ id: 5 }]);
    expect(warnings[0].cause).toBeInstanceOf(Error);
  });
});
