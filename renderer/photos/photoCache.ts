/**
 * The disk cache of local photos (`images.service: local`), under the data folder
 * (FORECOURT_DATA_DIR, default .forecourt) in cache/images/: one index (index.json) of every
 * photo URL with the response's ETag and Last-Modified, when it was last checked and for how long
 * it stays fresh (the response's max-age), and the content-hashed name of its encoded files, which
 * sit beside it in files/ and are linked into each site (never rewritten: a new photo gets a new
 * name).
 *
 * A warm build of thousands of photos reads the index once and lists files/ once (an entry whose
 * files are not all there is treated as absent, so a site never links a missing file), rather
 * than one JSON file and a stat per photo. Entries are saved by merging into the index on disk
 * (another build of another dealer may have added its own meanwhile) and renaming it into place.
 */
import { mkdir, readFile, readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { localFile, localFiles } from '../../domain/responsiveImage.ts';
import { writeFileAtomically } from '../atomicFile.ts';
import { dataCacheDir } from '../dataCache.ts';

/** What the cache knows of one photo URL. */
export interface PhotoEntry {
  url: string;
  etag: string | null;
  lastModified: string | null;
  /** When the URL was last fetched or revalidated (ms since the epoch), and how long that holds. */
  checkedAt: number;
  maxAgeSeconds: number;
  /** Content hash of the source bytes and encoder settings: the files' name. */
  name: string;
  /** The photo's own (oriented) size. */
  width: number;
  height: number;
  /** Every encoded file (`<name>-<width>.<ext>`) and its bytes. */
  files: Record<string, number>;
}

/** The index file's shape; `version` changes when PhotoEntry does (an index of another version is ignored). */
interface IndexFile {
  version: 1;
  entries: Record<string, PhotoEntry>;
}

/** Entries put since the last save that make a save worth it during a long cold build (a killed build keeps most of its work). */
const SAVE_EVERY = 200;

/** The cache folder of a data folder. */
export function photoCacheDir({ dataDir }: { dataDir?: string } = {}): string {
  return dataCacheDir({ name: 'images', dataDir });
}

/** An index file's entries, or none when it is missing, unreadable or of another version. */
async function readIndex(path: string): Promise<Record<string, PhotoEntry>> {
  try {
    const parsed = JSON.parse(await readFile(path, 'utf8')) as IndexFile;
    return parsed && parsed.version === 1 && typeof parsed.entries === 'object' && parsed.entries ? parsed.entries : {};
  } catch {
    return {};
  }
}

/** The cache's entries and files in `dir`; call `ready` before anything else and `save` when done. */
export function openPhotoCache({ dir }: { dir: string }) {
  const indexPath = join(dir, 'index.json');
  const filesDir = join(dir, 'files');
  const filePath = (file: string) => join(filesDir, file);
  let entries: Record<string, PhotoEntry> = {};
  let present = new Set<string>();
  const changed = new Map<string, PhotoEntry>();
  let saving: Promise<void> = Promise.resolve();
  /** Writes by rename, so a killed build never leaves half a file a site could link. */
  const writeAtomic = (path: string, contents: string | Uint8Array) => writeFileAtomically({ path, contents });
  const saveNow = async () => {
    if (changed.size === 0) return;
    const mine = [...changed.values()];
    changed.clear();
    // Merged into what is on disk now: what another build saved since this one read the index stays.
    const merged = await readIndex(indexPath);
    for (const entry of mine) merged[entry.url] = entry;
    entries = merged;
    await writeAtomic(indexPath, JSON.stringify({ version: 1, entries: merged } satisfies IndexFile));
  };
  /** Saves one after another (never two renames of the index racing). */
  const save = (): Promise<void> => (saving = saving.then(saveNow));
  return {
    dir,
    filePath,
    /** Makes the folders, reads the index and lists the files once. */
    async ready(): Promise<void> {
      await mkdir(filesDir, { recursive: true });
      const [index, names] = await Promise.all([readIndex(indexPath), readdir(filesDir)]);
      entries = index;
      present = new Set(names);
    },
    /** The entry of `url` when it and all its files are there. */
    get(url: string): PhotoEntry | null {
      const entry = changed.get(url) ?? entries[url];
      if (!entry || entry.url !== url || !Object.keys(entry.files).every((file) => present.has(file))) return null;
      return entry;
    },
    /**
     * The files of the photo named `name` of `width` x `height` and their bytes, when every one is
     * there (encoded for another URL, or by a build killed before it saved the index), else null.
     */
    async filesOf({ name, width, height }: { name: string; width: number; height: number }): Promise<Record<string, number> | null> {
      const names = localFiles({ width, height }).map((file) => localFile({ base: name, width: file.width, ext: file.ext }));
      if (!names.every((file) => present.has(file))) return null;
      try {
        return Object.fromEntries(await Promise.all(names.map(async (file) => [file, (await stat(filePath(file))).size] as const)));
      } catch {
        return null;
      }
    },
    /** Records `entry` (saved with the next `save`, or now when many are waiting). */
    async put(entry: PhotoEntry): Promise<void> {
      changed.set(entry.url, entry);
      entries[entry.url] = entry;
      if (changed.size >= SAVE_EVERY) await save();
    },
    async writeFile(file: string, bytes: Uint8Array): Promise<void> {
      await writeAtomic(filePath(file), bytes);
      present.add(file);
    },
    /** Writes every entry put since the last save into the index. */
    save,
  };
}
