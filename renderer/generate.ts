/**
 * `generate`: a flat list of named, timed stages (DESIGN.md). Only the first (load: read, parse,
 * validate, resolve) and the last (emit) touch the disk; the runtime bundle is built once per run
 * and shared by every dealer.
 *
 *   load -> assets -> siteData -> plan -> emit:open -> inputs -> render (+ check:pages) -> index
 *        -> sitemap -> feeds -> siteFiles -> check -> emit (+ emit:swap) -> manifest
 *
 * emit opens before render so each page is written (on a writer thread) as soon as it renders and
 * is link-checked as it goes (check:pages, timed apart), and the versions that are not live are
 * removed meanwhile; nothing replaces out/<slug>/ until the final commit (emit:swap, timed apart),
 * and a site with any error is never swapped in. `inputs` hashes what each page is
 * made from (renderer/pageInputs.ts): a page whose hashes match the live build's manifest is
 * linked from the live version instead of rendered (incremental build) and counted by the checker
 * with the first-load JS the manifest recorded for it; `manifest` records the hashes (and that JS)
 * of the new live version.
 */
import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { Car } from '../domain/types.ts';
import type { Site } from '../domain/site.ts';
import type { Route, RouteKind } from '../ui/route.ts';
import type { Diagnostic } from './diagnostic.ts';
import type { InputLimits } from './inputLimits.ts';
import { pageFile, timed, type Asset, type Page, type RenderError, type StageTiming } from './stage.ts';
import { planRoutes } from './plan.ts';
import { buildSiteData, searchDocumentsOf } from './siteData.ts';
import { loadPageRenderers, renderPages, type PageRenderers } from './render.ts';
import { dealerAssets, type BundleResult } from './bundle.ts';
import { cachedRuntimeBundle } from './bundleCache.ts';
import { createSiteChecker, type KindJs } from './check.ts';
import { buildSitemapAssets } from './sitemap.ts';
import { headersFileAsset } from './headersFile.ts';
import { redirectAssets } from './redirects.ts';
import { buildInventoryFeeds, type FeedSkip } from './inventoryFeeds.ts';
import { assertSafeOutDir, cleanOutDir, inputsId, openSiteWriter, type EmitResult } from './emit.ts';
import { buildStaticIndex, type SearchDocuments } from '../search/buildIndex.ts';
import { loadDealer } from './loadDealer.ts';
import { financeDataAssets } from './financeData.ts';
import { carSummaryAssets } from './carSummaryData.ts';
import { siteConfigAsset } from './siteConfigFile.ts';
import { nextSoldWindowEnd } from '../domain/stockVisibility.ts';
import { slugsOfShard, type Shard } from './shard.ts';
import { readManifest, writeManifest, type BuildManifest } from './buildManifest.ts';
import { pageInputs, pageInputsCache, sharedInputs } from './pageInputs.ts';
import { createBuildSession, type BuildSession } from './buildSession.ts';
import type { CarMemo } from './carMemo.ts';
import type { StockMemory } from './stockMemo.ts';
import type { TemplateSet } from './resolve.ts';

/** renderer/loadDealer.ts loadDealer: read, parse, validate and resolve one dealer. */
export type LoadDealer = (args: {
  dealersDir: string;
  slug: string;
  now: Date;
  baseUrl?: string;
  limits?: InputLimits;
  fresh?: boolean;
  templateSet?: () => Promise<TemplateSet>;
  stock?: StockMemory;
}) => Promise<{
  site: Site | null;
  cars: Car[];
  diagnostics: Diagnostic[];
}>;

/** search/buildIndex.ts buildStaticIndex: the static search index files of one dealer, from the documents siteData built. */
export type BuildIndex = (args: { site: Site; cars: Car[]; documents: SearchDocuments }) => Asset[] | Promise<Asset[]>;

