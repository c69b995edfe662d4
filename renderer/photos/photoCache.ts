/**
 * The disk cache of local photos (`images.service: local`), under the data folder
 * (FORECOURT_DATA_DIR, default .forecourt) in cache/images/: one index (index.json) of every
 * photo URL with the response's ETag and Last-Modified, when it was last checked and for how long
 * it stays fresh (the response's max-age), and the content-hashed name of its encoded files, which
 * sit beside it in files/ and are linked into each site (never rewritten: a new photo gets a new
 * name).
 *
 * The index keeps one row per URL and one per encoded photo (its size and the bytes of its files:
 * PhotoRow below), so a photo named by many URLs is kept once and a warm build parses a tenth of what
 * one record of file names per URL took.
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

/** What the index file keeps of a URL: `[etag, lastModified, checkedAt, maxAgeSeconds, name]`. */
type UrlRow = [string | null, string | null, number, number, string];

/**
 * What the index file keeps of an encoded photo (one per name, however many URLs name it):
 * `[width, height, files]`, the files as their bytes in `localFiles` order when they are exactly
 * those (every photo the stage encodes), else by file name. A tenth of the index's size against
 * one record of file names per URL, so a warm build of thousands of photos parses it in a few ms.
 */
type PhotoRow = [number, number, number[] | Record<string, number>];

/** The index file's shape; `version` changes when it does (an index of another version is ignored, version 1 read as it was). */
interface IndexFile {
  version: 2;
  entries: Record<string, UrlRow>;
  photos: Record<string, PhotoRow>;
}

/** The index as read: each URL's row and each photo's row (`old`: read from version 1, to be written as version 2). */
interface Index {
  urls: Map<string, UrlRow>;
  photos: Map<string, PhotoRow>;
  old?: boolean;
}

/** The names of a photo's files in `localFiles` order. */
function standardFiles({ name, width, height }: { name: string; width: number; height: number }): string[] {
  return localFiles({ width, height }).map((file) => localFile({ base: name, width: file.width, ext: file.ext }));
}

/** A photo's row: its files as bytes alone when they are the standard ones in order. */
function photoRow(entry: PhotoEntry): PhotoRow {
  const names = Object.keys(entry.files);
  const standard = standardFiles(entry);
  const same = names.length === standard.length && names.every((file, i) => file === standard[i]);
  return [entry.width, entry.height, same ? Object.values(entry.files) : entry.files];
}

/** The files of the photo `name` of `row`, by file name. */
function filesOfRow({ name, row }: { name: string; row: PhotoRow }): Record<string, number> {
  const [width, height, files] = row;
  if (!Array.isArray(files)) return files;
  const names = standardFiles({ name, width, height });
  return Object.fromEntries(names.map((file, i) => [file, files[i]]));
}

/** An index of version 1 (one record per URL with its files) as rows. */
function fromVersion1(entries: Record<string, PhotoEntry>): Index {
  const index: Index = { urls: new Map(), photos: new Map(), old: true };
  for (const [url, e] of Object.entries(entries)) {
    index.urls.set(url, [e.etag, e.lastModified, e.checkedAt, e.maxAgeSeconds, e.name]);
    index.photos.set(e.name, photoRow(e));
  }
  return index;
}

/** Entries put since the last save that make a save worth it during a long cold build (a killed build keeps most of its work). */
const SAVE_EVERY = 200;

/** The cache folder of a data folder. */
export function photoCacheDir({ dataDir }: { dataDir?: string } = {}): string {
  return dataCacheDir({ name: 'images', dataDir });
}

/** An index file's rows, or none when it is missing, unreadable or of another version. */
async function readIndex(path: string): Promise<Index> {
  try {
    const parsed = JSON.parse(await readFile(path, 'utf8')) as IndexFile | { version: 1; entries: Record<string, PhotoEntry> };
    if (parsed?.version === 1 && typeof parsed.entries === 'object' && parsed.entries) return fromVersion1(parsed.entries);
    if (parsed?.version === 2 && typeof parsed.entries === 'object' && parsed.entries && typeof parsed.photos === 'object' && parsed.photos)
      return { urls: new Map(Object.entries(parsed.entries)), photos: new Map(Object.entries(parsed.photos)) };
  } catch {
    // As if there were none: every photo is fetched again (and its files, named by content, reused).
  }
  return { urls: new Map(), photos: new Map() };
}

