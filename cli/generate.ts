/**
 * `forecourt generate [slug...]`: builds each dealer's static site into <out>/<slug>/.
 * Thin: options in, renderer/generate.ts does the work, this prints and sets the exit code.
 */
import { type Command, Option } from 'commander';
import { generateAll, type RunResult, type SiteResult } from '../renderer/generate.ts';
import { createBuildSession } from '../renderer/buildSession.ts';
import { stockCacheDir } from '../renderer/stockCache.ts';
import { carMemoDir } from '../renderer/carMemoFile.ts';
import { createProgress } from '../renderer/progress.ts';
import { feedSkipSummary } from '../renderer/feedSkipSummary.ts';
import { compareDiagnostics, formatDiagnostic } from '../renderer/diagnostic.ts';
import { documentEnvironment, INPUT_LIMIT_VARIABLES } from './environment.ts';
import { addInputLimitOptions, inputLimitsOf } from './inputLimitOptions.ts';
import { parseShard, type Shard } from '../renderer/shard.ts';
import { DEFAULT_DEALERS_DIR } from '../renderer/readSource.ts';
import { boundHeapGrowth } from '../renderer/heapGrowth.ts';
import { defaultRenderThreads, MAX_RENDER_THREADS } from '../renderer/renderPool.ts';

/** Options of `forecourt generate`. */
interface GenerateFlags {
  dealers: string;
  out: string;
  baseUrl?: string;
  strict?: boolean;
  now?: string;
  verbose?: boolean;
  format: 'text' | 'json';
  shard?: string;
  full?: boolean;
  workers?: string;
}

/** One reason a dealer failed, in `generate --format json`. */
export type GenerateFailure =
  | { kind: 'diagnostic'; file: string; line: number; col: number; pointer: string; message: string }
  | { kind: 'page'; path: string; message: string }
  | { kind: 'build'; message: string };

/** `generate --format json`: one entry per dealer, in build order. */
export interface GenerateJson {
  ok: boolean;
  dealers: {
    slug: string;
    ok: boolean;
    pages: number;
    /** Of `pages`, how many were reused from the live build. */
    reused: number;
    /** True when nothing was built: the live site was made from the same inputs (the rest is that build's report). */
    upToDate: boolean;
    bytes: number;
    seconds: number;
    warnings: number;
    failures: GenerateFailure[];
  }[];
}

/** The machine-readable report of a run (what CI and dashboards read). */
export function jsonReport(run: RunResult): GenerateJson {
  return {
    ok: run.ok,
    dealers: run.sites.map((site) => ({
      slug: site.slug,
      ok: site.ok,
      pages: site.pages,
      reused: site.reused,
      upToDate: site.upToDate === true,
      bytes: site.bytes,
      seconds: Number(site.seconds.toFixed(3)),
      warnings: site.diagnostics.filter((d) => d.severity === 'warning').length,
      failures: [
        ...[...site.diagnostics]
          .sort(compareDiagnostics)
          .filter((d) => d.severity === 'error')
          .map(({ file, line, col, pointer, message }): GenerateFailure => ({ kind: 'diagnostic', file, line, col, pointer, message })),
        ...site.renderErrors.map(({ path, error }): GenerateFailure => ({ kind: 'page', path, message: error.message })),
        ...(site.error ? [{ kind: 'build', message: site.error.message } as GenerateFailure] : []),
      ],
    })),
  };
}

/** Parses --now; a value that is not a date is a usage error, not a silent "now". */
function parseNow(value: string | undefined): Date {
  if (value === undefined) return new Date();
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) throw new Error(`--now ${value} is not an ISO date (e.g. 2026-11-20T00:00:00Z)`);
  return date;
}

/** Parses --workers: a whole number of render threads, 0 (render in the main thread) to MAX_RENDER_THREADS. */
export function parseWorkers(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const count = /^\d+$/.test(value) ? Number(value) : Number.NaN;
  if (!(count <= MAX_RENDER_THREADS)) throw new Error(`--workers ${value} is not a number of render threads from 0 to ${MAX_RENDER_THREADS}`);
  return count;
}

/** Everything a dealer's build said: diagnostics, failed pages, a failed stage, timings. */
function report({ site, verbose, write }: { site: SiteResult; verbose?: boolean; write: (line: string) => void }): void {
  // Nothing built: what follows is the live build's report, repeated.
  if (site.upToDate) write(`${site.slug}  up to date: ${site.pages} pages, nothing built (same inputs as the live build; --full builds anyway)`);
  for (const d of [...site.diagnostics].sort(compareDiagnostics)) write(formatDiagnostic(d));
  for (const { path, error } of site.renderErrors) write(`${site.slug}  page ${path} failed: ${error.message}`);
  if (site.error) {
    write(`${site.slug}  build failed: ${site.error.message}`);
    for (let cause = site.error.cause; cause instanceof Error; cause = cause.cause) write(`    caused by: ${cause.message}`);
  }
  if (site.ok && site.nextSoldWindowEnd)
    write(`${site.slug}  the next sold car leaves its window at ${site.nextSoldWindowEnd.toISOString()}: rebuild by then to drop it`);
  if (verbose) write(`${site.slug}  stages: ${site.timings.map((t) => `${t.stage} ${t.ms.toFixed(0)}ms`).join(', ')}`);
  if (verbose && site.ok) write(`${site.slug}  ${site.reused} of ${site.pages} pages reused from the live build (inputs unchanged)`);
  if (verbose) for (const { feed, car, reason } of site.feedSkips) write(`${site.slug}  ${feed} feed: car ${car.id} (${car.name}) left out: ${reason}`);
  else for (const line of feedSkipSummary({ skips: site.feedSkips })) write(`${site.slug}  ${line}; --verbose lists them`);
}

