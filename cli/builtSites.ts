/**
 * Which dealers' sites an out folder holds, and the check that a named one was generated (the
 * error says what to run). Used by `serve` and the browser tests' fixtures.
 */
import type { Dirent } from 'node:fs';
import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { ServeError } from './serveError.ts';

/** The slugs of every generated site under `outDir` (a folder with an index.html). */
export async function builtSlugs({ outDir }: { outDir: string }): Promise<string[]> {
  let entries: Dirent[];
  try {
    entries = await readdir(outDir, { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw new Error(`Could not list ${outDir}`, { cause: error });
  }
  return (
    entries
      // A site is a folder or (renderer/swap.ts) a symlink to its live version; existsSync follows it.
      .filter(
        (entry) => (entry.isDirectory() || entry.isSymbolicLink()) && !entry.name.startsWith('.') && existsSync(path.join(outDir, entry.name, 'index.html')),
      )
      .map((entry) => entry.name)
      .sort()
  );
}

/** Checks that `slug` was generated; the error says what to run. */
export function assertGenerated({ slug, outDir, dealersDir }: { slug: string; outDir: string; dealersDir: string }): void {
  if (existsSync(path.join(outDir, slug, 'index.html'))) return;
  if (!existsSync(path.join(dealersDir, slug))) {
    throw new ServeError(`Unknown dealer "${slug}": there is no ${path.join(dealersDir, slug)} and no generated ${path.join(outDir, slug)}`);
  }
  throw new ServeError(`${path.join(outDir, slug)} was not generated: run forecourt generate ${slug} first`);
}
