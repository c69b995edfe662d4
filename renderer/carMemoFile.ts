/**
 * The per-car memo on disk (renderer/carMemo.ts), under the data folder (FORECOURT_DATA_DIR,
 * default .forecourt) in cache/cars/: one file per dealer folder, holding the stored per-car values
 * of its last build (feed lines, finance and summary JSON) by the
 * car's content hash, the value's name and the context it was made under. A new process reads it
 * once, so `forecourt generate` after a price change makes again only the changed car's values.
 *
 * A file is named by a hash of the dealer folder and of the session version (every source file,
 * the templates and the dependency lock: renderer/buildSession.ts version) and holds both: a file
 * of other code is never read. It is written with `v8.serialize` (it keeps `undefined` fields,
 * which JSON would drop), aside and renamed so a reader sees all of it or none. A build that changed
 * a few cars writes only their values, to a change file beside the whole one (rewriting megabytes
 * for one price would cost a new process a tenth of a second); the whole file is written again once
 * the changes, or the values of cars no longer built, pass an eighth of the values used. A file that cannot be read or does not hold what it should is
 * ignored (every value is made again); a folder that cannot be written is only a slower next start.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { deserialize, serialize } from 'node:v8';
import { writeFileAtomically } from './atomicFile.ts';
import { dataCacheDir, entryHash, pruneCacheDir } from './dataCache.ts';

/** Where the per-car memo lives for a data folder. */
export function carMemoDir({ dataDir }: { dataDir?: string } = {}): string {
  return dataCacheDir({ name: 'cars', dataDir });
}

/** A per-car memo folder and the version its files must carry. */
export interface CarMemoStore {
  dir: string;
  /** The session version (called once a file is read or written). */
  version: () => string;
}

/** One stored value and the context it was made under. */
export interface StoredValue {
  context: string;
  value: unknown;
}

/** Stored values by `<car content hash>\0<name>`. */
export type StoredValues = Map<string, StoredValue>;

/** What a file holds: a whole set of values (`id` names it), or the values changed since the whole set `base`. */
interface MemoFile {
  version: string;
  scope: string;
  id: string;
  /** For a change file: the `id` of the whole file it applies to. */
  base?: string;
  values: StoredValues;
}

/** What `readCarMemo` found: the whole file's values and id, and the change file's values over it. */
export interface StoredMemo {
  id: string | null;
  whole: StoredValues;
  changed: StoredValues;
}

/** Most files kept (one per dealer folder, its change file beside it): the least recently written go first. */
export const MAX_CAR_MEMO_FILES = 32;

/** The whole file of `scope` (a dealer folder) under the store's version, and its change file. */
function memoFiles({ store, scope }: { store: CarMemoStore; scope: string }): { whole: string; changes: string } {
  const base = join(store.dir, `${entryHash(scope)}-${entryHash(store.version())}`);
  return { whole: `${base}.v8`, changes: `${base}.changes.v8` };
}

/** True when every entry of `values` is a stored value (a string context beside a value). */
function isValues(values: unknown): values is StoredValues {
  if (!(values instanceof Map)) return false;
  for (const [key, entry] of values as Map<unknown, Partial<StoredValue> | null>)
    if (typeof key !== 'string' || typeof entry !== 'object' || entry === null || typeof entry.context !== 'string' || !('value' in entry)) return false;
  return true;
}

/** The file at `path` when it is one of `scope` under this version, else null. */
async function readMemoFile({ store, scope, path }: { store: CarMemoStore; scope: string; path: string }): Promise<MemoFile | null> {
  try {
    const file = deserialize(await readFile(path)) as Partial<MemoFile> | null;
    if (!file || file.version !== store.version() || file.scope !== scope || typeof file.id !== 'string' || !isValues(file.values)) return null;
    return file as MemoFile;
  } catch {
    return null;
  }
}

/** The stored values of `scope` for this version (none when there are none, of another version or scope, or unreadable). */
export async function readCarMemo({ store, scope }: { store: CarMemoStore; scope: string }): Promise<StoredMemo> {
  const paths = memoFiles({ store, scope });
  const whole = await readMemoFile({ store, scope, path: paths.whole });
  if (!whole) return { id: null, whole: new Map(), changed: new Map() };
  // A change file of another whole file (one written over by another process since) is not applied.
  const changes = await readMemoFile({ store, scope, path: paths.changes });
  return { id: whole.id, whole: whole.values, changed: changes?.base === whole.id ? changes.values : new Map() };
}

/**
 * Stores what a build used: only the values changed since the whole file (`changed`, a few after a
 * price change) while they are few and the whole file holds few values no longer used, else all of
 * `used` as a new whole file (the change file then goes, and the files of other versions too).
 */
export async function writeCarMemo({
  store,
  scope,
  read,
  used,
  changed,
  stale,
}: {
  store: CarMemoStore;
  scope: string;
  /** What `readCarMemo` gave this build. */
  read: StoredMemo;
  used: StoredValues;
  /** The values of `used` the whole file does not hold as they are. */
  changed: StoredValues;
  /** How many values of the whole file `used` does not hold. */
  stale: number;
}): Promise<void> {
  const paths = memoFiles({ store, scope });
  const version = store.version();
  try {
    await mkdir(store.dir, { recursive: true });
    if (read.id && changed.size * 8 <= used.size && stale * 8 <= used.size) {
      await writeMemoFile({ path: paths.changes, file: { version, scope, id: randomBytes(8).toString('hex'), base: read.id, values: changed } });
      return;
    }
    await writeMemoFile({ path: paths.whole, file: { version, scope, id: randomBytes(8).toString('hex'), values: used } });
    await rm(paths.changes, { force: true });
    const own = [paths.whole, paths.changes].map((path) => path.slice(store.dir.length + 1));
    await pruneCacheDir({ dir: store.dir, prefix: `${entryHash(scope)}-`, keep: own, isEntry: (name) => name.endsWith('.v8'), max: MAX_CAR_MEMO_FILES });
  } catch {
    // A read-only data folder makes every value again in each new process; nothing else changes.
  }
}

/** Writes `file` to `path` in V8's serialisation, aside and renamed: a reader sees all of it or none. */
function writeMemoFile({ path, file }: { path: string; file: MemoFile }): Promise<void> {
  return writeFileAtomically({ path, contents: serialize(file) });
}