/** What building one dealer produced. */
export interface SiteResult {
  slug: string;
  /** True when the site was emitted: no errors (warnings too under --strict), no failed page. */
  ok: boolean;
  pages: number;
  /** Bytes of the site (pages and assets). */
  bytes: number;
  /** Files of the site (pages and assets). */
  files: number;
  /** Files the build wrote, linked or removed; a folder recycled from an older version kept the rest as they were (renderer/emit.ts). */
  written: number;
  seconds: number;
  timings: StageTiming[];
  /** Record, stock, plan and check problems. */
  diagnostics: Diagnostic[];
  /** Pages that threw while rendering. */
  renderErrors: RenderError[];
  /** Pages reused from the live build (their inputs did not change); the rest of `pages` were rendered. */
  reused: number;
  /** First-load JS per page kind (gzipped). */
  jsByKind: Partial<Record<RouteKind, KindJs>>;
  /** HTML bytes of each page, by kind (for the benchmark's medians). */
  htmlBytes: Partial<Record<RouteKind, number[]>>;
  /** Cars each inventory feed left out, and why (printed by --verbose). */
  feedSkips: FeedSkip[];
  /** Where the site was written, when it was. */
  dir?: string;
  /** When the next listed sold car leaves its window (the site needs a rebuild by then). */
  nextSoldWindowEnd?: Date | null;
  /** A failure of a whole stage (not a page): what went wrong. */
  error?: Error;
}

/** Inputs shared by every dealer of a run. */
export interface GenerateOptions {
  dealersDir: string;
  outDir: string;
  now: Date;
  baseUrl?: string;
  /** Warnings fail the dealer too. */
  strict?: boolean;
  /** Render every page, reusing nothing of the live build (default: reuse pages whose inputs are unchanged). */
  full?: boolean;
  /** Bounds on records and feeds (renderer/inputLimits.ts); default: DEFAULT_INPUT_LIMITS. */
  limits?: InputLimits;
  /** Told as pages render (progress line). */
  onStart?: (args: { slug: string; total: number }) => void;
  onPage?: (args: { slug: string; done: number }) => void;
  /** Injected for tests and the benchmark; default: the real modules. */
  renderers?: PageRenderers;
  loadDealer?: LoadDealer;
  buildIndex?: BuildIndex | null;
  /** Folders emit never writes to (default: '/', the repository root, home). */
  protectedDirs?: string[];
  /**
   * The caches of the run (renderer/buildSession.ts); default: a new session per generateAll (and
   * per generateSite called alone). `forecourt dev` keeps one across rebuilds.
   */
  session?: BuildSession;
}

/** Warnings become errors under --strict. */
function applyStrict(diagnostics: Diagnostic[], strict: boolean | undefined): Diagnostic[] {
  return strict ? diagnostics.map((d) => (d.severity === 'warning' ? { ...d, severity: 'error' as const } : d)) : diagnostics;
}

/**
 * The site's data files besides pages, index, sitemap and feeds: per-car finance data (the
 * finance page fetches the disclaimer by car id), car summaries (name, photo, price and lead
 * fields for pages reached with only a car id), `site-config.json` (the local lead server's
 * settings, read by server/siteConfig.ts), the caching and security headers file, and the
 * redirects of sold cars past their window (301s in `_redirects` plus a refresh page each).
 */
function buildSiteFiles({ site, cars, visibleCars, routes, memo }: { site: Site; cars: Car[]; visibleCars: Car[]; routes: Route[]; memo: CarMemo }): Asset[] {
  return [
    ...financeDataAssets({ site, cars: visibleCars, memo }),
    ...carSummaryAssets({ site, cars: visibleCars, memo }),
    siteConfigAsset({ site, cars, routes }),
    headersFileAsset({ site }),
    ...redirectAssets({ site, cars, routes }),
  ];
}

