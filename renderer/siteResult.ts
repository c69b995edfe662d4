/**
 * The types of a `generate` run: its options, what one dealer's build produced (SiteResult), and
 * the stages a caller may replace (tests, the benchmark).
 */
import type { Car } from '../domain/types.ts';
import type { Site } from '../domain/site.ts';
import type { RouteKind } from '../ui/route.ts';
import type { BuildSession } from './buildSession.ts';
import type { KindJs } from './check.ts';
import type { Diagnostic } from './diagnostic.ts';
import type { InputLimits } from './inputLimits.ts';
import type { FeedSkip } from './inventoryFeeds.ts';
import type { PageRenderers } from './render.ts';
import type { RenderPool } from './renderPool.ts';
import type { TemplateSet } from './resolve.ts';
import type { Asset, RenderError, StageTiming } from './stage.ts';
import type { StockCache } from './stockCache.ts';
import type { StockMemory } from './stockMemo.ts';
import type { SearchDocuments } from '../search/buildIndex.ts';
import type { PhotoSources } from './photos/buildPhotos.ts';
import type { CarMemo } from './carMemo.ts';

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
  stockCache?: StockCache | null;
  memo?: CarMemo;
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
  /**
   * True when nothing was built: the live site was made from the same inputs and holds at this build
   * time (renderer/upToDate.ts); the other fields are that build's result.
   */
  upToDate?: boolean;
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
  /** Where local photos may be fetched from and cached (renderer/photos/buildPhotos.ts); default: from the environment. */
  photos?: PhotoSources;
  /**
   * Render threads (renderer/renderPool.ts): generateAll starts this many for the run and closes
   * them at its end; 0 renders in the main thread. Default: renderPool.ts defaultRenderThreads.
   */
  workers?: number;
  /** The run's render threads, when generateSite is called with a pool already started (generateAll passes its own). */
  renderPool?: RenderPool | null;
}

/** A SiteResult before any stage ran. */
export function emptySiteResult(slug: string): SiteResult {
  return {
    slug,
    ok: false,
    pages: 0,
    bytes: 0,
    files: 0,
    written: 0,
    seconds: 0,
    timings: [],
    diagnostics: [],
    renderErrors: [],
    reused: 0,
    jsByKind: {},
    htmlBytes: {},
    feedSkips: [],
  };
}
