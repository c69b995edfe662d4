import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { VehicleSearchDocument } from '../domain/types.ts';
import { SORT_KEYS, isRangeField, pageCount, type RangeField, type SearchCard, type SearchQuery, type SearchResult, type SortKey } from './contract.ts';
import { encodeIndex } from './encodeIndex.ts';
import { compareDocOrder, fieldValues, indexedStringFields, numericValue } from './indexFormat.ts';
import { createStaticEngine } from './staticEngine.ts';
import { TEXT_FIELDS, matchesText, tokenize } from './tokens.ts';

const MAKES = ['Toyota', 'Mazda', 'Ford', 'Kia', 'Škoda'];
const MODELS = ['Corolla', 'CX-5', 'Ranger', 'Sportage', 'Octavia', 'RAV4'];
const BADGES = ['GX', 'GXL', 'Sport', 'Ascent Sport', 'XLT', null];
const BODIES = ['SUV', 'Hatchback', 'Ute', 'Sedan', null];
const FUELS = ['Petrol', 'Diesel', 'Hybrid', 'Electric'];
const LOCATIONS = ['North', 'South', null];
const CATEGORIES = ['family', 'offroad', 'city', 'eco'];

/** A whole search document with every field the index reads (others fixed). */
function doc(p: Partial<VehicleSearchDocument> & Pick<VehicleSearchDocument, 'id'>): VehicleSearchDocument {
  const make = p.make ?? 'Toyota';
  const model = p.model ?? 'Corolla';
  return {
    slug: `car-${p.id}`,
    status: 'in_stock',
    badge: null,
    car_type: 'used',
    categories: [],
    city: null,
    colour: null,
    dealership_name: 'Dealer',
    dealership_slug: 'dealer',
    filtered_features: [],
    item_type: 'car',
    km: null,
    location_name: null,
    make_model: `${make} ${model}`,
    price: 0,
    price_range: '',
    subscription_price: null,
    weekly_price_range: null,
    seats: null,
    simple_body: null,
    simple_drive: null,
    simple_fuel: null,
    simple_transmission: null,
    state: null,
    tag: null,
    year: 2020,
    created_at_timestamp: 0,
    sold_date_timestamp: null,
    show_on_dealer_website: true,
    photos_count: 0,
    location_id: null,
    name: `${p.year ?? 2020} ${make} ${model}`,
    label: null,
    custom_rank: 0,
    image_url: null,
    ...p,
    make,
    model,
  };
}

function cardOf(d: VehicleSearchDocument): SearchCard {
  return {
    id: d.id,
    slug: d.slug,
    name: d.name,
    make: d.make,
    model: d.model,
    badge: d.badge,
    year: d.year,
    km: d.km,
    price: d.price,
    before_price: null,
    subscription_price: d.subscription_price,
    price_type: null,
    tag: d.tag,
    status: d.status,
    car_type: d.car_type,
    sold: d.status === 'sold',
    reserved: false,
    certified: false,
    preorder: false,
    created_at: '2026-01-01T00:00:00Z',
    fuel: null,
    simple_fuel: d.simple_fuel,
    image_url: d.image_url,
    location_id: d.location_id,
    location_name: d.location_name,
    dealership_slug: d.dealership_slug,
    dealership_id: 1,
    autograb_data: null,
    custom_rank: d.custom_rank,
    repayment: null,
  };
}

