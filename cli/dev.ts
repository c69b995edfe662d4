/**
 * `forecourt dev [slug]`: builds the dealer (or every dealer, one port each), serves it with the
 * lead API on 127.0.0.1, watches the dealer's folder and templates/, rebuilds on save and reloads
 * open pages (cli/devReload.ts).
 * A save that does not build prints its `file:line:col` problems and shows them as an overlay on
 * open pages, while the last good site stays served (the swap never replaces it with a broken one).
 */
import { watch, type FSWatcher } from 'node:fs';
import path from 'node:path';
import { type Command, InvalidArgumentError, Option } from 'commander';
import type { FastifyInstance } from 'fastify';
import { generateAll, listDealers, type SiteResult } from '../renderer/generate.ts';
import type { BundleResult } from '../renderer/bundle.ts';
import { cachedRuntimeBundle } from '../renderer/bundleCache.ts';
import { compareDiagnostics, formatDiagnostic } from '../renderer/diagnostic.ts';
import { DEFAULT_TEMPLATES_DIR } from '../renderer/templatesDir.ts';
import { createBuildSession, currentSession } from '../renderer/buildSession.ts';
import { buildApp } from '../server/app.ts';
import type { Database } from '../server/db/database.ts';
import { DEFAULT_STATE_DIR, openLeadDatabase } from '../server/db/openLeadDatabase.ts';
import { loadSiteConfig } from '../server/siteConfig.ts';
import { registerDevReload } from './devReload.ts';
import { documentEnvironment, INPUT_LIMIT_VARIABLES } from './environment.ts';
import { addInputLimitOptions, inputLimitsOf } from './inputLimitOptions.ts';
import type { InputLimits } from '../renderer/inputLimits.ts';
import { DEFAULT_DEALERS_DIR } from '../renderer/readSource.ts';
import { DEFAULT_PORT, errorChain } from './serve.ts';
import { ServeError } from './serveError.ts';
import { refreshInPlace } from '../server/siteFollower.ts';

/** A running dev server. */
export interface RunningDev {
  url: string;
  /** Rebuilds now (what a save does); resolves when the build and its reload or overlay are done. */
  rebuild(): Promise<SiteResult>;
  close(): Promise<void>;
}

/** The lines a failed build shows in the terminal and the overlay. */
export function problemLines(site: SiteResult): string[] {
  return [
    ...[...site.diagnostics]
      .filter((d) => d.severity === 'error')
      .sort(compareDiagnostics)
      .map(formatDiagnostic),
    ...site.renderErrors.map(({ path: page, error }) => `page ${page} failed: ${error.message}`),
    ...(site.error ? [`build failed: ${errorChain(site.error)}`] : []),
  ];
}

