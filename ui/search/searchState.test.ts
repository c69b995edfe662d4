import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { PRICE_SLIDER } from '../../domain/searchInputs.ts';
import { decode } from '../../search/urlCodec.ts';
import {
  EMPTY_STATE,
  countInRange,
  engineQuery,
  hasSelection,
  moveThumb,
  pageWindow,
  setRange,
  sliderThumbs,
  stateUrl,
  thumbsToRange,
  toggleRefinement,
  type QueryContext,
} from './searchState.ts';

const context: QueryContext = { scope: { car_type: ['used'] }, defaultSort: 'custom_rank:desc', hitsPerPage: 21, facets: ['make', 'price'] };

describe('state transitions', () => {
  it('toggles a facet value on and off, back to page 1', () => {
    const on = toggleRefinement({ state: { ...EMPTY_STATE, page: 3 }, field: 'make', value: 'Toyota' });
    expect(on.refinements).toEqual({ make: ['Toyota'] });
    expect(on.page).toBe(1);
    const two = toggleRefinement({ state: on, field: 'make', value: 'Mazda' });
    expect(two.refinements.make).toEqual(['Toyota', 'Mazda']);
    const off = toggleRefinement({ state: toggleRefinement({ state: two, field: 'make', value: 'Toyota' }), field: 'make', value: 'Mazda' });
    expect(off.refinements).toEqual({});
    expect(hasSelection(off)).toBe(false);
    expect(hasSelection(two)).toBe(true);
  });
  it('sets and clears ranges', () => {
    const s = setRange({ state: EMPTY_STATE, field: 'year', range: { min: 2015 } });
    expect(s.ranges).toEqual({ year: { min: 2015 } });
    expect(setRange({ state: s, field: 'year', range: {} }).ranges).toEqual({});
  });
});

describe('price slider thumbs', () => {
  it('uses the slider ends for open sides and opens a side at its end', () => {
    expect(sliderThumbs(undefined)).toEqual({ lower: PRICE_SLIDER.min, upper: PRICE_SLIDER.max });
    expect(thumbsToRange({ lower: PRICE_SLIDER.min, upper: PRICE_SLIDER.max })).toEqual({});
    expect(thumbsToRange({ lower: 5500, upper: 249500 })).toEqual({ min: 5500, max: 249500 });
  });
  it('keeps the lower thumb below the upper and the upper above the lower (domain clamps)', () => {
    expect(moveThumb({ thumbs: { lower: 10000, upper: 20000 }, thumb: 'lower', value: 30000 })).toEqual({ lower: 19999, upper: 20000 });
    expect(moveThumb({ thumbs: { lower: 10000, upper: 20000 }, thumb: 'upper', value: 5000 })).toEqual({ lower: 10000, upper: 10001 });
    expect(moveThumb({ thumbs: { lower: 10000, upper: 20000 }, thumb: 'lower', value: 15000 })).toEqual({ lower: 15000, upper: 20000 });
  });
});

describe('engine query and URL', () => {
  it('adds the scope as a hard filter and fills in the default sort', () => {
    const q = engineQuery({ state: { ...EMPTY_STATE, query: ' rav ' }, context });
    expect(q).toMatchObject({ query: 'rav', scope: { car_type: ['used'] }, sortBy: 'custom_rank:desc', hitsPerPage: 21, page: 1 });
  });
  it('writes SPEC query strings: page and default sort omitted, scope values never', () => {
    const state = {
      ...EMPTY_STATE,
      refinements: { make: ['Toyota'], car_type: ['used'] },
      ranges: { price: { min: 10000 } },
      sortBy: 'price:desc' as const,
      page: 2,
    };
    expect(stateUrl({ state, path: '/search/used-cars', context })).toBe(
      '/search/used-cars?refinementList%5Bmake%5D%5B0%5D=Toyota&range%5Bprice%5D=10000:&sortBy=price:desc&page=2',
    );
    expect(stateUrl({ state: { ...EMPTY_STATE, sortBy: 'custom_rank:desc' }, path: '/search/used-cars', context })).toBe('/search/used-cars');
  });
  it('round-trips through the codec', () => {
    const value = fc.stringMatching(/^[A-Za-z0-9 -]{1,12}$/);
    fc.assert(
      fc.property(
        fc.array(value, { maxLength: 3 }),
        fc.integer({ min: 1, max: 40 }),
        fc.constantFrom('price:asc', 'price:desc', undefined),
        (makes, page, sortBy) => {
          const state = {
            ...EMPTY_STATE,
            refinements: (makes.length ? { make: [...new Set(makes)] } : {}) as Record<string, string[]>,
            page,
            sortBy: sortBy as 'price:asc' | undefined,
          };
          const url = stateUrl({ state, path: '/search/x', context });
          const back = decode(url.includes('?') ? url.slice(url.indexOf('?')) : '');
          expect(back.refinements).toEqual(state.refinements);
          expect(back.page).toBe(page);
          expect(back.sortBy).toBe(sortBy);
        },
      ),
    );
  });
});

describe('pagination window', () => {
  it('shows first, last and two either side, with gaps', () => {
    expect(pageWindow({ page: 1, pages: 1 })).toEqual([]);
    expect(pageWindow({ page: 1, pages: 3 })).toEqual([1, 2, 3]);
    expect(pageWindow({ page: 6, pages: 12 })).toEqual([1, 'gap', 4, 5, 6, 7, 8, 'gap', 12]);
    expect(pageWindow({ page: 12, pages: 12 })).toEqual([1, 'gap', 10, 11, 12]);
  });
});

describe('countInRange', () => {
  it('counts inclusive ranges with open ends like the engine', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 300000 })),
        fc.option(fc.integer({ min: 0, max: 300000 }), { nil: undefined }),
        fc.option(fc.integer({ min: 0, max: 300000 }), { nil: undefined }),
        (raw, min, max) => {
          const prices = [...raw].sort((a, b) => a - b);
          const want = prices.filter((p) => (min === undefined || p >= min) && (max === undefined || p <= max)).length;
          expect(countInRange({ prices, range: { min, max } })).toBe(want);
        },
      ),
    );
  });
});
