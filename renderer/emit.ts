/**
 * The `emit` stage [io, the only writer]: writes a dealer's whole site to a temp folder next to
 * the target (a new one, or an older version of the site renamed, written over where it differs),
 * then swaps it into place (renderer/swap.ts: `out/<slug>` is a symlink to a complete versioned
 * folder, replaced in one atomic rename), so a failed or killed build leaves the previous site
 * live and no stale file of an older build survives a rebuild. One build of a dealer at a time
 * (renderer/buildLock.ts).
 */
import { mkdir, rm, realpath } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { hash as cryptoHash } from 'node:crypto';
import { homedir } from 'node:os';
import { dirname, join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Asset } from './stage.ts';
import { buildTag, pruneVersions, recoverSite, slugsInOutDir, swapInSite, takeVersion, type OnSwapStep } from './swap.ts';
import { acquireBuildLock, BuildLockedError } from './buildLock.ts';
import { createWriterQueue, MAX_IN_FLIGHT_BYTES } from './writerQueue.ts';

/** The repository root: this file lives in <root>/renderer/. */
export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

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

/**
 * Repairs what killed builds left in `outDir` (renderer/swap.ts recoverSite), for every dealer
 * found there that no live build holds: stale temp folders and links go, a missing site is linked
 * back to its newest complete version. Returns what was removed. (Versions that are not live go at
 * the dealer's next build: see openSiteWriter.)
 */
export async function cleanOutDir({ outDir }: { outDir: string }): Promise<string[]> {
  const removed: string[] = [];
  for (const slug of await slugsInOutDir({ outDir })) {
    let lock;
    try {
      lock = await acquireBuildLock({ outDir, slug });
    } catch (error) {
      // A live build of that dealer owns its leftovers.
      if (error instanceof BuildLockedError) continue;
      throw error;
    }
    try {
      removed.push(...(await recoverSite({ outDir, slug })).removed);
    } finally {
      await lock.release();
    }
  }
  return removed;
}

/** Removes what killed builds of this slug left (see cleanOutDir); the caller holds its build lock. */
export async function removeLeftovers({ outDir, slug }: { outDir: string; slug: string }): Promise<string[]> {
  return (await recoverSite({ outDir, slug })).removed;
}

/**
 * What a file of a site is, as emit records it: an identity (`c` and the hash of its contents,
 * or `i` and the hash of what it was made from, which the caller vouches for) and its size in
 * bytes. Two files with the same identity have the same bytes.
 */
export type FileId = [id: string, bytes: number];

/** Every file of one version of a site: path relative to the site root -> its FileId. */
export type SiteFiles = Record<string, FileId>;

/** The identity of contents: `c` and their SHA-1 (base64url). */
export function contentId(contents: string | Uint8Array): string {
  // crypto.hash: one call, no Hash object (every file of a build without inputs is identified so).
  return `c${cryptoHash('sha1', contents, 'base64url')}`;
}

/** The identity of a file made from inputs hashed as `inputs` (renderer/pageInputs.ts), under `shared`. */
export function inputsId({ shared, inputs }: { shared: string; inputs: string }): string {
  return `i${cryptoHash('sha1', `${shared}\0${inputs}`, 'base64url')}`;
}

/** What emit wrote. */
export interface EmitResult {
  /** The site's folder, `<out>/<slug>`. */
  dir: string;
  /** The versioned folder `<out>/<slug>` links to now (renderer/swap.ts). */
  version: string;
  /** Files in the site. */
  files: number;
  /** Bytes of the site (pages and assets). */
  bytes: number;
  /** Every file of the new version, for the next build to recycle it (renderer/buildManifest.ts). */
  ids: SiteFiles;
  /** Files the writer thread wrote, linked or removed (a recycled version keeps the rest as they were). */
  touched: number;
  /** Of the commit, the milliseconds spent making the new version live (the rest waited for the writes and the removal of old versions). */
  swapMs: number;
  /** Milliseconds the build waited for the writer threads while it queued files (renderer/writerQueue.ts). */
  waitMs: number;
}

/** The writer thread's module (plain JavaScript, so a worker runs it without a TypeScript loader). */
const WRITER_THREAD = new URL('./siteWriterThread.mjs', import.meta.url);

/**
 * Default number of writer threads: one writes while the main thread renders (2-core build
 * machine). Two measured no better on a 5,000-car dealer (full builds and incremental ones, in
 * alternating runs the machine's noise outweighed any difference).
 */
export const WRITERS = 1;

/**
 * An open site being written: files go to the temp folder as they are produced (so writing
 * overlaps rendering); `commit` swaps the complete site into place, `abort` removes it.
 */