/** Builds, serves and watches one dealer until `close`. */
export async function startDev({
  slug,
  dealersDir,
  outDir,
  port,
  stateDir = DEFAULT_STATE_DIR,
  templatesDir = DEFAULT_TEMPLATES_DIR,
  log = (line: string) => process.stderr.write(`${line}\n`),
  debounceMs = 150,
  limits,
  db: sharedDb,
  serial = (task) => task(),
}: {
  slug: string;
  dealersDir: string;
  outDir: string;
  port: number;
  stateDir?: string;
  templatesDir?: string;
  log?: (line: string) => void;
  debounceMs?: number;
  /** Bounds on the record and feed (renderer/inputLimits.ts). */
  limits?: InputLimits;
  /** A lead database shared with other dealers' dev servers (left open at close); default: its own. */
  db?: Database;
  /** Runs a build; dealers developed together pass one that runs their builds one at a time. */
  serial?: <T>(task: () => Promise<T>) => Promise<T>;
}): Promise<RunningDev> {
  const bundle: BundleResult = await cachedRuntimeBundle();
  // Each save builds at the current time, as generate does: the time is not an input of most
  // pages (renderer/pageInputs.ts), so a save still re-renders only what it changed, and a session
  // left open past midnight shows the next day's dates after its next save.
  // One session for the rebuilds (a save re-reads only the stock rows it changed); a build that
  // finds templates/ changed starts a new one, so it reads the edited layers, meta and legal text.
  let session = createBuildSession({ templatesDir });
  const build = (): Promise<SiteResult> =>
    serial(async () => {
      session = currentSession(session);
      // In the main thread: a save re-renders a few pages, fewer than render threads are worth starting for each rebuild.
      return (await generateAll({ slugs: [slug], dealersDir, outDir, now: new Date(), bundle, limits, session, workers: 0 })).sites[0];
    });

  const first = await build();
  if (!first.ok) {
    for (const line of problemLines(first)) log(line);
    throw new Error(`${slug} does not build yet: fix the problems above, then run forecourt dev ${slug} again`);
  }
  log(`${slug}  built ${first.pages} pages in ${first.seconds.toFixed(2)}s`);

  // The lead API reads the site's settings (its car ids, form rules, locations) from this object
  // on every request; each good rebuild refreshes it in place, so a car added or a rule edited
  // is known to the API as soon as the page that shows it is.
  const served = await loadSiteConfig({ outDir, slug });
  let db: Database | undefined;
  let app: FastifyInstance | undefined;
  const watchers: FSWatcher[] = [];
  try {
    db = sharedDb ?? (await openLeadDatabase({ stateDir }));
    app = await buildApp({ outDir, site: served, db, uploadDir: path.join(stateDir, 'uploads'), mode: { demo: true, live: {} } });
  } catch (error) {
    if (!sharedDb) await db?.close();
    throw error;
  }
  const live = registerDevReload(app);
  try {
    await app.listen({ host: '127.0.0.1', port });
  } catch (error) {
    live.close();
    await app.close();
    if (!sharedDb) await db.close();
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE')
      throw new ServeError(`Port ${port} is already in use (for ${slug}): stop what uses it or pass --port`, { cause: error });
    throw error;
  }
  const address = app.server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : port}/`;

  // Saves come in bursts (editors write, rename, touch): one build per burst, never two at once.
  let building: Promise<SiteResult> | null = null;
  let again = false;
  const rebuild = async (): Promise<SiteResult> => {
    if (building) {
      again = true;
      return building;
    }
    building = (async () => {
      let site: SiteResult;
      do {
        again = false;
        site = await build();
      } while (again);
      if (site.ok) {
        refreshInPlace({ target: served, next: await loadSiteConfig({ outDir, slug }) });
        log(`${slug}  rebuilt ${site.pages - site.reused} of ${site.pages} pages in ${site.seconds.toFixed(2)}s; reloading open pages`);
        live.reload();
      } else {
        const lines = problemLines(site);
        for (const line of lines) log(line);
        log(`${slug}  not rebuilt: the last good site stays served`);
        live.problems(lines);
      }
      return site;
    })();
    try {
      return await building;
    } finally {
      building = null;
    }
  };
  let timer: NodeJS.Timeout | undefined;
  const onChange = () => {
    clearTimeout(timer);
    timer = setTimeout(() => void rebuild().catch((error: unknown) => log(`rebuild failed: ${errorChain(error)}`)), debounceMs);
  };
  for (const dir of [path.join(dealersDir, slug), templatesDir]) watchers.push(watch(dir, { recursive: true }, onChange));

  return {
    url,
    rebuild,
    async close() {
      clearTimeout(timer);
      for (const watcher of watchers) watcher.close();
      await building?.catch(() => undefined);
      live.close();
      await app.close();
      if (!sharedDb) await db.close();
    },
  };
}

/** Dev servers of several dealers (`forecourt dev` without a slug). */
export interface RunningDevs {
  /** Each dealer served, with its URL, in the order asked for. */
  sites: { slug: string; url: string; dev: RunningDev }[];
  /** Dealers whose first build failed (their problems were logged) or whose port was taken. */
  skipped: string[];
  close(): Promise<void>;
}

/**
 * Develops several dealers at once: each built, served on its own port from `port` upward (0: any
 * free port) and watched as `startDev` does, all sharing one lead database, their builds run one
 * at a time (a save to templates/ rebuilds every dealer). A dealer that does not build yet is
 * skipped with its problems logged; throws when none does.
 */
export async function startDevAll({
  slugs,
  port,
  stateDir = DEFAULT_STATE_DIR,
  log = (line: string) => process.stderr.write(`${line}\n`),
  ...options
}: Omit<Parameters<typeof startDev>[0], 'slug' | 'db' | 'serial'> & { slugs: readonly string[] }): Promise<RunningDevs> {
  const db = await openLeadDatabase({ stateDir });
  let queue: Promise<unknown> = Promise.resolve();
  const serial = <T>(task: () => Promise<T>): Promise<T> => {
    const run = queue.then(task, task);
    queue = run.catch(() => undefined);
    return run;
  };
  const sites: RunningDevs['sites'] = [];
  const skipped: string[] = [];
  const close = async () => {
    await Promise.allSettled(sites.map(({ dev }) => dev.close()));
    await db.close();
  };
  for (const [index, slug] of slugs.entries()) {
    try {
      const dev = await startDev({ ...options, slug, port: port === 0 ? 0 : port + index, stateDir, log, db, serial });
      sites.push({ slug, url: dev.url, dev });
    } catch (error) {
      log(`${slug}  not served: ${errorChain(error)}`);
      skipped.push(slug);
    }
  }
  if (sites.length === 0) {
    await close();
    throw new Error(`no dealer of ${options.dealersDir} builds yet: fix the problems above, then run forecourt dev again`);
  }
  return { sites, skipped, close };
}

function parsePort(value: string): number {
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new InvalidArgumentError('must be a port number (0-65535)');
  return port;
}

/** Registers `forecourt dev`. */
export function registerDev(program: Command): void {
  const command = program
    .command('dev')
    .description(
      'Build a dealer (every dealer when none is named, each on its own port), serve it with the lead API, and rebuild and reload open pages on every save of its folder or templates/',
    )
    .argument('[slug]', 'dealer to develop (default: every dealer of --dealers)')
    .option('--dealers <dir>', 'folder of dealer records', DEFAULT_DEALERS_DIR)
    .option('--out <dir>', 'output folder', 'out')
    .addOption(
      new Option('--port <n>', "port to serve on; without a slug the first dealer's, each next one counting upward (0: any free port)")
        .env('FORECOURT_PORT')
        .argParser(parsePort)
        .default(DEFAULT_PORT),
    );
  addInputLimitOptions(command).action(async (slug: string | undefined, options: { dealers: string; out: string; port: number }) => {
    try {
      const limits = inputLimitsOf(options);
      const common = { dealersDir: options.dealers, outDir: options.out, port: options.port, limits };
      let running: { close(): Promise<void> };
      if (slug) {
        const dev = await startDev({ ...common, slug });
        console.log(`${slug}  ${dev.url}`);
        running = dev;
      } else {
        const slugs = await listDealers({ dealersDir: options.dealers });
        if (slugs.length === 0) throw new Error(`${options.dealers} holds no dealer: create one with forecourt new <slug>`);
        const devs = await startDevAll({ ...common, slugs });
        for (const { slug: served, url } of devs.sites) console.log(`${served}  ${url}`);
        running = devs;
      }
      const stop = () =>
        void running.close().then(
          () => process.exit(0),
          () => process.exit(1),
        );
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
      console.error(`Watching ${slug ? path.join(options.dealers, slug) : options.dealers} and templates/. Press Ctrl+C to stop.`);
    } catch (error) {
      console.error(`forecourt dev: ${errorChain(error)}`);
      process.exitCode = 1;
    }
  });
  documentEnvironment(command, ['FORECOURT_PORT', 'FORECOURT_DATA_DIR', ...INPUT_LIMIT_VARIABLES]);
}
