/**
 * Search engine benchmark: median and p95 query time of the static engine on 5,000 and 50,000
 * synthetic cars, and gzipped index bytes per car and in total (facets + sort keys, cards,
 * first-search transfer). `benchSearch()` is called by the main bench; run alone with
 *   node --import tsx bench/search.ts
 * Budgets: median <= 1 ms at 5,000 and <= 5 ms at 50,000, for the mixed workload and for text
 * queries with typos (typo tolerance at work); index <= 60 gzipped bytes
 * per car; first search of a 5,000-car dealer <= 200 KB gzipped.
 */
import { gzipSync } from 'node:zlib';
import type { BenchRow, BenchSection } from './section.ts';
import { pathToFileURL } from 'node:url';
import type { Car, CarRecord } from '../domain/types.ts';
import { resolveCars } from '../renderer/resolve.ts';
import type { SearchQuery, SortKey } from '../search/contract.ts';
import { buildStaticIndex, type IndexSite } from '../search/buildIndex.ts';
import { STATIC_INDEX_PATH } from '../search/indexFormat.ts';
import { createStaticEngine } from '../search/staticEngine.ts';

/** Seeded PRNG (mulberry32): same seed, same stock. */
function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const CATALOGUE: Record<string, { models: string[]; badges: string[] }> = {
  Toyota: {
    models: ['Corolla', 'Camry', 'RAV4', 'HiLux', 'LandCruiser', 'Yaris', 'Kluger', 'C-HR'],
    badges: ['Ascent', 'Ascent Sport', 'SX', 'ZR', 'GX', 'GXL', 'VX', 'Sahara', 'SR', 'SR5', 'Rugged X'],
  },
  Mazda: { models: ['CX-3', 'CX-5', 'CX-30', 'CX-9', 'Mazda3', 'BT-50', 'MX-5'], badges: ['Maxx', 'Maxx Sport', 'Touring', 'GT', 'Akera', 'XT', 'GT SP'] },
  Ford: { models: ['Ranger', 'Everest', 'Puma', 'Mustang', 'Escape'], badges: ['XL', 'XLS', 'XLT', 'Sport', 'Wildtrak', 'Raptor', 'Platinum', 'GT'] },
  Hyundai: { models: ['i30', 'Tucson', 'Santa Fe', 'Kona', 'Venue', 'Palisade'], badges: ['Active', 'Elite', 'Highlander', 'N Line', 'Elite N Line'] },
  Kia: { models: ['Sportage', 'Sorento', 'Cerato', 'Seltos', 'Carnival', 'Picanto'], badges: ['S', 'Sport', 'Sport+', 'GT-Line', 'Platinum'] },
  Mitsubishi: { models: ['Triton', 'Outlander', 'ASX', 'Eclipse Cross', 'Pajero Sport'], badges: ['GLX', 'GLX+', 'GLS', 'Exceed', 'LS', 'ES'] },
  Nissan: { models: ['Navara', 'X-Trail', 'Qashqai', 'Patrol', 'Juke'], badges: ['SL', 'ST', 'ST-L', 'Ti', 'Ti-L', 'Pro-4X'] },
  Volkswagen: { models: ['Golf', 'Tiguan', 'Amarok', 'Polo', 'T-Roc'], badges: ['Life', 'Style', 'R-Line', 'GTI', 'R', 'Core'] },
  Subaru: { models: ['Forester', 'Outback', 'XV', 'WRX', 'Impreza'], badges: ['2.5i', '2.5i-L', '2.5i Premium', '2.5i-S', 'Touring'] },
  Isuzu: { models: ['D-Max', 'MU-X'], badges: ['SX', 'LS-M', 'LS-U', 'X-Terrain'] },
  Tesla: { models: ['Model 3', 'Model Y'], badges: ['Rear-Wheel Drive', 'Long Range', 'Performance'] },
  MG: { models: ['ZS', 'HS', 'MG3', 'MG4'], badges: ['Vibe', 'Excite', 'Essence'] },
  BYD: { models: ['Atto 3', 'Seal', 'Dolphin'], badges: ['Standard', 'Extended', 'Premium', 'Performance'] },
  Honda: { models: ['CR-V', 'HR-V', 'Civic', 'Jazz'], badges: ['Vi', 'VTi', 'VTi X', 'VTi L', 'e:HEV RS'] },
};
const BODIES = ['SUV', 'Hatchback', 'Ute', 'Sedan', 'Wagon', 'Coupe'];
const FUELS = ['Petrol', 'Diesel', 'Hybrid', 'Electric'];
const TRANSMISSIONS = ['Automatic', 'Manual'];
const DRIVES = ['2WD', 'AWD', '4WD'];
const COLOURS = ['White', 'Black', 'Silver', 'Grey', 'Blue', 'Red'];
const TAGS = [null, null, null, null, null, null, null, 'Special', 'Test Drive Only', 'Pre-order'];
const LOCATIONS = [
  { id: 1, name: 'City Motors - Sales', slug: 'city-motors-sales', city: 'Brisbane', state: 'QLD' },
  { id: 2, name: 'Northside Motors', slug: 'northside-motors', city: 'Chermside', state: 'QLD' },
  { id: 3, name: 'Bayside Used Cars', slug: 'bayside-used-cars', city: 'Cleveland', state: 'QLD' },
];

