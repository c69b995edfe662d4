/**
 * The repository's runtime bundle (renderer/bundle.ts bundleRuntime), kept between processes in
 * `node_modules/.cache/forecourt/` under the code version it was built from (renderer/pageInputs.ts
 * codeVersion: every file of ui/, runtime/, search/, domain/, renderer/, templates/ ... and the
 * dependency lock; one version is kept). esbuild gives the same bytes for the same sources, so a process whose code is
 * the same as the last one's reads them back (milliseconds) instead of bundling again (half a
 * second of every `generate`, `diff` and `dev` start). A cache that cannot be read or written is
 * only a slower start.
 */
import { mkdir, readdir, readFile, rm } from 'node:fs/promises';
import { Buffer } from 'node:buffer';
import { join } from 'node:path';
import { writeFileAtomically } from './atomicFile.ts';
import { bundleRuntime, type BundleResult } from './bundle.ts';
import { REPO_ROOT } from './emit.ts';
import { codeVersion } from './pageInputs.ts';

/** Where the cached bundles live. */
export const BUNDLE_CACHE_DIR = join(REPO_ROOT, 'node_modules', '.cache', 'forecourt');

/** A BundleResult as JSON: binary contents in base64. */
interface StoredBundle extends Omit<BundleResult, 'assets'> {
  assets: { path: string; text?: string; base64?: string }[];
}

function store(bundle: BundleResult): StoredBundle {
  return {
    ...bundle,
    assets: bundle.assets.map(({ path, contents }) =>
      typeof contents === 'string' ? { path, text: contents } : { path, base64: Buffer.from(contents).toString('base64') },
    ),
  };
}

function restore(stored: StoredBundle): BundleResult {
  return {
    ...stored,
    assets: stored.assets.map(({ path, text, base64 }) => ({ path, contents: text ?? new Uint8Array(Buffer.from(base64 ?? '', 'base64')) })),
  };
}

/** The runtime bundle of the repository's code as it is now: from the cache when it holds this version, else bundled (and stored). */
export async function cachedRuntimeBundle({
  dir = BUNDLE_CACHE_DIR,
  bundle = () => bundleRuntime(),
}: { dir?: string; bundle?: () => Promise<BundleResult> } = {}): Promise<BundleResult> {
  const file = join(dir, `runtime-${codeVersion()}.json`);
  try {
    return restore(JSON.parse(await readFile(file, 'utf8')) as StoredBundle);
  } catch {
    // Not cached yet (or cut short): bundle.
  }
  const fresh = await bundle();
  try {
    await mkdir(dir, { recursive: true });
    // Written aside and renamed: another process reading it sees all of it or none.
    await writeFileAtomically({ path: file, contents: JSON.stringify(store(fresh)) });
    // One version is kept: the code changes with every edit, and old bundles are never read again.
    const name = file.slice(dir.length + 1);
    for (const other of await readdir(dir)) if (/^runtime-.+\.json$/.test(other) && other !== name) await rm(join(dir, other), { force: true });
  } catch {
    // A read-only checkout bundles on every start; nothing else changes.
  }
  return fresh;
}
