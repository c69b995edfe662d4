import { afterEach, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { MeilisearchApiError, MeilisearchRequestError } from 'meilisearch';
import { startMeiliStub, type MeiliStub } from '../fixtures/search/meiliStub.ts';
import type { SearchQuery } from './contract.ts';
import { createMeiliEngine, meiliConfigFromSite, usesMeilisearch } from './meiliEngine.ts';
import { describeMeiliError, pushStock } from './meiliIndexer.ts';
import { buildMultiSearch, meiliSettings, quoteFilterValue, type MeiliSearchConfig } from './meiliQuery.ts';

const KEY = 'search-key-123';
const fixture = JSON.parse(readFileSync(new URL('../fixtures/search/multiSearch.json', import.meta.url), 'utf8')) as {
  cases: { name: string; config: MeiliSearchConfig; query: SearchQuery; body: unknown }[];
};

let stub: MeiliStub | null = null;
afterEach(async () => {
  await stub?.close();
  stub = null;
});

const hit = (id: number, extra: Record<string, unknown> = {}) => ({
  id,
  slug: `car-${id}`,
  name: `Car ${id}`,
  make: 'Ford',
  price: 1000 * id,
  show_on_dealer_website: true,
  _formatted: {},
  ...extra,
});

describe('multi-search request (SPEC §7)', () => {
  it.each(fixture.cases.map((c) => [c.name, c] as const))('%s: body matches the fixture', (_name, c) => {
    expect(buildMultiSearch({ query: c.query, config: c.config })).toEqual(c.body);
  });

  it.each(fixture.cases.map((c) => [c.name, c] as const))('%s: POSTed to /multi-search with bearer key and JSON content type', async (_name, c) => {
    stub = await startMeiliStub({
      key: KEY,
      multiSearch: (body) => ({ results: body.queries.map(() => ({ hits: [], estimatedTotalHits: 0, processingTimeMs: 1 })) }),
    });
    await createMeiliEngine({ host: stub.url, apiKey: KEY, ...c.config }).search(c.query);
    expect(stub.requests).toHaveLength(1);
    const [req] = stub.requests;
    expect(req.method).toBe('POST');
    expect(req.path).toBe('/multi-search');
    expect(req.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(req.headers['content-type']).toBe('application/json');
    expect(req.body).toEqual(c.body);
  });

  it('an item-type scope filters item_type, and subscription also subscription_price > 0, in the main and every facet query', () => {
    const config: MeiliSearchConfig = { indexUid: 'x', facets: ['make'] };
    const rv = buildMultiSearch({ query: { scope: { item_type: ['rv'] } }, config });
    for (const q of rv.queries) expect(q.filter).toContainEqual(['item_type = "rv"']);
    const sub = buildMultiSearch({ query: { scope: { item_type: ['subscription'] } }, config });
    for (const q of sub.queries) expect(q.filter).toEqual(expect.arrayContaining([['item_type = "subscription"'], 'subscription_price > 0']));
    expect(meiliSettings().filterableAttributes).toEqual(expect.arrayContaining(['item_type', 'subscription_price', 'sold_date_timestamp']));
  });

  it('quotes values so they cannot close the literal', () => {
    expect(quoteFilterValue('a"b')).toBe('"a\\"b"');
    expect(quoteFilterValue('a\\')).toBe('"a\\\\"');
    expect(quoteFilterValue('a\\" OR x = "y')).toBe('"a\\\\\\" OR x = \\"y"');
  });
});

describe('multi-search response', () => {
  const config: MeiliSearchConfig = { indexUid: 'acme-motors', facets: ['make', 'car_type', 'price'], hitsPerPage: 2 };

  it('reads hits, totals, each facet from its own query, facet stats, pages', async () => {
    stub = await startMeiliStub({
      key: KEY,
      multiSearch: () => ({
        results: [
          {
            indexUid: 'acme-motors',
            hits: [hit(1), hit(2, { km: 12000 })],
            estimatedTotalHits: 5,
            processingTimeMs: 3,
            facetDistribution: { make: { Ford: 5 }, car_type: { used: 5 } },
            facetStats: { price: { min: 1000, max: 5000 } },
          },
          { hits: [hit(1)], estimatedTotalHits: 9, facetDistribution: { make: { Ford: 5, Mazda: 4, Kia: 0 } } },
          { hits: [hit(1)], estimatedTotalHits: 7, facetDistribution: { car_type: { used: 5, new: 2 } } },
          { hits: [hit(1)], estimatedTotalHits: 8, facetStats: { price: { min: 500, max: 9000 } } },
        ],
      }),
    });
    const r = await createMeiliEngine({ host: stub.url, apiKey: KEY, ...config }).search({ refinements: { make: ['Ford'] }, ranges: { price: { min: 1000 } } });
    expect(r.hits.map((h) => h.id)).toEqual([1, 2]);
    expect(r.hits[1]).toMatchObject({ slug: 'car-2', km: 12000, badge: null, image_url: null });
    expect(r.hits[0]).not.toHaveProperty('_formatted');
    expect(r.estimatedTotalHits).toBe(5);
    expect(r.processingTimeMs).toBe(3);
    expect(r.facetDistribution).toEqual({ make: { Ford: 5, Mazda: 4 }, car_type: { used: 5, new: 2 } });
    expect(r.facetStats).toEqual({ price: { min: 500, max: 9000 } });
    expect(r).toMatchObject({ page: 1, pages: 3, hitsPerPage: 2 });
  });

  it.each([
    [1999, 1999],
    [2000, 2700],
  ])('1999 rule: estimatedTotalHits %i -> total %i (above 1999, summed from car_type facet items)', async (estimate, total) => {
    stub = await startMeiliStub({
      key: KEY,
      multiSearch: (body) => ({
        results: body.queries.map(() => ({
          hits: [],
          estimatedTotalHits: estimate,
          processingTimeMs: 1,
          facetDistribution: { make: { Ford: 2000 }, car_type: { new: 1500, used: 1200 } },
        })),
      }),
    });
    const r = await createMeiliEngine({ host: stub.url, apiKey: KEY, ...config }).search({});
    expect(r.estimatedTotalHits).toBe(total);
  });
});

describe('autocomplete (SPEC §7)', () => {
  it('is a direct index search with the query, a filter and sort custom_rank:desc; hits are read', async () => {
    stub = await startMeiliStub({ key: KEY, indexSearch: () => ({ hits: [hit(7), hit(3)], estimatedTotalHits: 2, processingTimeMs: 0, query: 'for' }) });
    const hits = await createMeiliEngine({ host: stub.url, apiKey: KEY, indexUid: 'acme-motors', facets: [] }).autocomplete({ query: 'for', limit: 5 });
    expect(hits.map((h) => h.id)).toEqual([7, 3]);
    const [req] = stub.requests;
    expect(req.path).toBe('/indexes/acme-motors/search');
    expect(req.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(req.body).toEqual({ q: 'for', filter: ['show_on_dealer_website = true'], sort: ['custom_rank:desc'], limit: 5 });
  });
});

describe('errors', () => {
  it('an unreachable host fails with the cause kept and a one-line description', async () => {
    const engine = createMeiliEngine({ host: 'http://127.0.0.1:9', apiKey: KEY, indexUid: 'x', facets: [] });
    const error = await engine.search({}).catch((e: unknown) => e as Error);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toMatch(/search service http:\/\/127\.0\.0\.1:9: multi-search on x failed/);
    expect((error as Error).cause).toBeInstanceOf(MeilisearchRequestError);
    expect(describeMeiliError({ error: (error as Error).cause, host: 'http://127.0.0.1:9' })).toMatch(/^search service http:\/\/127\.0\.0\.1:9 is unreachable/);
  });

  it.each([
    ['a wrong key (403 invalid_api_key)', 'wrong', 403],
    ['no key (401 missing_authorization_header)', '', 401],
  ])('%s is a rejected key', async (_name, apiKey, status) => {
    stub = await startMeiliStub({ key: KEY });
    const error = await createMeiliEngine({ host: stub.url, apiKey, indexUid: 'x', facets: [] })
      .search({})
      .catch((e: unknown) => e as Error);
    const cause = (error as Error).cause;
    expect(cause).toBeInstanceOf(MeilisearchApiError);
    expect(describeMeiliError({ error: cause, host: stub.url })).toBe(
      `search service ${stub.url} rejected the key (HTTP ${status} ${status === 403 ? 'invalid_api_key' : 'missing_authorization_header'})`,
    );
  });
});

describe('pushStock (forecourt index)', () => {
  const docs = (ids: number[]) => ids.map((id) => ({ id, name: `Car ${id}`, price: id * 100, custom_rank: id, show_on_dealer_website: true }));

  it('creates the index with primary key id, applies settings, sends batches awaiting each task, then is idempotent and deletes stale cars', async () => {
    stub = await startMeiliStub({ key: KEY });
    const progress: string[] = [];
    const first = await pushStock({
      host: stub.url,
      apiKey: KEY,
      indexUid: 'acme-motors',
      documents: docs([1, 2, 3, 4, 5]),
      batchSize: 2,
      onProgress: (p) => progress.push(`${p.stage}:${p.done}/${p.total}`),
    });
    expect(first).toEqual({ indexUid: 'acme-motors', added: 5, deleted: 0, batches: 3, version: '1.12.0', maxTotalHits: 1000, maxValuesPerFacet: 100 });
    expect(progress).toEqual(['settings:0/5', 'documents:2/5', 'documents:4/5', 'documents:5/5', 'cleanup:5/5']);

    const create = stub.requests.find((r) => r.method === 'POST' && r.path === '/indexes');
    expect(create?.body).toEqual({ uid: 'acme-motors', primaryKey: 'id' });
    const settings = stub.requests.find((r) => r.method === 'PATCH');
    expect(settings?.path).toBe('/indexes/acme-motors/settings');
    expect(settings?.body).toEqual(meiliSettings({ documents: docs([1, 2, 3, 4, 5]) }));
    expect(meiliSettings().rankingRules).toContain('custom_rank:desc');
    expect(meiliSettings().sortableAttributes).toEqual(['price', 'custom_rank', 'year', 'km', 'created_at_timestamp']);
    expect(meiliSettings().filterableAttributes).toEqual(
      expect.arrayContaining(['make', 'car_type', 'price', 'year', 'km', 'show_on_dealer_website', 'dealership_slug']),
    );
    const batches = stub.requests.filter((r) => r.method === 'POST' && r.path === '/indexes/acme-motors/documents');
    expect(batches.map((b) => (b.body as { id: number }[]).map((d) => d.id))).toEqual([[1, 2], [3, 4], [5]]);
    expect(batches.every((b) => b.query.primaryKey === 'id')).toBe(true);
    // Each task is polled until it is no longer enqueued (the stub says enqueued once, then succeeded).
    const polls = stub.requests.filter((r) => r.method === 'GET' && r.path.startsWith('/tasks/'));
    expect(polls.length).toBeGreaterThanOrEqual(2 * 5);
    // The next batch is only sent after the previous task finished.
    const order = stub.requests.map((r) => `${r.method} ${r.path}`);
    const secondBatch = order.indexOf('POST /indexes/acme-motors/documents', order.indexOf('POST /indexes/acme-motors/documents') + 1);
    expect(order.slice(0, secondBatch).filter((o) => o.startsWith('GET /tasks/')).length).toBeGreaterThanOrEqual(6);

    // Re-run with car 2 sold and car 6 new: the existing index is reused, car 2 deleted.
    const second = await pushStock({ host: stub.url, apiKey: KEY, indexUid: 'acme-motors', documents: docs([1, 3, 4, 5, 6]), batchSize: 1000 });
    expect(second).toMatchObject({ indexUid: 'acme-motors', added: 5, deleted: 1, batches: 1 });
    expect([...stub.indexes.get('acme-motors')!.docs.keys()].sort()).toEqual(['1', '3', '4', '5', '6']);
    const deletion = stub.requests.find((r) => r.path === '/indexes/acme-motors/documents/delete-batch');
    expect(deletion?.body).toEqual([2]);

    // A third identical run deletes nothing.
    expect((await pushStock({ host: stub.url, apiKey: KEY, indexUid: 'acme-motors', documents: docs([1, 3, 4, 5, 6]) })).deleted).toBe(0);
  });

  it('a rejected key fails before anything is sent', async () => {
    stub = await startMeiliStub({ key: KEY });
    const error = await pushStock({ host: stub.url, apiKey: 'nope', indexUid: 'acme-motors', documents: docs([1]) }).catch((e: unknown) => e);
    expect(describeMeiliError({ error, host: stub.url })).toMatch(/rejected the key \(HTTP 403/);
    expect(stub.indexes.size).toBe(0);
  });
});

describe('site selection', () => {
  const site = {
    slug: 'acme-motors',
    search_host: 'https://search.example',
    search_key: 'k',
    search_index: null,
    search_filters: ['make', 'price'],
    rules: { default_sort: 'price:desc' },
    features: { price_asc_positive_filter: true },
    include_sold_cars_days: 3,
  } as unknown as Parameters<typeof meiliConfigFromSite>[0]['site'];

  it('Meilisearch answers only when both search_host and search_key are set', () => {
    expect(usesMeilisearch({ search_host: 'h', search_key: 'k' })).toBe(true);
    expect(usesMeilisearch({ search_host: 'h', search_key: null })).toBe(false);
    expect(usesMeilisearch({ search_host: null, search_key: 'k' })).toBe(false);
  });

  it('config comes from the record: index defaults to the slug, facets from search_filters, page size 21', () => {
    expect(meiliConfigFromSite({ site })).toEqual({
      host: 'https://search.example',
      apiKey: 'k',
      indexUid: 'acme-motors',
      facets: ['make', 'price'],
      defaultSort: 'price:desc',
      hitsPerPage: 21,
      priceAscPositive: true,
      soldWindowDays: 3,
    });
  });
});