/** `count` synthetic cars (feed rows through resolveCars), deterministic for a seed; dates relative to `now`. */
export function syntheticCars({ count, seed = 42, now = new Date('2026-11-20T00:00:00Z') }: { count: number; seed?: number; now?: Date }): Car[] {
  const rand = mulberry32(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)];
  const makes = Object.keys(CATALOGUE);
  const cars: CarRecord[] = [];
  for (let i = 0; i < count; i++) {
    const id = 100_000 + i;
    const make = pick(makes);
    const model = pick(CATALOGUE[make].models);
    const badge = rand() < 0.9 ? pick(CATALOGUE[make].badges) : null;
    const car_type = rand() < 0.25 ? 'new' : rand() < 0.15 ? 'demo' : 'used';
    const year = car_type === 'new' ? 2026 : 2008 + Math.floor(rand() * 19);
    const body = pick(BODIES);
    const status = rand() < 0.9 ? 'in_stock' : 'coming_soon';
    const priceRoll = rand();
    const price = priceRoll < 0.03 ? 0 : Math.round((8000 + rand() * rand() * 120_000) / 10) * 10 - (rand() < 0.5 ? 10 : 0);
    const location = pick(LOCATIONS);
    const n = 1 + Math.floor(rand() * 6);
    const image = `/assets/shared/cars/${body.toLowerCase()}-${n}.svg`;
    cars.push({
      id,
      slug: `${year}-${make}-${model}-${id}`.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
      name: [year, make, model, badge].filter(Boolean).join(' '),
      make,
      model,
      year,
      badge,
      km: car_type === 'new' ? Math.floor(rand() * 10) : Math.floor(rand() * 250_000),
      colour: pick(COLOURS),
      car_type,
      status,
      sold: false,
      reserved: rand() < 0.03,
      certified: make === 'Toyota' && car_type === 'used' && rand() < 0.2,
      tag: pick(TAGS),
      created_at: new Date(now.getTime() - Math.floor(rand() * 90) * 86_400_000).toISOString(),
      show_on_dealer_website: true,
      price,
      before_price: rand() < 0.1 ? price + 1000 : null,
      subscription_price: null,
      simple_fuel: make === 'Tesla' || make === 'BYD' ? 'Electric' : pick(FUELS),
      simple_body: body,
      simple_transmission: pick(TRANSMISSIONS),
      simple_drive: pick(DRIVES),
      primary_image_url: image,
      images: [{ image: { url: image, thumb: { url: image } } }],
      dealership_slug: 'city-motors',
      dealership_id: 7,
      location,
      custom_rank: Math.floor(rand() * 1000),
    });
  }
  return resolveCars({ cars });
}

/** The site fields the index reads, for a synthetic dealer. */
export function syntheticSite({ now = '2026-11-20T00:00:00.000Z' }: { now?: string } = {}): IndexSite {
  return {
    name: 'City Motors',
    now,
    include_sold_cars_days: 3,
    search_filters: ['make', 'model', 'car_type', 'simple_body', 'simple_fuel', 'simple_transmission', 'location_name', 'price', 'year', 'km'],
    rules: { default_sort: 'custom_rank:desc' },
    features: { electric_hybrid_tag: false, price_asc_positive_filter: false },
    search_host: null,
    search_key: null,
  } as unknown as IndexSite;
}