export interface SiteWriter {
  /** `<out>/<slug>`, the folder `commit` replaces. */
  readonly dir: string;
  /**
   * Queues one file (path relative to the site root); `id` defaults to the contents' identity
   * (contentId). Returns its size in bytes. Blocks while the writer threads are more than
   * `maxInFlightBytes` behind (renderer/writerQueue.ts), so memory stays bounded however fast pages render.
   * `owned` bytes are handed over: transferred to the writer thread, not copied (the caller must not read them again).
   */
  write(file: Asset & { id?: string; owned?: boolean }): number;
  /** Queues reusing the file `from` (an absolute path in the live version, of that FileId) as `path`. Blocks as `write` does. */
  link(file: { path: string; from: string; id: FileId }): void;
  /** True when the folder is a recycled version (written in place), not a new one. */
  readonly recycled: boolean;
  /** Waits for every queued file, then replaces `<out>/<slug>` with the new site in one swap. */
  commit(): Promise<EmitResult>;
  /** Stops writing and removes the temp folder; the previous site stays as it was. */
  abort(): Promise<void>;
}

/**
 * Opens the writer for a dealer's site: checks --out is safe, removes leftovers of killed
 * builds, makes the temp folder `.<slug>.tmp-<pid>-<rand>` next to the target and starts
 * `writers` writer threads (bounded parallelism: each writes one file at a time; files of one
 * folder always go to the same thread).
 *
 * The temp folder is new and empty, or, given `recycle` (the version that was live before the
 * live one, and its files), that version renamed: then only what differs is written (a file
 * whose FileId it already holds is left as it is, a file it holds that the new site lacks is
 * removed at commit), so a build that changes a few files touches a few files, not every one of
 * a version of thousands. A recycled folder is a temp folder like any other: a build that fails
 * or dies loses it, never the live site.
 *
 * The other versions that are not live (left by killed builds) are removed meanwhile, while the
 * pages render (renderer/swap.ts pruneVersions); commit waits for that before it swaps.
 */
