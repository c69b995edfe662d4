/**
 * The site checker runs over every page of a build and keeps what it learns to the end (links it
 * resolved, links still pending, scans of the shell): none of that may keep a page's HTML alive,
 * or a build holds most of its pages (a 5,000-car build held 400 MB of them).
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import type { Route } from '../ui/route.ts';
import { createSiteChecker } from './check.ts';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

const PAGES = 200;
const PADDING = 100_000;

describe('the site checker', () => {
  it('keeps no page alive after checking it (links resolved, pending and in a shell it remembers)', () => {
    const paths = Array.from({ length: PAGES }, (_, i) => `/cars/car-number-${i}`);
    const checker = createSiteChecker({ paths, islandNames: [] });
    gc();
    const before = process.memoryUsage().heapUsed;
    for (const [i, path] of paths.entries()) {
      // Each page a new string: its own shell, a link that resolves, one pending until the end.
      const html =
        `<!doctype html><html><head></head><body><header><a href="/cars/car-number-${(i + 1) % PAGES}/">next</a></header>` +
        `<main id="main"><a href="/assets/photo-${i}.jpg">p</a>${'x'.repeat(PADDING)}</main><footer>${i}</footer></body></html>`;
      checker.add({ route: { path, kind: 'car', indexable: true } as Route, file: `${path.slice(1)}/index.html`, html });
    }
    gc();
    const grown = process.memoryUsage().heapUsed - before;
    // Held pages would be 20 MB; what the checker keeps of 200 pages is a few hundred kilobytes.
    expect(grown).toBeLessThan((PAGES * PADDING) / 10);
    const assets = paths.map((_, i) => ({ path: `assets/photo-${i}.jpg`, contents: '' }));
    expect(checker.finish({ assets }).diagnostics).toEqual([]);
  });
});
