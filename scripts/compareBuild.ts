/**
 * Compares two `generate` output folders byte for byte: every published site (each entry not
 * starting with a dot, the slug symlink followed to its version folder) and every file under it.
 * A refactor that must not change behaviour builds the sample dealers with a fixed `--now` before
 * and after and runs this on the two folders:
 *
 *   node bin/forecourt.mjs generate --full --now 2026-11-20T10:00:00Z --out /tmp/before
 *   (change the code)
 *   node bin/forecourt.mjs generate --full --now 2026-11-20T10:00:00Z --out /tmp/after
 *   node --import tsx scripts/compareBuild.ts /tmp/before /tmp/after
 *
 * Hidden files (the manifest, the server settings, version folder names) are left out: they name
 * versions and times that differ between any two runs. esbuild's JS chunk names are masked (see
 * ESBUILD_NAME); everything else, file names and bytes, must be identical. Exits 1 and lists the first differences
 * when the sites differ, 0 when every file is identical. Tests and the bench import compareBuilds
 * for builds of one run (one bundle), where nothing is masked.
 */
import { readdir, readFile, stat } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** One way two build folders differ. */
interface Difference {
  readonly path: string;
  readonly kind: 'only in a' | 'only in b' | 'content';
}

/** Every file under `root` (symlinks followed), as paths relative to it, sorted. */
async function filesUnder({ root }: { root: string }): Promise<string[]> {
  const found: string[] = [];
  const walk = async (dir: string): Promise<void> => {
    for (const entry of await readdir(dir)) {
      const full = join(dir, entry);
      const info = await stat(full);
      if (info.isDirectory()) await walk(full);
      else found.push(relative(root, full));
    }
  };
  await walk(root);
  return found.sort();
}

/** The published sites of a build folder: its entries that do not start with a dot. */
async function sitesOf({ root }: { root: string }): Promise<string[]> {
  return (await readdir(root)).filter((entry) => !entry.startsWith('.')).sort();
}

/**
 * esbuild's content-hash names of the runtime's JS files (`runtime-RN7QEOIT.js`,
 * `chunks/chunk-7GJ5XFBA.js`): esbuild hashes a chunk's inputs too, so an edit that changes no
 * output byte (a type, an export the browser never imports) renames every chunk. Compared as `HASH`
 * in paths and contents; the CSS and data files' own names are compared as they are.
 */
const ESBUILD_NAME = /(?<=[-/])[A-Z0-9]{8}(?=\.js\b)/g;

const normalise = (text: string): string => text.replace(ESBUILD_NAME, 'HASH');

/**
 * The files of one site by path, each with its contents' list (a path with chunk names masked may
 * name several chunks); `mask`: chunk names compared as HASH, in paths and in text.
 */
async function siteFiles({ root, mask }: { root: string; mask: boolean }): Promise<Map<string, Buffer[]>> {
  const files = new Map<string, Buffer[]>();
  for (const file of await filesUnder({ root })) {
    const key = mask ? normalise(file) : file;
    const bytes = await readFile(join(root, file));
    // Text that names a chunk is compared with the names masked; any other file byte for byte.
    const contents =
      mask && /\.(html|js|json|xml|txt|csv)$|_headers$|_redirects$/.test(file) ? Buffer.from(normalise(bytes.toString('latin1')), 'latin1') : bytes;
    files.set(key, [...(files.get(key) ?? []), contents]);
  }
  for (const list of files.values()) list.sort(Buffer.compare);
  return files;
}

/**
 * Every difference between the published sites of build folders `a` and `b`, and how many files
 * were compared. `maskChunkNames` (default) compares esbuild's chunk names as HASH: false for two
 * builds made with one bundle, which must match byte for byte.
 */
export async function compareBuilds({
  a,
  b,
  maskChunkNames = true,
}: {
  a: string;
  b: string;
  maskChunkNames?: boolean;
}): Promise<{ files: number; differences: Difference[] }> {
  const differences: Difference[] = [];
  let files = 0;
  const sitesA = await sitesOf({ root: a });
  const sitesB = new Set(await sitesOf({ root: b }));
  for (const site of sitesA) if (!sitesB.has(site)) differences.push({ path: site, kind: 'only in a' });
  for (const site of sitesB) if (!sitesA.includes(site)) differences.push({ path: site, kind: 'only in b' });
  for (const site of sitesA.filter((name) => sitesB.has(name))) {
    const inA = await siteFiles({ root: join(a, site), mask: maskChunkNames });
    const inB = await siteFiles({ root: join(b, site), mask: maskChunkNames });
    for (const file of inA.keys()) if (!inB.has(file)) differences.push({ path: join(site, file), kind: 'only in a' });
    for (const file of inB.keys()) if (!inA.has(file)) differences.push({ path: join(site, file), kind: 'only in b' });
    for (const [file, contentsA] of inA) {
      const contentsB = inB.get(file);
      if (!contentsB) continue;
      files += contentsA.length;
      const same = contentsA.length === contentsB.length && contentsA.every((bytes, index) => bytes.equals(contentsB[index]));
      if (!same) differences.push({ path: join(site, file), kind: 'content' });
    }
  }
  return { files, differences };
}

/** The command line: two build folders, compared with chunk names masked. */
async function main(): Promise<void> {
  const [a, b] = process.argv.slice(2);
  if (!a || !b) {
    process.stderr.write('usage: node --import tsx scripts/compareBuild.ts <build folder a> <build folder b>\n');
    process.exit(2);
  }
  const { files, differences } = await compareBuilds({ a, b });
  if (differences.length === 0) {
    process.stdout.write(`identical: ${files} files (esbuild's chunk names compared as HASH)\n`);
  } else {
    for (const difference of differences.slice(0, 50)) process.stdout.write(`${difference.kind}: ${difference.path}\n`);
    if (differences.length > 50) process.stdout.write(`... and ${differences.length - 50} more\n`);
    process.stdout.write(`${differences.length} differences in ${files} files compared\n`);
    process.exit(1);
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