/** Brute force over plain objects: the definition the engine must agree with. */
function reference({
  docs,
  query,
  facets,
  defaultSort,
  hitsPerPage: hpp,
}: {
  docs: VehicleSearchDocument[];
  query: SearchQuery;
  facets: string[];
  defaultSort: SortKey;
  hitsPerPage: number;
}) {
  const indexed = new Set(indexedStringFields(facets.filter((f) => !isRangeField(f))));
  const ordered = [...docs].sort(compareDocOrder);
  const queryTokens = tokenize(query.query ?? '');
  const textOk = (d: VehicleSearchDocument) =>
    matchesText({ queryTokens, docTokens: TEXT_FIELDS.flatMap((f) => fieldValues(d, f).flatMap(tokenize)), typos: true });
  const selOk = (d: VehicleSearchDocument, f: string, vs: string[]) => !indexed.has(f) || vs.length === 0 || fieldValues(d, f).some((v) => vs.includes(v));
  const ranges = Object.entries(query.ranges ?? {}).filter(([, r]) => r && (r.min !== undefined || r.max !== undefined)) as [
    RangeField,
    { min?: number; max?: number },
  ][];
  const match = (d: VehicleSearchDocument, skip?: string) =>
    textOk(d) &&
    Object.entries(query.scope ?? {}).every(([f, vs]) => selOk(d, f, vs)) &&
    Object.entries(query.refinements ?? {}).every(([f, vs]) => f === skip || selOk(d, f, vs)) &&
    ranges.every(([f, r]) => {
      if (f === skip) return true;
      const v = numericValue(d, f);
      return v !== null && (r.min === undefined || v >= r.min) && (r.max === undefined || v <= r.max);
    });
  const matched = ordered.filter((d) => match(d));
  const sortBy = query.sortBy ?? defaultSort;
  const sorted =
    sortBy === 'price:asc'
      ? [...matched].sort((a, b) => a.price - b.price)
      : sortBy === 'price:desc'
        ? [...matched].sort((a, b) => b.price - a.price)
        : sortBy === 'custom_rank:desc'
          ? matched
          : [...matched].sort((a, b) => {
              // The added sorts: a document without the value last in either direction (as Meilisearch), ties in document order.
              const [field, direction] = sortBy.split(':');
              const x = (a as unknown as Record<string, number | null>)[field];
              const y = (b as unknown as Record<string, number | null>)[field];
              if (x === null || y === null) return x === y ? 0 : x === null ? 1 : -1;
              return direction === 'desc' ? y - x : x - y;
            });
  const page = Math.max(1, Math.floor(query.page ?? 1));
  const facetDistribution: Record<string, Record<string, number>> = {};
  const facetStats: Record<string, { min: number; max: number }> = {};
  for (const f of query.facets ?? facets) {
    const set = ordered.filter((d) => match(d, f));
    if (isRangeField(f)) {
      const vs = set.map((d) => numericValue(d, f)).filter((v): v is number => v !== null);
      if (vs.length) facetStats[f] = { min: Math.min(...vs), max: Math.max(...vs) };
    } else if (indexed.has(f)) {
      const counts: Record<string, number> = {};
      for (const d of set) for (const v of fieldValues(d, f)) counts[v] = (counts[v] ?? 0) + 1;
      facetDistribution[f] = counts;
    }
  }
  return {
    ids: sorted.slice((page - 1) * hpp, page * hpp).map((d) => d.id),
    estimatedTotalHits: matched.length,
    facetDistribution,
    facetStats,
    page,
    pages: pageCount({ total: matched.length, hitsPerPage: hpp }),
  };
}

function engineFor({
  docs,
  facets,
  chunkSize = 7,
  defaultSort = 'custom_rank:desc' as SortKey,
  hitsPerPage = 5,
}: {
  docs: VehicleSearchDocument[];
  facets: string[];
  chunkSize?: number;
  defaultSort?: SortKey;
  hitsPerPage?: number;
}) {
  const encoded = encodeIndex({ docs, cards: docs.map(cardOf), facets, chunkSize, defaultSort, hitsPerPage });
  const files = new Map(encoded.chunks.map((c) => [c.file, c.json]));
  const loads: string[] = [];
  const engine = createStaticEngine({
    index: encoded.index,
    loadChunk: async (file) => {
      loads.push(file);
      const json = files.get(file);
      if (json === undefined) throw new Error(`no chunk ${file}`);
      return json;
    },
  });
  return { engine, encoded, loads };
}

const docArb = fc.record({
  make: fc.constantFrom(...MAKES),
  model: fc.constantFrom(...MODELS),
  badge: fc.constantFrom(...BADGES),
  car_type: fc.constantFrom('new', 'used', 'demo'),
  status: fc.constantFrom('in_stock', 'coming_soon', 'sold'),
  simple_body: fc.constantFrom(...BODIES),
  simple_fuel: fc.constantFrom(...FUELS),
  location_name: fc.constantFrom(...LOCATIONS),
  categories: fc.uniqueArray(fc.constantFrom(...CATEGORIES), { maxLength: 3 }),
  price: fc.oneof(fc.constantFrom(0, 10, 250, 500, 19990), fc.integer({ min: 0, max: 90_000 })),
  year: fc.integer({ min: 2005, max: 2026 }),
  km: fc.option(fc.integer({ min: 0, max: 300_000 }), { nil: null }),
  custom_rank: fc.integer({ min: 0, max: 4 }),
  created_at_timestamp: fc.integer({ min: 1_700_000_000, max: 1_700_000_005 }),
});

