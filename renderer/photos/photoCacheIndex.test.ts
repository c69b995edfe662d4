import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { localFile, localFiles } from '../../domain/responsiveImage.ts';
import { openPhotoCache, type PhotoEntry } from './photoCache.ts';

/** An entry as the photos stage makes it: every standard file of a 4000x3000 photo. */
const standard = (url: string, name: string): PhotoEntry => ({
  url,
  etag: null,
  lastModified: 'Tue, 01 Sep 2026 00:00:00 GMT',
  checkedAt: 5,
  maxAgeSeconds: 86400,
  name,
  width: 4000,
  height: 3000,
  files: Object.fromEntries(localFiles({ width: 4000, height: 3000 }).map((f, i) => [localFile({ base: name, width: f.width, ext: f.ext }), 100 + i])),
});

describe('the photo index: one row per URL, one per encoded photo', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'forecourt-photo-index-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });
  const withFiles = async (entry: PhotoEntry) => {
    const cache = openPhotoCache({ dir });
    await cache.ready();
    for (const file of Object.keys(entry.files)) await cache.writeFile(file, new Uint8Array([1]));
    return cache;
  };

  it('keeps a photo named by two URLs once, its standard files as their bytes alone, and gives back every entry as it was put', async () => {
    const a = standard('https://cdn.example/a.jpg', 'aaa');
    const b = { ...standard('https://cdn.example/b.jpg?sig=1', 'aaa'), etag: '"b"' };
    const cache = await withFiles(a);
    await cache.put(a);
    await cache.put(b);
    await cache.save();
    const index = JSON.parse(await readFile(join(dir, 'index.json'), 'utf8'));
    expect(index.version).toBe(2);
    expect(Object.keys(index.entries)).toEqual([a.url, b.url]);
    expect(index.photos).toEqual({ aaa: [4000, 3000, Object.values(a.files)] });
    const again = openPhotoCache({ dir });
    await again.ready();
    expect(again.get(a.url)).toEqual(a);
    expect(again.get(b.url)).toEqual(b);
  });

  it('reads an index of version 1 as it was, and writes it as version 2', async () => {
    const a = standard('https://cdn.example/a.jpg', 'aaa');
    await withFiles(a);
    await writeFile(join(dir, 'index.json'), JSON.stringify({ version: 1, entries: { [a.url]: a } }));
    const cache = openPhotoCache({ dir });
    await cache.ready();
    expect(cache.get(a.url)).toEqual(a);
    await cache.save();
    expect(JSON.parse(await readFile(join(dir, 'index.json'), 'utf8')).version).toBe(2);
  });
});
