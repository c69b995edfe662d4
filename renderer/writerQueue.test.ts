import { describe, expect, it } from 'vitest';
import { createWriterQueue, type WriterItem } from './writerQueue.ts';

/** A queue whose "writer" is this thread: it records each batch and, unless told not to, writes it at once. */
function recorded({
  threads = 1,
  writes = true,
  maxInFlightBytes,
  stallMs,
}: {
  threads?: number;
  writes?: boolean;
  maxInFlightBytes?: number;
  stallMs?: number;
}) {
  const batches: { thread: number; items: WriterItem[]; transfer: ArrayBuffer[] }[] = [];
  const queue = createWriterQueue({
    threads,
    maxInFlightBytes,
    stallMs,
    post: (thread, { items }, transfer) => {
      batches.push({ thread, items, transfer });
      if (writes) for (const item of items) Atomics.sub(new Int32Array(queue.inFlight), 0, item.bytes);
    },
  });
  return { queue, batches };
}

const file = (i: number, size: number) => ({ type: 'write' as const, path: `/tmp/site/p${i}.html`, contents: new Uint8Array(size) });

describe('the writer queue', () => {
  it.each([
    // files of `size` bytes, how many, batches sent before sendAll, batches after
    [1_000, 10, 0, 1],
    [1_000, 128, 1, 1],
    [1_000, 129, 1, 2],
    [300_000, 3, 3, 3],
  ])('sends files of %i bytes x %i in batches: %i full ones, %i in all', (size, count, before, after) => {
    const { queue, batches } = recorded({});
    for (let i = 0; i < count; i++) queue.push({ thread: 0, item: file(i, size) });
    expect(batches).toHaveLength(before);
    queue.sendAll();
    expect(batches).toHaveLength(after);
    expect(batches.flatMap((b) => b.items.map((item) => item.path))).toEqual(Array.from({ length: count }, (_, i) => `/tmp/site/p${i}.html`));
    expect(new Int32Array(queue.inFlight)[0]).toBe(0);
  });

  it('keeps each thread its own batch and hands the buffers to transfer with their files', () => {
    const { queue, batches } = recorded({ threads: 2 });
    const buffers = [new ArrayBuffer(8), new ArrayBuffer(8)];
    queue.push({ thread: 1, item: file(0, 8), transfer: [buffers[0]] });
    queue.push({ thread: 0, item: { type: 'link', path: '/tmp/site/l.html', from: '/tmp/live/l.html' } });
    queue.push({ thread: 1, item: file(1, 8), transfer: [buffers[1]] });
    queue.sendAll();
    expect(batches.map((b) => [b.thread, b.items.length, b.transfer])).toEqual([
      [0, 1, []],
      [1, 2, buffers],
    ]);
    // A file without contents still counts, so links and removals are bounded too.
    expect(batches[0].items[0].bytes).toBeGreaterThan(0);
  });

  it('stops waiting and says so when the writers make no progress', () => {
    const { queue } = recorded({ writes: false, maxInFlightBytes: 0, stallMs: 20 });
    queue.push({ thread: 0, item: file(0, 300_000) });
    expect(queue.stalled).toBe(true);
    expect(queue.waitedMs).toBeGreaterThanOrEqual(15);
    // Once stalled it no longer blocks: the build goes on to report the failure at commit.
    const start = performance.now();
    queue.push({ thread: 0, item: file(1, 300_000) });
    expect(performance.now() - start).toBeLessThan(15);
  });
});