/** Registers `generate` on the program. */
export function registerGenerate(program: Command): void {
  const command = program
    .command('generate')
    .description('Generate the static website of each dealer into <out>/<slug>/ (every dealer when none is named)')
    .argument('[slug...]', 'dealer slugs to generate')
    .option('--dealers <dir>', 'folder of dealer records', DEFAULT_DEALERS_DIR)
    .option('--out <dir>', 'output folder', 'out')
    .option('--base-url <url>', 'base URL the sites are deployed at (default: each record url)')
    .option('--strict', 'treat warnings (such as a skipped stock row) as errors')
    .option('--now <iso>', 'build time for date rules (default: the current time)')
    .option('--verbose', 'print per-stage timings')
    .option(
      '--full',
      'render every page; by default car, reserve and search pages whose inputs are unchanged since the live build are reused from it (README: Incremental builds)',
    )
    .option(
      '--shard <i/n>',
      'build only share i of n (1 <= i <= n) of the dealers, picked by a hash of each slug: n machines run 1/n ... n/n and build every dealer once; adding a dealer moves no other (README: CI matrix, Kubernetes indexed Job)',
    )
    .option(
      '--workers <n>',
      `render threads: 0 renders in the main thread; default ${defaultRenderThreads()} on this machine (one per core beyond two, at most two; README: Render threads)`,
    )
    .addOption(
      new Option('--format <format>', 'text: a summary line per dealer; json: one JSON report on stdout (pages, bytes, seconds, failures per dealer)')
        .choices(['text', 'json'])
        .default('text'),
    );
  addInputLimitOptions(command).action(async (slugs: string[], flags: GenerateFlags) => {
    const stdout = process.stdout;
    const errLine = (line: string) => process.stderr.write(`${line}\n`);
    let now: Date;
    let shard: Shard | undefined;
    let workers: number | undefined;
    try {
      now = parseNow(flags.now);
      workers = parseWorkers(flags.workers);
      shard = flags.shard === undefined ? undefined : parseShard(flags.shard);
    } catch (error) {
      errLine((error as Error).message);
      process.exitCode = 2;
      return;
    }
    // JSON keeps stdout for the report alone: no live line, no summary lines.
    const json = flags.format === 'json';
    const progress = createProgress({ stream: json ? { write: () => true } : stdout });
    // Peak memory near what a build keeps live (renderer/heapGrowth.ts).
    boundHeapGrowth();
    try {
      const run = await generateAll({
        slugs,
        dealersDir: flags.dealers,
        outDir: flags.out,
        baseUrl: flags.baseUrl,
        now,
        shard,
        full: flags.full,
        workers,
        strict: flags.strict,
        limits: inputLimitsOf(flags as unknown as Record<string, unknown>),
        // A new process reads the feed rows an earlier one validated and resolved, and the per-car
        // values it made, from the data folder's cache.
        session: createBuildSession({ stockCacheDir: stockCacheDir(), carMemoDir: carMemoDir() }),
        onStart: ({ slug, total }) => progress.start({ slug, total }),
        onPage: ({ done }) => progress.page({ done }),
        onSite: (site) => {
          progress.finish({ slug: site.slug, pages: site.pages, bytes: site.bytes, seconds: site.seconds, ok: site.ok });
          report({ site, verbose: flags.verbose, write: errLine });
        },
      });
      if (flags.verbose) errLine(`run  stages: ${run.timings.map((t) => `${t.stage} ${t.ms.toFixed(0)}ms`).join(', ')}`);
      const failed = run.sites.filter((s) => !s.ok);
      if (failed.length > 0) {
        errLine(`\n${failed.length} of ${run.sites.length} dealer(s) failed: ${failed.map((s) => s.slug).join(', ')}`);
        const pages = failed.flatMap((s) => s.renderErrors.map((e) => `${s.slug} ${e.path}`));
        if (pages.length > 0) errLine(`failed pages:\n${pages.map((p) => `  ${p}`).join('\n')}`);
      }
      if (run.sites.length === 0 && shard && run.dealers)
        errLine(`shard ${shard.index}/${shard.count} holds none of the ${run.dealers} dealer(s); nothing to build`);
      else if (run.sites.length === 0) errLine(`no dealers found in ${flags.dealers}`);
      if (json) stdout.write(`${JSON.stringify(jsonReport(run), null, 2)}\n`);
      process.exitCode = run.ok ? 0 : 1;
    } catch (error) {
      errLine(`generate failed: ${(error as Error).message}`);
      if (json) stdout.write(`${JSON.stringify({ ok: false, dealers: [], error: (error as Error).message }, null, 2)}\n`);
      for (let cause = (error as Error).cause; cause instanceof Error; cause = cause.cause) errLine(`    caused by: ${cause.message}`);
      process.exitCode = 1;
    }
  });
  documentEnvironment(command, INPUT_LIMIT_VARIABLES);
}