const stockArb = fc
  .array(docArb, { minLength: 0, maxLength: 60 })
  .map((rows) => rows.map((r, i) => doc({ ...r, id: 1000 + i * 7 } as Partial<VehicleSearchDocument> & { id: number })));

const selection = (pool: readonly (string | null)[]) =>
  fc.uniqueArray(fc.constantFrom(...pool.filter((v): v is string => v !== null), 'Nope'), { maxLength: 3 });

const queryArb: fc.Arbitrary<SearchQuery> = fc.record(
  {
    query: fc.constantFrom('', 'toy', 'corolla gx', 'cx', 'ŠKO', 'sport asc', '2020', 'zzz', '  mazda  ', 'toyta', 'corrola', 'sportagee', 'mazdda cx'),
    refinements: fc.record(
      {
        make: selection(MAKES),
        simple_body: selection(BODIES),
        categories: selection(CATEGORIES),
        location_name: selection(LOCATIONS),
        colour: selection(['Red']),
      },
      { requiredKeys: [] },
    ),
    ranges: fc.record(
      {
        price: fc.record({
          min: fc.option(fc.integer({ min: 0, max: 60_000 }), { nil: undefined }),
          max: fc.option(fc.integer({ min: 0, max: 90_000 }), { nil: undefined }),
        }),
        year: fc.record({ min: fc.option(fc.integer({ min: 2005, max: 2026 }), { nil: undefined }) }),
        km: fc.record({ max: fc.option(fc.integer({ min: 0, max: 200_000 }), { nil: undefined }) }),
      },
      { requiredKeys: [] },
    ),
    sortBy: fc.constantFrom<SortKey>(...SORT_KEYS),
    page: fc.integer({ min: 1, max: 4 }),
    scope: fc.record({ car_type: fc.uniqueArray(fc.constantFrom('new', 'used', 'demo'), { maxLength: 2 }) }, { requiredKeys: [] }),
  },
  { requiredKeys: [] },
);

const FACETS = ['make', 'model', 'simple_body', 'categories', 'location_name', 'simple_fuel', 'car_type', 'price', 'year', 'km'];

function comparable(r: SearchResult) {
  return {
    ids: r.hits.map((h) => h.id),
    estimatedTotalHits: r.estimatedTotalHits,
    facetDistribution: r.facetDistribution,
    facetStats: r.facetStats,
    page: r.page,
    pages: r.pages,
  };
}

