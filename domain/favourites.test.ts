import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  compareStrip,
  compareStripCars,
  compareStripHidesIn,
  compareStripOnPath,
  compareStripVisible,
  COMPARE_STRIP_MS,
  favouriteCounter,
  maskPhone,
  toggleFavourite,
} from './favourites.ts';

describe('toggleFavourite', () => {
  it('adds then removes by id', () => {
    const added = toggleFavourite({ list: [{ id: 1 }], id: 2 });
    expect(added).toEqual({ list: [{ id: 1 }, { id: 2 }], added: true });
    expect(toggleFavourite({ list: added.list, id: 1 })).toEqual({ list: [{ id: 2 }], added: false });
    expect(toggleFavourite({ list: [{ id: 5 }], id: '5' }).added).toBe(false);
    expect(toggleFavourite({ list: null as unknown as [], id: 3 }).list).toEqual([{ id: 3 }]);
  });

  it('toggling twice restores the list', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.nat(50)), fc.nat(50), (ids, id) => {
        const list = ids.map((i) => ({ id: i }));
        const once = toggleFavourite({ list, id });
        const twice = toggleFavourite({ list: once.list, id });
        expect(new Set(twice.list.map((f) => f.id))).toEqual(new Set(ids));
      }),
    );
  });

  it('counter is filled above zero', () => {
    expect(favouriteCounter({ list: [] })).toEqual({ count: 0, filled: false });
    expect(favouriteCounter({ list: [{ id: 1 }] })).toEqual({ count: 1, filled: true });
  });
});

describe('compareStrip', () => {
  it.each([
    [0, 0, null],
    [3, 0, null],
    [4, 1, '+1'],
    [12, 9, '+9'],
    [13, 10, '+9'],
  ])('%s saved -> extra %s badge %s', (n, extra, badge) => {
    const strip = compareStrip({ saved: Array.from({ length: n }, (_, i) => i) });
    expect(strip.slots).toHaveLength(3);
    expect(strip.slots.filter((s) => s !== null)).toHaveLength(Math.min(n, 3));
    expect(strip.extra).toBe(extra);
    expect(strip.badge).toBe(badge);
  });

  it.each([
    [null, 0, false],
    [0, 0, true],
    [0, COMPARE_STRIP_MS - 1, true],
    [0, COMPARE_STRIP_MS, false],
    [100, 50, false],
  ])('changed at %s, now %s -> visible %s', (changedAt, now, visible) => expect(compareStripVisible({ changedAt, now })).toBe(visible));

  it.each([
    [null, 0, 0],
    [1000, 1000, COMPARE_STRIP_MS],
    [1000, 1000 + COMPARE_STRIP_MS - 1, 1],
    [1000, 1000 + COMPARE_STRIP_MS, 0],
    [1000, 999, 0],
  ])('changed at %s, now %s -> hides in %s ms', (changedAt, now, ms) => expect(compareStripHidesIn({ changedAt, now })).toBe(ms));

  it.each([
    [[], []],
    [
      [1, 2],
      [1, 2],
    ],
    [
      [1, 2, 3],
      [1, 2, 3],
    ],
    [
      [1, 2, 3, 4, 5],
      [1, 2, 3],
    ],
  ])('saved %j -> strip shows %j', (saved, shown) => expect(compareStripCars({ saved })).toEqual(shown));

  it.each([
    ['/cars/x', true],
    ['/search/used-cars', true],
    ['/', false],
    ['/contact', false],
  ])('path %s -> %s', (path, shown) => expect(compareStripOnPath(path)).toBe(shown));
});

describe('maskPhone', () => {
  it.each([
    ['0412 345 678', '0412 *** ***'],
    ['07300', '07300'],
    ['073', '073'],
    ['', ''],
  ])('%s -> %s', (phone, masked) => expect(maskPhone(phone)).toBe(masked));
});
