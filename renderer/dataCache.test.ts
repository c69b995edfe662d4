import { mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { pruneCacheDir } from './dataCache.ts';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'forecourt-data-cache-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('pruneCacheDir', () => {
  it('removes the other entries of the prefix, then the least recently written beyond the bound', async () => {
    const names = ['a-old.v8', 'b-1.v8', 'c-1.v8', 'd-1.v8', 'notes.txt', 'a-new.v8'];
    for (const [i, name] of names.entries()) {
      await writeFile(join(dir, name), name);
      await utimes(join(dir, name), 1_000 + i, 1_000 + i);
    }
    await pruneCacheDir({ dir, prefix: 'a-', keep: ['a-new.v8'], isEntry: (name) => name.endsWith('.v8'), max: 3 });
    // a-old.v8 went with its prefix; of b, c, d and the just written a-new the oldest (b) went; what is no entry stays.
    expect((await readdir(dir)).sort()).toEqual(['a-new.v8', 'c-1.v8', 'd-1.v8', 'notes.txt']);
  });
});
