/**
 * A 12,000-car dealer through `forecourt index` and the Meilisearch engine, against the strict
 * recorder (fixtures/search/meiliRecorder.ts): no Meilisearch binary can run here, so the
 * recorder stands in for the server, enforcing its request shapes, key rights, maxTotalHits and
 * maxValuesPerFacet, and answering from a real evaluation of each filter.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { BASE_CAR } from '../domain/fixtures/car.ts';
import { DAY_MS } from '../domain/days.ts';
import type { Car } from '../domain/types.ts';
import { sampleSite } from '../fixtures/sites/northside.ts';
import { startMeiliRecorder, type MeiliRecorder } from '../fixtures/search/meiliRecorder.ts';
import { runIndex } from '../cli/indexStock.ts';
import { createMeiliEngine, meiliConfigFromSite } from './meiliEngine.ts';
import { pushStock } from './meiliIndexer.ts';
import { meiliDocuments } from './buildIndex.ts';

const ADMIN = 'admin-key-0123';
const SEARCH = 'search-key-4567';
const NOW = new Date('2026-11-20T00:00:00.000Z');
const CARS = 12_000;
const MAKES = ['Toyota', 'Mazda', 'Ford', 'Kia', 'Hyundai', 'Subaru'];

let recorder: MeiliRecorder | null = null;
afterEach(async () => {
  await recorder?.close();
  recorder = null;
});

function buffer() {
  const chunks: string[] = [];
  return { isTTY: false, write: (t: string) => chunks.push(t), text: () => chunks.join('') };
}

/** 12,000 cars plus six sold ones: sold 1 day before NOW (inside the 3-day window) and 2 days before. */
function stock(): Car[] {
  const cars: Car[] = Array.from({ length: CARS }, (_, i) => ({
    ...BASE_CAR,
    id: i + 1,
    slug: `car-${i + 1}`,
    make: MAKES[i % MAKES.length],
    model: `Model ${i % 250}`,
    car_type: (['new', 'used', 'demo'] as const)[i % 3],
    price: 10_000 + i,
  }));
  for (let k = 0; k < 6; k++) {
    const soldAgo = k < 3 ? 1 : 2;
    cars.push({
      ...BASE_CAR,
      id: CARS + k + 1,
      slug: `sold-${k}`,
      status: k % 2 === 0 ? 'sold' : 'in_stock',
      sold: true,
      sold_date: new Date(NOW.getTime() - soldAgo * DAY_MS).toISOString(),
    });
  }
  return cars;
}

function site(host: string) {
  return sampleSite({
    slug: 'big-dealer',
    search_host: host,
    search_key: SEARCH,
    search_index: null,
    include_sold_cars_days: 3,
    search_filters: ['make', 'model', 'car_type', 'price'],
    now: NOW.toISOString(),
  });
}

