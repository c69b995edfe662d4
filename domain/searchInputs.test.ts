import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  clampLowerThumb,
  clampUpperThumb,
  filterKey,
  formatRangeParam,
  pageParamValue,
  parsePageParam,
  parseRangeParam,
  PRICE_SLIDER,
  priceFilterForSort,
  ResultsCache,
  stripQuotes,
  sumFacetCounts,
  INSTANT_SEARCH_PAGE_SIZE,
  MULTI_SEARCH_LIMIT,
} from './searchInputs.ts';

describe('constants', () => {
  it('match SPEC §9', () => {
    expect(PRICE_SLIDER).toEqual({ min: 5000, max: 250000, step: 500 });
    expect(INSTANT_SEARCH_PAGE_SIZE).toBe(21);
    expect(MULTI_SEARCH_LIMIT).toBe(100);
  });
  it.each([
    [1999, false],
    [2000, true],
  ])('facet sum at %s hits -> %s', (hits, sum) => expect(sumFacetCounts(hits)).toBe(sum));
});

describe('slider thumbs', () => {
  it.each([
    [20000, 30000, 20000, 30000],
    [29999, 30000, 29999, 30000],
    [30000, 30000, 29999, 30001],
    [30001, 30000, 29999, 30002],
    [Number.NaN, Number.NaN, 5000, 250000],
  ])('lower %s upper %s -> %s / %s', (lower, upper, lo, hi) => {
    expect(clampLowerThumb({ lower, upper })).toBe(lo);
    expect(clampUpperThumb({ lower, upper })).toBe(hi);
  });

  it('keeps the lower thumb below the upper for any values', () => {
    fc.assert(
      fc.property(fc.integer(), fc.integer(), (lower, upper) => {
        expect(clampLowerThumb({ lower, upper })).toBeLessThan(upper);
        expect(clampUpperThumb({ lower, upper })).toBeGreaterThan(lower);
      }),
    );
  });
});

describe('URL parameters', () => {
  it.each<[unknown, { min?: number; max?: number }]>([
    ['10000:20000', { min: 10000, max: 20000 }],
    ['10000:', { min: 10000 }],
    [':20000', { max: 20000 }],
    ['"10000":\'20000\'', { min: 10000, max: 20000 }],
    [['5000:9000', '1:2'], { min: 5000, max: 9000 }],
    [[3, '7000:8000'], { min: 7000, max: 8000 }],
    ['abc:def', {}],
    [undefined, {}],
    [[], {}],
  ])('range %j -> %j', (value, range) => expect(parseRangeParam(value)).toEqual(range));

  it('round-trips a range', () => expect(parseRangeParam(formatRangeParam({ min: 5000, max: 250000 }))).toEqual({ min: 5000, max: 250000 }));

  it.each<[unknown, number]>([
    ['2', 2],
    ['1', 1],
    ['0', 1],
    ['-3', 1],
    ['2.5', 1],
    ['abc', 1],
    ['', 1],
    [undefined, 1],
    [['3', '4'], 3],
    [7, 7],
    [' 4 ', 4],
    ['99999999999999999999', 1],
  ])('page %j -> %s', (value, page) => expect(parsePageParam(value)).toBe(page));

  it('omits page 1 from URLs', () => {
    expect(pageParamValue(1)).toBeNull();
    expect(pageParamValue(2)).toBe('2');
  });

  it('strips quotes', () => expect(stripQuotes(`Land "Rover" 'x'`)).toBe('Land Rover x'));

  it('never throws for any string', () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        parseRangeParam(s);
        parseRangeParam([s]);
        expect(parsePageParam(s)).toBeGreaterThanOrEqual(1);
        expect(stripQuotes(s)).not.toMatch(/["']/);
      }),
    );
  });
});

describe('price > 0 with price ascending sort', () => {
  it.each([
    ['price:asc', true, 'price > 0'],
    ['price:asc', false, null],
    ['price:desc', true, null],
    [null, true, null],
  ] as const)('%s enabled=%s -> %s', (sortBy, enabled, filter) => expect(priceFilterForSort({ sortBy, enabled })).toBe(filter));
});

describe('ResultsCache', () => {
  it('keys by filter set regardless of key order', () => {
    expect(filterKey({ b: 1, a: [{ d: 1, c: 2 }] })).toBe(filterKey({ a: [{ c: 2, d: 1 }], b: 1 }));
    const loop: Record<string, unknown> = {};
    loop.self = loop;
    expect(filterKey(loop)).toBe('{"self":"[circular]"}');
    expect(filterKey(undefined)).toBe('undefined');
  });

  it('evicts the oldest entry at max', () => {
    const cache = new ResultsCache<number>({ max: 2 });
    cache.set({ page: 1 }, 1);
    cache.set({ page: 2 }, 2);
    expect(cache.get({ page: 1 })).toBe(1); // a read does not refresh
    cache.set({ page: 3 }, 3);
    expect(cache.size).toBe(2);
    expect(cache.get({ page: 1 })).toBeUndefined();
    expect(cache.get({ page: 2 })).toBe(2);
    cache.set({ page: 2 }, 22); // re-setting makes it newest
    cache.set({ page: 4 }, 4);
    expect(cache.get({ page: 3 })).toBeUndefined();
    expect(cache.get({ page: 2 })).toBe(22);
  });

  it('max 0 or junk disables it', () => {
    for (const max of [0, -1, Number.NaN]) {
      const cache = new ResultsCache<number>({ max });
      cache.set({}, 1);
      expect(cache.size).toBe(0);
    }
  });
});
