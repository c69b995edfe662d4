import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { decode, encode, encodeQueryString, type SearchState } from './urlCodec.ts';
import type { SortKey } from './contract.ts';

const text = fc.string({ minLength: 1, maxLength: 12 }).filter((s) => !/["']/.test(s));
const field = fc.constantFrom('make', 'model', 'dealership_slug', 'simple_body', 'car_type', 'location_name');
const bound = fc.option(fc.integer({ min: 0, max: 300_000 }), { nil: undefined });

const stateArb: fc.Arbitrary<SearchState> = fc.record({
  query: fc.oneof(fc.constant(''), fc.string({ maxLength: 20 })),
  refinements: fc.dictionary(field, fc.uniqueArray(text, { minLength: 1, maxLength: 4 })),
  ranges: fc.record(
    {
      price: fc.record({ min: bound, max: bound }).filter((r) => r.min !== undefined || r.max !== undefined),
      km: fc.record({ min: bound, max: bound }).filter((r) => r.min !== undefined || r.max !== undefined),
    },
    { requiredKeys: [] },
  ),
  sortBy: fc.option(fc.constantFrom<SortKey>('price:asc', 'price:desc', 'custom_rank:desc'), { nil: undefined }),
  page: fc.integer({ min: 1, max: 500 }),
});

/** Drop undefined range ends so states compare by meaning. */
function normal(s: SearchState): SearchState {
  const ranges = Object.fromEntries(
    Object.entries(s.ranges).map(([f, r]) => [f, Object.fromEntries(Object.entries(r ?? {}).filter(([, v]) => v !== undefined))]),
  );
  const out: SearchState = { query: s.query, refinements: s.refinements, ranges, page: s.page };
  if (s.sortBy) out.sortBy = s.sortBy;
  return out;
}

describe('URL codec', () => {
  it('decode(encode(state)) round-trips (property)', () => {
    fc.assert(
      fc.property(stateArb, (state) => {
        const url = new URL(encode({ state, path: '/search/used-cars' }), 'https://dealer.example');
        expect(url.pathname).toBe('/search/used-cars');
        expect(normal(decode(url.searchParams))).toEqual(normal(state));
      }),
      { numRuns: 500 },
    );
  });

  it('writes SPEC §2 keys: refinementList[field][n], range[price]=min:max, sortBy, query; page omitted on page 1', () => {
    const qs = encodeQueryString({
      state: { query: 'ranger xlt', refinements: { make: ['Ford', 'Mazda'] }, ranges: { price: { min: 5000, max: 20000 } }, sortBy: 'price:desc', page: 1 },
    });
    expect(qs).toBe(
      'refinementList%5Bmake%5D%5B0%5D=Ford&refinementList%5Bmake%5D%5B1%5D=Mazda&range%5Bprice%5D=5000:20000&sortBy=price:desc&query=ranger%20xlt',
    );
    expect(encodeQueryString({ state: { page: 2 } })).toBe('page=2');
    expect(encode({ state: {}, path: '/search/new-cars' })).toBe('/search/new-cars');
  });

  it('writes no raw brackets (invalid in a URL) and reads the raw and the percent-encoded forms alike', () => {
    const qs = encodeQueryString({ state: { refinements: { dealership_slug: ['acme-motors'] }, ranges: { price: { min: 1 } } } });
    expect(qs).not.toMatch(/[[\]]/);
    const raw = 'refinementList[dealership_slug][0]=acme-motors&range[price]=1:';
    expect(decode(qs)).toEqual(decode(raw));
    expect(decode(qs).refinements).toEqual({ dealership_slug: ['acme-motors'] });
  });

  it('the See more from this dealer link decodes to a dealership_slug refinement', () => {
    expect(decode('?refinementList[dealership_slug][0]=acme-motors').refinements).toEqual({ dealership_slug: ['acme-motors'] });
  });

  it('open ranges: min only, max only', () => {
    expect(encodeQueryString({ state: { ranges: { price: { min: 5000 } } } })).toBe('range%5Bprice%5D=5000:');
    expect(encodeQueryString({ state: { ranges: { price: { max: 20000 } } } })).toBe('range%5Bprice%5D=:20000');
    expect(decode('range[price]=5000:').ranges).toEqual({ price: { min: 5000 } });
    expect(decode('range[price]=:20000').ranges).toEqual({ price: { max: 20000 } });
    expect(decode('range[price]=:').ranges).toEqual({});
  });

  it.each([
    ['page=0', 1],
    ['page=1', 1],
    ['page=abc', 1],
    ['page=1.5', 1],
    ['page=-3', 1],
    ['page=', 1],
    ['page=2', 2],
    ['page=17', 17],
  ])('%s -> page %i (a value that is not a whole number above 1 means page one)', (qs, page) => {
    expect(decode(qs).page).toBe(page);
  });

  it('strips quotes inside filter values', () => {
    expect(decode(`refinementList[make][0]=%22Toyota%22&refinementList[model][0]=O'Brien`).refinements).toEqual({ make: ['Toyota'], model: ['OBrien'] });
    expect(decode(`range[price]="5000:9000"`).ranges).toEqual({ price: { min: 5000, max: 9000 } });
  });

  it('uses only the first string item of a range', () => {
    expect(decode('range[price][0]=1000:2000&range[price][1]=3000:4000').ranges).toEqual({ price: { min: 1000, max: 2000 } });
    expect(decode('range[price]=1000:2000&range[price]=3000:4000').ranges).toEqual({ price: { min: 1000, max: 2000 } });
  });

  it('reads refinement arrays by index, deduplicated, in index order', () => {
    expect(decode('refinementList[make][1]=Mazda&refinementList[make][0]=Ford&refinementList[make][2]=Ford').refinements).toEqual({ make: ['Ford', 'Mazda'] });
    expect(decode('refinementList[make][]=Kia&refinementList[make][]=Ford').refinements).toEqual({ make: ['Kia', 'Ford'] });
  });

  it('drops hostile field names, unknown sorts and range fields that are not numeric', () => {
    const s = decode('refinementList[make%20%3D%201%20OR%20x][0]=a&refinementList[a"b][0]=c&sortBy=name:asc&range[make]=1:2');
    expect(s.refinements).toEqual({});
    expect(s.sortBy).toBeUndefined();
    expect(s.ranges).toEqual({});
  });

  it('leaves out refinement values the route scope already implies', () => {
    expect(encodeQueryString({ state: { refinements: { car_type: ['new', 'demo'], make: ['Kia'] } }, scope: { car_type: ['new'] } })).toBe(
      'refinementList%5Bcar_type%5D%5B0%5D=demo&refinementList%5Bmake%5D%5B0%5D=Kia',
    );
  });
});
