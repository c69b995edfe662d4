import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writeFileAtomically } from './atomicFile.ts';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'forecourt-atomic-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('writeFileAtomically', () => {
  it('writes and replaces a file, with the mode asked for, and leaves no draft', async () => {
    const path = join(dir, 'settings.json');
    await writeFileAtomically({ path, contents: 'one' });
    await writeFileAtomically({ path, contents: new TextEncoder().encode('two'), mode: 0o600 });
    expect(await readFile(path, 'utf8')).toBe('two');
    expect((await stat(path)).mode & 0o777).toBe(0o600);
    expect(await readdir(dir)).toEqual(['settings.json']);
  });

  it('a rename that fails throws, keeps the target as it was and removes the draft', async () => {
    // A non-empty folder cannot be renamed over.
    const path = join(dir, 'taken');
    await mkdir(path);
    await writeFile(join(path, 'inside'), 'kept');
    await expect(writeFileAtomically({ path, contents: 'new' })).rejects.toThrow();
    expect((await readdir(dir)).sort()).toEqual(['taken']);
    expect(await readFile(join(path, 'inside'), 'utf8')).toBe('kept');
  });
});
