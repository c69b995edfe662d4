/**
 * The `emit` stage [io, the only writer]: writes a dealer's whole site to a temp folder next to
 * the target, then swaps it into place, so a failed or killed build leaves the previous
 * `out/<slug>/` untouched and no stale file of an older build survives a rebuild.
 */
import { mkdir, rename, rm, writeFile, readdir, realpath } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomBytes } from 'node:crypto';
import type { Asset } from './stage.ts';

/** The repository root: this file lives in <root>/renderer/. */
export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** Default number of files written at once: enough to keep the disk busy, few enough file handles. */
export const WRITE_CONCURRENCY = 16;

/** True when `dir` is `other` or contains it. */
function isSameOrAncestor(dir: string, other: string): boolean {
  return dir === other || other.startsWith(dir.endsWith(sep) ? dir : dir + sep);
}

/**
 * Throws a clear error when `outDir` resolves to '/', the repository root or the home folder (or
 * a folder that contains one of them): replacing `<out>/<slug>` there could delete a checkout or
 * a home directory.
 */
export async function assertSafeOutDir({ outDir, protectedDirs }: { outDir: string; protectedDirs?: string[] }): Promise<string> {
  let dir = resolve(outDir);
  if (existsSync(dir)) dir = await realpath(dir);
  const guarded = protectedDirs ?? ['/', REPO_ROOT, homedir()];
  for (const guard of guarded) {
    const real = existsSync(guard) ? await realpath(guard) : resolve(guard);
    if (isSameOrAncestor(dir, real)) {
      const what = real === '/' ? 'the filesystem root' : real === REPO_ROOT ? 'the repository root' : real === homedir() ? 'the home folder' : real;
      throw new Error(
        `refusing to write to --out ${outDir}: it resolves to ${dir}, which is or contains ${what}. Choose a dedicated output folder such as 'out'.`,
      );
    }
  }
  return dir;
}

/** A dealer slug must be one plain path segment: it names the folder that is replaced. */
function assertSlugSegment(slug: string): void {
  if (!/^[a-z0-9][a-z0-9._-]*$/i.test(slug) || slug.includes('..')) throw new Error(`refusing to emit a site for slug '${slug}': not a plain folder name`);
}

/** True when a process with this id is running (a leftover of a live build must not be removed). */
function isAlive(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Removes temp and trash folders left by killed builds of this slug (their process is gone).
 * Returns the folders removed.
 */
export async function removeLeftovers({ outDir, slug }: { outDir: string; slug: string }): Promise<string[]> {
  if (!existsSync(outDir)) return [];
  const prefix = new RegExp(`^\\.${slug.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\.(?:tmp|trash)-(\\d+)-[0-9a-f]+$`);
  const removed: string[] = [];
  for (const name of await readdir(outDir)) {
    const match = prefix.exec(name);
    if (!match || isAlive(Number(match[1]))) continue;
    await rm(join(outDir, name), { recursive: true, force: true });
    removed.push(name);
  }
  return removed;
}

/** Runs `task` over `items` with at most `limit` in flight; the first failure rejects. */
async function eachLimited<T>({ items, limit, task }: { items: T[]; limit: number; task: (item: T) => Promise<void> }): Promise<void> {
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const item = items[next++];
      await task(item);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
}

/** What emit wrote. */
export interface EmitResult {
  /** The site's folder, `<out>/<slug>`. */
  dir: string;
  files: number;
  bytes: number;
}

/**
 * Writes `files` as the complete site of `slug` under `outDir`: into `.<slug>.tmp-<pid>-<rand>`
 * first, then the old site is renamed to a trash name, the new one renamed into place and the
 * trash deleted. Any failure before the swap removes the temp folder and leaves the old site.
 */
export async function emitSite({
  outDir,
  slug,
  files,
  concurrency = WRITE_CONCURRENCY,
  protectedDirs,
}: {
  outDir: string;
  slug: string;
  files: Asset[];
  concurrency?: number;
  /** Folders never written to (default: '/', the repository root, the home folder). */
  protectedDirs?: string[];
}): Promise<EmitResult> {
  assertSlugSegment(slug);
  const out = await assertSafeOutDir({ outDir, protectedDirs });
  await mkdir(out, { recursive: true });
  await removeLeftovers({ outDir: out, slug });

  const tag = `${process.pid}-${randomBytes(4).toString('hex')}`;
  const temp = join(out, `.${slug}.tmp-${tag}`);
  const target = join(out, slug);
  await mkdir(temp);

  let bytes = 0;
  try {
    const writes = files.map((file) => {
      const path = resolve(temp, file.path.replace(/^\/+/, ''));
      if (!path.startsWith(temp + sep)) throw new Error(`refusing to write '${file.path}': outside the site folder`);
      return { path, contents: file.contents };
    });
    const dirs = [...new Set(writes.map((w) => dirname(w.path)))].filter((d) => d !== temp).sort();
    await eachLimited({ items: dirs, limit: concurrency, task: (dir) => mkdir(dir, { recursive: true }).then(() => undefined) });
    await eachLimited({
      items: writes,
      limit: concurrency,
      task: async ({ path, contents }) => {
        await writeFile(path, contents);
        bytes += typeof contents === 'string' ? Buffer.byteLength(contents) : contents.byteLength;
      },
    });
  } catch (error) {
    await rm(temp, { recursive: true, force: true });
    throw new Error(`emit of ${slug} failed; the previous ${target} is untouched`, { cause: error });
  }

  const trash = join(out, `.${slug}.trash-${tag}`);
  const hadOld = existsSync(target);
  try {
    if (hadOld) await rename(target, trash);
    await rename(temp, target);
  } catch (error) {
    // Put the old site back if it was moved away, so a failed swap changes nothing.
    if (hadOld && existsSync(trash) && !existsSync(target)) await rename(trash, target);
    await rm(temp, { recursive: true, force: true });
    throw new Error(`emit of ${slug} failed while swapping in the new site`, { cause: error });
  }
  if (hadOld) await rm(trash, { recursive: true, force: true });
  return { dir: target, files: files.length, bytes };
}
