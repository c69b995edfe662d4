/**
 * The emit stage's writer thread (renderer/emit.ts openSiteWriter starts it). Plain JavaScript so
 * a worker thread runs it without a TypeScript loader. It takes absolute paths inside the temp
 * folder and writes them in order with synchronous calls, which on the build machine beat many
 * small async writes; being its own thread, it writes while the main thread renders. A flush
 * answers with what was written and the first failure (later writes are skipped after one).
 *
 * Messages in: `{ type: 'write', path, contents }`, `{ type: 'link', path, from }` (a file of the
 * live version reused by an incremental build) and `{ type: 'flush' }`.
 * Message out (to a flush): `{ type: 'flushed', bytes, files, failure: { message, path } | null }`.
 */
import { parentPort } from 'node:worker_threads';
import { copyFileSync, linkSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { Buffer } from 'node:buffer';

if (!parentPort) throw new Error('siteWriterThread.mjs runs only as a worker thread');
const port = parentPort;

const made = new Set();
let bytes = 0;
let files = 0;
let failure = null;

port.on('message', (message) => {
  if (message.type === 'flush') {
    port.postMessage({ type: 'flushed', bytes, files, failure });
    return;
  }
  if (failure) return;
  try {
    const dir = dirname(message.path);
    if (!made.has(dir)) {
      mkdirSync(dir, { recursive: true });
      made.add(dir);
    }
    if (message.type === 'link') {
      // A file of the live version reused as it is: a hard link (no copy), or a copy where the
      // file system has none. Versions are never written to after their build, so sharing is safe.
      try {
        linkSync(message.from, message.path);
      } catch (error) {
        if (!['EXDEV', 'EPERM', 'ENOTSUP', 'EMLINK'].includes(error?.code)) throw error;
        copyFileSync(message.from, message.path);
      }
      bytes += statSync(message.path).size;
    } else {
      writeFileSync(message.path, message.contents);
      bytes += typeof message.contents === 'string' ? Buffer.byteLength(message.contents) : message.contents.byteLength;
    }
    files += 1;
  } catch (error) {
    failure = { message: error instanceof Error ? error.message : String(error), path: message.path };
  }
});