/** Builds one dealer's site with a runtime bundle built earlier in the run. */
export async function generateSite({ slug, bundle, ...options }: GenerateOptions & { slug: string; bundle: BundleResult }): Promise<SiteResult> {
  const started = performance.now();
  const timings: StageTiming[] = [];
  const result: SiteResult = {
    slug,
    ok: false,
    pages: 0,
    bytes: 0,
    files: 0,
    written: 0,
    seconds: 0,
    timings,
    diagnostics: [],
    renderErrors: [],
    reused: 0,
    jsByKind: {},
    htmlBytes: {},
    feedSkips: [],
  };
  const done = (): SiteResult => {
    result.seconds = (performance.now() - started) / 1000;
    return result;
  };
  const failed = () => result.diagnostics.some((d) => d.severity === 'error') || result.renderErrors.length > 0;

  try {
    const session = options.session ?? createBuildSession();
    const load = options.loadDealer ?? loadDealer;
    const renderers = options.renderers ?? (await loadPageRenderers({ session }));
    const buildIndex = options.buildIndex === undefined ? buildStaticIndex : options.buildIndex;

    // load [io]: read, parse, validate, resolve. Bad stock rows come back as warnings and are skipped.
    const loaded = await timed({
      stage: 'load',
      timings,
      run: () =>
        load({
          dealersDir: options.dealersDir,
          slug,
          now: options.now,
          baseUrl: options.baseUrl,
          limits: options.limits,
          fresh: options.full,
          templateSet: session.templateSet,
          stock: session.stock,
        }),
    });
    result.diagnostics.push(...applyStrict(loaded.diagnostics, options.strict));
    const site = loaded.site;
    if (!site || failed()) return done();
    const { cars } = loaded;
    result.nextSoldWindowEnd = nextSoldWindowEnd({ cars, now: new Date(site.now), soldWindowDays: site.include_sold_cars_days });

    // assets [io]: the dealer's own files, copied to /assets/dealer/.
    const ownAssets = await timed({ stage: 'assets', timings, run: () => dealerAssets({ dealersDir: options.dealersDir, slug }) });

    const data = await timed({ stage: 'siteData', timings, run: () => buildSiteData({ site, cars, assets: bundle.urls, memo: session.cars }) });

    const routes = await timed({
      stage: 'plan',
      timings,
      run: () =>
        planRoutes({
          site,
          data,
          privacyPolicy: () => renderers.privacyPolicy({ site }),
          onSkip: ({ path, reason }) =>
            result.diagnostics.push(
              ...applyStrict(
                [{ file: join(options.dealersDir, slug), line: 0, col: 0, pointer: path, message: `route ${path} skipped: ${reason}`, severity: 'warning' }],
                options.strict,
              ),
            ),
        }),
    });

    // emit [io] opens here so pages are written (on a writer thread) while the rest render; the
    // site only replaces out/<slug>/ at the final commit, and a failed build aborts it. It writes
    // over the version live before the live one when there is one (only what differs), unless --full.
    let live = null as BuildManifest | null;
    const writer = await timed({
      stage: 'emit:open',
      timings,
      run: () =>
        openSiteWriter({
          outDir: options.outDir,
          slug,
          protectedDirs: options.protectedDirs,
          // Read under the build lock: the manifest of the live site, as the last finished build left it.
          recycle: async () => {
            live = await readManifest({ outDir: options.outDir, slug, known: session.manifests });
            return options.full ? null : live?.standby;
          },
        }),
    });
    // Pages are checked and written as they render, so the build never holds every page's HTML.
    const checker = createSiteChecker({
      paths: routes.map((route) => route.path),
      islandNames: bundle.islandNames,
      graph: bundle.graph,
      runtimeUrl: bundle.urls.runtime,
    });
    let emitted: EmitResult;
    let manifest: Parameters<typeof writeManifest>[0]['manifest'];
    try {
      // Incremental: a per-car page whose inputs hash as in the live build's manifest is linked
      // from the live version, not rendered (renderer/pageInputs.ts says what counts as input).
      const { shared, keys, previous } = await timed({
        stage: 'inputs',
        timings,
        run: async () => {
          // Stand-in renderers (tests) carry no code version: nothing is reused under them.
          const shared = renderers.version
            ? sharedInputs({ site, data, routes, code: renderers.version, ownAssets: ownAssets.map((asset) => asset.path), memo: session.cars })
            : '';
          const keys = new Map<string, string>();
          const cache = pageInputsCache({ data, memo: session.cars });
          for (const route of routes) {
            const key = pageInputs({ site, route, data, reads: renderers.reads, cache });
            if (key) keys.set(pageFile(route), key);
          }
          return { shared, keys, previous: !options.full && shared && live?.shared === shared ? live : null };
        },
      });
      const liveDir = previous ? resolve(options.outDir, previous.version) : '';
      // First-load JS of each reusable page, rendered or reused, for the next build's manifest.
      const firstLoadJs: Record<string, number | null> = {};
      // A reusable page's identity is what it is made from (the writer keeps it where the recycled version holds it).
      const idOf = (file: string): string | undefined => {
        const inputs = keys.get(file);
        return shared && inputs !== undefined ? inputsId({ shared, inputs }) : undefined;
      };
      const reuse = (route: Route): boolean => {
        const file = pageFile(route);
        const key = keys.get(file);
        const js = previous?.firstLoadJs[file];
        const was = previous?.files[file];
        if (!previous || key === undefined || previous.pages[file] !== key || js === undefined || !was) return false;
        // liveDir is absolute and a page file a relative path the planner accepted: no join needed.
        writer.link({ path: file, from: `${liveDir}/${file}`, id: was });
        checker.reuse({ file, path: route.path, kind: route.kind, js });
        firstLoadJs[file] = js;
        result.reused += 1;
        return true;
      };
      options.onStart?.({ slug, total: routes.length });
      // render: each page is rendered, then handed to the link/island checker and queued on the
      // writer thread at once, so the build never holds every page's HTML. The checker's share of
      // the time is reported as its own stage (check:pages); the writing overlaps rendering and
      // its remainder is what emit waits for.
      let checkMs = 0;
      const rendered = await timed({
        stage: 'render',
        timings,
        run: () => {
          const onPage = (count: number) => options.onPage?.({ slug, done: count });
          const onRendered = (page: Page) => {
            const checkStart = performance.now();
            const js = checker.add(page);
            if (keys.has(page.file)) firstLoadJs[page.file] = js;
            checkMs += performance.now() - checkStart;
            const bytes = writer.write({ path: page.file, contents: page.html, id: idOf(page.file) });
            (result.htmlBytes[page.route.kind] ??= []).push(bytes);
          };
          return renderPages({ site, routes, data, renderers, onPage, onRendered, keep: false, skip: reuse });
        },
      });
      timings.push({ stage: 'check:pages', ms: checkMs });
      result.renderErrors = rendered.errors;
      result.pages = rendered.rendered + result.reused;

      const indexAssets = await timed({
        stage: 'index',
        timings,
        run: async () => (buildIndex ? await buildIndex({ site, cars, documents: searchDocumentsOf(data) }) : []),
      });
      const sitemap = await timed({ stage: 'sitemap', timings, run: () => buildSitemapAssets({ site, routes }) });
      const feeds = await timed({ stage: 'feeds', timings, run: () => buildInventoryFeeds({ site, cars: data.cars, memo: session.cars }) });
      result.feedSkips = feeds.skipped;
      const siteFiles = await timed({
        stage: 'siteFiles',
        timings,
        run: () => buildSiteFiles({ site, cars, visibleCars: data.cars, routes, memo: session.cars }),
      });
      const assets: Asset[] = [...bundle.assets, ...ownAssets, ...indexAssets, ...sitemap, ...feeds.assets, ...siteFiles];

      // check: links to assets, island names and first-load JS, now that every file is known.
      const checked = await timed({ stage: 'check', timings, run: () => checker.finish({ assets }) });
      result.jsByKind = checked.jsByKind;
      result.diagnostics.push(
        ...applyStrict(
          checked.diagnostics.map((d) => ({ ...d, file: `${slug}/${d.file}` })),
          options.strict,
        ),
      );

      // A site with any error or failed page is not swapped in: the previous out/<slug>/ stays as it was.
      if (failed()) {
        await writer.abort();
        return done();
      }
      for (const asset of assets) writer.write(asset);
      emitted = await timed({ stage: 'emit', timings, run: () => writer.commit() });
      // The part of emit that made the new version live (the rest waited for the writer thread).
      timings.push({ stage: 'emit:swap', ms: emitted.swapMs });
      manifest = {
        slug,
        version: emitted.version,
        now: site.now,
        baseUrl: options.baseUrl,
        shared,
        pages: Object.fromEntries(keys),
        firstLoadJs,
        files: emitted.ids,
        // The version live until now stays beside the new one, for the next build to write over.
        standby: live ? { version: live.version, files: live.files } : null,
      };
    } catch (error) {
      try {
        await writer.abort();
      } catch (abortError) {
        throw new AggregateError([error, abortError], `build of ${slug} failed and its temp folder could not be removed`, { cause: abortError });
      }
      throw error;
    }
    result.bytes = emitted.bytes;
    result.files = emitted.files;
    result.written = emitted.touched;
    result.dir = emitted.dir;
    // After the swap: a manifest that names another version than the live one is never trusted.
    await timed({ stage: 'manifest', timings, run: () => writeManifest({ outDir: options.outDir, manifest, known: session.manifests }) });
    result.ok = true;
    return done();
  } catch (error) {
    result.error = error instanceof Error ? error : new Error(String(error));
    return done();
  }
}

