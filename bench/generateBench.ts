/**
 * Benchmark section: `generate` end to end for one large dealer (default 5,000 cars), from a
 * temp dealers folder holding a copy of a sample dealer and a generated stock feed.
 * First as ops run it: `forecourt generate --full` in a new process (wall time, peak memory,
 * files written per page, and the ratio to React alone rendering the same pages, measured in the
 * same run), the same build on render threads (`--workers`, at least two; its files compared with
 * the first's), then `forecourt generate` again with nothing changed, `forecourt --version`, and the
 * peak memory of a 20,000-car full build (`--large-count N`, 0 to skip).
 * Then in this process, incremental builds of the same dealer, each a few minutes after the one before (as
 * `generate` without --now builds at the current time): nothing changed; one car's price changed
 * (five times, a different car each, the median held to the budget); the next car's price built
 * by the CLI in a new process; the dealer's name changed (every page). Last, what React alone
 * costs the pages (bench/pageComponents.ts, in a new process). Budgets, on this 2-core machine:
 * the whole full build at most twice React's own render time, <= 1 s for a one-price rebuild and
 * for a rebuild with nothing changed in a new process, <= 0.15 s for `--version`, <= 1.2 files
 * per page, peak memory <= 450 MiB at 5,000 cars and <= 900 MiB at 20,000.
 */
