/**
 * The stages of one dealer's build that `generateSite` (renderer/generate.ts) lists, beyond those
 * that are one call of their own module: rendering with the streaming check and writer, and the
 * site's files besides pages.
 */
import type { Car } from '../domain/types.ts';
import type { Site } from '../domain/site.ts';
import type { Route } from '../ui/route.ts';
import type { SiteData } from '../ui/pageProps.ts';
import type { CarMemo } from './carMemo.ts';
import type { SiteChecker } from './check.ts';
import type { Diagnostic } from './diagnostic.ts';
import type { SiteWriter } from './emit.ts';
import { financeDataAssets } from './financeData.ts';
import { carSummaryAssets } from './carSummaryData.ts';
import { headersFileAsset } from './headersFile.ts';
import { buildInventoryFeeds, type FeedSkip } from './inventoryFeeds.ts';
import type { ReusePlan } from './planReuse.ts';
import { redirectAssets } from './redirects.ts';
import { retiredCars } from './retiredCars.ts';
import { renderPages, type PageRenderers, type RenderResult } from './render.ts';
import type { RenderPool } from './renderPool.ts';
import { siteConfigAsset } from './siteConfigFile.ts';
import { buildSitemapAssets } from './sitemap.ts';
import { timed, type Asset, type Page, type StageTiming } from './stage.ts';
import type { BuildIndex, SiteResult } from './siteResult.ts';
import { searchDocumentsOf } from './siteData.ts';

/** Warnings become errors under --strict. */
export function applyStrict(diagnostics: Diagnostic[], strict: boolean | undefined): Diagnostic[] {
  return strict ? diagnostics.map((d) => (d.severity === 'warning' ? { ...d, severity: 'error' as const } : d)) : diagnostics;
}

/**
 * render: each page is rendered, then handed to the link/island checker and queued on the writer
 * thread at once, so the build never holds every page's HTML; a page `reuse` can take from the
 * live build is not rendered. The checker's share of the time is reported as its own stage
 * (check:pages); the writing overlaps rendering and its remainder is what emit waits for. With a
 * pool of render threads (renderer/renderPool.ts) and enough pages to render, the threads render
 * and this thread checks and queues what they send back, in route order.
 */
export async function renderStage({
  site,
  routes,
  data,
  renderers,
  writer,
  checker,
  reuse,
  timings,
  htmlBytes,
  onPage,
  pool,
}: {
  site: Site;
  routes: Route[];
  data: SiteData;
  renderers: PageRenderers;
  writer: Pick<SiteWriter, 'write'>;
  checker: Pick<SiteChecker, 'add'>;
  reuse: ReusePlan;
  timings: StageTiming[];
  htmlBytes: SiteResult['htmlBytes'];
  onPage?: (count: number) => void;
  /** Render threads, when the run started any. */
  pool?: RenderPool | null;
}): Promise<RenderResult> {
  let checkMs = 0;
  const onRendered = (page: Page & { bytes?: Uint8Array }) => {
    const checkStart = performance.now();
    reuse.rendered({ file: page.file, js: checker.add(page) });
    checkMs += performance.now() - checkStart;
    const id = reuse.idOf(page.file);
    const bytes = page.bytes
      ? writer.write({ path: page.file, contents: page.bytes, id, owned: true })
      : writer.write({ path: page.file, contents: page.html, id });
    (htmlBytes[page.route.kind] ??= []).push(bytes);
  };
  const rendered = await timed({
    stage: 'render',
    timings,
    run: async () => {
      // Which routes to render, in order; the reused ones are linked now (as the loop below would, in turn).
      const indexes: number[] = [];
      if (pool) routes.forEach((route, index) => reuse.reuse(route) || indexes.push(index));
      const here = () => {
        const todo = pool ? new Set(indexes.map((index) => routes[index])) : null;
        const skip = todo ? (route: Route) => !todo.has(route) : (route: Route) => reuse.reuse(route);
        return renderPages({ site, routes, data, renderers, onPage, onRendered, keep: false, skip });
      };
      if (!pool || indexes.length < pool.minPages) return here();
      let done = routes.length - indexes.length;
      const result = await pool.render({
        site,
        data,
        routes,
        indexes,
        onRendered: (page) => {
          onRendered(page);
          onPage?.((done += 1));
        },
      });
      // A site the threads could not be sent (null): rendered here, as without threads.
      return result ? { pages: [], ...result } : here();
    },
  });
  timings.push({ stage: 'check:pages', ms: checkMs });
  return rendered;
}

/**
 * The site's data files besides pages, index, sitemap and feeds: per-car finance data (the
 * finance page fetches the disclaimer by car id), car summaries (name, photo, price and lead
 * fields for pages reached with only a car id), `site-config.json` (the local lead server's
 * settings, read by server/siteConfig.ts), the caching and security headers file, and the
 * redirects of sold cars past their window (301s in `_redirects` plus a refresh page each).
 */
function buildSiteFiles({
  site,
  cars,
  data,
  retired,
  routes,
  memo,
}: {
  site: Site;
  cars: Car[];
  data: SiteData;
  /** Cars the import history remembers that stock.json no longer has: redirected too (renderer/retiredCars.ts). */
  retired: Car[];
  routes: Route[];
  memo: CarMemo;
}): Asset[] {
  return [
    ...financeDataAssets({ site, cars: data.cars, memo }),
    ...carSummaryAssets({ site, cars: data.cars, memo }),
    siteConfigAsset({ site, cars, routes }),
    headersFileAsset({ site, routes }),
    ...redirectAssets({ site, cars: retired.length ? [...cars, ...retired] : cars, routes }),
  ];
}

/** index, sitemap, feeds and siteFiles: every file of the site besides its pages and the bundle, each stage timed. */
export async function siteFileStages({
  site,
  cars,
  data,
  routes,
  memo,
  buildIndex,
  timings,
  dealersDir,
}: {
  site: Site;
  cars: Car[];
  data: SiteData;
  routes: Route[];
  memo: CarMemo;
  buildIndex: BuildIndex | null;
  timings: StageTiming[];
  /** Where the dealer's folder is (its import history names cars that left the feed). */
  dealersDir: string;
}): Promise<{ assets: Asset[]; feedSkips: FeedSkip[] }> {
  const index = await timed({
    stage: 'index',
    timings,
    run: async () => (buildIndex ? await buildIndex({ site, cars, documents: searchDocumentsOf(data) }) : []),
  });
  const sitemap = await timed({ stage: 'sitemap', timings, run: () => buildSitemapAssets({ site, routes }) });
  const feeds = await timed({ stage: 'feeds', timings, run: () => buildInventoryFeeds({ site, cars: data.cars, memo }) });
  const retired = await retiredCars({ dealersDir, slug: site.slug, cars });
  const files = await timed({ stage: 'siteFiles', timings, run: () => buildSiteFiles({ site, cars, data, retired, routes, memo }) });
  return { assets: [...index, ...sitemap, ...feeds.assets, ...files], feedSkips: feeds.skipped };
}
