import { describe, expect, it } from 'vitest';
import { gzipSync } from 'node:zlib';
import { BASE_CAR } from '../domain/fixtures/car.ts';
import type { Car } from '../domain/types.ts';
import { benchStaticEngine, syntheticCars, syntheticSite } from '../bench/search.ts';
import { buildStaticIndex, meiliDocuments, searchDocuments, type IndexSite } from './buildIndex.ts';
import { STATIC_INDEX_PATH } from './indexFormat.ts';
import { createStaticEngine } from './staticEngine.ts';

const NOW = '2026-11-20T00:00:00.000Z';
const DAY = 86_400_000;
const daysAgo = (d: number) => new Date(Date.parse(NOW) - d * DAY).toISOString();

function site(over: Partial<Record<keyof IndexSite, unknown>> = {}): IndexSite {
  return { ...syntheticSite({ now: NOW }), search_filters: ['make', 'car_type', 'price'], ...over } as IndexSite;
}

const car = (id: number, over: Partial<Car> = {}): Car => ({ ...BASE_CAR, id, slug: `car-${id}`, ...over });

function engineFrom(assets: ReturnType<typeof buildStaticIndex>) {
  const files = new Map(assets.map((a) => [a.path, a.contents]));
  return createStaticEngine({ index: files.get(STATIC_INDEX_PATH) as Uint8Array, loadChunk: async (f) => files.get(`assets/search/${f}`) as string });
}

describe('buildStaticIndex', () => {
  const stock = [
    car(1, { make: 'Toyota', price: 20000, custom_rank: 5, before_price: 21000 }),
    car(2, { make: 'Mazda', price: 15000, custom_rank: 9 }),
    car(3, { status: 'sold', sold: true, sold_date: daysAgo(3) }), // inside a 3-day window (boundary day)
    car(4, { status: 'sold', sold: true, sold_date: daysAgo(4) }), // outside it
    car(5, { show_on_dealer_website: false }),
    car(6, { status: 'coming_soon', custom_rank: 1 }),
  ];

  it('indexes only what the site shows (show_on_dealer_website and the sold window from site.now)', () => {
    expect(searchDocuments({ site: site(), cars: stock }).docs.map((d) => d.id)).toEqual([1, 2, 3, 6]);
    expect(searchDocuments({ site: site({ include_sold_cars_days: 0 }), cars: stock }).docs.map((d) => d.id)).toEqual([1, 2, 6]);
    expect(searchDocuments({ site: site({ include_sold_cars_days: 14 }), cars: stock }).docs.map((d) => d.id)).toEqual([1, 2, 3, 4, 6]);
  });

  it('writes the index and card chunks as site assets that the static engine answers from', async () => {
    const assets = buildStaticIndex({ site: site(), cars: stock });
    expect(assets[0].path).toBe('assets/search/index.bin');
    expect(assets.slice(1).every((a) => /^assets\/search\/cards-[0-9a-f]{8}-\d+\.json$/.test(a.path))).toBe(true);
    const r = await engineFrom(assets).search({ refinements: { make: ['Toyota'] } });
    expect(r.hits.map((h) => h.id)).toEqual([1, 3, 6]);
    expect(r.hits[0]).toMatchObject({
      slug: 'car-1',
      before_price: 21000,
      image_url: BASE_CAR.primary_image_url,
      location_name: 'Sample Toyota - Sales',
      reserved: false,
    });
    expect(r.facetDistribution.make).toEqual({ Toyota: 3, Mazda: 1 });
    expect(r.facetStats.price).toEqual({ min: 20000, max: 24990 });
  });

  it('is deterministic: same input, same bytes and chunk names', () => {
    const a = buildStaticIndex({ site: site(), cars: stock });
    const b = buildStaticIndex({ site: site(), cars: [...stock].reverse() });
    expect(a.map((x) => x.path)).toEqual(b.map((x) => x.path));
    expect(Buffer.from(a[0].contents as Uint8Array).equals(Buffer.from(b[0].contents as Uint8Array))).toBe(true);
  });

  it('a dealer served by Meilisearch gets the same static index (the fallback when the service is down)', () => {
    const meili = site({ search_host: 'https://search.example', search_key: 'k' });
    const withService = buildStaticIndex({ site: meili, cars: stock });
    const without = buildStaticIndex({ site: site(), cars: stock });
    expect(withService.map((a) => a.path)).toEqual(without.map((a) => a.path));
    expect(withService.length).toBeGreaterThan(1);
  });

  it('Meilisearch documents are the search document plus the card fields', () => {
    const [doc] = meiliDocuments({ site: site(), cars: [stock[0]] });
    expect(doc).toMatchObject({
      id: 1,
      make_model: 'Toyota Corolla',
      price_range: '$20,000 - $30,000',
      before_price: 21000,
      show_on_dealer_website: true,
      custom_rank: 5,
    });
  });
});

describe('budgets on synthetic stock', () => {
  // Sizes are deterministic, so they are held here; query time is measured by `npm run bench`.
  it('5,000 cars: <= 60 gzipped index bytes per car, first search <= 200 KB gzipped', async () => {
    const f = await benchStaticEngine({ cars: 5000, queries: 200 });
    expect(f.indexGzipBytesPerCar).toBeLessThanOrEqual(60);
    expect(f.firstSearchGzipBytes).toBeLessThanOrEqual(200 * 1024);
  });

  it('the synthetic generator is deterministic', () => {
    expect(JSON.stringify(syntheticCars({ count: 50, seed: 7 }))).toBe(JSON.stringify(syntheticCars({ count: 50, seed: 7 })));
    expect(gzipSync(JSON.stringify(syntheticCars({ count: 5, seed: 8 }))).length).toBeGreaterThan(0);
  });
});
