/**
 * The queue between a build's main thread and its writer threads (renderer/emit.ts): files go in
 * batches, one postMessage for many small files, and the bytes sent and not yet written are
 * bounded. Rendering is synchronous and faster than the disk at times, so without a bound every
 * page rendered ahead of the writer would wait in memory; with it, the main thread blocks
 * (Atomics.wait on a counter the writer threads lower as they write, renderer/siteWriterThread.mjs)
 * until the writers catch up.
 */

/** Bytes sent to the writer threads and not yet written, at most: beyond it the sender waits. */
export const MAX_IN_FLIGHT_BYTES = 16 * 1024 * 1024;
/** A batch is sent when it holds this many bytes (a few car pages, or one search page)... */
const BATCH_BYTES = 256 * 1024;
/** ...or this many files (links and removals of an incremental build are small). */
const BATCH_FILES = 128;
/** What a file that carries no contents (a link, a removal) counts for. */
const ENTRY_BYTES = 256;
/** The writers made no progress for this long while the sender waited: stop waiting, report it. */
const STALL_MS = 120_000;

/** One file for a writer thread; `bytes` is what it counts for in flight (the thread lowers the counter by it). */
export interface WriterItem {
  type: 'write' | 'link' | 'remove';
  path: string;
  /** Bytes, or text the writer thread encodes as UTF-8 (`size` is then its encoded length). */
  contents?: Uint8Array | string;
  size?: number;
  from?: string;
  replace?: boolean;
  root?: string;
  bytes: number;
}

/** Posts a batch to writer thread `thread`, transferring `transfer`. */
type Post = (thread: number, message: { type: 'batch'; items: WriterItem[] }, transfer: ArrayBuffer[]) => void;

/** The queue: `push` files, `sendAll` before a flush; `inFlight` is shared with the writer threads (workerData). */
export interface WriterQueue {
  /** The counter of bytes in flight (an Int32Array over it), handed to every writer thread. */
  readonly inFlight: SharedArrayBuffer;
  /** Queues a file for a thread; may block until the writers have caught up. */
  push(file: { thread: number; item: Omit<WriterItem, 'bytes'>; transfer?: ArrayBuffer[] }): void;
  /** Sends every batch not yet sent (before a flush). */
  sendAll(): void;
  /** Milliseconds the sender spent waiting for the writers. */
  readonly waitedMs: number;
  /** Set when the writers made no progress for STALL_MS while the sender waited. */
  readonly stalled: boolean;
}

/**
 * A queue to `threads` writer threads. `maxInFlightBytes` (default MAX_IN_FLIGHT_BYTES) bounds
 * what is sent and not yet written; a single file larger than it is still sent, alone.
 */
export function createWriterQueue({
  threads,
  post,
  maxInFlightBytes = MAX_IN_FLIGHT_BYTES,
  stallMs = STALL_MS,
}: {
  threads: number;
  post: Post;
  maxInFlightBytes?: number;
  stallMs?: number;
}): WriterQueue {
  const inFlight = new SharedArrayBuffer(4);
  const counter = new Int32Array(inFlight);
  const batches = Array.from({ length: threads }, () => ({ items: [] as WriterItem[], transfer: [] as ArrayBuffer[], bytes: 0 }));
  let waitedMs = 0;
  let stalled = false;

  const send = (thread: number): void => {
    const batch = batches[thread];
    if (batch.items.length === 0) return;
    batches[thread] = { items: [], transfer: [], bytes: 0 };
    // Counted before it is sent: the thread may write it before postMessage returns.
    Atomics.add(counter, 0, batch.bytes);
    post(thread, { type: 'batch', items: batch.items }, batch.transfer);
  };

  const waitForWriters = (): void => {
    if (stalled || Atomics.load(counter, 0) <= maxInFlightBytes) return;
    const start = performance.now();
    for (let current = Atomics.load(counter, 0); current > maxInFlightBytes; current = Atomics.load(counter, 0)) {
      if (Atomics.wait(counter, 0, current, stallMs) === 'timed-out' && Atomics.load(counter, 0) === current) {
        stalled = true;
        break;
      }
    }
    waitedMs += performance.now() - start;
  };

  return {
    inFlight,
    push({ thread, item, transfer = [] }) {
      const bytes = (typeof item.contents === 'string' ? (item.size ?? item.contents.length) : (item.contents?.byteLength ?? 0)) + ENTRY_BYTES;
      const batch = batches[thread];
      batch.items.push({ ...item, bytes });
      for (const buffer of transfer) batch.transfer.push(buffer);
      batch.bytes += bytes;
      if (batch.bytes >= BATCH_BYTES || batch.items.length >= BATCH_FILES) {
        send(thread);
        waitForWriters();
      }
    },
    sendAll() {
      for (let thread = 0; thread < threads; thread++) send(thread);
    },
    get waitedMs() {
      return waitedMs;
    },
    get stalled() {
      return stalled;
    },
  };
}