/** Queries a shopper makes: scoped, refined, ranged, sorted, text, deep pages. */
function workload({ count, seed }: { count: number; seed: number }): SearchQuery[] {
  const rand = mulberry32(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)];
  const makes = Object.keys(CATALOGUE);
  const sorts: SortKey[] = ['price:asc', 'price:desc', 'custom_rank:desc'];
  return Array.from({ length: count }, () => {
    const make = pick(makes);
    const q: SearchQuery = { sortBy: pick(sorts), page: 1 + Math.floor(rand() * 3) };
    if (rand() < 0.5) q.scope = { car_type: rand() < 0.5 ? ['used'] : ['new', 'demo'] };
    if (rand() < 0.7) q.refinements = { make: [make], ...(rand() < 0.4 ? { simple_body: [pick(BODIES), pick(BODIES)] } : {}) };
    if (rand() < 0.5) q.ranges = { price: { min: 5000 + Math.floor(rand() * 20) * 1000, max: rand() < 0.5 ? 60_000 : undefined } };
    if (rand() < 0.2) q.query = pick(CATALOGUE[make].models).slice(0, 3);
    return q;
  });
}

/** One typo in a word: a letter dropped, changed or two neighbours swapped, never the first letter. */
function withTypo(word: string, rand: () => number): string {
  const w = word.toLowerCase();
  if (w.length < 5) return w;
  const at = 1 + Math.floor(rand() * (w.length - 2));
  const kind = Math.floor(rand() * 3);
  if (kind === 0) return w.slice(0, at) + w.slice(at + 1);
  if (kind === 1) return w.slice(0, at) + (w[at] === 'x' ? 'q' : 'x') + w.slice(at + 1);
  return w.slice(0, at) + w[at + 1] + w[at] + w.slice(at + 2);
}

/** Text queries a shopper types with typo tolerance at work: a make or model with one typo, alone or with a refinement or sort. */
function typoWorkload({ count, seed }: { count: number; seed: number }): SearchQuery[] {
  const rand = mulberry32(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)];
  const makes = Object.keys(CATALOGUE);
  const sorts: SortKey[] = ['price:asc', 'price:desc', 'custom_rank:desc'];
  return Array.from({ length: count }, () => {
    const make = pick(makes);
    const words = rand() < 0.5 ? [withTypo(make, rand)] : [withTypo(make, rand), withTypo(pick(CATALOGUE[make].models), rand)];
    const q: SearchQuery = { query: words.join(' '), sortBy: pick(sorts), page: 1 + Math.floor(rand() * 2) };
    if (rand() < 0.3) q.scope = { car_type: ['used'] };
    return q;
  });
}

async function timed(engine: { search(q: SearchQuery): Promise<unknown> }, work: SearchQuery[]): Promise<number[]> {
  for (const q of work.slice(0, 50)) await engine.search(q); // warm up the JIT and card cache
  const times: number[] = [];
  for (const q of work) {
    const t0 = performance.now();
    await engine.search(q);
    times.push(performance.now() - t0);
  }
  return times.sort((a, b) => a - b);
}

/** Figures for one stock size. */
export interface SearchBenchFigures {
  cars: number;
  visible: number;
  medianMs: number;
  p95Ms: number;
  /** Text queries with one typo per word (typo tolerance at work). */
  typoMedianMs: number;
  typoP95Ms: number;
  indexGzipBytes: number;
  indexGzipBytesPerCar: number;
  cardsGzipBytes: number;
  cardsGzipBytesPerCar: number;
  firstSearchGzipBytes: number;
}

function quantile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}

/** Build the static index for `cars` synthetic cars and time a workload of queries on it. */
export async function benchStaticEngine({
  cars: count,
  queries = 400,
  seed = 42,
}: {
  cars: number;
  queries?: number;
  seed?: number;
}): Promise<SearchBenchFigures> {
  const site = syntheticSite();
  const cars = syntheticCars({ count, seed });
  const assets = buildStaticIndex({ site, cars });
  const files = new Map(assets.map((a) => [a.path, a.contents]));
  const index = files.get(STATIC_INDEX_PATH) as Uint8Array;
  const gz = (c: string | Uint8Array) => gzipSync(c, { level: 9 }).length;
  const indexGzipBytes = gz(index);
  const chunkAssets = assets.filter((a) => a.path !== STATIC_INDEX_PATH);
  const cardsGzipBytes = chunkAssets.reduce((s, a) => s + gz(a.contents), 0);
  const fetched = new Set<string>();
  const dir = STATIC_INDEX_PATH.slice(0, STATIC_INDEX_PATH.lastIndexOf('/') + 1);
  const engine = createStaticEngine({
    index,
    loadChunk: async (file) => {
      fetched.add(dir + file);
      return files.get(dir + file) as string;
    },
  });
  // First search of a visit: the default listing, page 1.
  await engine.search({});
  const firstSearchGzipBytes = indexGzipBytes + [...fetched].reduce((s, p) => s + gz(files.get(p)!), 0);
  const times = await timed(engine, workload({ count: queries, seed: seed + 1 }));
  const typoTimes = await timed(engine, typoWorkload({ count: queries, seed: seed + 2 }));
  const visible = engine.header.n;
  return {
    cars: count,
    visible,
    medianMs: quantile(times, 0.5),
    p95Ms: quantile(times, 0.95),
    typoMedianMs: quantile(typoTimes, 0.5),
    typoP95Ms: quantile(typoTimes, 0.95),
    indexGzipBytes,
    indexGzipBytesPerCar: indexGzipBytes / visible,
    cardsGzipBytes,
    cardsGzipBytesPerCar: cardsGzipBytes / visible,
    firstSearchGzipBytes,
  };
}

