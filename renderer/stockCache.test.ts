import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { hash } from 'node:crypto';
import { deserialize, serialize } from 'node:v8';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { loadDealer } from './loadDealer.ts';
import { createStockMemory } from './stockMemo.ts';
import { createCarMemo, type CarMemo } from './carMemo.ts';
import { MAX_STOCK_CACHE_ENTRIES, rewriteStockCache, STOCK_CACHE_SUFFIX, type StockCache } from './stockCache.ts';

const NOW = new Date('2025-06-05T00:00:00Z');
const SLUG = 'bayside-cars';
const tmp = mkdtempSync(path.join(tmpdir(), 'forecourt-stock-cache-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const dealersDir = path.join(tmp, 'dealers');
const feedFile = path.join(dealersDir, SLUG, 'stock.json');
const cacheDir = path.join(tmp, 'cache');
// The fixture's clean rows (it has a bad one on purpose), one field per line.
const original = JSON.stringify(
  (JSON.parse(readFileSync(path.join('fixtures/build/dealers', SLUG, 'stock.json'), 'utf8')) as { price: unknown }[]).filter(
    (row) => typeof row.price === 'number',
  ),
  null,
  2,
);

beforeEach(() => {
  rmSync(tmp, { recursive: true, force: true });
  cpSync(path.join('fixtures/build/dealers', SLUG), path.join(dealersDir, SLUG), { recursive: true });
  writeFileSync(feedFile, original);
});

/** A load as a new process makes it: a new stock memory, the disk cache of code version `version`. */
const load = ({ version = 'v1', cache = true, hashes }: { version?: string; cache?: boolean; hashes?: CarMemo } = {}) => {
  const stockCache: StockCache | null = cache ? { dir: cacheDir, version: () => version, hashes } : null;
  return loadDealer({ dealersDir, slug: SLUG, now: NOW, stock: createStockMemory(), stockCache });
};

const entries = () => readdirSync(cacheDir).filter((name) => name.endsWith(STOCK_CACHE_SUFFIX));

/** What an entry holds (renderer/stockCache.ts StoredRows). */
type Stored = { hashes: string[]; cars: { id: number; name: string }[]; carHashes?: string[] };

/** Rewrites the one cache entry with `edit` applied to its stored rows. */
function editEntry(edit: (stored: Stored) => void): void {
  const [name] = entries();
  const file = path.join(cacheDir, name);
  const stored = deserialize(readFileSync(file)) as Stored;
  edit(stored);
  writeFileSync(file, serialize(stored));
}

/** Marks every cached car's name, so a load that took a car from the cache shows it. */
const markCached = () => editEntry((stored) => stored.cars.forEach((car) => (car.name = `${car.name} (cached)`)));

describe('the stock cache', () => {
  it('a new process with the same feed and code takes the validated and resolved cars from it, equal to a fresh read', async () => {
    const fresh = await load({ cache: false });
    expect(fresh.diagnostics).toEqual([]);
    expect(fresh.cars.length).toBeGreaterThan(1);
    const first = await load();
    expect(JSON.stringify(first.cars)).toBe(JSON.stringify(fresh.cars));
    expect(entries()).toHaveLength(1);
    const again = await load();
    expect(again.cars).toEqual(fresh.cars);
    expect(JSON.stringify(again.cars)).toBe(JSON.stringify(fresh.cars));
    markCached();
    expect((await load()).cars.every((car) => car.name.endsWith('(cached)'))).toBe(true);
  });

  it('an entry of another code version is never read, and is replaced', async () => {
    await load({ version: 'v1' });
    markCached();
    const other = await load({ version: 'v2' });
    expect(other.cars.some((car) => car.name.endsWith('(cached)'))).toBe(false);
    expect(entries()).toHaveLength(1);
    expect((await load({ version: 'v1' })).cars.some((car) => car.name.endsWith('(cached)'))).toBe(false);
  });

  it("keeps each car's content hash beside it for the next process's memo; a changed row, another version or an entry without hashes is hashed anew", async () => {
    const json = (car: unknown) => hash('sha256', JSON.stringify(car), 'base64url');
    const first = await load({ hashes: createCarMemo() });
    editEntry((stored) => expect(stored.carHashes).toEqual(first.cars.map(json)));
    // Marked, so a hash taken from the entry shows.
    editEntry((stored) => (stored.carHashes = stored.cars.map((car) => `stored:${car.id}`)));
    const memo = createCarMemo();
    const again = await load({ hashes: memo });
    expect(again.cars.map((car) => memo.carHash(car))).toEqual(again.cars.map((car) => `stored:${car.id}`));

    writeFileSync(feedFile, original.replace('"price": 25990', '"price": 24990'));
    const changedMemo = createCarMemo();
    const changed = (await load({ hashes: changedMemo })).cars;
    const one = changed.find((car) => car.id === 1)!;
    expect(one.price).toBe(24990);
    expect(changedMemo.carHash(one)).toBe(json(one));

    editEntry((stored) => (stored.carHashes = stored.cars.map((car) => `stored:${car.id}`)));
    const otherMemo = createCarMemo();
    const other = (await load({ version: 'v2', hashes: otherMemo })).cars;
    expect(other.map((car) => otherMemo.carHash(car))).toEqual(other.map(json));

    // An entry without hashes (an earlier format) is not read: the feed is read whole and the entry written anew.
    editEntry((stored) => delete stored.carHashes);
    markCached();
    const bareMemo = createCarMemo();
    const bare = (await load({ version: 'v2', hashes: bareMemo })).cars;
    expect(bare.some((car) => car.name.endsWith('(cached)'))).toBe(false);
    expect(bare.map((car) => bareMemo.carHash(car))).toEqual(bare.map(json));
  });

  it('a changed row is read from the feed; the unchanged rows from the cache', async () => {
    await load();
    markCached();
    writeFileSync(feedFile, original.replace('"price": 25990', '"price": 24990'));
    const { cars, diagnostics } = await load();
    expect(diagnostics).toEqual([]);
    const changed = cars.find((car) => car.id === 1)!;
    expect(changed.price).toBe(24990);
    expect(changed.name.endsWith('(cached)')).toBe(false);
    expect(cars.filter((car) => car.id !== 1).every((car) => car.name.endsWith('(cached)'))).toBe(true);
    // The cache now holds the new row: the next process reads it from there.
    expect((await load()).cars.find((car) => car.id === 1)!.price).toBe(24990);
  });

  it('rows moved and changed anywhere: each unchanged row from the cache, each changed one read', async () => {
    await load();
    markCached();
    const rows = JSON.parse(original) as { id: number; price: number }[];
    rows.reverse();
    rows[0].price += 1;
    rows[rows.length - 1].price += 1;
    writeFileSync(feedFile, JSON.stringify(rows, null, 2));
    const fresh = await load({ cache: false });
    const { cars, diagnostics } = await load();
    expect(diagnostics).toEqual([]);
    expect(cars.map((car) => car.price)).toEqual(fresh.cars.map((car) => car.price));
    const changed = new Set([rows[0].id, rows[rows.length - 1].id]);
    for (const car of cars) expect(car.name.endsWith('(cached)'), String(car.id)).toBe(!changed.has(car.id));
  });

  it.each([
    ['a repeated row', (rows: string[]) => [...rows, rows[0]]],
    ['a missing comma', (rows: string[]) => [`${rows[0]} ${rows[1]}`, ...rows.slice(2)]],
  ])('%s is reported at its position as by a fresh read', async (_name, edit) => {
    await load();
    const rows = (JSON.parse(original) as unknown[]).map((row) => JSON.stringify(row));
    writeFileSync(feedFile, `[${edit(rows).join(',\n')}]`);
    const fresh = await load({ cache: false });
    const cached = await load();
    expect(fresh.diagnostics.length).toBeGreaterThan(0);
    expect(cached.diagnostics).toEqual(fresh.diagnostics);
    expect(cached.cars).toEqual(fresh.cars);
  });

  it('a row with a problem is reported at its position as by a fresh read', async () => {
    await load();
    writeFileSync(feedFile, original.replace('"price": 25990', '"price": "lots"'));
    const fresh = await load({ cache: false });
    const cached = await load();
    expect(fresh.diagnostics.length).toBeGreaterThan(0);
    expect(cached.diagnostics).toEqual(fresh.diagnostics);
    expect(cached.cars).toEqual(fresh.cars);
  });

  it.each([
    ['not V8 serialisation', Buffer.from('{"version": "v1", "feed": ')],
    ['cut short', (entry: Buffer) => entry.subarray(0, entry.length >> 1)],
    ['another shape', serialize({ version: 'v1', file: feedFile, hashes: ['x'], cars: [{}, {}] })],
    ['empty', Buffer.alloc(0)],
  ])('a corrupt entry (%s) is ignored and written anew', async (_name, bytes) => {
    const fresh = await load({ cache: false });
    await load();
    const entry = path.join(cacheDir, entries()[0]);
    writeFileSync(entry, typeof bytes === 'function' ? bytes(readFileSync(entry)) : bytes);
    const { cars, diagnostics } = await load();
    expect(diagnostics).toEqual([]);
    expect(JSON.stringify(cars)).toBe(JSON.stringify(fresh.cars));
    const rewritten = deserialize(readFileSync(path.join(cacheDir, entries()[0]))) as Stored;
    expect(rewritten.cars).toHaveLength(fresh.cars.length);
  });

  it.each([
    [0, 5000, false],
    [100, 5000, false],
    [101, 5000, true],
    [1, 50, false],
    [1, 49, true],
    [0, 0, false],
  ])('rewrites the entry when %i of %i rows were not in it: %s', (missed, rows, rewrite) => {
    expect(rewriteStockCache({ missed, rows })).toBe(rewrite);
  });

  it('leaves the entry as it is after one changed row of a large feed, and still reads that row right', async () => {
    const base = JSON.parse(original) as { id: number; slug: string; price: number }[];
    const rows = Array.from({ length: 60 }, (_, i) => ({ ...base[i % base.length], id: 9000 + i, slug: `car-${9000 + i}` }));
    writeFileSync(feedFile, JSON.stringify(rows, null, 2));
    await load();
    markCached();
    const written = readFileSync(path.join(cacheDir, entries()[0]));
    rows[30].price += 1;
    writeFileSync(feedFile, JSON.stringify(rows, null, 2));
    for (let i = 0; i < 2; i++) {
      const { cars, diagnostics } = await load();
      expect(diagnostics).toEqual([]);
      expect(cars[30].price).toBe(rows[30].price);
      expect(cars.filter((car) => car.name.endsWith('(cached)'))).toHaveLength(59);
    }
    expect(readFileSync(path.join(cacheDir, entries()[0])).equals(written)).toBe(true);
  });

  it('keeps the most recently written entries only', async () => {
    mkdirSync(cacheDir, { recursive: true });
    const old = new Date('2020-01-01T00:00:00Z');
    for (let i = 0; i < MAX_STOCK_CACHE_ENTRIES; i++) {
      const file = path.join(cacheDir, `old-${i}${STOCK_CACHE_SUFFIX}`);
      writeFileSync(file, '{}');
      utimesSync(file, old, new Date(old.getTime() + i * 1000));
    }
    await load();
    const names = entries();
    expect(names).toHaveLength(MAX_STOCK_CACHE_ENTRIES);
    expect(names).not.toContain(`old-0${STOCK_CACHE_SUFFIX}`);
    expect(names).toContain(`old-${MAX_STOCK_CACHE_ENTRIES - 1}${STOCK_CACHE_SUFFIX}`);
  });
});