/** Every dealer folder of `dealersDir` (one with a dealer.yaml), sorted. */
export async function listDealers({ dealersDir }: { dealersDir: string }): Promise<string[]> {
  if (!existsSync(dealersDir)) throw new Error(`dealers folder ${dealersDir} does not exist`);
  const entries = await readdir(dealersDir, { withFileTypes: true });
  return entries
    .filter((entry) => entry.isDirectory() && existsSync(join(dealersDir, entry.name, 'dealer.yaml')))
    .map((entry) => entry.name)
    .sort();
}

/** What a whole run produced. */
export interface RunResult {
  ok: boolean;
  sites: SiteResult[];
  /** Run-level stages (bundle). */
  timings: StageTiming[];
  /** How many dealers were named or found before sharding. */
  dealers?: number;
}

/**
 * Generates the named dealers (every dealer in `dealersDir` when none is named): bundles the
 * runtime once, then builds each dealer in turn. A failing dealer does not stop the others.
 */
export async function generateAll({
  slugs,
  bundle,
  onSite,
  shard,
  ...options
}: GenerateOptions & {
  slugs?: string[];
  /** A bundle built earlier (tests, benchmark); default: bundle runtime/main.ts now. */
  bundle?: BundleResult;
  /** Told when each dealer is finished. */
  onSite?: (site: SiteResult) => void;
  /** Build only this share of the dealers (renderer/shard.ts). */
  shard?: Shard;
}): Promise<RunResult> {
  const timings: StageTiming[] = [];
  // Refuse a dangerous --out before any work, not after rendering every page.
  await assertSafeOutDir({ outDir: options.outDir, protectedDirs: options.protectedDirs });
  const listed = slugs && slugs.length > 0 ? slugs : await listDealers({ dealersDir: options.dealersDir });
  const names = shard ? slugsOfShard({ slugs: listed, shard }) : listed;
  // What killed builds left anywhere in the output folder (temp folders, a missing live link) is repaired at the next start.
  await cleanOutDir({ outDir: options.outDir });
  const shared = bundle ?? (await timed({ stage: 'bundle', timings, run: () => cachedRuntimeBundle() }));
  const session = options.session ?? createBuildSession();
  const renderers = options.renderers ?? (await loadPageRenderers({ session }));
  const buildIndex = options.buildIndex === undefined ? buildStaticIndex : options.buildIndex;
  const sites: SiteResult[] = [];
  for (const slug of names) {
    const site = await generateSite({ ...options, session, renderers, buildIndex, slug, bundle: shared });
    sites.push(site);
    onSite?.(site);
  }
  // A shard may hold none of a few dealers; that is not a failure (an empty run without one is).
  return { ok: (sites.length > 0 || (shard !== undefined && listed.length > 0)) && sites.every((s) => s.ok), sites, timings, dealers: listed.length };
}