/** The search section of the benchmark: prints and returns figures for 5,000 and 50,000 cars. */
export async function benchSearch({ sizes = [5000, 50_000], log = console.log }: { sizes?: number[]; log?: (line: string) => void } = {}): Promise<
  SearchBenchFigures[]
> {
  const out: SearchBenchFigures[] = [];
  log('search (static engine)');
  for (const cars of sizes) {
    const f = await benchStaticEngine({ cars });
    out.push(f);
    log(
      `  ${String(cars).padStart(6)} cars  median ${f.medianMs.toFixed(3)} ms  p95 ${f.p95Ms.toFixed(3)} ms  ` +
        `typo text median ${f.typoMedianMs.toFixed(3)} ms  p95 ${f.typoP95Ms.toFixed(3)} ms  ` +
        `index ${(f.indexGzipBytes / 1024).toFixed(1)} KB gz (${f.indexGzipBytesPerCar.toFixed(1)} B/car)  ` +
        `cards ${(f.cardsGzipBytes / 1024).toFixed(1)} KB gz (${f.cardsGzipBytesPerCar.toFixed(1)} B/car)  ` +
        `first search ${(f.firstSearchGzipBytes / 1024).toFixed(1)} KB gz`,
    );
  }
  return out;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await benchSearch();
}

/** The static engine as a section of `npm run bench`, with its budgets. */
export const searchEngineSection: BenchSection = {
  name: 'search-engine',
  run: async ({ log }) => {
    const figures = await benchSearch({ log });
    const rows: BenchRow[] = figures.flatMap((f) => [
      { label: `${f.cars} cars: median query`, value: `${f.medianMs.toFixed(3)} ms (p95 ${f.p95Ms.toFixed(3)} ms)`, raw: f.medianMs },
      {
        label: `${f.cars} cars: median text query with typos`,
        value: `${f.typoMedianMs.toFixed(3)} ms (p95 ${f.typoP95Ms.toFixed(3)} ms)`,
        raw: f.typoMedianMs,
      },
      {
        label: `${f.cars} cars: index gzipped`,
        value: `${(f.indexGzipBytes / 1024).toFixed(1)} KB (${f.indexGzipBytesPerCar.toFixed(1)} B/car)`,
        raw: f.indexGzipBytes,
      },
      {
        label: `${f.cars} cars: result cards gzipped`,
        value: `${(f.cardsGzipBytes / 1024).toFixed(1)} KB (${f.cardsGzipBytesPerCar.toFixed(1)} B/car)`,
        raw: f.cardsGzipBytes,
      },
      { label: `${f.cars} cars: first search transfer`, value: `${(f.firstSearchGzipBytes / 1024).toFixed(1)} KB gzipped`, raw: f.firstSearchGzipBytes },
    ]);
    const at = (cars: number) => figures.find((f) => f.cars === cars);
    const budgets = [
      { cars: 5000, ms: 1 },
      { cars: 50_000, ms: 5 },
    ].flatMap(({ cars, ms }) => {
      const f = at(cars);
      return f
        ? [
            { label: `median query on ${cars} cars <= ${ms} ms`, ok: f.medianMs <= ms, detail: `${f.medianMs.toFixed(3)} ms` },
            { label: `median text query with typo tolerance on ${cars} cars <= ${ms} ms`, ok: f.typoMedianMs <= ms, detail: `${f.typoMedianMs.toFixed(3)} ms` },
          ]
        : [];
    });
    const five = at(5000);
    if (five) {
      budgets.push({ label: 'index bytes per car gzipped <= 60', ok: five.indexGzipBytesPerCar <= 60, detail: `${five.indexGzipBytesPerCar.toFixed(1)} B` });
      budgets.push({
        label: 'first search on 5,000 cars <= 200 KB gzipped',
        ok: five.firstSearchGzipBytes <= 200 * 1024,
        detail: `${(five.firstSearchGzipBytes / 1024).toFixed(1)} KB`,
      });
    }
    return { title: 'Static search engine (synthetic stock, Node)', rows, budgets };
  },
};
