/**
 * The disk cache of local photos (`images.service: local`), under the data folder
 * (FORECOURT_DATA_DIR, default .forecourt) in cache/images/: per photo URL an entry with the
 * response's ETag and Last-Modified, when it was last checked and for how long it stays fresh
 * (the response's max-age), and the content-hashed name of its encoded files, which sit beside
 * it in files/ and are linked into each site (never rewritten: a new photo gets a new name).
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';

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

/** The cache folder of a data folder. */
export function photoCacheDir({ dataDir = process.env.FORECOURT_DATA_DIR || '.forecourt' }: { dataDir?: string } = {}): string {
  return resolve(dataDir, 'cache', 'images');
}

/** The cache's entries and files in `dir`. */
export function openPhotoCache({ dir }: { dir: string }) {
  const entryFile = (url: string) => join(dir, 'entries', `${createHash('sha256').update(url).digest('hex')}.json`);
  const filePath = (file: string) => join(dir, 'files', file);
  /** Writes by rename, so a killed build never leaves half a file a site could link. */
  const writeAtomic = async (path: string, contents: string | Uint8Array) => {
    const temp = `${path}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
    await writeFile(temp, contents);
    await rename(temp, path);
  };
  return {
    dir,
    filePath,
    async ready(): Promise<void> {
      await mkdir(join(dir, 'entries'), { recursive: true });
      await mkdir(join(dir, 'files'), { recursive: true });
    },
    /** The entry of `url` when it and all its files are there. */
    async get(url: string): Promise<PhotoEntry | null> {
      try {
        const entry = JSON.parse(await readFile(entryFile(url), 'utf8')) as PhotoEntry;
        if (entry.url !== url || !Object.keys(entry.files).every((file) => existsSync(filePath(file)))) return null;
        return entry;
      } catch {
        return null;
      }
    },
    async put(entry: PhotoEntry): Promise<void> {
      await writeAtomic(entryFile(entry.url), JSON.stringify(entry));
    },
    async writeFile(file: string, bytes: Uint8Array): Promise<void> {
      await writeAtomic(filePath(file), bytes);
    },
  };
}