describe('static engine vs brute-force reference', () => {
  it('same hits in the same order, totals, disjunctive counts and facet stats on random stock and queries', async () => {
    await fc.assert(
      fc.asyncProperty(stockArb, fc.array(queryArb, { minLength: 1, maxLength: 5 }), async (docs, queries) => {
        const { engine } = engineFor({ docs, facets: FACETS });
        // Plain sorted pages on every stock, so ties and tie-breaks are always exercised.
        const plain: SearchQuery[] = [...SORT_KEYS].flatMap((sortBy) => [1, 2, 3].map((page) => ({ sortBy, page })));
        for (const query of [...plain, ...queries]) {
          const got = comparable(await engine.search(query));
          const want = reference({ docs, query, facets: FACETS, defaultSort: 'custom_rank:desc', hitsPerPage: 5 });
          expect(got).toEqual(want);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('autocomplete returns text matches by custom_rank desc, limited, none for a blank query', async () => {
    const docs = [
      doc({ id: 1, make: 'Toyota', model: 'Corolla', custom_rank: 1 }),
      doc({ id: 2, make: 'Toyota', model: 'RAV4', custom_rank: 9 }),
      doc({ id: 3, make: 'Mazda', model: 'CX-5', custom_rank: 5 }),
      doc({ id: 4, make: 'Toyota', model: 'Yaris', custom_rank: 9 }),
    ];
    const { engine } = engineFor({ docs, facets: [] });
    expect((await engine.autocomplete({ query: 'toy', limit: 2 })).map((h) => h.id)).toEqual([2, 4]);
    expect((await engine.autocomplete({ query: 'cx 5' })).map((h) => h.id)).toEqual([3]);
    expect(await engine.autocomplete({ query: '  ' })).toEqual([]);
  });

  it("typo tolerance: 'toyta' finds Toyota in the query and the autocomplete; short words, first-letter typos and two typos in a short word do not match", async () => {
    const docs = [
      doc({ id: 1, make: 'Toyota', model: 'Corolla', custom_rank: 1 }),
      doc({ id: 2, make: 'Mazda', model: 'CX-5', custom_rank: 5 }),
      doc({ id: 3, make: 'Toyota', model: 'RAV4', custom_rank: 9 }),
      doc({ id: 4, make: 'Hyundai', model: 'Tucson', custom_rank: 2 }),
    ];
    const { engine } = engineFor({ docs, facets: ['make'] });
    const ids = async (query: string) => (await engine.search({ query })).hits.map((h) => h.id).sort();
    expect(await ids('toyta')).toEqual([1, 3]);
    expect(await ids('toyota')).toEqual([1, 3]);
    expect(await ids('corola')).toEqual([1]);
    expect(await ids('toyta corola')).toEqual([1]);
    expect(await ids('toyt')).toEqual([]); // 4 letters: no typo allowed, and 'toyt' prefixes nothing
    expect(await ids('royota')).toEqual([]); // a typo on the first letter counts as two
    expect(await ids('tyyyta')).toEqual([]); // two typos in a 6-letter word
    expect(await ids('tuscon')).toEqual([4]); // two letters swapped count as one typo
    expect((await engine.autocomplete({ query: 'toyta' })).map((h) => h.id)).toEqual([3, 1]);
  });

  it('autocomplete lists exact matches before matches found only with a typo', async () => {
    const docs = [doc({ id: 1, make: 'Mazda', model: 'Camry', custom_rank: 9 }), doc({ id: 2, make: 'Toyota', model: 'Camrz', custom_rank: 1 })];
    const { engine } = engineFor({ docs, facets: [] });
    expect((await engine.autocomplete({ query: 'camrz' })).map((h) => h.id)).toEqual([2, 1]);
    expect((await engine.search({ query: 'camrz' })).hits.map((h) => h.id)).toEqual([1, 2]);
  });
});

describe('static engine details', () => {
  const docs = Array.from({ length: 40 }, (_, i) =>
    doc({ id: i + 1, make: MAKES[i % 5], price: 1000 * (40 - i), custom_rank: i % 3, km: i % 4 === 0 ? null : i * 1000, image_url: `/img/${i + 1}.jpg` }),
  );

  it('a hit carries every card field and only the needed card chunks are fetched', async () => {
    const { engine, loads } = engineFor({ docs, facets: ['make'], chunkSize: 10 });
    const r = await engine.search({ hitsPerPage: 3 });
    expect(r.hits[0]).toMatchObject({ id: 3, slug: 'car-3', make: 'Ford', price: 38000, image_url: '/img/3.jpg', custom_rank: 2, sold: false });
    expect(new Set(loads).size).toBe(1);
    await engine.search({ sortBy: 'price:asc', hitsPerPage: 1 });
    expect(new Set(loads).size).toBe(2);
  });

  it('facet stats ignore the facet own range but apply the others', async () => {
    const { engine } = engineFor({ docs, facets: ['price', 'km', 'make'] });
    const r = await engine.search({ ranges: { price: { min: 10_000, max: 20_000 }, km: { max: 30_000 } } });
    expect(r.facetStats.price).toEqual({ min: 10_000, max: 39_000 });
    expect(r.facetStats.km).toEqual({ min: 21_000, max: 30_000 });
    expect(r.estimatedTotalHits).toBe(8);
  });

  it('the default sort and page size come from the index; a page past the end is empty', async () => {
    const { engine } = engineFor({ docs, facets: [], defaultSort: 'price:asc', hitsPerPage: 21 });
    const r = await engine.search({ page: 2 });
    expect(r.hits.map((h) => h.price)).toEqual(Array.from({ length: 19 }, (_, i) => 22_000 + i * 1000));
    expect(r.pages).toBe(2);
    expect((await engine.search({ page: 3 })).hits).toEqual([]);
  });

  it('a card chunk that fails to load is an error with the cause, and is retried next time', async () => {
    const encoded = encodeIndex({ docs, cards: docs.map(cardOf), facets: [] });
    let fail = true;
    const engine = createStaticEngine({
      index: encoded.index,
      loadChunk: async (file) => {
        if (fail) throw new Error('offline');
        return encoded.chunks.find((c) => c.file === file)!.json;
      },
    });
    await expect(engine.search({})).rejects.toThrow(/could not be loaded/);
    fail = false;
    expect((await engine.search({})).hits).toHaveLength(21);
  });

  it('with price_asc_positive_filter, a price-ascending sort leaves out cars priced 0 (SPEC §5), other sorts keep them', async () => {
    const priced = [doc({ id: 1, price: 0 }), doc({ id: 2, price: 1 }), doc({ id: 3, price: 500 })];
    const encoded = encodeIndex({ docs: priced, cards: priced.map(cardOf), facets: [], priceAscPositive: true });
    const engine = createStaticEngine({ index: encoded.index, loadChunk: async () => encoded.chunks[0].json });
    expect((await engine.search({ sortBy: 'price:asc' })).hits.map((h) => h.id)).toEqual([2, 3]);
    expect((await engine.search({ sortBy: 'price:desc' })).hits.map((h) => h.id)).toEqual([3, 2, 1]);
  });

  it('an item-type scope lists only that item type; subscription also needs a subscription price above 0', async () => {
    const stock = [
      doc({ id: 1, item_type: 'rv' }),
      doc({ id: 2, item_type: 'car' }),
      doc({ id: 3, item_type: 'subscription', subscription_price: 199 }),
      doc({ id: 4, item_type: 'subscription', subscription_price: 0 }),
      doc({ id: 5, item_type: 'subscription', subscription_price: null }),
      doc({ id: 6, item_type: 'car', subscription_price: 299 }),
    ];
    const { engine } = engineFor({ docs: stock, facets: ['make'] });
    expect((await engine.search({ scope: { item_type: ['rv'] } })).hits.map((h) => h.id)).toEqual([1]);
    const subscription = await engine.search({ scope: { item_type: ['subscription'] } });
    expect(subscription.hits.map((h) => h.id)).toEqual([3]);
    expect(subscription.facetDistribution.make).toEqual({ Toyota: 1 });
  });

  it("stock whose make or model is 'constructor', '__proto__' or 'toString' is counted and filtered like any other value", async () => {
    const stock = [
      doc({ id: 1, make: 'constructor', model: 'toString' }),
      doc({ id: 2, make: '__proto__', model: 'valueOf' }),
      doc({ id: 3, make: 'toString', model: 'constructor' }),
      doc({ id: 4, make: 'Kia', model: 'Rio' }),
    ];
    const { engine } = engineFor({ docs: stock, facets: ['make', 'model'] });
    const all = await engine.search({});
    expect(Object.getPrototypeOf(all.facetDistribution.make)).toBeNull();
    expect(Object.entries(all.facetDistribution.make).sort()).toEqual([
      ['Kia', 1],
      ['__proto__', 1],
      ['constructor', 1],
      ['toString', 1],
    ]);
    for (const [make, id] of [
      ['constructor', 1],
      ['__proto__', 2],
      ['toString', 3],
    ] as const) {
      const r = await engine.search({ refinements: { make: [make] } });
      expect(r.hits.map((h) => h.id)).toEqual([id]);
    }
    expect((await engine.search({ refinements: { model: ['constructor'] } })).hits.map((h) => h.id)).toEqual([3]);
    expect((await engine.search({ query: 'constructor' })).hits.map((h) => h.id)).toEqual([1, 3]);
  });

  it('rejects bytes that are not an index', () => {
    expect(() => createStaticEngine({ index: new Uint8Array([1, 2, 3, 4, 5, 6, 7, 8]), loadChunk: async () => '' })).toThrow(/bad magic/);
  });
});
