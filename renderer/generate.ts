/**
 * `generate`: a flat list of named, timed stages (docs/architecture.md). Only the first (load: read, parse,
 * validate, resolve) and the last (emit) touch the disk; the runtime bundle is built once per run
 * and shared by every dealer. generateSite below is that list; docs/pipeline.md describes each
 * stage, where each cache lives (renderer/buildSession.ts) and how incremental reuse decides
 * (renderer/planReuse.ts).
 *
 *   up-to-date -> load -> photos -> assets -> siteData -> plan -> emit:open -> inputs -> render (+ check:pages, on render threads when the run has them)
 *        -> index -> sitemap -> feeds -> siteFiles -> check -> emit (+ emit:swap) -> manifest
 *
 * emit opens before render so each page is written (on a writer thread) as soon as it renders and
 * is link-checked as it goes, and the versions that are not live are removed meanwhile; nothing
 * replaces out/<slug>/ until the final commit (emit:swap), and a site with any error is never
 * swapped in.
 */
import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { timed, type StageTiming } from './stage.ts';
import { planRoutes } from './plan.ts';
import { buildSiteData } from './siteData.ts';
import { loadPageRenderers, type PageRenderers } from './render.ts';
import { defaultRenderThreads, startRenderPool } from './renderPool.ts';
import { dealerAssets, type BundleResult } from './bundle.ts';
import { cachedRuntimeBundle } from './bundleCache.ts';
import { createSiteChecker } from './check.ts';
import { assertSafeOutDir, cleanOutDir, openSiteWriter, type SiteWriter } from './emit.ts';
import { buildStaticIndex } from '../search/buildIndex.ts';
import { loadDealer } from './loadDealer.ts';
import { nextSoldWindowEnd } from '../domain/stockVisibility.ts';
import { slugsOfShard, type Shard } from './shard.ts';
import { readManifest, writeManifest, type BuildManifest } from './buildManifest.ts';
import { createBuildSession } from './buildSession.ts';
import { planReuse } from './planReuse.ts';
import { applyStrict, renderStage, siteFileStages } from './siteStages.ts';
import { emptySiteResult, type GenerateOptions, type SiteResult } from './siteResult.ts';
import { buildPhotos } from './photos/buildPhotos.ts';
import { STOCK_FILE } from './readSource.ts';
import { serverSettingsJson, writeServerSettings } from './siteConfigFile.ts';
import { DEFAULT_MANUFACTURERS_FILE } from './loadDealer.ts';
import { buildFingerprint, upToDateBuild, writeUpToDate } from './upToDate.ts';
import { buildFreshUntil } from '../domain/buildFreshness.ts';

export type { GenerateOptions, LoadDealer, SiteResult } from './siteResult.ts';

