/**
 * The disk cache of validated and resolved stock feeds, under the data folder (FORECOURT_DATA_DIR,
 * default .forecourt) in cache/stock/: per feed file, the feed's rows as the last clean read left
 * them (their text, offsets and resolved cars: renderer/stockMemo.ts RememberedFeed). A new
 * process seeds its session's stock memory from it, so `forecourt generate` after a price change
 * validates and resolves only the rows whose bytes changed, not all 5,000.
 *
 * An entry is named by a hash of the code version (every source file, the schemas among them, and
 * the dependency lock: renderer/pageInputs.ts codeVersion) and the feed's path, and holds both: an
 * entry of other code is never read. An entry that cannot be read, parsed or does not hold what
 * it should is ignored (the feed is read whole, and the entry written anew); a cache that cannot be
 * written is only a slower next start.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { RememberedFeed } from './stockMemo.ts';

/** Where the stock cache lives for a data folder. */
export function stockCacheDir({ dataDir = process.env.FORECOURT_DATA_DIR || '.forecourt' }: { dataDir?: string } = {}): string {
  return resolve(dataDir, 'cache', 'stock');
}

/** A stock cache: its folder and the code version its entries must carry. */
export interface StockCache {
  dir: string;
  /** The code version (called once an entry is read or written). */
  version: () => string;
}

/** What an entry file holds. */
interface StoredFeed {
  version: string;
  file: string;
  feed: RememberedFeed;
}

/** Most entries kept (one per feed file): the least recently written go first, so feeds of removed folders do not pile up. */
export const MAX_STOCK_CACHE_ENTRIES = 32;

const sha = (text: string): string => createHash('sha256').update(text).digest('hex').slice(0, 32);

/** The entry file of `file` under the cache's version: `<hash of the path>-<hash of the version>.json`. */
function entryFile({ cache, file }: { cache: StockCache; file: string }): string {
  return join(cache.dir, `${sha(file)}-${sha(cache.version())}.json`);
}

/** True when `value` has the shape of a remembered feed (spans as many as the cars, in order). */
function isFeed(value: unknown): value is RememberedFeed {
  const feed = value as Partial<RememberedFeed> | null;
  if (!feed || typeof feed.core !== 'string' || !Array.isArray(feed.spans) || !Array.isArray(feed.cars)) return false;
  if (feed.spans.length !== feed.cars.length) return false;
  let at = 0;
  for (const span of feed.spans) {
    if (!span || !Number.isInteger(span.start) || !Number.isInteger(span.end) || span.start < at || span.end <= span.start) return false;
    at = span.end;
  }
  return at <= feed.core.length && feed.cars.every((car) => car !== null && typeof car === 'object' && !Array.isArray(car));
}

/** The cached feed of `file` for this code version, or null (none, another version, unreadable or not a feed). */
export async function readCachedFeed({ cache, file }: { cache: StockCache; file: string }): Promise<RememberedFeed | null> {
  let stored: StoredFeed;
  try {
    stored = JSON.parse(await readFile(entryFile({ cache, file }), 'utf8')) as StoredFeed;
  } catch {
    return null;
  }
  if (!stored || stored.version !== cache.version() || stored.file !== file || !isFeed(stored.feed)) return null;
  return stored.feed;
}

/** Stores `feed` as the cached feed of `file` (written aside and renamed: a reader sees all of it or none). */
export async function writeCachedFeed({ cache, file, feed }: { cache: StockCache; file: string; feed: RememberedFeed }): Promise<void> {
  const path = entryFile({ cache, file });
  const draft = `${path}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`;
  try {
    await mkdir(cache.dir, { recursive: true });
    await writeFile(draft, JSON.stringify({ version: cache.version(), file, feed } satisfies StoredFeed));
    await rename(draft, path);
    // One version per feed is kept: entries of other code are never read again.
    const [ofFile, name] = [`${sha(file)}-`, path.slice(cache.dir.length + 1)];
    for (const other of await readdir(cache.dir))
      if (other.startsWith(ofFile) && other.endsWith('.json') && other !== name) await rm(join(cache.dir, other), { force: true });
    await keepNewest({ dir: cache.dir });
  } catch {
    // A read-only data folder reads the feed whole on every start; nothing else changes.
    await rm(draft, { force: true }).catch(() => undefined);
  }
}

/** Removes the least recently written entries beyond MAX_STOCK_CACHE_ENTRIES. */
async function keepNewest({ dir }: { dir: string }): Promise<void> {
  const names = (await readdir(dir)).filter((name) => name.endsWith('.json'));
  if (names.length <= MAX_STOCK_CACHE_ENTRIES) return;
  const dated = await Promise.all(names.map(async (name) => ({ name, at: (await stat(join(dir, name))).mtimeMs })));
  dated.sort((a, b) => b.at - a.at);
  for (const { name } of dated.slice(MAX_STOCK_CACHE_ENTRIES)) await rm(join(dir, name), { force: true });
}
