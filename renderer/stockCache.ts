/**
 * The disk cache of validated and resolved stock rows, under the data folder (FORECOURT_DATA_DIR,
 * default .forecourt) in cache/stock/: per feed file, each clean row of the last clean read as the
 * hash of its bytes and its resolved car (renderer/stockMemo.ts feedFromRows). A new process
 * seeds its session's stock memory from it, so `forecourt generate` after a price change validates
 * and resolves only the rows whose bytes changed, not all 5,000, and reads the rest in one V8
 * deserialisation (of 5,000 cars: 12 MB, ~90 ms of CPU, against ~105 ms for the same as JSON and
 * ~140 ms for the earlier entry that also held the feed's text).
 *
 * An entry is named by a hash of the code version (every source file, the schemas among them, and
 * the dependency lock: renderer/pageInputs.ts codeVersion) and the feed's path, and holds both: an
 * entry of other code is never read. An entry that cannot be read, deserialised or does not hold
 * what it should is ignored (the feed is read whole, and the entry written anew); a cache that
 * cannot be written is only a slower next start.
 *
 * Beside each car it keeps the car's content hash (renderer/carMemo.ts carHash, the sha256 of its
 * JSON) as the session's memo made it: a new process takes it instead of writing 5,000 cars out as
 * JSON again for the per-car memo and the page inputs. It is a hash of the very car stored beside
 * it, under the same version, so it cannot name another car.
 */
import { hash as cryptoHash } from 'node:crypto';
import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { deserialize, serialize } from 'node:v8';
import type { Car } from '../domain/types.ts';
import type { CarMemo } from './carMemo.ts';
import { writeFileAtomically } from './atomicFile.ts';
import { dataCacheDir, entryHash, pruneCacheDir } from './dataCache.ts';
import { rowHashes, type RememberedFeed } from './stockMemo.ts';

/** Where the stock cache lives for a data folder. */
export function stockCacheDir({ dataDir }: { dataDir?: string } = {}): string {
  return dataCacheDir({ name: 'stock', dataDir });
}

/** A stock cache: its folder and the code version its entries must carry. */
export interface StockCache {
  dir: string;
  /** The code version (called once an entry is read or written). */
  version: () => string;
  /** The session's per-car memo: the content hashes written beside the cars come from it and go back to it. */
  hashes?: Pick<CarMemo, 'carHash' | 'knowHash'>;
}

/** What an entry file holds (V8's serialisation). */
interface StoredRows {
  version: string;
  file: string;
  /** The hash of each row's text (renderer/stockMemo.ts rowHashes), in feed order. */
  hashes: string[];
  /** The row's car, validated and resolved, at the same index. */
  cars: Car[];
  /** Each car's content hash (renderer/carMemo.ts carHash) at the same index. */
  carHashes: string[];
}

/** Most entries kept (one per feed file): the least recently written go first, so feeds of removed folders do not pile up. */
export const MAX_STOCK_CACHE_ENTRIES = 32;

/**
 * Whether a feed seeded from the cache with `missed` of its `rows` read anew is worth writing back:
 * when more than one row in 50 was not there. Writing 5,000 cars costs ~0.2 s, reading a few
 * dozen rows again costs milliseconds, so a one-price change leaves the entry as it is, and the
 * rows that drift from it are written once they add up.
 */
export function rewriteStockCache({ missed, rows }: { missed: number; rows: number }): boolean {
  return missed * 50 > rows;
}

/** Entry files end with this. */
export const STOCK_CACHE_SUFFIX = '.v8';

/** The entry file of `file` under the cache's version: `<hash of the path>-<hash of the version>.v8`. */
function entryFile({ cache, file }: { cache: StockCache; file: string }): string {
  return join(cache.dir, `${entryHash(file)}-${entryHash(cache.version())}${STOCK_CACHE_SUFFIX}`);
}

/** True when `value` holds as many row hashes (strings) as cars (objects). */
function isRows(value: unknown, { version, file }: { version: string; file: string }): value is StoredRows {
  const stored = value as Partial<StoredRows> | null;
  if (!stored || stored.version !== version || stored.file !== file || !Array.isArray(stored.hashes) || !Array.isArray(stored.cars)) return false;
  if (stored.hashes.length !== stored.cars.length || !Array.isArray(stored.carHashes) || stored.carHashes.length !== stored.cars.length) return false;
  return (
    stored.hashes.every((hash) => typeof hash === 'string') &&
    stored.carHashes.every((hash) => typeof hash === 'string') &&
    stored.cars.every((car) => car !== null && typeof car === 'object' && !Array.isArray(car))
  );
}

/** The cached cars of `file` for this code version by the hash of their row's text, or null (none, another version, unreadable or not rows). */
export async function readCachedRows({ cache, file }: { cache: StockCache; file: string }): Promise<Map<string, Car> | null> {
  let stored: unknown;
  try {
    stored = deserialize(await readFile(entryFile({ cache, file })));
  } catch {
    return null;
  }
  if (!isRows(stored, { version: cache.version(), file })) return null;
  const rows = new Map<string, Car>();
  stored.hashes.forEach((hash, i) => rows.set(hash, stored.cars[i]));
  stored.cars.forEach((car, i) => cache.hashes?.knowHash({ car, hash: stored.carHashes[i] }));
  return rows;
}

/** Stores the rows of `feed` as the cached rows of `file` (written aside and renamed: a reader sees all of it or none). */
export async function writeCachedFeed({ cache, file, feed }: { cache: StockCache; file: string; feed: RememberedFeed }): Promise<void> {
  const path = entryFile({ cache, file });
  try {
    await mkdir(cache.dir, { recursive: true });
    await writeFileAtomically({
      path,
      contents: serialize({
        version: cache.version(),
        file,
        hashes: rowHashes(feed),
        cars: feed.cars,
        carHashes: feed.cars.map((car) => carHashOf({ cache, car })),
      } satisfies StoredRows),
    });
    // One version per feed is kept: entries of other code are never read again.
    await pruneCacheDir({ dir: cache.dir, prefix: `${entryHash(file)}-`, keep: [path.slice(cache.dir.length + 1)], isEntry, max: MAX_STOCK_CACHE_ENTRIES });
  } catch {
    // A read-only data folder reads the feed whole on every start; nothing else changes.
  }
}

/** The content hash of `car` as the session's memo makes it (the same function without one). */
function carHashOf({ cache, car }: { cache: StockCache; car: Car }): string {
  return cache.hashes ? cache.hashes.carHash(car) : cryptoHash('sha256', JSON.stringify(car), 'base64url');
}

/** An entry file's name (older builds wrote `.json` entries of whole feeds: they go like any other). */
const isEntry = (name: string): boolean => name.endsWith(STOCK_CACHE_SUFFIX) || name.endsWith('.json');