/** Builds one dealer's site with a runtime bundle built earlier in the run. */
export async function generateSite({
  slug,
  bundle,
  ...options
}: GenerateOptions & {
  slug: string;
  bundle: BundleResult;
  /** Loads the page renderers when the build needs them (generateAll loads them once, and not for a site that is up to date). */
  lazyRenderers?: () => Promise<PageRenderers>;
}): Promise<SiteResult> {
  const started = performance.now();
  const result = emptySiteResult(slug);
  const { timings } = result;
  const report = (diagnostics: SiteResult['diagnostics']) => result.diagnostics.push(...applyStrict(diagnostics, options.strict));
  const failed = () => result.diagnostics.some((d) => d.severity === 'error') || result.renderErrors.length > 0;
  const done = (): SiteResult => Object.assign(result, { seconds: (performance.now() - started) / 1000 });
  const { dealersDir, outDir } = options;
  let writer: SiteWriter | undefined;
  try {
    const session = options.session ?? createBuildSession();
    const buildIndex = options.buildIndex === undefined ? buildStaticIndex : options.buildIndex;
    const { now, baseUrl, limits, full } = options;

    // up-to-date: the live site was built from these very inputs and holds at this build time (renderer/upToDate.ts).
    // Stand-in renderers or loaders (tests) have no fingerprint: their builds always run.
    const code = options.renderers ? options.renderers.version : session.version();
    const standIn = code === undefined || options.loadDealer !== undefined || (options.buildIndex != null && options.buildIndex !== buildStaticIndex);
    const { fingerprint, kept } = standIn
      ? { fingerprint: null, kept: null }
      : await timed({
          stage: 'up-to-date',
          timings,
          run: async () => {
            const fingerprint = fingerprintOf({ slug, bundle, code, options });
            return { fingerprint, kept: full ? null : await upToDateBuild({ outDir, slug, fingerprint, now }) };
          },
        });
    if (kept) {
      const { nextSoldWindowEnd: soldEnd, ...same } = kept.result;
      Object.assign(result, same, { ok: true, upToDate: true, reused: same.pages, nextSoldWindowEnd: soldEnd === null ? null : new Date(soldEnd) });
      return done();
    }
    const renderers = options.renderers ?? (await (options.lazyRenderers?.() ?? loadPageRenderers({ session })));

    // memo:open [io]: with a disk store, the per-car values an earlier process stored for this dealer (renderer/carMemo.ts): load's advertising checks read them already.
    if (session.carStore) await timed({ stage: 'memo:open', timings, run: () => session.cars.open({ scope: resolve(dealersDir, slug) }) });
    // load [io]: read, parse, validate, resolve. Bad stock rows come back as warnings and are skipped.
    const load = options.loadDealer ?? loadDealer;
    const loaded = await timed({
      stage: 'load',
      timings,
      run: () =>
        load({
          dealersDir,
          slug,
          now,
          baseUrl,
          limits,
          fresh: full,
          templateSet: session.templateSet,
          stock: session.stock,
          stockCache: session.stockCache,
          memo: session.cars,
        }),
    });
    report(loaded.diagnostics);
    const { site } = loaded;
    if (!site || failed()) return done();

    // photos: every car's photos as responsive images (renderer/photos/buildPhotos.ts); local files are linked at emit.
    const photos = await timed({
      stage: 'photos',
      timings,
      run: () =>
        buildPhotos({
          ...options.photos,
          site,
          cars: loaded.cars,
          file: join(dealersDir, slug, STOCK_FILE),
          memory: session.photoCars,
          memo: session.cars,
          // Galleries are kept on disk only under a code version (stand-in renderers have none).
          gallery: code === undefined ? undefined : { scope: resolve(dealersDir, slug), version: code, renderers },
        }),
    });
    report(photos.diagnostics);
    const { cars } = photos;
    result.nextSoldWindowEnd = nextSoldWindowEnd({ cars, now: new Date(site.now), soldWindowDays: site.include_sold_cars_days });

    // assets [io]: the dealer's own files, copied to /assets/dealer/.
    const ownAssets = await timed({ stage: 'assets', timings, run: () => dealerAssets({ dealersDir, slug }) });
    // siteData: what every page, the index and the feeds read of the stock, made once (ui/pageProps.ts SiteData).
    const data = await timed({ stage: 'siteData', timings, run: () => buildSiteData({ site, cars, assets: bundle.urls, memo: session.cars }) });
    if (photos.galleries) data.galleryHtml = photos.galleries.html;
    // plan: every route of the site (renderer/routes.ts); a route that cannot be made is a warning.
    const routes = await timed({
      stage: 'plan',
      timings,
      run: () =>
        planRoutes({
          site,
          data,
          privacyPolicy: () => renderers.privacyPolicy({ site }),
          onSkip: ({ path, reason }) =>
            report([{ file: join(dealersDir, slug), line: 0, col: 0, pointer: path, message: `route ${path} skipped: ${reason}`, severity: 'warning' }]),
        }),
    });

    // emit:open [io]: a temp version (or the standby version, recycled unless --full) that pages are written to as they render.
    let live: BuildManifest | null = null;
    const recycle = async () => {
      // Read under the build lock: the manifest of the live site, as the last finished build left it.
      live = await readManifest({ outDir, slug, known: session.manifests });
      return full ? null : live?.standby;
    };
    const opened = await timed({ stage: 'emit:open', timings, run: () => openSiteWriter({ outDir, slug, protectedDirs: options.protectedDirs, recycle }) });
    writer = opened;
    const checker = createSiteChecker({
      paths: routes.map((route) => route.path),
      islandNames: bundle.islandNames,
      graph: bundle.graph,
      runtimeUrl: bundle.urls.runtime,
    });

    // inputs: what each page is made from, against the live build's manifest (renderer/planReuse.ts).
    const reuse = await timed({
      stage: 'inputs',
      timings,
      run: () =>
        planReuse({ site, data, routes, renderers, ownAssets: ownAssets.map((a) => a.path), outDir, live, full, memo: session.cars, writer: opened, checker }),
    });

    // render (+ check:pages): pages rendered, checked and queued for writing one by one; reusable pages linked.
    options.onStart?.({ slug, total: routes.length });
    const onPage = (count: number) => options.onPage?.({ slug, done: count });
    // Render threads load the real renderers themselves: a build with stand-ins (tests) renders them here.
    const pool = options.renderers ? null : options.renderPool;
    const rendered = await renderStage({ site, routes, data, renderers, writer: opened, checker, reuse, timings, htmlBytes: result.htmlBytes, onPage, pool });
    result.renderErrors = rendered.errors;
    result.reused = reuse.reused;
    result.pages = rendered.rendered + reuse.reused;

    // index, sitemap, feeds, siteFiles: the files besides pages.
    const files = await siteFileStages({ site, cars, data, routes, memo: session.cars, buildIndex, timings, dealersDir });
    result.feedSkips = files.feedSkips;
    const assets = [...bundle.assets, ...ownAssets, ...files.assets];

    // check: links to assets, island names and first-load JS, now that every file is known.
    const photoFiles = photos.files.map(({ path }) => ({ path, contents: '' }));
    const checked = await timed({ stage: 'check', timings, run: () => checker.finish({ assets: [...assets, ...photoFiles] }) });
    result.jsByKind = checked.jsByKind;
    report(checked.diagnostics.map((d) => ({ ...d, file: `${slug}/${d.file}` })));
    // A site with any error or failed page is not swapped in: the previous out/<slug>/ stays as it was.
    if (failed()) {
      await opened.abort();
      return done();
    }

    // emit [io] (+ emit:swap): the last files, then the new version made live in one swap.
    for (const asset of assets) opened.write(asset);
    for (const photo of photos.files) opened.link(photo);
    const emitted = await timed({ stage: 'emit', timings, run: () => opened.commit() });
    writer = undefined;
    timings.push({ stage: 'emit:swap', ms: emitted.swapMs });
    Object.assign(result, { bytes: emitted.bytes, files: emitted.files, written: emitted.touched, dir: emitted.dir });
    // Where leads go, outside the published folder; before the manifest, which says the build finished.
    await writeServerSettings({ outDir, slug, settings: serverSettingsJson({ site, version: emitted.version }) });

    // manifest [io]: after the swap, what the next build decides reuse from (one that names another version is never trusted).
    const manifest = reuse.manifest({ slug, now: site.now, baseUrl, emitted });
    await timed({ stage: 'manifest', timings, run: () => writeManifest({ outDir, manifest, known: session.manifests }) });
    // The cars' galleries of this build, for the next (renderer/photos/galleryCache.ts; written only when any changed).
    await photos.galleries?.save();
    // memo:save [io]: the per-car values of this build, for the next process (written only when any changed).
    if (session.carStore) await timed({ stage: 'memo:save', timings, run: () => session.cars.save() });
    // A site with photos fetched from the network is not fingerprinted: a photo may change at its source.
    if (fingerprint && !(site.images.service === 'local' && photos.counts.photos > 0)) {
      const freshUntil = buildFreshUntil({ cars, now: new Date(site.now), soldWindowDays: site.include_sold_cars_days }).toISOString();
      const kept = {
        pages: result.pages,
        bytes: result.bytes,
        files: result.files,
        dir: emitted.dir,
        diagnostics: result.diagnostics,
        feedSkips: result.feedSkips.map(({ feed, car, reason }) => ({ feed, car: { id: car.id, name: car.name }, reason })),
        jsByKind: result.jsByKind,
        nextSoldWindowEnd: result.nextSoldWindowEnd?.toISOString() ?? null,
      };
      await writeUpToDate({ outDir, record: { slug, version: emitted.version, fingerprint, builtAt: site.now, freshUntil, result: kept } });
    }
    result.ok = true;
    return done();
  } catch (error) {
    result.error = error instanceof Error ? error : new Error(String(error));
    await abortAfter({ writer, slug, result });
    return done();
  }
}

