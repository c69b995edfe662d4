/**
 * Builds the `forecourt` CLI into dist/: one esbuild bundle of cli/main.ts (code-split, so each
 * command loads only its own modules; npm packages stay external), the writer thread and the
 * database migrations beside it. Runs on `npm install` (the package's `prepare` script) and
 * whenever bin/forecourt.mjs finds the build missing or older than its sources.
 *
 * dist/ sits one folder below the repository, as cli/, renderer/ and server/db/ do, so the paths
 * the code finds from `import.meta.url` ('../templates/meta.yaml', '../package.json') resolve the
 * same from the bundle. The build goes to a temporary folder and is swapped in by renames, so a
 * CLI starting meanwhile sees the old build or the new one, never half of one.
 */
import { createHash } from 'node:crypto';
import { cpSync, existsSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const DIST = join(ROOT, 'dist');

/** Files copied beside the bundle (found from it at run time by their relative URL). */
const COPIED = [
  { from: 'renderer/siteWriterThread.mjs', to: 'siteWriterThread.mjs' },
  { from: 'server/db/migrations', to: 'migrations' },
];

/** Why the build in `root`/dist/ cannot be used (missing, or a source changed since), or undefined. */
export function staleReason({ root = ROOT } = {}) {
  let stamp;
  try {
    stamp = JSON.parse(readFileSync(join(root, 'dist', 'build.json'), 'utf8'));
  } catch {
    return 'the CLI is not built yet';
  }
  if (stamp.node !== process.versions.node) return `it was built for Node ${stamp.node}`;
  for (const [file, [size, mtime]] of Object.entries(stamp.inputs)) {
    let info;
    try {
      info = statSync(join(root, file));
    } catch {
      return `${file} is gone`;
    }
    if (info.size !== size || Math.trunc(info.mtimeMs) !== mtime) return `${file} changed`;
  }
  return undefined;
}

/** Builds dist/ from the sources; resolves to the build's content hash. */
export async function buildCli() {
  const { build } = await import('esbuild');
  const staging = join(ROOT, `.dist-${process.pid}-${Date.now()}`);
  try {
    const result = await build({
      entryPoints: { forecourt: join(ROOT, 'cli/main.ts') },
      outdir: staging,
      // Metafile paths are relative to this folder: the repository, wherever the CLI was started from.
      absWorkingDir: ROOT,
      bundle: true,
      splitting: true,
      format: 'esm',
      platform: 'node',
      target: `node${process.versions.node.split('.')[0]}`,
      packages: 'external',
      jsx: 'automatic',
      metafile: true,
      sourcemap: 'linked',
      logLevel: 'warning',
      chunkNames: '[name]-[hash]',
      outExtension: { '.js': '.mjs' },
    });
    const inputs = Object.keys(result.metafile.inputs).map((file) => relative(ROOT, resolve(ROOT, file)));
    for (const { from, to } of COPIED) {
      cpSync(join(ROOT, from), join(staging, to), { recursive: true });
      inputs.push(...listFiles(from));
    }
    inputs.push('package-lock.json', 'package.json');
    const stamp = { node: process.versions.node, inputs: {} };
    const hash = createHash('sha256');
    for (const file of [...new Set(inputs)].sort()) {
      const info = statSync(join(ROOT, file));
      stamp.inputs[file] = [info.size, Math.trunc(info.mtimeMs)];
      hash.update(`${file}\0`).update(readFileSync(join(ROOT, file)));
    }
    stamp.hash = hash.digest('base64url');
    writeFileSync(join(staging, 'build.json'), `${JSON.stringify(stamp)}\n`);
    const retired = `${staging}-old`;
    if (existsSync(DIST)) renameSync(DIST, retired);
    try {
      renameSync(staging, DIST);
    } catch (error) {
      // Another CLI built the same sources at the same moment and swapped its build in first.
      if (!existsSync(join(DIST, 'build.json'))) throw error;
    }
    // Each command loads its chunks when it starts, so a CLI already running needs none of these.
    rmSync(retired, { recursive: true, force: true });
    return stamp.hash;
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

function listFiles(path) {
  const full = join(ROOT, path);
  if (!statSync(full).isDirectory()) return [path];
  return readdirSync(full)
    .sort()
    .flatMap((name) => listFiles(join(path, name)));
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const started = Date.now();
  await buildCli();
  console.log(`forecourt: CLI built into dist/ in ${Date.now() - started} ms`);
}