import { createBuildSession } from '../renderer/buildSession.ts';
import { execFile } from 'node:child_process';
import { cp, mkdir, readdir, readFile, realpath, writeFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { bundleRuntime } from '../renderer/bundle.ts';
import { cachedRuntimeBundle } from '../renderer/bundleCache.ts';
import { generateSite, listDealers } from '../renderer/generate.ts';
import { REPO_ROOT } from '../renderer/emit.ts';
import { formatBytes } from '../renderer/progress.ts';
import type { Car } from '../domain/types.ts';
import { runCli, type CliRun } from './cliProcess.ts';
import { availableParallelism } from 'node:os';
import { defaultRenderThreads } from '../renderer/renderPool.ts';
import { compareBuilds } from '../scripts/compareBuild.ts';
import { median, type BenchContext, type BenchResult, type BenchSection } from './section.ts';
import { formatFeed, generateStock, readDealer } from '../scripts/stock/generateStock.ts';

/** One car's price changed in the large dealer: the incremental generate, end to end, in seconds. */
export const ONE_PRICE_SECONDS_BUDGET = 1;

/** One-price rebuilds measured (a different car each), of which the median is held to the budget. */
const ONE_PRICE_SAMPLES = 5;

/** The whole full build (a new process, as ops run it) against React alone rendering the same pages. */
const FULL_BUILD_OVER_REACT_BUDGET = 2;
/** A rebuild with nothing changed, in a new process, in seconds. */
const NOTHING_CHANGED_SECONDS_BUDGET = 1;
/** `forecourt --version`, in seconds (median of five). */
const VERSION_SECONDS_BUDGET = 0.15;
/** Files written per page by a full build. */
const FILES_PER_PAGE_BUDGET = 1.2;
/** Peak resident memory of a full build, in MiB, at the section's count and at the large count. */
const PEAK_MIB_BUDGET = 450;
const LARGE_PEAK_MIB_BUDGET = 900;
const LARGE_COUNT = 20_000;
const MIB = 1024 * 1024;

/** The build time the generated stock and the site agree on (the stock generator's default seed date). */
const BENCH_NOW = '2026-11-20T00:00:00.000Z';

/** Writes `count` cars for the dealer in `dealerDir`, from the project's seeded stock generator. */
async function writeStock({ dealerDir, slug, count, file }: { dealerDir: string; slug: string; count: number; file: string }): Promise<void> {
  const dealer = await readDealer({ dealersDir: dirname(dealerDir), slug });
  await writeFile(file, formatFeed(generateStock({ dealer, count, now: new Date(BENCH_NOW) })));
}

/** Copies the sample dealer into a temp dealers folder with a large generated stock feed. */
async function prepareDealer({
  context,
  from,
  slug,
  count,
  folder = 'dealers',
}: {
  context: BenchContext;
  from: string;
  slug: string;
  count: number;
  folder?: string;
}): Promise<string> {
  const dealersDir = join(context.workDir, folder);
  const dir = join(dealersDir, slug);
  await mkdir(dealersDir, { recursive: true });
  await cp(join(from, slug), dir, { recursive: true });
  // --stock FILE benchmarks a given feed instead of a generated one.
  const stock = context.options.stock;
  if (typeof stock === 'string') await cp(resolve(stock), join(dir, 'stock.json'));
  else await writeStock({ dealerDir: dir, slug, count, file: join(dir, 'stock.json') });
  return dealersDir;
}

/** How many files `dir` holds, in every folder below it (a link to the live version followed). */
async function countFiles({ dir }: { dir: string }): Promise<number> {
  const entries = await readdir(await realpath(dir), { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).length;
}

/** Runs `node <args>` from the repository root and returns its stdout and wall seconds. */
async function runNode({ args }: { args: string[] }): Promise<{ stdout: string; seconds: number }> {
  const started = performance.now();
  const { stdout } = await promisify(execFile)(process.execPath, args, { cwd: REPO_ROOT, maxBuffer: 64 * 1024 * 1024 });
  return { stdout, seconds: (performance.now() - started) / 1000 };
}

/** The `generate` section. Options: --dealer <slug>, --count <n>, --from <dealers dir>, --stock <feed file>. */
export const generateSection: BenchSection = {
  name: 'generate',
  async run(context) {
    const count = Number(context.options.count ?? 5000);
    let from = resolve(REPO_ROOT, typeof context.options.from === 'string' ? context.options.from : 'dealers');
    if (context.options.from === undefined && (!existsSync(from) || (await listDealers({ dealersDir: from })).length === 0)) {
      // A checkout without sample dealers still benchmarks, on the build fixture's whole dealer.
      from = join(REPO_ROOT, 'fixtures/build/dealers');
      context.log(`no sample dealers in dealers/: using ${from}`);
    }
    const slug = typeof context.options.dealer === 'string' ? context.options.dealer : (await listDealers({ dealersDir: from }))[0];
    if (!slug) throw new Error(`no sample dealer in ${from} to benchmark with`);
    context.log(`preparing ${slug} with ${count} cars ...`);
    const dealersDir = await prepareDealer({ context, from, slug, count });

    // As ops run it: the CLI in new processes, from a full build to a rebuild with nothing changed.
    const cliOut = join(context.workDir, 'out-cli');
    const cliArgs = (now: string) => ['generate', slug, '--dealers', dealersDir, '--out', cliOut, '--now', now, '--format', 'json'];
    // The browser runtime is bundled once per code version and kept (renderer/bundleCache.ts): made
    // current first, so the first run after a code change measures the build as every later run does.
    await cachedRuntimeBundle();
    context.log('forecourt generate --full, new process ...');
    const cliFull = await runCli({ args: [...cliArgs(BENCH_NOW), '--full'] });
    const cliFullSite = (JSON.parse(cliFull.stdout) as { dealers: { pages: number }[] }).dealers[0];
    const filesWritten = await countFiles({ dir: join(cliOut, slug) });
    // The same build on render threads (renderer/renderPool.ts), at least two even where the default is none.
    const threads = Math.max(2, defaultRenderThreads());
    context.log(`forecourt generate --full --workers ${threads}, new process ...`);
    const threadedOut = join(context.workDir, 'out-threads');
    const cliThreads = await runCli({
      args: ['generate', slug, '--dealers', dealersDir, '--out', threadedOut, '--now', BENCH_NOW, '--format', 'json', '--full', '--workers', String(threads)],
    });
    // One bundle for both builds: compared byte for byte, nothing masked.
    const sameBytes = (await compareBuilds({ a: cliOut, b: threadedOut, maskChunkNames: false })).differences.length === 0;
    context.log('forecourt generate, nothing changed, new process ...');
    const cliUnchanged = await runCli({ args: cliArgs(new Date(Date.parse(BENCH_NOW) + 60_000).toISOString()) });
    const versions: number[] = [];
    for (let i = 0; i < 5; i++) versions.push((await runCli({ args: ['--version'] })).seconds);
    const versionSeconds = median(versions);
    const largeCount = Number(context.options['large-count'] ?? LARGE_COUNT);
    let large: { count: number; run: CliRun } | undefined;
    if (largeCount > 0) {
      context.log(`forecourt generate --full of ${largeCount} cars, new process (peak memory) ...`);
      const largeDealers = await prepareDealer({ context, from, slug, count: largeCount, folder: 'dealers-large' });
      large = {
        count: largeCount,
        run: await runCli({
          args: ['generate', slug, '--dealers', largeDealers, '--out', join(context.workDir, 'out-large'), '--now', BENCH_NOW, '--full', '--format', 'json'],
        }),
      };
    }

    const bundleStart = performance.now();
    const bundle = await bundleRuntime();
    const bundleSeconds = (performance.now() - bundleStart) / 1000;

    context.log('generating ...');
    // One session for every build below, as `forecourt dev` keeps one across its rebuilds.
    const session = createBuildSession();
    const fullCpu = process.cpuUsage();
    const site = await generateSite({ slug, bundle, dealersDir, outDir: join(context.workDir, 'out'), now: new Date(BENCH_NOW), session });
    const fullCpuUsed = process.cpuUsage(fullCpu);
    const fullCpuSeconds = (fullCpuUsed.user + fullCpuUsed.system) / 1e6;
    if (site.error) throw new Error(`generate failed for ${slug}`, { cause: site.error });
    if (!site.ok) {
      const problems = [
        ...site.diagnostics.filter((d) => d.severity === 'error').map((d) => d.message),
        ...site.renderErrors.map((e) => `${e.path}: ${e.error.message}`),
      ];
      throw new Error(`generate failed for ${slug}: ${problems.slice(0, 10).join('; ')}${problems.length > 10 ? ` (+${problems.length - 10} more)` : ''}`);
    }

    // Incremental: the same inputs again, one car's price, then a record edit every page shows.
    // CPU seconds beside wall seconds: on a shared machine the wall time also counts other processes' turns.
    let minutesLater = 0;
    const again = (label: string) => async () => {
      const cpu = process.cpuUsage();
      minutesLater += 5;
      const now = new Date(Date.parse(BENCH_NOW) + minutesLater * 60_000);
      const next = await generateSite({ slug, bundle, dealersDir, outDir: join(context.workDir, 'out'), now, session });
      if (!next.ok) throw new Error(`incremental generate (${label}) failed for ${slug}`, { cause: next.error });
      const used = process.cpuUsage(cpu);
      return Object.assign(next, { cpuSeconds: (used.user + used.system) / 1e6 });
    };
    context.log('incremental: nothing changed ...');
    const unchanged = await again('nothing changed')();
    const feedFile = join(dealersDir, slug, 'stock.json');
    const feed = JSON.parse(await readFile(feedFile, 'utf8')) as Car[];
    // Cars from the middle of the feed on whose new price stays inside the stock's price range (the
    // site-wide JSON-LD states the range): a different car each time, so every rebuild has one change.
    const priced = feed.slice(feed.length >> 1).filter((row) => typeof row.price === 'number' && row.price > 10_000);
    const onePrices: Awaited<ReturnType<ReturnType<typeof again>>>[] = [];
    for (const car of priced.slice(0, ONE_PRICE_SAMPLES)) {
      car.price -= 1000;
      // Written as the feed was (a dealer's export writes the same layout each time), so only that car's row differs.
      await writeFile(feedFile, formatFeed(feed));
      context.log(`incremental: car ${car.id} price -> ${car.price} ...`);
      onePrices.push(await again('one price')());
    }
    // The median rebuild (one sample on a shared VM can land on another process's turn or the disk's writeback).
    const onePrice = [...onePrices].sort((a, b) => a.seconds - b.seconds)[onePrices.length >> 1];
    // The same change built by the CLI in a new process (as a cron job after a feed update runs it):
    // its start-up, and a first read of the whole feed, with nothing kept from the builds before.
    const cliCar = priced[Math.min(ONE_PRICE_SAMPLES, priced.length - 1)];
    cliCar.price -= 1000;
    await writeFile(feedFile, formatFeed(feed));
    minutesLater += 5;
    context.log(`incremental, new process (forecourt generate): car ${cliCar.id} price -> ${cliCar.price} ...`);
    const cliNow = new Date(Date.parse(BENCH_NOW) + minutesLater * 60_000).toISOString();
    const cli = await runNode({
      args: ['bin/forecourt.mjs', 'generate', slug, '--dealers', dealersDir, '--out', join(context.workDir, 'out'), '--now', cliNow, '--format', 'json'],
    });
    const cliSite = (JSON.parse(cli.stdout) as { dealers: { seconds: number }[] }).dealers[0];
    // React alone: each page's component rendered once in a cold process, nothing else (bench/pageComponents.ts).
    context.log('page components alone (React), in a new process ...');
    const components = JSON.parse((await runNode({ args: ['--import', 'tsx', 'bench/pageComponents.ts', dealersDir, slug, cliNow] })).stdout) as {
      pages: number;
      seconds: number;
    };
    const recordFile = join(dealersDir, slug, 'dealer.yaml');
    const record = await readFile(recordFile, 'utf8');
    await writeFile(recordFile, record.replace(/^name: (.*)$/m, 'name: $1 Renamed'));
    context.log('incremental: dealer name (every page) ...');
    const header = await again('dealer name')();
    const incrementalRows = [
      {
        label: 'incremental, nothing changed: seconds',
        value: `${unchanged.seconds.toFixed(2)} (CPU ${unchanged.cpuSeconds.toFixed(2)}; ${unchanged.reused} of ${unchanged.pages} pages reused)`,
        raw: unchanged.seconds,
      },
      {
        label: 'incremental, one price: files written',
        value: `${onePrice.written} of ${onePrice.files} (the rest left as the version it wrote over held them)`,
        raw: onePrice.written,
      },
      {
        label: 'incremental, one price: seconds (median)',
        value: `${onePrice.seconds.toFixed(2)} (CPU ${onePrice.cpuSeconds.toFixed(2)}; ${onePrice.reused} of ${onePrice.pages} pages reused)`,
        raw: onePrice.seconds,
      },
      {
        label: `incremental, one price: ${onePrices.length} rebuilds`,
        value: onePrices.map((one) => one.seconds.toFixed(2)).join(', '),
      },
      ...onePrice.timings.map((t) => ({ label: `  one price: stage ${t.stage}`, value: `${t.ms.toFixed(0)} ms`, raw: t.ms })),
      {
        label: 'incremental, one price, new process: seconds',
        value: `${cli.seconds.toFixed(2)} wall (\`forecourt generate\` of the next car's price; its build ${cliSite.seconds.toFixed(2)}, the rest start-up)`,
        raw: cli.seconds,
      },
      {
        label: 'incremental, dealer name: seconds',
        value: `${header.seconds.toFixed(2)} (CPU ${header.cpuSeconds.toFixed(2)}; ${header.reused} reused; full build ${site.seconds.toFixed(2)})`,
        raw: header.seconds,
      },
    ];

    const rate = site.pages / site.seconds;
    const reactSeconds = components.seconds;
    const overReact = cliFull.seconds / reactSeconds;
    const filesPerPage = filesWritten / cliFullSite.pages;
    const cliRows: BenchResult['rows'] = [
      {
        label: 'full build, new process: seconds',
        value: `${cliFull.seconds.toFixed(2)} wall for ${cliFullSite.pages} pages (${(cliFullSite.pages / cliFull.seconds).toFixed(0)} pages/s), ${overReact.toFixed(2)}x React alone (${reactSeconds.toFixed(2)} s)`,
        raw: cliFull.seconds,
      },
      { label: 'full build, new process: peak memory', value: `${(cliFull.peakRss / MIB).toFixed(0)} MiB`, raw: cliFull.peakRss },
      {
        label: `full build, new process, --workers ${threads}: seconds`,
        value: `${cliThreads.seconds.toFixed(2)} wall, ${(cliThreads.seconds / reactSeconds).toFixed(2)}x React alone, peak memory ${(cliThreads.peakRss / MIB).toFixed(0)} MiB; ${sameBytes ? 'the same files as the default build' : 'FILES DIFFER from the default build'} (default here: ${defaultRenderThreads()} render threads on ${availableParallelism()} cores)`,
        raw: cliThreads.seconds,
      },
      { label: 'full build: files written', value: `${filesWritten} (${filesPerPage.toFixed(2)} per page)`, raw: filesWritten },
      { label: 'nothing changed, new process: seconds', value: cliUnchanged.seconds.toFixed(2), raw: cliUnchanged.seconds },
      {
        label: 'forecourt --version: seconds (median of 5)',
        value: `${versionSeconds.toFixed(3)} (${versions.map((v) => v.toFixed(3)).join(', ')})`,
        raw: versionSeconds,
      },
      ...(large
        ? [
            {
              label: `full build of ${large.count} cars, new process: peak memory`,
              value: `${(large.run.peakRss / MIB).toFixed(0)} MiB (${large.run.seconds.toFixed(1)} s)`,
              raw: large.run.peakRss,
            },
          ]
        : []),
    ];
    const carBytes = median(site.htmlBytes.car ?? []);
    const rows: BenchResult['rows'] = [
      { label: 'dealer', value: typeof context.options.stock === 'string' ? `${slug} (feed ${context.options.stock})` : `${slug} (${count} generated cars)` },
      { label: 'pages', value: String(site.pages), raw: site.pages },
      // CPU seconds beside wall seconds (this process and its writer thread): the machine's other load moves only the wall figure.
      { label: 'seconds', value: `${site.seconds.toFixed(2)} (CPU ${fullCpuSeconds.toFixed(2)})`, raw: site.seconds },
      { label: 'pages per second', value: rate.toFixed(0), raw: rate },
      ...cliRows,
      {
        label: 'page components alone (React): pages per second',
        value: `${(components.pages / components.seconds).toFixed(0)} (${components.seconds.toFixed(2)} s for ${components.pages} pages; no document, check or write)`,
        raw: components.pages / components.seconds,
      },
      { label: 'bytes written', value: formatBytes(site.bytes), raw: site.bytes },
      { label: 'HTML bytes per car page (median)', value: `${carBytes.toFixed(0)} (${formatBytes(carBytes)})`, raw: carBytes },
      { label: 'runtime bundle (once per run)', value: `${bundleSeconds.toFixed(2)} s`, raw: bundleSeconds },
      ...site.timings.map((t) => ({ label: `stage ${t.stage}`, value: `${t.ms.toFixed(0)} ms`, raw: t.ms })),
      ...incrementalRows,
      ...Object.entries(site.jsByKind)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([kind, js]) => ({
          label: `first-load JS gz: ${kind}`,
          value: js!.withJs ? `${formatBytes(js!.maxGzip)} (${js!.withJs}/${js!.pages} pages load JS)` : `none (${js!.pages} pages)`,
          raw: js!.maxGzip,
        })),
    ];
    return {
      title: `generate: ${slug}`,
      rows,
      budgets: [
        {
          label: `whole full build (new process) <= ${FULL_BUILD_OVER_REACT_BUDGET}x React alone rendering the same pages`,
          ok: overReact <= FULL_BUILD_OVER_REACT_BUDGET,
          detail: `${overReact.toFixed(2)}x (${cliFull.seconds.toFixed(2)} s / ${reactSeconds.toFixed(2)} s)`,
        },
        {
          label: `nothing changed: \`forecourt generate\` in a new process, right after the full build, <= ${NOTHING_CHANGED_SECONDS_BUDGET} s`,
          ok: cliUnchanged.seconds <= NOTHING_CHANGED_SECONDS_BUDGET,
          detail: `${cliUnchanged.seconds.toFixed(2)} s`,
        },
        {
          label: `\`forecourt --version\` <= ${VERSION_SECONDS_BUDGET} s`,
          ok: versionSeconds <= VERSION_SECONDS_BUDGET,
          detail: `${versionSeconds.toFixed(3)} s`,
        },
        { label: `files written per page <= ${FILES_PER_PAGE_BUDGET}`, ok: filesPerPage <= FILES_PER_PAGE_BUDGET, detail: `${filesPerPage.toFixed(2)}` },
        {
          label: `peak memory, ${count} cars <= ${PEAK_MIB_BUDGET} MiB`,
          ok: cliFull.peakRss <= PEAK_MIB_BUDGET * MIB,
          detail: `${(cliFull.peakRss / MIB).toFixed(0)} MiB`,
        },
        ...(large
          ? [
              {
                label: `peak memory, ${large.count} cars <= ${LARGE_PEAK_MIB_BUDGET} MiB`,
                ok: large.run.peakRss <= LARGE_PEAK_MIB_BUDGET * MIB,
                detail: `${(large.run.peakRss / MIB).toFixed(0)} MiB`,
              },
            ]
          : []),
        {
          label: `one price changed: incremental generate <= ${ONE_PRICE_SECONDS_BUDGET} s end to end, in a running process such as dev (median of ${onePrices.length})`,
          ok: onePrice.seconds <= ONE_PRICE_SECONDS_BUDGET,
          detail: `${onePrice.seconds.toFixed(2)} s`,
        },
        {
          label: `one price changed: \`forecourt generate\` in a new process <= ${ONE_PRICE_SECONDS_BUDGET} s`,
          ok: cli.seconds <= ONE_PRICE_SECONDS_BUDGET,
          detail: `${cli.seconds.toFixed(2)} s`,
        },
      ],
    };
  },
};
