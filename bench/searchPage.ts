/**
 * Search page benchmark: on a 5,000-car static-engine dealer, the search page's
 * first-load JS gzipped (runtime, React and the page's islands, as the check stage counts it;
 * the engine is not in it: it loads on demand) and the first search's transfer gzipped (the
 * index plus the card chunks the first page of results needs).
 * Budgets: first-load JS <= 90 KB; first search <= 200 KB.
 *
 *   npm run bench -- --only search-page      or      node --import tsx bench/searchPage.ts
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { bundleRuntime } from '../renderer/bundle.ts';
import { FIRST_LOAD_JS_BUDGET, firstLoadJs } from '../renderer/check.ts';
import { generateSite } from '../renderer/generate.ts';
import { formatBytes } from '../renderer/progress.ts';
import { STATIC_INDEX_PATH } from '../search/indexFormat.ts';
import { createStaticEngine } from '../search/staticEngine.ts';
import { writeSearchUiDealers } from '../fixtures/searchui/writeDealers.ts';
import { runSectionAlone, type BenchContext, type BenchResult, type BenchSection } from './section.ts';

/** Budget: total transfer of the first search on a 5,000-car dealer, gzipped. */
export const FIRST_SEARCH_BUDGET = 200 * 1024;

const SLUG = 'searchui-static';
const PAGE = 'search/new-used-and-demo-cars';
const NOW = new Date('2026-11-20T00:00:00.000Z');

const gz = (bytes: string | Uint8Array) => gzipSync(bytes).byteLength;

/** Islands named in a page's HTML. */
function islandsOf(html: string): string[] {
  return [...new Set([...html.matchAll(/data-island="([^"]+)"/g)].map((m) => m[1]))];
}

/** Measures the search page of a generated 5,000-car dealer; figures and budgets as a bench result. */
export async function benchSearchPage({ workDir, options, log }: BenchContext): Promise<BenchResult> {
  const count = Number(options.count ?? 5000);
  const dealersDir = join(workDir, 'searchpage-dealers');
  const outDir = join(workDir, 'searchpage-out');
  writeSearchUiDealers({ dir: dealersDir, counts: { [SLUG]: count }, now: NOW });
  log(`generating ${SLUG} with ${count} cars ...`);
  const bundle = await bundleRuntime();
  const site = await generateSite({ slug: SLUG, bundle, dealersDir, outDir, now: NOW });
  if (!site.ok) throw new Error(`generate failed for ${SLUG}`, { cause: site.error });

  const root = join(outDir, SLUG);
  const html = readFileSync(join(root, PAGE, 'index.html'), 'utf8');
  const islands = islandsOf(html);
  const firstLoad = firstLoadJs({ graph: bundle.graph, islands });

  // The first search: the shopper ticks the biggest make on the all-stock page.
  const indexBytes = new Uint8Array(readFileSync(join(root, STATIC_INDEX_PATH)));
  const dir = join(root, STATIC_INDEX_PATH, '..');
  const chunks = new Set<string>();
  const engine = createStaticEngine({
    index: indexBytes,
    loadChunk: async (file) => {
      chunks.add(file);
      return readFileSync(join(dir, file), 'utf8');
    },
  });
  const all = await engine.search({ page: 1, hitsPerPage: 21 });
  const make = Object.entries(all.facetDistribution.make ?? {}).sort((a, b) => b[1] - a[1])[0]?.[0];
  chunks.clear();
  await engine.search({ refinements: make ? { make: [make] } : {}, page: 1, hitsPerPage: 21 });
  const indexGz = gz(indexBytes);
  const chunkGz = [...chunks].reduce((sum, file) => sum + gz(readFileSync(join(dir, file))), 0);
  const transfer = indexGz + chunkGz;

  return {
    title: `search page (${SLUG}, ${count} cars, /${PAGE})`,
    rows: [
      { label: 'islands on the page', value: islands.join(', ') },
      { label: 'first-load JS (gzip)', value: formatBytes(firstLoad), raw: firstLoad },
      { label: 'index.bin (gzip)', value: formatBytes(indexGz), raw: indexGz },
      { label: `card chunks of the first search (${chunks.size}, gzip)`, value: formatBytes(chunkGz), raw: chunkGz },
      { label: 'first search transfer (gzip)', value: formatBytes(transfer), raw: transfer },
    ],
    budgets: [
      {
        label: 'search page first-load JS',
        ok: firstLoad <= FIRST_LOAD_JS_BUDGET,
        detail: `${formatBytes(firstLoad)} <= ${formatBytes(FIRST_LOAD_JS_BUDGET)}`,
      },
      { label: 'first search transfer', ok: transfer <= FIRST_SEARCH_BUDGET, detail: `${formatBytes(transfer)} <= ${formatBytes(FIRST_SEARCH_BUDGET)}` },
    ],
  };
}

/** The bench section (bench/run.ts). */
export const searchPageSection: BenchSection = { name: 'search-page', run: benchSearchPage };

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await runSectionAlone({ section: searchPageSection });