describe('a 12,000-car Meilisearch dealer (strict recorder)', () => {
  it('indexes with the admin key, then searches with the search key: exact totals, a full last page, the 1999 rule, the sold window at query time', async () => {
    recorder = await startMeiliRecorder({ adminKey: ADMIN, keys: [{ key: SEARCH, actions: ['search'], indexes: ['big-dealer'] }] });
    const cars = stock();
    const loaded = { site: site(recorder.url), cars, diagnostics: [] };
    const stdout = buffer();
    const stderr = buffer();
    const code = await runIndex({
      slug: 'big-dealer',
      env: { MEILISEARCH_ADMIN_KEY: ADMIN, FORECOURT_SEARCH_HOSTS: recorder.url },
      now: NOW,
      stdout,
      stderr,
      loadDealer: async () => loaded,
    });
    expect(stderr.text()).toBe('');
    expect(code).toBe(0);
    expect(stdout.text()).toContain('12006 cars indexed into big-dealer');
    // Twice the stock and twice the most values of a facet (make_model: 750), rounded up.
    expect(stdout.text()).toContain('maxTotalHits 25000, maxValuesPerFacet 1600)');
    // Every write and read-back used the admin key; nothing before search used the public key.
    expect(new Set(recorder.requests.filter((r) => r.path !== '/keys/' + SEARCH).map((r) => r.key))).toEqual(new Set([ADMIN]));
    expect(recorder.indexes.get('big-dealer')!.settings.pagination.maxTotalHits).toBe(25_000);
    recorder.requests.length = 0;

    let clock = NOW;
    const config = { ...meiliConfigFromSite({ site: loaded.site }), clock: () => clock };
    expect(config.apiKey).toBe(SEARCH);
    const engine = createMeiliEngine(config);
    const first = await engine.search({});
    expect(first.estimatedTotalHits).toBe(CARS + 6);
    expect(first.pages).toBe(Math.ceil((CARS + 6) / 21));
    // Above 1999 hits the total is summed from the car_type facet (SPEC §9), not the estimate.
    expect(Object.values(first.facetDistribution.car_type).reduce((a, b) => a + b, 0)).toBe(first.estimatedTotalHits);
    expect(Object.keys(first.facetDistribution.model)).toHaveLength(251); // 250 models and the sold cars' Corolla

    const last = await engine.search({ page: first.pages });
    expect(last.hits).toHaveLength(CARS + 6 - (first.pages - 1) * 21);
    const priceDesc = await engine.search({ sortBy: 'price:desc', page: first.pages });
    expect(priceDesc.hits.length).toBeGreaterThan(0);

    // The window is counted at search time: one day later the cars sold two days before NOW have left it.
    clock = new Date(NOW.getTime() + 1.5 * DAY_MS);
    const later = await engine.search({});
    expect(later.estimatedTotalHits).toBe(CARS + 3);
    clock = new Date(NOW.getTime() + 3 * DAY_MS);
    expect((await engine.search({})).estimatedTotalHits).toBe(CARS);
    expect(new Set(recorder.requests.map((r) => r.key))).toEqual(new Set([SEARCH]));
  }, 120_000);

  it('without the pushed limits the server caps totals at 1000 and facets at 100 values (what index prevents)', async () => {
    recorder = await startMeiliRecorder({ adminKey: ADMIN });
    const loaded = { site: site(recorder.url), cars: stock().slice(0, 3000), diagnostics: [] };
    await pushStock({ host: recorder.url, apiKey: ADMIN, indexUid: 'big-dealer', documents: meiliDocuments({ site: loaded.site, cars: loaded.cars }) });
    const index = recorder.indexes.get('big-dealer')!;
    index.settings.pagination.maxTotalHits = 1000;
    index.settings.faceting.maxValuesPerFacet = 100;
    const engine = createMeiliEngine({ ...meiliConfigFromSite({ site: loaded.site }), apiKey: ADMIN, clock: () => NOW, facets: ['model'] });
    const r = await engine.search({ page: 60 });
    expect(r.hits).toEqual([]);
    expect(Object.keys((await engine.search({})).facetDistribution.model)).toHaveLength(100);
  });

  it('the search key cannot write, an old server is refused, and a search key with write rights is warned about', async () => {
    recorder = await startMeiliRecorder({ adminKey: ADMIN, keys: [{ key: SEARCH, actions: ['search', 'documents.add'], indexes: ['*'] }] });
    const loaded = { site: site(recorder.url), cars: stock().slice(0, 10), diagnostics: [] };
    const denied = buffer();
    expect(
      await runIndex({
        slug: 'big-dealer',
        key: SEARCH,
        env: { FORECOURT_SEARCH_HOSTS: recorder.url },
        now: NOW,
        stdout: buffer(),
        stderr: denied,
        loadDealer: async () => loaded,
      }),
    ).toBe(1);
    expect(denied.text()).toContain('rejected the key (HTTP 403');
    const noKey = buffer();
    expect(
      await runIndex({
        slug: 'big-dealer',
        env: { FORECOURT_SEARCH_HOSTS: recorder.url },
        now: NOW,
        stdout: buffer(),
        stderr: noKey,
        loadDealer: async () => loaded,
      }),
    ).toBe(1);
    expect(noKey.text()).toBe("big-dealer: no admin key; pass --key or set MEILISEARCH_ADMIN_KEY (the record's search_key is public and only searches)\n");
    const warned = buffer();
    expect(
      await runIndex({
        slug: 'big-dealer',
        env: { MEILISEARCH_ADMIN_KEY: ADMIN, FORECOURT_SEARCH_HOSTS: recorder.url },
        now: NOW,
        stdout: buffer(),
        stderr: warned,
        loadDealer: async () => loaded,
      }),
    ).toBe(0);
    expect(warned.text()).toContain("warning: the record's search_key may documents.add; every page embeds it.");
    await recorder.close();

    recorder = await startMeiliRecorder({ adminKey: ADMIN, version: '0.30.5' });
    const old = buffer();
    const oldServer = { ...loaded, site: site(recorder.url) };
    expect(
      await runIndex({
        slug: 'big-dealer',
        env: { MEILISEARCH_ADMIN_KEY: ADMIN, FORECOURT_SEARCH_HOSTS: recorder.url },
        now: NOW,
        stdout: buffer(),
        stderr: old,
        loadDealer: async () => oldServer,
      }),
    ).toBe(1);
    expect(old.text()).toContain('runs Meilisearch 0.30.5; forecourt needs Meilisearch 1.x from 1.1.0');
  });

  it('rejects what the server rejects: unknown body fields, snake_case, filters on attributes that are not filterable', async () => {
    recorder = await startMeiliRecorder({ adminKey: ADMIN });
    const post = (path: string, body: unknown) =>
      fetch(recorder!.url + path, {
        method: 'POST',
        headers: { authorization: `Bearer ${ADMIN}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    await post('/indexes', { uid: 'x', primaryKey: 'id' });
    expect((await post('/indexes/x/search', { q: '', hits_per_page: 2 })).status).toBe(400);
    expect((await post('/multi-search', { queries: [{ indexUid: 'x', q: '', extra: 1 }] })).status).toBe(400);
    const bad = await post('/indexes/x/search', { filter: 'price > 5' });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { code: string }).code).toBe('invalid_search_filter');
    const patch = await fetch(recorder.url + '/indexes/x/settings', {
      method: 'PATCH',
      headers: { authorization: `Bearer ${ADMIN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ pagination: { max_total_hits: 5 } }),
    });
    expect(patch.status).toBe(400);
  });
});