/** The cache's entries and files in `dir`; call `ready` before anything else and `save` when done. */
export function openPhotoCache({ dir }: { dir: string }) {
  const indexPath = join(dir, 'index.json');
  const filesDir = join(dir, 'files');
  const filePath = (file: string) => join(filesDir, file);
  let index: Index = { urls: new Map(), photos: new Map() };
  let present = new Set<string>();
  /** The files of each photo when every one is there, else null; made once per name. */
  const filesByName = new Map<string, Record<string, number> | null>();
  const changed = new Map<string, PhotoEntry>();
  let saving: Promise<void> = Promise.resolve();
  /** Writes by rename, so a killed build never leaves half a file a site could link. */
  const writeAtomic = (path: string, contents: string | Uint8Array) => writeFileAtomically({ path, contents });
  const record = (into: Index, entry: PhotoEntry) => {
    into.urls.set(entry.url, [entry.etag, entry.lastModified, entry.checkedAt, entry.maxAgeSeconds, entry.name]);
    into.photos.set(entry.name, photoRow(entry));
  };
  const saveNow = async () => {
    // An index of version 1 is written as version 2 once, even by a build that changed nothing.
    if (changed.size === 0 && !index.old) return;
    const mine = [...changed.values()];
    changed.clear();
    // Merged into what is on disk now: what another build saved since this one read the index stays.
    const merged = await readIndex(indexPath);
    for (const entry of mine) record(merged, entry);
    index = { urls: merged.urls, photos: merged.photos };
    filesByName.clear();
    const file: IndexFile = { version: 2, entries: Object.fromEntries(merged.urls), photos: Object.fromEntries(merged.photos) };
    await writeAtomic(indexPath, JSON.stringify(file));
  };
  /** The files of the photo `name` when it and every file are there. */
  const filesOf = (name: string): Record<string, number> | null => {
    let files = filesByName.get(name);
    if (files === undefined) {
      const row = index.photos.get(name);
      files = row ? filesOfRow({ name, row }) : null;
      if (files && !Object.keys(files).every((file) => present.has(file))) files = null;
      filesByName.set(name, files);
    }
    return files;
  };
  /** Saves one after another (never two renames of the index racing). */
  const save = (): Promise<void> => (saving = saving.then(saveNow));
  return {
    dir,
    filePath,
    /** Makes the folders, reads the index and lists the files once. */
    async ready(): Promise<void> {
      await mkdir(filesDir, { recursive: true });
      const [read, names] = await Promise.all([readIndex(indexPath), readdir(filesDir)]);
      index = read;
      present = new Set(names);
      filesByName.clear();
    },
    /** The entry of `url` when it and all its files are there. */
    get(url: string): PhotoEntry | null {
      const put = changed.get(url);
      if (put) return Object.keys(put.files).every((file) => present.has(file)) ? put : null;
      const row = index.urls.get(url);
      const photo = row && index.photos.get(row[4]);
      const files = row && filesOf(row[4]);
      if (!row || !photo || !files) return null;
      const [etag, lastModified, checkedAt, maxAgeSeconds, name] = row;
      return { url, etag, lastModified, checkedAt, maxAgeSeconds, name, width: photo[0], height: photo[1], files };
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
      record(index, entry);
      filesByName.delete(entry.name);
      if (changed.size >= SAVE_EVERY) await save();
    },
    async writeFile(file: string, bytes: Uint8Array): Promise<void> {
      await writeAtomic(filePath(file), bytes);
      present.add(file);
      // A photo whose files were not all there may be now.
      filesByName.clear();
    },
    /** Writes every entry put since the last save into the index. */
    save,
  };
}
