/**
 * The two engines answer one contract: the same stock through the static index and through the
 * Meilisearch backend (against the strict recorder, which evaluates filters and sorts in memory)
 * gives the same hits in the same order for the sort and filter rules they share.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { makeCar } from '../domain/fixtures/car.ts';
import type { Car } from '../domain/types.ts';
import { sampleSite } from '../fixtures/sites/northside.ts';
import { startMeiliRecorder, type MeiliRecorder } from '../fixtures/search/meiliRecorder.ts';
import type { SearchQuery } from './contract.ts';
import { buildStaticIndex, meiliDocuments } from './buildIndex.ts';
import { createMeiliEngine, meiliConfigFromSite } from './meiliEngine.ts';
import { pushStock } from './meiliIndexer.ts';
import { createStaticEngine } from './staticEngine.ts';
import { STATIC_INDEX_PATH } from './indexFormat.ts';

const ADMIN = 'admin-key-parity';
const NOW = '2025-06-15T00:00:00.000Z';

let recorder: MeiliRecorder | null = null;
afterEach(async () => {
  await recorder?.close();
  recorder = null;
});

/** Both engines over `cars` for a site with `features` (Meilisearch through the recorder). */
async function engines({ cars, positive }: { cars: Car[]; positive: boolean }) {
  const base = sampleSite({ now: NOW, search_filters: ['make', 'price', 'year', 'km'], search_index: null });
  const site = { ...base, features: { ...base.features, price_asc_positive_filter: positive } };
  const assets = buildStaticIndex({ site: { ...site, search_host: null, search_key: null }, cars });
  const index = assets.find((a) => a.path === STATIC_INDEX_PATH)!.contents as Uint8Array;
  const dir = STATIC_INDEX_PATH.slice(0, STATIC_INDEX_PATH.lastIndexOf('/') + 1);
  const staticEngine = createStaticEngine({ index, loadChunk: async (file) => assets.find((a) => a.path === dir + file)!.contents as string });
  recorder = await startMeiliRecorder({ adminKey: ADMIN });
  const meiliSite = { ...site, search_host: recorder.url, search_key: ADMIN };
  const config = meiliConfigFromSite({ site: meiliSite });
  await pushStock({ host: recorder.url, apiKey: ADMIN, indexUid: config.indexUid, documents: meiliDocuments({ site: meiliSite, cars }) });
  const meili = createMeiliEngine({ ...config, clock: () => new Date(NOW) });
  return { staticEngine, meili };
}

async function ids(engine: { search(q: SearchQuery): Promise<{ hits: { id: number }[] }> }, query: SearchQuery): Promise<number[]> {
  return (await engine.search(query)).hits.map((h) => h.id);
}

describe('static engine and Meilisearch agree', () => {
  // SPEC §5: "With a price-ascending sort, some dealers add a filter price > 0": 0 and a missing price are left out, 5 and 10 are above 0 and stay.
  const priced = [
    makeCar({ id: 1, slug: 'c1', price: 11 }),
    makeCar({ id: 2, slug: 'c2', price: 0 }),
    makeCar({ id: 3, slug: 'c3', price: 10 }),
    makeCar({ id: 4, slug: 'c4', price: 5 }),
    makeCar({ id: 5, slug: 'c5', price: 25_000 }),
    makeCar({ id: 6, slug: 'c6', price: null as unknown as number }),
  ];

  it.each([
    [true, 'price:asc', [4, 3, 1, 5]],
    [true, 'price:desc', [5, 1, 3, 4, 2, 6]],
    [false, 'price:asc', [2, 4, 3, 1, 5]],
  ] as const)('price_asc_positive_filter %s, %s: the price floor of SPEC §5 in both engines', async (positive, sortBy, expected) => {
    // Without the floor a car with no price is not compared: the static index counts it as 0, Meilisearch puts it last.
    const cars = positive ? priced : priced.filter((c) => c.price !== null);
    const { staticEngine, meili } = await engines({ cars, positive });
    expect(await ids(staticEngine, { sortBy })).toEqual(expected);
    expect(await ids(meili, { sortBy })).toEqual(expected);
  });

  it.each([
    ['year:desc', [3, 1, 4, 2]],
    ['km:asc', [2, 4, 1, 3]],
    ['created_at_timestamp:desc', [4, 2, 3, 1]],
  ] as const)('%s: the added sorts order both engines alike, a car without the value last', async (sortBy, expected) => {
    const cars = [
      makeCar({ id: 1, slug: 'c1', year: 2019, km: 60_000, created_at: '2025-06-01T00:00:00Z', custom_rank: 4 }),
      makeCar({ id: 2, slug: 'c2', year: 2012, km: 5, created_at: '2025-06-10T00:00:00Z', custom_rank: 3 }),
      makeCar({ id: 3, slug: 'c3', year: 2024, km: null, created_at: '2025-06-05T00:00:00Z', custom_rank: 2 }),
      makeCar({ id: 4, slug: 'c4', year: 2018, km: 30_000, created_at: '2025-06-14T00:00:00Z', custom_rank: 1 }),
    ];
    const { staticEngine, meili } = await engines({ cars, positive: false });
    expect(await ids(staticEngine, { sortBy })).toEqual(expected);
    expect(await ids(meili, { sortBy })).toEqual(expected);
  });
});
