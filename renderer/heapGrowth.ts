/**
 * How far V8 lets the heap grow past what was live after its last full collection, for a build.
 * By default V8 grows the old generation by a factor it picks from the allocation rate, up to
 * twice and more what is live: a build allocates fast (every page's React tree, strings and
 * buffers) and keeps little, so the heap held about twice the live data, 1,044 MB of which 490
 * was live after a forced collection on a 20,000-car build. A growth of 20% collects the old
 * generation more often (a full collection is concurrent marking and a short pause) and holds
 * the peak near what is live.
 */
import { setFlagsFromString } from 'node:v8';

/** The old generation may grow by this percentage of what was live before the next full collection. */
export const BUILD_HEAP_GROWTH_PERCENT = 20;

/**
 * Sets V8's heap growth for the rest of this process (a V8 flag is process-wide: called by the
 * commands that build, never by the renderer, which also runs inside tests and the dev server).
 */
export function boundHeapGrowth({ percent = BUILD_HEAP_GROWTH_PERCENT }: { percent?: number } = {}): void {
  if (!Number.isInteger(percent) || percent <= 0) throw new Error(`heap growth must be a whole positive percentage, not ${percent}`);
  setFlagsFromString(`--heap-growing-percent=${percent}`);
}