export async function openSiteWriter({
  outDir,
  slug,
  writers = WRITERS,
  protectedDirs,
  onSwapStep,
  recycle,
  maxInFlightBytes = MAX_IN_FLIGHT_BYTES,
}: {
  outDir: string;
  slug: string;
  writers?: number;
  /** Bytes queued to the writer threads and not yet written, at most (tests make it tiny). */
  maxInFlightBytes?: number;
  /** Folders never written to (default: '/', the repository root, the home folder). */
  protectedDirs?: string[];
  /** Test builds pause or die after each step of the swap. */
  onSwapStep?: OnSwapStep;
  /**
   * Names a version of this site that is not live, and its files, to write the new site over
   * (renderer/buildManifest.ts standby); asked once the build lock is held, so what it reads is
   * what the last finished build left.
   */
  recycle?: () => Promise<{ version: string; files: SiteFiles } | null | undefined>;
}): Promise<SiteWriter> {
  assertSlugSegment(slug);
  const out = await assertSafeOutDir({ outDir, protectedDirs });
  await mkdir(out, { recursive: true });
  // Held until commit or abort: a second build of this dealer refuses instead of mixing sites.
  const lock = await acquireBuildLock({ outDir: out, slug });
  const tag = buildTag();
  const temp = join(out, `.${slug}.tmp-${tag}`);
  const target = join(out, slug);
  let held: SiteFiles | null = null;
  try {
    await removeLeftovers({ outDir: out, slug });
    const standby = recycle ? await recycle() : null;
    held = standby && (await takeVersion({ outDir: out, slug, version: standby.version, temp })) ? standby.files : null;
    if (!held) await mkdir(temp);
  } catch (error) {
    await lock.release();
    throw error;
  }
  const recycled = held !== null;
  const ids: SiteFiles = {};
  let touched = 0;
  // Settled into a result so a failure is reported where it is awaited (commit), never unhandled.
  const pruning = pruneVersions({ outDir: out, slug }).then(
    () => null,
    (error: unknown) => new Error(`cannot remove the previous versions of ${slug} in ${out}`, { cause: error }),
  );

  const { Worker } = await import('node:worker_threads');
  const threads = Math.max(1, writers);
  const queue = createWriterQueue({ threads, maxInFlightBytes, post: (thread, message, transfer) => pool[thread].postMessage(message, transfer) });
  const pool = Array.from({ length: threads }, () => new Worker(WRITER_THREAD, { workerData: { inFlight: queue.inFlight } }));
  let failure: Error | undefined;
  for (const worker of pool) worker.on('error', (error) => (failure ??= new Error('writer thread crashed', { cause: error })));
  let closed = false;

  const flush = (worker: InstanceType<typeof Worker>) =>
    new Promise<{ files: number; failure: { message: string; path: string } | null }>((done, fail) => {
      worker.once('message', done);
      worker.once('error', fail);
      worker.postMessage({ type: 'flush' });
    });
  const stop = () => Promise.all(pool.map((worker) => worker.terminate()));
  const discard = async (): Promise<void> => {
    closed = true;
    try {
      // The lock is held until the removal of old versions is over (a failure of it is reported by
      // the next build, which tries again): the build being discarded reports its own error.
      await Promise.all([stop(), pruning]);
      await rm(temp, { recursive: true, force: true });
    } finally {
      await lock.release();
    }
  };

  // Files of one folder always go to the same thread (it makes each folder once).
  const send = (
    message: { type: 'write' | 'link' | 'remove'; path: string; contents?: Uint8Array | string; size?: number; from?: string; id?: FileId },
    transfer: ArrayBuffer[] = [],
  ): void => {
    if (closed) throw new Error(`the site writer of ${slug} is closed`);
    const relative = message.path.charCodeAt(0) === 0x2f ? message.path.replace(/^\/+/, '') : message.path;
    // The recycled version holds this very file already (a path a build before this one wrote): nothing to send.
    if (message.id && held?.[relative]?.[0] === message.id[0]) {
      ids[relative] = message.id;
      return;
    }
    const file = resolve(temp, relative);
    if (!file.startsWith(temp + sep)) {
      failure ??= new Error(`refusing to write '${message.path}': outside the site folder`);
      return;
    }
    if (message.id) ids[relative] = message.id;
    const dir = dirname(file);
    let hash = 0;
    for (let i = 0; i < dir.length; i++) hash = (hash * 31 + dir.charCodeAt(i)) | 0;
    const { id: _id, ...rest } = message;
    touched += 1;
    queue.push({ thread: Math.abs(hash) % pool.length, item: { ...rest, path: file, replace: recycled, root: temp }, transfer });
  };

  return {
    dir: target,
    recycled,
    write({ path, contents, id, owned = false }) {
      if (typeof contents === 'string') {
        // Text goes as it is and the writer thread encodes it: copying a string to another thread
        // is a copy of its characters, cheaper here than encoding it (the pages of a build are
        // hundreds of megabytes).
        const bytes = Buffer.byteLength(contents, 'utf8');
        send({ type: 'write', path, contents, size: bytes, id: [id ?? contentId(contents), bytes] });
        return bytes;
      }
      // Measured before the send: a transferred buffer reads as empty afterwards.
      const bytes = contents.byteLength;
      const transfer = owned && contents.byteOffset === 0 && contents.byteLength === contents.buffer.byteLength;
      send({ type: 'write', path, contents, id: [id ?? contentId(contents), bytes] }, transfer ? [contents.buffer as ArrayBuffer] : []);
      return bytes;
    },
    link({ path, from, id }) {
      send({ type: 'link', path, from, id });
    },
    async commit() {
      if (closed) throw new Error(`the site writer of ${slug} is closed`);
      // What the recycled version holds that the new site does not have goes.
      if (held) for (const path of Object.keys(held)) if (!(path in ids)) send({ type: 'remove', path });
      closed = true;
      queue.sendAll();
      let files = 0;
      let bytes = 0;
      for (const id of Object.values(ids)) bytes += id[1];
      try {
        for (const result of await Promise.all(pool.map(flush))) {
          if (result.failure) failure ??= new Error(`cannot write ${result.failure.path}: ${result.failure.message}`);
          files += result.files;
        }
        if (failure) throw failure;
        if (queue.stalled) throw new Error(`the writer threads wrote nothing for minutes while ${slug} waited`);
        if (files !== touched) throw new Error(`wrote ${files} of ${touched} files`);
        const pruneFailure = await pruning;
        if (pruneFailure) throw pruneFailure;
      } catch (error) {
        await discard();
        throw new Error(`emit of ${slug} failed; the previous ${target} is untouched`, { cause: error });
      }
      await stop();

      let version: string;
      const swapStart = performance.now();
      try {
        version = await swapInSite({ outDir: out, slug, temp, tag, onStep: onSwapStep });
      } catch (error) {
        // Whatever step failed, the live link still names a complete site; only the temp goes.
        await rm(temp, { recursive: true, force: true });
        throw new Error(`emit of ${slug} failed while swapping in the new site`, { cause: error });
      } finally {
        await lock.release();
      }
      return { dir: target, version, files: Object.keys(ids).length, bytes, ids, touched, swapMs: performance.now() - swapStart, waitMs: queue.waitedMs };
    },
    abort: discard,
  };
}
