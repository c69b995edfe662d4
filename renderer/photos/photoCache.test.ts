import { mkdtemp, readFile, rm, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openPhotoCache, type PhotoEntry } from './photoCache.ts';

const entry = (url: string, name: string): PhotoEntry => ({
  url,
  etag: '"a"',
  lastModified: null,
  checkedAt: 1,
  maxAgeSeconds: 60,
  name,
  width: 640,
  height: 480,
  files: { [`${name}-320.jpg`]: 10, [`${name}-640.jpg`]: 20 },
});

describe('the photo cache: one index, one listing of its files', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'forecourt-photo-cache-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  const stored = async (name: string) => {
    const cache = openPhotoCache({ dir });
    await cache.ready();
    for (const file of Object.keys(entry('', name).files)) await cache.writeFile(file, new Uint8Array([1]));
    return cache;
  };

  it('keeps entries across opens in one index file, and treats an entry with a missing file as absent', async () => {
    const first = await stored('aaa');
    await first.put(entry('https://cdn.example/a.jpg', 'aaa'));
    expect(first.get('https://cdn.example/a.jpg')?.name).toBe('aaa');
    await first.save();
    const index = JSON.parse(await readFile(join(dir, 'index.json'), 'utf8'));
    expect(Object.keys(index.entries)).toEqual(['https://cdn.example/a.jpg']);

    const second = openPhotoCache({ dir });
    await second.ready();
    expect(second.get('https://cdn.example/a.jpg')).toEqual(entry('https://cdn.example/a.jpg', 'aaa'));
    expect(second.get('https://cdn.example/other.jpg')).toBeNull();

    await unlink(join(dir, 'files', 'aaa-640.jpg'));
    const third = openPhotoCache({ dir });
    await third.ready();
    expect(third.get('https://cdn.example/a.jpg')).toBeNull();
  });

  it('merges its entries into what another build saved meanwhile', async () => {
    const one = await stored('aaa');
    const two = await stored('bbb');
    await one.put(entry('https://cdn.example/a.jpg', 'aaa'));
    await two.put(entry('https://cdn.example/b.jpg', 'bbb'));
    await one.save();
    await two.save();
    const reopened = openPhotoCache({ dir });
    await reopened.ready();
    expect(reopened.get('https://cdn.example/a.jpg')?.name).toBe('aaa');
    expect(reopened.get('https://cdn.example/b.jpg')?.name).toBe('bbb');
  });

  it.each([
    ['not JSON', '{"version":1,'],
    ['another version', JSON.stringify({ version: 0, entries: { x: entry('x', 'aaa') } })],
  ])('starts empty from an index that is %s', async (_, contents) => {
    await stored('aaa');
    await writeFile(join(dir, 'index.json'), contents);
    const cache = openPhotoCache({ dir });
    await cache.ready();
    expect(cache.get('x')).toBeNull();
  });
});
