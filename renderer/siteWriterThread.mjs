/**
 * The emit stage's writer thread (renderer/emit.ts openSiteWriter starts it). Plain JavaScript so
 * a worker thread runs it without a TypeScript loader. It takes absolute paths inside the temp
 * folder and writes them in order with synchronous calls, which on the build machine beat many
 * small async writes; being its own thread, it writes while the main thread renders. A flush
 * answers with how many files it wrote and the first failure (later messages are skipped after one).
 *
 * Messages in: `{ type: 'batch', items }` (renderer/writerQueue.ts), each item one of
 * - `{ type: 'write', path, contents, replace }`: contents are bytes, or text written as UTF-8;
 * - `{ type: 'link', path, from, replace }`: a file of the live version reused by an incremental
 *   build;
 * - `{ type: 'remove', path, root }`: a file of a recycled version the new site no longer has;
 *   the folders it leaves empty go too, up to `root`;
 * and `{ type: 'flush' }`. Every item carries `bytes`: once it is written (or skipped after a
 * failure) the counter of bytes in flight shared with the sender (`workerData.inFlight`) is
 * lowered by that much and the sender woken, which waits while the counter is over its bound.
 * `replace` is set when the folder is a recycled version (renderer/emit.ts): its file may be a
 * hard link shared with the live version, so it is unlinked first, never written through.
 * Message out (to a flush): `{ type: 'flushed', files, failure: { message, path } | null }`.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { copyFileSync, linkSync, mkdirSync, rmdirSync, unlinkSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

if (!parentPort) throw new Error('siteWriterThread.mjs runs only as a worker thread');
const port = parentPort;
const inFlight = new Int32Array(workerData.inFlight);

const made = new Set();
let files = 0;
let failure = null;

/** Unlinks `path`; a file that is not there is fine. */
function unlinkIfThere(path) {
  try {
    unlinkSync(path);
  } catch (error) {
    if (error?.code !== 'ENOENT') throw error;
  }
}

/** Removes `dir` and its parents while they are empty, stopping at `root`. */
function removeEmptyFolders(dir, root) {
  for (let current = dir; current.startsWith(root + '/'); current = dirname(current)) {
    try {
      rmdirSync(current);
    } catch (error) {
      if (error?.code === 'ENOTEMPTY' || error?.code === 'EEXIST' || error?.code === 'ENOENT') return;
      throw error;
    }
  }
}

port.on('message', (message) => {
  if (message.type === 'flush') {
    port.postMessage({ type: 'flushed', files, failure });
    return;
  }
  for (const item of message.items) {
    handle(item);
    // Written: the sender may queue this much more.
    Atomics.sub(inFlight, 0, item.bytes);
    Atomics.notify(inFlight, 0);
  }
});

/** Writes, links or removes one file; a failure is kept for the flush and later items are skipped. */
function handle(message) {
  if (failure) return;
  try {
    if (message.type === 'remove') {
      unlinkIfThere(message.path);
      removeEmptyFolders(dirname(message.path), message.root);
      files += 1;
      return;
    }
    const dir = dirname(message.path);
    if (!made.has(dir)) {
      mkdirSync(dir, { recursive: true });
      made.add(dir);
    }
    if (message.replace) unlinkIfThere(message.path);
    if (message.type === 'link') {
      // A file of the live version reused as it is: a hard link (no copy), or a copy where the
      // file system has none. Live versions are never written to, so sharing is safe.
      try {
        linkSync(message.from, message.path);
      } catch (error) {
        if (!['EXDEV', 'EPERM', 'ENOTSUP', 'EMLINK'].includes(error?.code)) throw error;
        copyFileSync(message.from, message.path);
      }
    } else {
      writeFileSync(message.path, message.contents);
    }
    files += 1;
  } catch (error) {
    failure = { message: error instanceof Error ? error.message : String(error), path: message.path };
  }
}
