import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cachedRuntimeBundle } from './bundleCache.ts';
import type { BundleResult } from './bundle.ts';
import { codeVersion } from './pageInputs.ts';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'forecourt-bundle-cache-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** A stand-in bundler that counts its runs. */
function counting(): { runs: number; bundle: () => Promise<BundleResult> } {
  const counter = {
    runs: 0,
    bundle: async (): Promise<BundleResult> => {
      counter.runs += 1;
      return {
        assets: [
          { path: 'assets/runtime-AB12CD34.js', contents: 'console.log(1)' },
          { path: 'assets/shared/logo.png', contents: new Uint8Array([137, 80, 78, 71, 0, 255]) },
        ],
        urls: { css: '/assets/site-1.css', runtime: '/assets/runtime-AB12CD34.js' },
        islandNames: ['Gallery'],
        graph: { entry: 'assets/runtime-AB12CD34.js', gzip: { 'assets/runtime-AB12CD34.js': 30 }, staticImports: {}, islandChunks: {} },
      };
    },
  };
  return counter;
}

describe('cachedRuntimeBundle', () => {
  it('bundles once per code version and reads the same bundle back, binary files included', async () => {
    const bundler = counting();
    const first = await cachedRuntimeBundle({ dir, bundle: bundler.bundle });
    const second = await cachedRuntimeBundle({ dir, bundle: bundler.bundle });
    expect(bundler.runs).toBe(1);
    expect(second).toEqual(first);
    expect(second.assets[1].contents).toBeInstanceOf(Uint8Array);
    expect(await readdir(dir)).toEqual([`runtime-${codeVersion()}.json`]);
  });

  it('bundles again over a cache file cut short, and keeps only the current version', async () => {
    await writeFile(join(dir, 'runtime-an-older-version.json'), '{}');
    await writeFile(join(dir, `runtime-${codeVersion()}.json`), '{"assets":[{"pa');
    const bundler = counting();
    await cachedRuntimeBundle({ dir, bundle: bundler.bundle });
    expect(bundler.runs).toBe(1);
    expect(await readdir(dir)).toEqual([`runtime-${codeVersion()}.json`]);
  });

  it('still bundles where the cache cannot be written', async () => {
    const file = join(dir, 'not-a-folder');
    await writeFile(file, '');
    const bundler = counting();
    expect((await cachedRuntimeBundle({ dir: file, bundle: bundler.bundle })).islandNames).toEqual(['Gallery']);
  });
});
