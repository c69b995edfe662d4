/**
 * The build's caches under the data folder (FORECOURT_DATA_DIR, default .forecourt), in
 * `cache/<name>/`: where each lives, and how a cache folder is kept small. An entry is named
 * `<hash of what it is for>-<hash of the code version>` so an entry of other code is never read.
 */
import { createHash } from 'node:crypto';
import { readdir, rm, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';

/** The folder of the cache `name` for a data folder. */
export function dataCacheDir({ name, dataDir = process.env.FORECOURT_DATA_DIR || '.forecourt' }: { name: string; dataDir?: string }): string {
  return resolve(dataDir, 'cache', name);
}

/** The first 32 hex digits of the sha256 of `text`: one part of a cache entry's name. */
export function entryHash(text: string): string {
  return createHash('sha256').update(text).digest('hex').slice(0, 32);
}

/**
 * Keeps a cache folder small after an entry was written: the other entries of the same `prefix`
 * (the same feed or dealer folder under older code, never read again) go, then the least recently
 * written entries beyond `max`. `isEntry` tells entries from anything else in the folder.
 */
export async function pruneCacheDir({
  dir,
  prefix,
  keep,
  isEntry,
  max,
}: {
  dir: string;
  prefix: string;
  /** The names just written. */
  keep: readonly string[];
  isEntry: (name: string) => boolean;
  max: number;
}): Promise<void> {
  for (const other of await readdir(dir)) if (other.startsWith(prefix) && isEntry(other) && !keep.includes(other)) await rm(join(dir, other), { force: true });
  const names = (await readdir(dir)).filter(isEntry);
  if (names.length <= max) return;
  const dated = await Promise.all(names.map(async (name) => ({ name, at: (await stat(join(dir, name))).mtimeMs })));
  dated.sort((a, b) => b.at - a.at);
  for (const { name } of dated.slice(max)) await rm(join(dir, name), { force: true });
}
