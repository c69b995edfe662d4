/**
 * The per-car memo on disk (renderer/carMemo.ts), under the data folder (FORECOURT_DATA_DIR,
 * default .forecourt) in cache/cars/: one file per dealer folder, holding the stored per-car values
 * of its last build (search entries, cards and facts, feed lines, finance and summary JSON) by the
 * car's content hash, the value's name and the context it was made under. A new process reads it
 * once, so `forecourt generate` after a price change makes again only the changed car's values.
 *
 * A file is named by a hash of the dealer folder and of the session version (every source file,
 * the templates and the dependency lock: renderer/buildSession.ts version) and holds both: a file
 * of other code is never read. It is written with `v8.serialize` (it keeps `undefined` fields and
 * reads back several times faster than JSON.parse builds the same objects), aside and renamed so a
 * reader sees all of it or none. A file that cannot be read or does not hold what it should is
 * ignored (every value is made again); a folder that cannot be written is only a slower next start.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { deserialize, serialize } from 'node:v8';

/** Where the per-car memo lives for a data folder. */
export function carMemoDir({ dataDir = process.env.FORECOURT_DATA_DIR || '.forecourt' }: { dataDir?: string } = {}): string {
  return resolve(dataDir, 'cache', 'cars');
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

/** What a file holds. */
interface MemoFile {
  version: string;
  scope: string;
  values: StoredValues;
}

/** Most files kept (one per dealer folder): the least recently written go first. */
export const MAX_CAR_MEMO_FILES = 32;

const sha = (text: string): string => createHash('sha256').update(text).digest('hex').slice(0, 32);

/** The file of `scope` (a dealer folder) under the store's version. */
function memoFile({ store, scope }: { store: CarMemoStore; scope: string }): string {
  return join(store.dir, `${sha(scope)}-${sha(store.version())}.v8`);
}

/** True when every entry of `values` is a stored value (a string context beside a value). */
function isValues(values: unknown): values is StoredValues {
  if (!(values instanceof Map)) return false;
  for (const [key, entry] of values as Map<unknown, Partial<StoredValue> | null>)
    if (typeof key !== 'string' || typeof entry !== 'object' || entry === null || typeof entry.context !== 'string' || !('value' in entry)) return false;
  return true;
}

/** The stored values of `scope` for this version, or null (none, another version or scope, unreadable). */
export async function readCarMemoFile({ store, scope }: { store: CarMemoStore; scope: string }): Promise<StoredValues | null> {
  try {
    const file = deserialize(await readFile(memoFile({ store, scope }))) as Partial<MemoFile> | null;
    if (!file || file.version !== store.version() || file.scope !== scope || !isValues(file.values)) return null;
    return file.values;
  } catch {
    return null;
  }
}

/** Stores `values` as the file of `scope` (written aside and renamed), removing its files of other versions. */
export async function writeCarMemoFile({ store, scope, values }: { store: CarMemoStore; scope: string; values: StoredValues }): Promise<void> {
  const path = memoFile({ store, scope });
  const draft = `${path}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`;
  try {
    await mkdir(store.dir, { recursive: true });
    await writeFile(draft, serialize({ version: store.version(), scope, values } satisfies MemoFile));
    await rename(draft, path);
    const [ofScope, name] = [`${sha(scope)}-`, path.slice(store.dir.length + 1)];
    for (const other of await readdir(store.dir))
      if (other.startsWith(ofScope) && other.endsWith('.v8') && other !== name) await rm(join(store.dir, other), { force: true });
    await keepNewest({ dir: store.dir });
  } catch {
    // A read-only data folder makes every value again in each new process; nothing else changes.
    await rm(draft, { force: true }).catch(() => undefined);
  }
}

/** Removes the least recently written files beyond MAX_CAR_MEMO_FILES. */
async function keepNewest({ dir }: { dir: string }): Promise<void> {
  const names = (await readdir(dir)).filter((name) => name.endsWith('.v8'));
  if (names.length <= MAX_CAR_MEMO_FILES) return;
  const dated = await Promise.all(names.map(async (name) => ({ name, at: (await stat(join(dir, name))).mtimeMs })));
  dated.sort((a, b) => b.at - a.at);
  for (const { name } of dated.slice(MAX_CAR_MEMO_FILES)) await rm(join(dir, name), { force: true });
}