/** The fingerprint of what this build of `slug` reads (renderer/upToDate.ts), the code being `code`. */
function fingerprintOf({ slug, bundle, code, options }: { slug: string; bundle: BundleResult; code: string; options: GenerateOptions }): string {
  return buildFingerprint({
    slug,
    dealersDir: options.dealersDir,
    outDir: options.outDir,
    version: code,
    bundle,
    manufacturersFile: DEFAULT_MANUFACTURERS_FILE,
    baseUrl: options.baseUrl,
    strict: options.strict,
    limits: options.limits,
    searchIndex: options.buildIndex !== null,
    env: process.env,
  });
}

/** After a stage threw with the writer open: its temp folder goes (a failure to remove it is reported beside the first). */
async function abortAfter({ writer, slug, result }: { writer: SiteWriter | undefined; slug: string; result: SiteResult }): Promise<void> {
  try {
    await writer?.abort();
  } catch (abortError) {
    result.error = new AggregateError([result.error, abortError], `build of ${slug} failed and its temp folder could not be removed`, { cause: abortError });
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
  let loading: Promise<PageRenderers> | undefined;
  const lazyRenderers = () => (loading ??= loadPageRenderers({ session }));
  const buildIndex = options.buildIndex === undefined ? buildStaticIndex : options.buildIndex;
  const sites: SiteResult[] = [];
  // Started now, so the threads load React and the pages while the first dealer loads.
  const threads = options.renderers ? 0 : (options.workers ?? defaultRenderThreads());
  const renderPool = options.renderPool ?? (threads > 0 && names.length > 0 ? await startRenderPool({ threads }) : null);
  try {
    for (const slug of names) {
      const site = await generateSite({ ...options, session, lazyRenderers, buildIndex, slug, bundle: shared, renderPool });
      sites.push(site);
      onSite?.(site);
    }
  } finally {
    if (renderPool && renderPool !== options.renderPool) await renderPool.close();
  }
  // A shard may hold none of a few dealers; that is not a failure (an empty run without one is).
  return { ok: (sites.length > 0 || (shard !== undefined && listed.length > 0)) && sites.every((s) => s.ok), sites, timings, dealers: listed.length };
}
